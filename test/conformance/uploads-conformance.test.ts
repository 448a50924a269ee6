import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ServiceClient, isBadRequestError, isForbiddenError, isNotFoundError, type FetchLike } from "../../src/client";
import { api } from "../support/http";
import { startTestService, type TestService } from "../support/service";

/**
 * The SQL and uploads bodies recorded from the real service's documentation (SOURCES.md says where each comes from),
 * two ways: the client reads each as the real service sends it, and the local service answers the same request
 * with the same fields (and, for the texts, the same words, with its own names in them).
 */
const FIXTURES = join(__dirname, "fixtures");
const fixture = (file: string) => JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as Record<string, unknown>;
/** A fixture's text with the documentation's example namespace replaced by the local key's. */
const asDemo = (file: string) => JSON.parse(JSON.stringify(fixture(file)).split("my_user").join("demo")) as unknown;

function served(file: string, status = 200): ServiceClient {
  const fetch: FetchLike = async () =>
    new Response(readFileSync(join(FIXTURES, file), "utf8"), {
      status,
      headers: { "content-type": "application/json" },
    });
  return new ServiceClient({
    apiKey: "conformance-key-123456",
    baseUrl: "https://api.example.test",
    fetch,
    retry: false,
  });
}

describe("the client reads the recorded bodies", () => {
  test("SQL acknowledgement, list, create, insert, clear, delete", async () => {
    expect(await served("sql-execute-ack.json").executeSql("select 1")).toEqual(fixture("sql-execute-ack.json"));
    const list = await served("uploads-list-docs-example.json").listUploads();
    expect(list.tables[0]).toMatchObject({
      fullName: "dune.dune.ai_contract_tags",
      namespace: "dune",
      tableName: "ai_contract_tags",
      isPrivate: true,
      sizeBytes: 1152622,
      owner: { handle: "dune", type: "team" },
    });
    expect(list.tables[0]?.columns[0]).toEqual({ name: "blockchain", type: "string", nullable: false });
    const schema = [{ name: "a", type: "integer" as const }];
    expect(
      await served("uploads-create-openapi.json").createUpload({ namespace: "my_user", tableName: "my_data", schema }),
    ).toEqual({
      namespace: "my_user",
      tableName: "my_data",
      fullName: "dune.my_user.my_data",
      exampleQuery: "select * from dune.my_user.my_data",
    });
    expect(await served("uploads-insert-openapi.json").insertRows("my_user", "t", { csv: "a\n1\n" })).toEqual({
      rowsWritten: 9000,
      bytesWritten: 90,
    });
    expect(await served("uploads-clear-openapi.json").clearUpload("my_user", "interest_rates")).toBe(
      "Table my_user.interest_rates successfully cleared",
    );
    expect(await served("uploads-delete-openapi.json").deleteUpload("my_user", "interest_rates")).toBe(
      "Table my_user.interest_rates successfully deleted",
    );
  });

  test.each([
    ["error-401-upload-namespace.json", 401, isForbiddenError, /not authorized to write to namespace 'other_user'/],
    ["error-404-table-not-found.json", 404, isNotFoundError, /Table my_user.interest_rates not found/],
    ["error-400-insert-content-type.json", 400, isBadRequestError, /Invalid content type 'text\/plain'/],
  ] as const)("%s: the error's class and the service's words", async (file, status, guard, words) => {
    const error = await served(file, status)
      .clearUpload("my_user", "interest_rates")
      .catch((e: unknown) => e);
    expect(guard(error)).toBe(true);
    expect((error as { userMessage: string }).userMessage).toMatch(words);
  });

  test("409, a table that exists: an error with the service's words", async () => {
    const error = await served("error-409-table-exists.json", 409)
      .createUpload({ namespace: "my_user", tableName: "t", schema: [{ name: "a", type: "integer" }] })
      .catch((e: unknown) => e);
    expect((error as { status: number; userMessage: string }).status).toBe(409);
    expect((error as { userMessage: string }).userMessage).toMatch(/This table already exists/);
  });
});

describe("the local service answers as recorded", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());
  const demo = () => api(svc.url, svc.apiKey);
  const send = async (method: string, path: string, body?: string, type?: string) => {
    const res = await fetch(svc.url + path, {
      method,
      headers: { "X-Service-Api-Key": svc.apiKey, ...(type ? { "Content-Type": type } : {}) },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test("the SQL acknowledgement", async () => {
    const ack = await demo().post("/v1/sql/execute", { sql: "select 1", performance: "medium" });
    expect(Object.keys(ack.body).sort()).toEqual(Object.keys(fixture("sql-execute-ack.json")).sort());
    expect(ack.body.state).toBe("QUERY_STATE_PENDING");
  });

  test("create, insert, list, clear, delete, CSV upload, and the errors, field for field", async () => {
    const schema = [{ name: "day", type: "date" }];
    const created = await demo().post("/v1/uploads", { namespace: "demo", table_name: "my_data", schema });
    expect(created.body).toEqual(asDemo("uploads-create-openapi.json"));
    expect((await demo().post("/v1/uploads", { table_name: "my_data", schema })).body).toEqual(
      fixture("error-409-table-exists.json"),
    );
    await demo().post("/v1/uploads", { table_name: "interest_rates", schema });
    const inserted = await send("POST", "/v1/uploads/demo/interest_rates/insert", "day\n2023-12-04\n", "text/csv");
    expect(Object.keys(inserted.body).sort()).toEqual(Object.keys(fixture("uploads-insert-openapi.json")).sort());
    expect(await send("POST", "/v1/uploads/demo/interest_rates/insert", "day", "text/plain")).toEqual({
      status: 400,
      body: fixture("error-400-insert-content-type.json"),
    });
    const listed = (await demo().get("/v1/uploads")).body.tables as Record<string, unknown>[];
    const documented = (fixture("uploads-list-docs-example.json").tables as Record<string, unknown>[])[0] as object;
    expect(Object.keys(listed[0] as object).sort()).toEqual(Object.keys(documented).sort());
    expect((await send("POST", "/v1/uploads/demo/interest_rates/clear")).body).toEqual(
      asDemo("uploads-clear-openapi.json"),
    );
    expect((await send("DELETE", "/v1/uploads/demo/interest_rates")).body).toEqual(
      asDemo("uploads-delete-openapi.json"),
    );
    expect(await send("DELETE", "/v1/uploads/demo/interest_rates")).toEqual({
      status: 404,
      body: asDemo("error-404-table-not-found.json"),
    });
    expect(await send("POST", "/v1/uploads/other_user/interest_rates/clear")).toEqual({
      status: 401,
      body: fixture("error-401-upload-namespace.json"),
    });
    const documentedCsv = "DATE,DGS10,\n2023-12-04,4.28,\n2023-12-05,4.18,\n2023-12-06,4.12,\n2023-12-07,4.14,";
    const csv = await demo().post("/v1/uploads/csv", {
      data: documentedCsv,
      description: "10 year daily interest rates",
      table_name: "ten_year_us_interest_rates",
      is_private: false,
    });
    expect(csv.body).toEqual(fixture("uploads-csv-openapi.json"));
  });
});
