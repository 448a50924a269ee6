// ESLint rule `project/module-boundaries` (DESIGN §4.14): a module's internals are imported only by that module.
// Under src/, a file of module A may import module B only through a surface: a folder with an index.ts (src/B, or a
// sub-module such as src/playground/workbook) or that index itself. Under test/, a test of module A (test/A/...)
// may reach into src/A freely and into every other module only through its surfaces. Relative imports only: the
// project has no path aliases.
const { existsSync, statSync } = require("node:fs");
const { dirname, join, relative, resolve, sep } = require("node:path");

function firstSegment(path) {
  return path.split(sep)[0];
}

function isSurface(target) {
  if (target.endsWith(`${sep}index`)) return true;
  return existsSync(target) && statSync(target).isDirectory() && existsSync(join(target, "index.ts"));
}

const moduleBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "import another module only through its index.ts" },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into module '{{target}}'; import it from that module's index.ts (export it there if another module needs it).",
    },
  },
  create(context) {
    const root = context.cwd;
    const src = join(root, "src");
    const file = context.filename;
    const inSrc = relative(src, file);
    const inTest = relative(join(root, "test"), file);
    let own;
    if (!inSrc.startsWith("..")) own = firstSegment(inSrc);
    else if (!inTest.startsWith("..")) own = firstSegment(inTest);
    else return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = resolve(dirname(file), source);
      const fromSrc = relative(src, target);
      if (fromSrc.startsWith("..")) return;
      const module = firstSegment(fromSrc);
      if (module === own || fromSrc === module || isSurface(target)) return;
      context.report({ node: node.source, messageId: "internal", data: { source, target: module } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

module.exports = { rules: { "module-boundaries": moduleBoundaries } };
