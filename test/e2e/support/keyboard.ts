import type { Page } from "playwright-core";

/** What has the focus: its tag, role, label (aria-label or its <label>) and text. */
export interface Focused {
  tag: string;
  role: string | null;
  label: string | null;
  text: string;
}

export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const labelled = a as HTMLInputElement | null;
    return {
      tag: a?.tagName ?? "",
      role: a?.getAttribute("role") ?? null,
      label: a?.getAttribute("aria-label") ?? labelled?.labels?.[0]?.textContent ?? null,
      text: (a?.textContent ?? "").trim(),
    };
  });
}

/** Presses `key` until the focused element matches (a user tabbing to a control), at most `max` times. */
export async function pressUntil(page: Page, key: string, wanted: (f: Focused) => boolean, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (wanted(await focused(page))) return;
  }
  throw new Error(`${key} x${max} never reached the control; the focus is on ${JSON.stringify(await focused(page))}`);
}
