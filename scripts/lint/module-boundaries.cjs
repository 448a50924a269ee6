// ESLint rule `project/module-boundaries`: modules depend on each other only as docs/development.md says, and only
// through their surfaces.
// - Which module may import which is read from the table of docs/development.md's section "Modules" (its "Module"
//   and "May import" columns): the table is the one statement of it. A src/ module missing from it is reported, and
//   a module with two rows makes the table unreadable (which row would hold?).
// - A module's internals are imported only by that module: a file of module A imports module B only through a
//   surface, a folder with an index.ts (src/B, or a sub-module such as src/playground/workbook) or that index itself.
// - An index.ts passes on only its own module's names: `export … from` another module in an index would let every
//   importer reach that module without its row saying so, so the table would no longer tell the dependencies.
// - Under test/, a test of module A (test/A/...) may reach into src/A freely and into every other module through its
//   surfaces only; the table is about src/ (tests start services and hosts from several modules).
// Relative imports only: the project has no path aliases.
const { existsSync, readFileSync, statSync } = require("node:fs");
const { basename, dirname, join, relative, resolve, sep } = require("node:path");

const DOC = "docs/development.md";
const SECTION = "Modules";
const TABLE = `${DOC} "${SECTION}"`;
const ANYTHING = "*";

function firstSegment(path) {
  return path.split(sep)[0];
}

function isIndex(file) {
  return /^index\.[cm]?tsx?$/.test(basename(file));
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
 * The "May import" table of docs/development.md's "Modules" section, as a map from each src/ module to the set of
 * modules it may import (ANYTHING for "anything"). Throws, naming the table, when the section or its columns are
 * missing, a module has two rows, or a cell names no module of the table: a table the rule cannot read must not pass
 * silently.
 */
function parseImportTable(markdown) {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^#+\s/.test(line) && line.replace(/^#+\s*/, "").trim() === SECTION);
  if (start < 0) throw new Error(`${DOC} has no section "${SECTION}" (the module-boundaries rule reads its table)`);
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
  const known = new Set();
  for (const module of rows.flatMap((row) => row.modules)) {
    if (known.has(module)) {
      throw new Error(`${TABLE}: module ${module} has two rows (src/${module}); merge them into one`);
    }
    known.add(module);
  }
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

/** The table of `root`'s docs/development.md, parsed again only when the file changed. */
function importTable(root) {
  const path = join(root, DOC);
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
    docs: {
      description: "import another module only as docs/development.md's module table allows, through its index.ts",
    },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into module '{{target}}'; import it from that module's index.ts (export it there if another module needs it).",
      forbidden:
        "module '{{own}}' may not import module '{{target}}': the table of {{table}} lets it import {{allowed}} (change the table if the dependency is meant).",
      unlisted: "module '{{module}}' is not in the table of {{table}}: add its row (what it owns, what it may import).",
      reexport:
        "an index.ts of module '{{own}}' re-exports module '{{target}}' ('{{source}}'): importers would reach '{{target}}' without the table of {{table}} saying so; import those names from '{{target}}' where they are used (and name it in that module's \"May import\").",
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
      const reexport = node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration";
      if (reexport && !inSrc.startsWith("..") && isIndex(file)) {
        context.report({ node: where, messageId: "reexport", data: { own, target: module, source, table: TABLE } });
        return;
      }
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
