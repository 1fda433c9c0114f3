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

test("polls of a healthy service that answered in full reuse one connection", async (t) => {
  const service = await startHealthyService("/vam/v1", "vampire-squid");
  try {
    for (let poll = 0; poll < 3; poll++)
      t.deepEqual(await pollHealth(service.url, 2000), healthJson("vampire-squid"));
    t.is(service.connections(), 1);
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

test("a service that answers its headers at once but never finishes the body counts as down when the timeout passes", async (t) => {
  const dribbling = await startFakeService("/vam/v1", (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"jdkVersion":');
  });
  try {
    const started = performance.now();
    t.is(await pollHealth(dribbling.url, 150), undefined);
    t.true(performance.now() - started < 2000);
  } finally {
    await dribbling.close();
  }
});

test("an answer far longer than a health record counts as down", async (t) => {
  const flooding = await startFakeService("/anno/v1", (_request, response) => {
    const padded = { ...healthJson("annosaurus"), padding: "x".repeat(200_000) };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(padded));
  });
  try {
    t.is(await pollHealth(flooding.url, 2000), undefined);
  } finally {
    await flooding.close();
  }
});
