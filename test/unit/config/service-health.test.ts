import test from "ava";
import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";
import type { EndpointEntry } from "../../../services/config/discovery/endpoint-entry.js";
import { ServiceHealthService } from "../../../services/config/health/service-health.service.js";

function entry(names: string[], internalUrl: string): EndpointEntry {
  return {
    names,
    url: `https://public${new URL(internalUrl).pathname}`,
    internalUrl,
    proxyPath: "",
    timeoutMillis: 500,
  };
}

function health(application: string, freeMemory = 1000): HealthStatus {
  return {
    jdkVersion: "20",
    availableProcessors: 2,
    freeMemory,
    maxMemory: 4000,
    totalMemory: 2000,
    application,
    version: "1",
    description: application,
  };
}

const SELF = health("raziel");

/** A poll that answers from a table after the test releases it, counting calls. */
function fakePoll(answers: Record<string, HealthStatus | undefined>) {
  const calls: { url: string; timeout: number }[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    calls,
    release,
    poll: async (url: string, timeout: number) => {
      calls.push({ url, timeout });
      await gate;
      return answers[url];
    },
  };
}

function serviceHealth(entries: EndpointEntry[], poll: ReturnType<typeof fakePoll>, clock = { now: 0 }) {
  return new ServiceHealthService({
    discovery: { entries: () => entries, close: async () => {} },
    poll: poll.poll,
    selfName: "raziel",
    self: () => SELF,
    cacheMillis: 5000,
    now: () => clock.now,
  });
}

const ENTRIES = [
  entry(["vampire-squid"], "http://gw/vam/v1"),
  entry(["oni", "vars-kb-server"], "http://gw/kb/v1"),
  entry(["annosaurus"], "http://gw/anno/v1"),
  entry(["panoptes"], "http://gw/panoptes/v1"),
];
const ANSWERS = {
  "http://gw/vam/v1": health("vampire-squid"),
  "http://gw/kb/v1": health("oni"),
  "http://gw/anno/v1": undefined,
  "http://gw/panoptes/v1": health("panoptes", 0),
};

test("expected lists every name in name order without health and polls nothing", (t) => {
  const poll = fakePoll(ANSWERS);
  t.deepEqual(serviceHealth(ENTRIES, poll).expected(), [
    { name: "annosaurus", healthStatus: undefined },
    { name: "oni", healthStatus: undefined },
    { name: "panoptes", healthStatus: undefined },
    { name: "vampire-squid", healthStatus: undefined },
    { name: "vars-kb-server", healthStatus: undefined },
  ]);
  t.is(poll.calls.length, 0);
});

test("every service is polled at once, each with its own timeout, one poll per URL", async (t) => {
  const poll = fakePoll(ANSWERS);
  const statuses = serviceHealth(ENTRIES, poll).statuses();
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(
    poll.calls.map((call) => call.url),
    ["http://gw/vam/v1", "http://gw/kb/v1", "http://gw/anno/v1", "http://gw/panoptes/v1"],
  );
  t.true(poll.calls.every((call) => call.timeout === 500));
  poll.release();
  await statuses;
});

test("statuses list every service plus this one; down ones (no answer or no free memory) carry no health", async (t) => {
  const poll = fakePoll(ANSWERS);
  poll.release();
  t.deepEqual(await serviceHealth(ENTRIES, poll).statuses(), [
    { name: "annosaurus", healthStatus: undefined },
    { name: "oni", healthStatus: health("oni") },
    { name: "panoptes", healthStatus: undefined },
    { name: "raziel", healthStatus: SELF },
    { name: "vampire-squid", healthStatus: health("vampire-squid") },
    { name: "vars-kb-server", healthStatus: health("oni") },
  ]);
});

test("available leaves out the services that are down", async (t) => {
  const poll = fakePoll(ANSWERS);
  poll.release();
  t.deepEqual(
    (await serviceHealth(ENTRIES, poll).available()).map((status) => status.name),
    ["oni", "raziel", "vampire-squid", "vars-kb-server"],
  );
});

test("requests within the cache time share one round of polls; later ones poll again", async (t) => {
  const poll = fakePoll(ANSWERS);
  const clock = { now: 0 };
  const service = serviceHealth(ENTRIES, poll, clock);
  const first = service.statuses();
  const second = service.available();
  poll.release();
  await Promise.all([first, second]);
  clock.now = 4999;
  await service.statuses();
  t.is(poll.calls.length, 4);
  clock.now = 5000;
  await service.statuses();
  t.is(poll.calls.length, 8);
});

test("a service discovered after the round started is polled at once, not reported down", async (t) => {
  const poll = fakePoll({ ...ANSWERS, "http://gw/beholder": health("beholder") });
  poll.release();
  const entries = [...ENTRIES];
  const service = serviceHealth(entries, poll);
  await service.statuses();
  entries.push(entry(["beholder"], "http://gw/beholder"));
  const statuses = await service.statuses();
  t.deepEqual(
    statuses.find((status) => status.name === "beholder"),
    { name: "beholder", healthStatus: health("beholder") },
  );
});
