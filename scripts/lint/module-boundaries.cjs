// ESLint rule `project/module-boundaries`: modules depend on each other only as README.md says, and only through
// their surfaces.
// - Which module may import which is read from the table of README.md's section "Where things live" (its "Module"
//   and "May import" columns): the table is the one statement of it, and a src/ module missing from it is reported.
// - A module's internals are imported only by that module: a file of module A imports module B only through a
//   surface, a folder with an index.ts (src/B, or a sub-module such as src/playground/workbook) or that index itself.
// - Under test/, a test of module A (test/A/...) may reach into src/A freely and into every other module through its
//   surfaces only; the table is about src/ (tests start services and hosts from several modules).
// Relative imports only: the project has no path aliases.
const { existsSync, readFileSync, statSync } = require("node:fs");
const { dirname, join, relative, resolve, sep } = require("node:path");

const README = "README.md";
const SECTION = "Where things live";
const TABLE = `${README} "${SECTION}"`;
const ANYTHING = "*";

function firstSegment(path) {
  return path.split(sep)[0];
}

function isSurface(target) {
  if (target.endsWith(`${sep}index`)) return true;
  return existsSync(target) && statSync(target).isDirectory() && existsSync(join(target, "index.ts"));
}

function cells(line) {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

function codeSpans(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/**
 * The "May import" table of README.md's "Where things live" section, as a map from each src/ module to the set of
 * modules it may import (ANYTHING for "anything"). Throws, naming the table, when the section or its columns are
 * missing or a cell names no module of the table: a table the rule cannot read must not pass silently.
 */
function parseImportTable(markdown) {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^#+\s/.test(line) && line.replace(/^#+\s*/, "").trim() === SECTION);
  if (start < 0) throw new Error(`${README} has no section "${SECTION}" (the module-boundaries rule reads its table)`);
  const end = lines.findIndex((line, i) => i > start && /^#{1,2}\s/.test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const headerAt = section.findIndex((line) => line.trim().startsWith("|"));
  const header = headerAt < 0 ? [] : cells(section[headerAt]);
  const moduleColumn = header.indexOf("Module");
  const importColumn = header.indexOf("May import");
  if (moduleColumn < 0 || importColumn < 0) {
    throw new Error(`The table of ${TABLE} needs the columns "Module" and "May import"`);
  }
  const rows = [];
  for (const line of section.slice(headerAt + 1)) {
    if (!line.trim().startsWith("|")) break;
    const row = cells(line);
    if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const modules = codeSpans(row[moduleColumn] ?? "")
      .filter((path) => path.startsWith("src/"))
      .map((path) => path.slice("src/".length).replace(/\/$/, ""));
    if (modules.length > 0) rows.push({ modules, mayImport: row[importColumn] ?? "" });
  }
  const known = new Set(rows.flatMap((row) => row.modules));
  const table = new Map();
  for (const { modules, mayImport } of rows) {
    let allowed;
    if (/^anything\b/i.test(mayImport)) allowed = ANYTHING;
    else {
      const names = codeSpans(mayImport);
      if (names.length === 0 && !/^nothing of ours\b/i.test(mayImport)) {
        throw new Error(`${TABLE}: "${mayImport}" (row of ${modules.join(", ")}) names no module`);
      }
      const unknown = names.filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw new Error(
          `${TABLE}: the row of ${modules.join(", ")} names ${unknown.join(", ")}, not a module of the table`,
        );
      }
      allowed = new Set(names);
    }
    for (const module of modules) table.set(module, allowed);
  }
  return table;
}

const tables = new Map();

/** The table of `root`'s README.md, parsed again only when the file changed. */
function importTable(root) {
  const path = join(root, README);
  const { mtimeMs } = statSync(path);
  const cached = tables.get(path);
  if (cached?.mtimeMs === mtimeMs) return cached.table;
  const table = parseImportTable(readFileSync(path, "utf8"));
  tables.set(path, { mtimeMs, table });
  return table;
}

function describe(allowed) {
  if (allowed === ANYTHING) return "anything";
  return allowed.size === 0 ? "nothing of ours" : [...allowed].map((name) => `'${name}'`).join(", ");
}

const moduleBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "import another module only as README.md's module table allows, through its index.ts" },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into module '{{target}}'; import it from that module's index.ts (export it there if another module needs it).",
      forbidden:
        "module '{{own}}' may not import module '{{target}}': the table of {{table}} lets it import {{allowed}} (change the table if the dependency is meant).",
      unlisted: "module '{{module}}' is not in the table of {{table}}: add its row (what it owns, what it may import).",
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
    const table = inSrc.startsWith("..") ? undefined : importTable(root);
    const check = (node) => {
      const source = node.source?.value ?? node.moduleReference?.expression?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = resolve(dirname(file), source);
      const fromSrc = relative(src, target);
      if (fromSrc.startsWith("..")) return;
      const module = firstSegment(fromSrc);
      if (module === own) return;
      const where = node.source ?? node.moduleReference;
      const allowed = table?.get(own);
      if (table && allowed !== undefined) {
        if (!table.has(module)) {
          context.report({ node: where, messageId: "unlisted", data: { module, table: TABLE } });
          return;
        }
        const permitted = allowed === ANYTHING || allowed.has(module);
        if (!permitted) {
          const data = { own, target: module, table: TABLE, allowed: describe(allowed) };
          context.report({ node: where, messageId: "forbidden", data });
          return;
        }
      }
      if (fromSrc === module || isSurface(target)) return;
      context.report({ node: where, messageId: "internal", data: { source, target: module } });
    };
    return {
      Program(node) {
        if (table && !table.has(own)) {
          context.report({ node, messageId: "unlisted", data: { module: own, table: TABLE } });
        }
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportEqualsDeclaration: check,
    };
  },
};

module.exports = { rules: { "module-boundaries": moduleBoundaries }, parseImportTable };
