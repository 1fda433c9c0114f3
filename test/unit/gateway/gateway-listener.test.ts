import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import test from "ava";
import { pino } from "pino";
import {
  KEEP_ALIVE_TIMEOUT_MILLIS,
  openGatewayListener,
} from "../../../gateway/src/server/gateway-listener.js";
import { startPlatform } from "../../../tools/m3/all-in-one/start-platform.js";
import { call, gatewayOptions } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";

test("the gateway's port answers a JSON 503 while the domains start, then the app", async (t) => {
  const listener = await openGatewayListener(0, "127.0.0.1");
  t.teardown(() => listener.close());
  const origin = `http://127.0.0.1:${listener.port}`;
  const starting = await call(`${origin}/healthz`);
  t.is(starting.status, 503);
  t.deepEqual(starting.body, { error: "the gateway is starting" });
  const gateway = await listener.serve(gatewayOptions([{ routes: sampleRoutes, address: "127.0.0.1:1" }]));
  t.is(gateway.port, listener.port);
  const served = await call(`${origin}/healthz`);
  t.is(served.status, 200);
  t.deepEqual(served.body, { status: "ok" });
});

test("the all-in-one fails on a taken port before any domain starts", async (t) => {
  const taken = await openGatewayListener(0, "127.0.0.1");
  t.teardown(() => taken.close());
  const dataDir = mkdtempSync(join(tmpdir(), "m3-taken-port-"));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const error = await t.throwsAsync(
    startPlatform({
      env: { M3_API_KEY: "key", M3_SIGNING_SECRET: "secret" },
      dataDir,
      port: taken.port,
      host: "127.0.0.1",
      logger: pino({ level: "silent" }),
    }),
  );
  t.is((error as NodeJS.ErrnoException).code, "EADDRINUSE");
  // A domain that started would have created its embedded database here.
  t.deepEqual(readdirSync(dataDir), []);
});

test("idle connections are kept 65 s, longer than a reverse proxy in front keeps its own", async (t) => {
  const listener = await openGatewayListener(0, "127.0.0.1");
  t.teardown(() => listener.close());
  const agent = new Agent({ keepAlive: true });
  t.teardown(() => agent.destroy());
  const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
    get({ host: "127.0.0.1", port: listener.port, path: "/healthz", agent }, (response) => {
      response.resume();
      resolve(String(response.headers["keep-alive"]));
    }).on("error", reject);
  });
  t.is(keepAlive, `timeout=${KEEP_ALIVE_TIMEOUT_MILLIS / 1000}`);
  t.true(KEEP_ALIVE_TIMEOUT_MILLIS > 60_000);
});

test("closing waits for a request under way, then closes its connection, not 65 s later", async (t) => {
  const listener = await openGatewayListener(0, "127.0.0.1");
  const socket = connect(listener.port, "127.0.0.1");
  t.teardown(() => socket.destroy());
  await once(socket, "connect");
  // Answered at once, but its body is still coming when closing begins (an upload refused early).
  socket.write("POST /anno/v1/annotations HTTP/1.1\r\nHost: m3\r\nContent-Length: 10\r\n\r\nhalf.");
  const [answer] = (await once(socket, "data")) as [Buffer];
  t.regex(answer.toString(), /^HTTP\/1\.1 503 /);
  const ended = once(socket, "end");
  const closing = listener.close();
  socket.write("done.");
  const closedInTime = await Promise.race([closing.then(() => true), delay(10_000).then(() => false)]);
  t.true(closedInTime, "the gateway closed within 10 s");
  await ended;
});
