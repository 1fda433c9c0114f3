import { CoordinationV1Api } from "@kubernetes/client-node";
import test from "ava";
import { eventually } from "../../support/config/eventually.js";
import { startCluster } from "../../support/operator/operator-harness.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The writes (other than to the Lease) each operator made, by its token. */
function writesBy(
  requests: { method: string; path: string; authorization: string | undefined }[],
  identity: string,
) {
  return requests.filter(
    (request) =>
      WRITES.has(request.method) &&
      request.authorization === `Bearer ${identity}-token` &&
      !request.path.includes("/leases/"),
  ).length;
}

test("of two operators only the Lease holder acts; when it stops renewing, the other takes the Lease over and acts", async (t) => {
  const cluster = await startCluster();
  let both = 0;
  try {
    const first = cluster.startOperator("operator-a");
    await eventually(() => (first.isLeader ? true : undefined));
    const second = cluster.startOperator("operator-b");
    const sampler = setInterval(() => {
      if (first.isLeader && second.isLeader) both++;
    }, 10);
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventually(() => (cluster.objects("apps", "v1", "deployments").length === 7 ? true : undefined));
    t.false(second.isLeader);
    t.true(writesBy(cluster.api.requests, "operator-a") > 0);
    t.is(writesBy(cluster.api.requests, "operator-b"), 0);

    await first.stop(false); // a crash: the Lease is neither renewed nor released
    const handedOver = cluster.api.requests.length;
    await eventually(() => (second.isLeader ? true : undefined));
    await cluster.core.deleteNamespacedService({ name: "m3-kb", namespace: "media" });
    await eventually(() =>
      cluster.objects("", "v1", "services").some((item) => item.metadata.name === "m3-kb") ? true : undefined,
    );
    clearInterval(sampler);
    const after = cluster.api.requests.slice(handedOver);
    t.true(writesBy(after, "operator-b") > 0);
    t.is(writesBy(after, "operator-a"), 0);
    t.is(both, 0);
    const lease = await cluster
      .config()
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: "m3-operator", namespace: "media" });
    t.like(lease.spec, { holderIdentity: "operator-b", leaseTransitions: 1 });
  } finally {
    await cluster.close();
  }
});

test("an operator that stops cleanly releases the Lease, and the other takes it without waiting for it to expire", async (t) => {
  const cluster = await startCluster();
  try {
    const first = cluster.startOperator("operator-a");
    await eventually(() => (first.isLeader ? true : undefined));
    const second = cluster.startOperator("operator-b");
    await first.stop(true);
    const lease = await cluster
      .config()
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: "m3-operator", namespace: "media" });
    t.is(lease.spec?.holderIdentity, "");
    await eventually(() => (second.isLeader ? true : undefined));
    t.false(first.isLeader);
  } finally {
    await cluster.close();
  }
});
