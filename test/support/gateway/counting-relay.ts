import { createConnection, createServer, type Socket } from "node:net";

export interface CountingRelay {
  port: number;
  /** The connections made through the relay so far. */
  connections(): number;
  /** Stops relaying and drops every connection through it, as a replica that dies does. */
  cut(): void;
}

/** A TCP relay on a loopback port in front of a server's, counting the connections made through it. */
export async function startCountingRelay(
  t: { teardown(fn: () => void): void },
  target: number,
): Promise<CountingRelay> {
  let count = 0;
  const sockets = new Set<Socket>();
  const relay = createServer((inbound) => {
    count += 1;
    const outbound = createConnection(target, "127.0.0.1");
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("error", () => socket.destroy());
      socket.on("close", () => sockets.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    relay.close();
    for (const socket of sockets) socket.destroy();
  };
  t.teardown(cut);
  const address = relay.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    connections: () => count,
    cut,
  };
}
