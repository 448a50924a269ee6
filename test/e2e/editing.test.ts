import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./support/harness";
import { goTo, typeInCell, values } from "./support/sheet-actions";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground();
  page = await pg.open();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

const nameBox = () => page.getByLabel("Name Box").inputValue();
const formula = (address: string) =>
  page.evaluate((a) => window.playground!.inspect.cell("Sheet1", a).formula, address);

test("undo and paste: a copied formula pasted with its references moved, its value calculated; undo and redo", async () => {
  await typeInCell(page, "A1", "10");
  await typeInCell(page, "A2", "32");
  await typeInCell(page, "B1", "=A1*2+$A$1");
  await goTo(page, "B1");
  await page.keyboard.press("Control+c");
  await goTo(page, "B2");
  await page.keyboard.press("Control+v");
  expect(await formula("B2")).toBe("=A2*2+$A$1");
  expect(await values(page, "B1:B2")).toEqual([[30], [74]]); // 32*2+10, computed as Excel would
  await page.keyboard.press("Control+z");
  expect(await values(page, "B2")).toEqual([[""]]);
  await page.keyboard.press("Control+y");
  expect(await values(page, "B2")).toEqual([[74]]);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z"); // the typed B1
  expect(await values(page, "B1:B2")).toEqual([[""], [""]]);
  await page.keyboard.press("Control+Shift+z");
  expect(await formula("B1")).toBe("=A1*2+$A$1");
  expect(await page.locator(".pg-status-note").textContent()).toBe("Redo: Typing");
});

test("a block cut and pasted moves, and a formula reading it follows; a copy pasted off the sheet's edge is #REF!", async () => {
  await typeInCell(page, "D1", "1");
  await typeInCell(page, "D2", "2");
  await typeInCell(page, "E1", "=SUM(D1:D2)");
  await goTo(page, "D1:D2");
  await page.keyboard.press("Control+x");
  await goTo(page, "F5");
  await page.keyboard.press("Control+v");
  expect(await values(page, "F5:F6")).toEqual([[1], [2]]);
  expect(await formula("E1")).toBe("=SUM(F5:F6)");
  expect(await values(page, "E1")).toEqual([[3]]);
  await typeInCell(page, "H2", "=G1");
  await goTo(page, "H2");
  await page.keyboard.press("Control+c");
  await goTo(page, "H1");
  await page.keyboard.press("Control+v");
  expect(await formula("H1")).toBe("=#REF!");
});

test("a formula typed with semicolons is refused with what to type, and the cell stays in edit mode", async () => {
  await goTo(page, "J1");
  await page.keyboard.type("=SUM(1;2)");
  await page.keyboard.press("Enter");
  expect(await page.locator(".pg-status-note").textContent()).toMatch(
    /^Use commas between arguments: this workbook uses the comma as the list separator/,
  );
  expect(await page.locator(".pg-cell-editor").isVisible()).toBe(true);
  expect(await formula("J1")).toBeNull();
  await page.keyboard.press("Escape");
});

test("Ctrl+arrows go to the edge of the data; Ctrl+Home, Ctrl+End; PageDown moves the selection a screen", async () => {
  // Column L: rows 1-3 filled, then 8.
  for (const address of ["L1", "L2", "L3", "L8"]) await typeInCell(page, address, "x");
  await goTo(page, "L1");
  const steps: string[] = [];
  for (const key of ["Control+ArrowDown", "Control+ArrowDown", "Control+ArrowDown", "Control+ArrowUp"]) {
    await page.keyboard.press(key);
    steps.push(await nameBox());
  }
  expect(steps).toEqual(["L3", "L8", "L1048576", "L8"]);
  await page.keyboard.press("Control+Home");
  expect(await nameBox()).toBe("A1");
  await page.keyboard.press("Control+End");
  expect(await nameBox()).toBe("L8"); // the used range ends at row 8 and column L
  await page.keyboard.press("Control+Home");
  const top = await page.locator(".pg-grid").evaluate((g) => g.scrollTop);
  await page.keyboard.press("PageDown");
  const down = Number((await nameBox()).slice(1));
  expect(down).toBeGreaterThan(15); // a screen of rows, not one
  const scrolled = await page.locator(".pg-grid").evaluate((g) => g.scrollTop);
  expect(scrolled).toBeGreaterThan(top); // and the view moved with it
  await page.keyboard.press("PageUp");
  expect(await nameBox()).toBe("A1");
});

test("Tab moves right and Shift+Tab left; Shift+Tab in column A leaves the grid", async () => {
  await goTo(page, "B3");
  await page.keyboard.press("Tab");
  expect(await nameBox()).toBe("C3");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await nameBox()).toBe("A3");
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Formula Bar");
});

test("the grid is an ARIA grid: rows, headers and cells with their indices, the selection marked", async () => {
  await goTo(page, "B2:C2");
  // The grid paints the new selection a frame later: wait for it (the assertions below say what is shown otherwise).
  await page
    .waitForFunction(() => document.querySelector("#pg-cell-B2")?.getAttribute("aria-selected") === "true", undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  const grid = page.getByRole("grid", { name: "Worksheet" });
  expect(await grid.getAttribute("aria-rowcount")).toBe("1048577");
  const cell = grid.locator("#pg-cell-B2");
  expect(await cell.getAttribute("role")).toBe("gridcell");
  expect(await cell.getAttribute("aria-colindex")).toBe("3");
  expect(await cell.getAttribute("aria-selected")).toBe("true");
  expect(await grid.locator("#pg-cell-D2").getAttribute("aria-selected")).toBe("false");
  expect(await cell.locator("..").getAttribute("aria-rowindex")).toBe("3");
  expect(await grid.getByRole("columnheader", { name: "B", exact: true }).count()).toBe(1);
  expect(await grid.getByRole("rowheader", { name: "2", exact: true }).count()).toBe(1);
  expect(await grid.getAttribute("aria-activedescendant")).toBe("pg-cell-B2");
});
