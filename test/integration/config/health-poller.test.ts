import test from "ava";
import { pollHealth } from "../../../services/config/health/health-poller.js";
import { healthJson, startFakeService, startHealthyService } from "../../support/config/health-server.js";

test("a service answering 200 with a HealthStatus record at <url>/health is read back", async (t) => {
  const service = await startHealthyService("/anno/v1", "annosaurus");
  try {
    t.deepEqual(await pollHealth(service.url, 2000), healthJson("annosaurus"));
    t.deepEqual(service.requests, ["/anno/v1/health"]);
  } finally {
    await service.close();
  }
});

test("an error status, a body that is not a HealthStatus, or no server at all count as down", async (t) => {
  const failing = await startFakeService("/vam/v1", (_request, response) => {
    response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify(healthJson("x")));
  });
  const partial = await startFakeService("/kb/v1", (_request, response) => {
    const { freeMemory: _free, ...rest } = healthJson("oni");
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rest));
  });
  const html = await startFakeService("", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end("<html>proxy error</html>");
  });
  try {
    t.is(await pollHealth(failing.url, 2000), undefined);
    t.is(await pollHealth(partial.url, 2000), undefined);
    t.is(await pollHealth(html.url, 2000), undefined);
    await html.close();
    t.is(await pollHealth(html.url, 2000), undefined);
  } finally {
    await failing.close();
    await partial.close();
  }
});

test("a service slower than its timeout counts as down when the timeout passes", async (t) => {
  const slow = await startFakeService("/panoptes/v1", () => {});
  try {
    t.is(await pollHealth(slow.url, 100), undefined);
    t.deepEqual(slow.requests, ["/panoptes/v1/health"]);
  } finally {
    await slow.close();
  }
});
