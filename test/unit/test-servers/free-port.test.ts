import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import test from "ava";
import { freePort } from "../../../tools/dev/fixtures/free-port.js";

const ephemeralStart = Number(
  readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
);

test("a free port lies below the kernel's ephemeral range, where no connection's local port comes from", async (t) => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) t.true(port >= 20_000 && port < ephemeralStart, `port ${port}`);
});

test("a free port can be listened on at once", async (t) => {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  t.is((server.address() as { port: number }).port, port);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
