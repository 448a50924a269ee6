import { NotFoundError } from "../../../src/client";
import { waitFinished } from "../../support/service";
import { useService } from "./harness";

/** The client's SQL and uploads calls against the real local service. */
describe("SQL and uploads through the client", () => {
  const env = useService();

  it("creates a private table, inserts objects and CSV, reads it back with executeSql, clears and deletes it", async () => {
    const client = env.client();
    const created = await client.createUpload({
      namespace: "demo",
      tableName: "client_rows",
      schema: [
        { name: "id", type: "bigint", nullable: false },
        { name: "label", type: "varchar" },
      ],
    });
    expect(created.fullName).toBe("dune.demo.client_rows");
    const listed = await client.listUploads();
    expect(listed.tables.map((t) => [t.namespace, t.tableName, t.isPrivate])).toEqual([["demo", "client_rows", true]]);
    expect((await client.insertRows("demo", "client_rows", { rows: [{ id: 1, label: "one" }] })).rowsWritten).toBe(1);
    expect((await client.insertRows("demo", "client_rows", { csv: "id,label\n2,two\n" })).rowsWritten).toBe(1);
    const ack = await client.executeSql("select id, label from dune.demo.client_rows order by id");
    await waitFinished(env.service.url, env.service.apiKey, ack.execution_id);
    const result = await client.table({ executionId: ack.execution_id });
    expect(result.rows).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
    expect((await client.status(ack.execution_id)).query_id).toBeUndefined();
    expect(await client.clearUpload("demo", "client_rows")).toBe("Table demo.client_rows successfully cleared");
    expect(await client.deleteUpload("demo", "client_rows")).toBe("Table demo.client_rows successfully deleted");
    await expect(client.deleteUpload("demo", "client_rows")).rejects.toBeInstanceOf(NotFoundError);
  });
});
