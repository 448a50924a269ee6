/**
 * What a cell says when it calls a function of an add-in's namespace that the add-in does not have (a misspelt
 * `=SERVICE.DATASE(…)`): the functions there are, and the nearest by spelling. Excel shows only #NAME?; the
 * playground and the headless refresh say which name is wrong. `known` comes from the host, which has the add-in's
 * own list (functions.json in the playground, the workbook reader's in the refresh).
 */
export function unknownFunctionMessage(name: string, known: readonly string[]): string {
  const upper = name.toUpperCase();
  const namespace = upper.slice(0, upper.indexOf(".") + 1);
  const names = [...new Set(known.map((k) => k.toUpperCase()))].sort();
  if (names.length === 0) return `${upper} is not a function of the add-in.`;
  const nearest = names
    .map((k) => ({ k, d: distance(upper, k) }))
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k))[0];
  // A suggestion only for a likely typo: at most a third of the name after the namespace differs.
  const close = nearest.d <= Math.max(1, Math.floor((nearest.k.length - namespace.length) / 3));
  return (
    `${upper} is not a function of the add-in${close ? ` (did you mean ${nearest.k}?)` : ""}; ` +
    `its functions are ${names.join(", ")}.`
  );
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
