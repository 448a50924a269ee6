import { DATASET_CATALOG } from "../../src/client";
import { DATASET_DEFINITIONS } from "../../src/service/datasets";

/**
 * The add-in's dataset catalog and the service's dataset definitions describe the same six endpoints from the two
 * sides of the API (the add-in never imports the service). Every fact both sides hold is compared here: a dataset,
 * an argument, an allowed value, a schedule, a column or a type that changes on one side only fails this test.
 */
const pairs = DATASET_DEFINITIONS.map((def) => {
  const entry = DATASET_CATALOG.find((d) => d.path === def.routePath.replace(/:([a-z]+)/g, "{$1}"));
  return [def.name, def, entry] as const;
});

describe("the add-in's dataset catalog is the service's", () => {
  test("the same endpoints, one catalog entry each, in the spec's order", () => {
    expect(pairs.map(([, , entry]) => entry?.name)).toEqual(DATASET_CATALOG.map((d) => d.name));
  });

  test.each(pairs)("%s: path arguments, their allowed values and the column each selects", (_name, def, entry) => {
    expect(entry!.args.map((a) => [a.name, [...a.allowed], a.column])).toEqual(
      def.pathParams.map((p) => [p.name, [...p.allowed], p.column]),
    );
  });

  test.each(pairs)("%s: the local service's query behind the dataset", (_name, def, entry) => {
    expect(entry!.queries.local).toBe(def.queryId);
  });

  test.each(pairs)("%s: refresh schedule", (_name, def, entry) => {
    expect(entry!.schedule).toEqual(def.schedule);
  });

  test.each(pairs)("%s: columns and their types, in order", (_name, def, entry) => {
    expect(entry!.columns.map(([name, type]) => ({ name, type }))).toEqual(def.columns.map((c) => ({ ...c })));
  });
});
