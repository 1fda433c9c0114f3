/**
 * A domain down in the split topology (the gateway and the kb, annotation and registry domains
 * as separate processes): the registry's process killed leaves the gateway ready, only the
 * registry's routes answer 503 with Retry-After, the kb's and annotation's answer 200, /status
 * and /metrics name the registry as down; the registry started again is served without
 * restarting the gateway.
 */
import test from "ava";
import { type SplitPlatform, startSplitPlatform } from "../../support/faults/split-platform.js";

/** One read per domain, the ones the chart's helm test makes through the gateway. */
const READS = {
  kb: "/kb/v1/concept/ranks",
  annotation: "/anno/v1/fast?limit=1",
  registry: "/vam/v1/videosequences/cameras",
} as const;
/** How long the registry started again may take to be reached (grpc-js reconnects with backoff). */
const RECOVERY_LIMIT_MILLIS = 60_000;

let platform: SplitPlatform;

test.before(async () => {
  platform = await startSplitPlatform();
});

test.after.always(async () => {
  await platform?.stop();
});

async function get(path: string): Promise<{ status: number; retryAfter: string | null; text: string }> {
  const reply = await fetch(`${platform.base}${path}`);
  return { status: reply.status, retryAfter: reply.headers.get("retry-after"), text: await reply.text() };
}

function domainUp(metrics: string, domain: string): string | undefined {
  return new RegExp(`^m3_gateway_domain_up\\{domain="${domain}"\\} (\\d+)$`, "m").exec(metrics)?.[1];
}

test.serial("with every domain up, each domain's read answers 200", async (t) => {
  for (const [domain, path] of Object.entries(READS)) t.is((await get(path)).status, 200, domain);
  const status = JSON.parse((await get("/status")).text) as { domains: Record<string, string> };
  t.like(status.domains, {
    kb: "SERVING",
    annotation: "SERVING",
    registry: "SERVING",
    config: "UNAVAILABLE",
  });
});

test.serial(
  "the registry killed: the gateway stays ready, only the registry's routes answer 503 with Retry-After",
  async (t) => {
    await platform.kill("registry");
    const readiness = await get("/readyz");
    t.is(readiness.status, 200);
    t.deepEqual(JSON.parse(readiness.text), { status: "ok" });
    const registry = await get(READS.registry);
    t.is(registry.status, 503, registry.text);
    t.regex(registry.retryAfter ?? "", /^\d+$/);
    t.is((await get(READS.kb)).status, 200);
    t.is((await get(READS.annotation)).status, 200);
    const status = await get("/status");
    t.is(status.status, 503);
    t.like(JSON.parse(status.text), {
      status: "unavailable",
      domains: { kb: "SERVING", annotation: "SERVING", registry: "UNAVAILABLE" },
    });
    const metrics = (await get("/metrics")).text;
    t.is(domainUp(metrics, "registry"), "0");
    t.is(domainUp(metrics, "kb"), "1");
    t.is(domainUp(metrics, "annotation"), "1");
  },
);

test.serial("the registry started again is served by the same gateway process", async (t) => {
  await platform.restart("registry");
  const startedAt = Date.now();
  let registry = await get(READS.registry);
  while (registry.status !== 200 && Date.now() - startedAt < RECOVERY_LIMIT_MILLIS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    registry = await get(READS.registry);
  }
  t.is(registry.status, 200, registry.text);
  t.is(platform.gateway.exitCode, null, "the gateway was not restarted");
  t.is(platform.gateway.signalCode, null);
  t.is(domainUp((await get("/metrics")).text, "registry"), "1");
  t.is((await get("/status")).status, 503, "config, capture and upload are not started in this platform");
});
