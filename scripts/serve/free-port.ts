import { createServer } from "node:net";

/** True when nothing listens on host:port (probed by listening on it briefly). */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** `preferred` when it is free, else a port the system picks. */
export async function choosePort(preferred: number, host = "127.0.0.1"): Promise<number> {
  if (preferred > 0 && (await portIsFree(preferred, host))) return preferred;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen({ port: 0, host }, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
