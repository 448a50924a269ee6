import { Readable } from "node:stream";
import { PageBodies, type PageAnswer } from "../../../src/service/http/page-bodies";

const body = (text: string): PageAnswer => ({
  kind: "body",
  body: { contentType: "application/json", headers: {}, raw: Buffer.from(text), encoded: {} },
});
const stream = (): PageAnswer => ({ kind: "stream", contentType: "text/csv", headers: {}, stream: Readable.from([]) });

/** A render that answers only when told to, counting its calls. */
function gatedRender(answer: () => PageAnswer) {
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    render: async () => {
      calls++;
      await gate;
      return answer();
    },
    open: () => open(),
    calls: () => calls,
  };
}

describe("PageBodies: each page rendered once, however many ask at the same moment", () => {
  test("200 concurrent requests for a page not yet cached render it once and share the body", async () => {
    const pages = new PageBodies(1_000_000);
    const gated = gatedRender(() => body("page"));
    const answers = Array.from({ length: 200 }, () => pages.load("k", gated.render));
    gated.open();
    const all = await Promise.all(answers);
    expect(gated.calls()).toBe(1);
    expect(new Set(all.map((a) => (a.kind === "body" ? a.body : undefined))).size).toBe(1);
    // And afterwards from the cache, without rendering.
    await pages.load("k", async () => {
      throw new Error("rendered again");
    });
  });

  test("a streamed page is neither cached nor shared: each caller gets its own stream", async () => {
    const pages = new PageBodies(1_000_000);
    const gated = gatedRender(stream);
    const answers = [pages.load("s", gated.render), pages.load("s", gated.render)];
    gated.open();
    const [a, b] = await Promise.all(answers);
    expect(gated.calls()).toBe(2);
    expect(a!.kind === "stream" && b!.kind === "stream" && a.stream !== b.stream).toBe(true);
    await pages.load("s", gated.render);
    expect(gated.calls()).toBe(3);
  });

  test("a failed render fails its waiters, and the next request tries again", async () => {
    const pages = new PageBodies(1_000_000);
    let fail = true;
    const gated = gatedRender(() => {
      if (fail) throw new Error("engine busy");
      return body("ok");
    });
    const waiters = Promise.allSettled([pages.load("f", gated.render), pages.load("f", gated.render)]);
    gated.open();
    const results = await waiters;
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(gated.calls()).toBe(1);
    fail = false;
    const again = await pages.load("f", gated.render);
    expect(again.kind === "body" && again.body.raw.toString()).toBe("ok");
    expect(gated.calls()).toBe(2);
  });
});

describe("PageBodies: the budget counts the encoded forms a page gains", () => {
  test("a page is charged its raw size, then its raw and encoded sizes once encoded", async () => {
    const pages = new PageBodies(100_000);
    const first = await pages.load("p", async () => body("x".repeat(10_000)));
    expect(first.kind === "body" && first.body.onGrown).toBeInstanceOf(Function);
    if (first.kind !== "body") throw new Error("expected a body");
    first.body.onGrown?.(24_000); // raw and two encoded forms, as sendEncoded reports them
    // Charged by raw size alone, nine pages fit in 100,000; with its encoded forms counted, "p" no longer does.
    for (const k of ["q", "r", "s", "t", "u", "v", "w", "x"]) await pages.load(k, async () => body("y".repeat(10_000)));
    let rendered = false;
    await pages.load("p", async () => {
      rendered = true;
      return body("x".repeat(10_000));
    });
    expect(rendered).toBe(true); // "p" was the least recently used and went out first
  });
});
