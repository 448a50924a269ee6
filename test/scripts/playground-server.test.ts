import { createServer, type Server } from "node:net";
import { choosePlaygroundPort, DEFAULT_PLAYGROUND_PORT } from "../../scripts/serve/playground-server";

function listen(port = 0): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("the playground's stable port", () => {
  test("the default is fixed (3100), so the browser finds the workbook again after a restart", () => {
    expect(DEFAULT_PLAYGROUND_PORT).toBe(3100);
  });

  test("a free preferred port is used as it is, with nothing to say", async () => {
    const { server, port } = await listen();
    await close(server);
    expect(await choosePlaygroundPort(port)).toEqual({ port });
  });

  test("a busy preferred port: the next free one, and a note saying why the workbook is not there", async () => {
    const { server, port } = await listen();
    try {
      const chosen = await choosePlaygroundPort(port);
      expect(chosen.port).not.toBe(port);
      expect(chosen.note).toMatch(new RegExp(`^Port ${port} is busy: the playground is on .*per address`));
      if (chosen.port !== 0) expect(chosen.port).toBeGreaterThan(port);
    } finally {
      await close(server);
    }
  });

  test("0 (tests) lets the system choose", async () => {
    expect(await choosePlaygroundPort(0)).toEqual({ port: 0 });
  });
});
