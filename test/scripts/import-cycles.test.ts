import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * No runtime import cycle anywhere in src/ (type-only imports are erased and do not count): a cycle makes module
 * load order matter, and the playground's worksheet ↔ range ↔ table cycle once did.
 */
const SRC = resolve(__dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Runtime imports of a file: `import type` and `import { type A, type B }` are left out. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const targets: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+"(\.[^"]+)"/gms)) {
    const names = m[1]!.trim();
    if (
      /^\{[^}]*\}$/.test(names) &&
      names
        .slice(1, -1)
        .split(",")
        .every((n) => /^\s*(type\s|$)/.test(n))
    )
      continue;
    const base = resolve(dirname(file), m[2]!);
    const target = [`${base}.ts`, join(base, "index.ts")].find((candidate) => existsSync(candidate));
    if (target) targets.push(target);
  }
  return targets;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(SRC, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test("src/ has no runtime import cycle", () => {
  const graph = new Map(files(SRC).map((file) => [file, runtimeImports(file)]));
  expect(graph.size).toBeGreaterThan(100);
  expect(cycles(graph)).toEqual([]);
});

test("the detector finds a cycle when there is one", () => {
  const graph = new Map([
    [join(SRC, "a.ts"), [join(SRC, "b.ts")]],
    [join(SRC, "b.ts"), [join(SRC, "c.ts")]],
    [join(SRC, "c.ts"), [join(SRC, "a.ts")]],
    [join(SRC, "d.ts"), [join(SRC, "a.ts")]],
  ]);
  expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
});
