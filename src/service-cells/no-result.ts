/**
 * A table bound to a run of a query with inputs asks the service for the latest run of exactly those; when there is
 * none (nobody ran them since, or their result expired), the table keeps its rows rather than showing another run's.
 * What it says then, with how to get a run of its inputs (the pane's re-run, the headless refresh's `--rerun all`).
 */
export function noResultForInputsText(inputs: Record<string, unknown>, rerun: string): string {
  const given = Object.keys(inputs)
    .sort()
    .map((name) => `${name}=${String(inputs[name])}`)
    .join(", ");
  return `no result for these inputs (${given}): its rows are kept (never another run's). ${rerun}`;
}
