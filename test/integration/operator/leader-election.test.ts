/**
 * Leader election between two operators through their Lease, through the Kubernetes API only
 * (k3s or the stand-in). That the follower writes nothing is counted from the stand-in's request
 * log in leader-election-writes.test.ts.
 */
import { CoordinationV1Api } from "@kubernetes/client-node";
import test from "ava";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, named } from "../../support/operator/cluster-reads.js";
import { type Cluster, startCluster } from "../../support/operator/operator-harness.js";

function readLease(cluster: Cluster) {
  return cluster
    .config()
    .makeApiClient(CoordinationV1Api)
    .readNamespacedLease({ name: "m3-operator", namespace: cluster.namespace });
}

test("of two operators only the Lease holder leads; when it stops renewing, the other takes the Lease over and acts", async (t) => {
  const cluster = await startCluster();
  let both = 0;
  try {
    const first = cluster.startOperator("operator-a");
    await eventuallyFromApi(() => (first.isLeader ? true : undefined));
    const second = cluster.startOperator("operator-b");
    const sampler = setInterval(() => {
      if (first.isLeader && second.isLeader) both++;
    }, 10);
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, 7);
    t.false(second.isLeader);
    t.like((await readLease(cluster)).spec, { holderIdentity: "operator-a" });

    await first.stop(false); // a crash: the Lease is neither renewed nor released
    await eventuallyFromApi(() => (second.isLeader ? true : undefined));
    await cluster.core.deleteNamespacedService({ name: "m3-kb", namespace: cluster.namespace });
    t.truthy(await eventuallyFromApi(() => named(cluster, "v1", "Service", "m3-kb")), "the new leader acts");
    clearInterval(sampler);
    t.is(both, 0);
    t.false(first.isLeader);
    t.like((await readLease(cluster)).spec, { holderIdentity: "operator-b", leaseTransitions: 1 });
  } finally {
    await cluster.close();
  }
});

test("an operator that stops cleanly releases the Lease, and the other takes it without waiting for it to expire", async (t) => {
  const cluster = await startCluster();
  try {
    const first = cluster.startOperator("operator-a");
    await eventuallyFromApi(() => (first.isLeader ? true : undefined));
    const second = cluster.startOperator("operator-b");
    await first.stop(true);
    t.is((await readLease(cluster)).spec?.holderIdentity, "");
    await eventuallyFromApi(() => (second.isLeader ? true : undefined));
    t.false(first.isLeader);
  } finally {
    await cluster.close();
  }
});
