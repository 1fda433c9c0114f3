/**
 * Who wrote during a hand-over, told by each operator's token in the API-server stand-in's
 * request log: a fact of the stand-in (a real API server keeps no such log for a test to read),
 * so this file always runs on a stand-in of its own. The hand-over itself, through the API only,
 * is in leader-election.test.ts.
 */
import test from "ava";
import type { RecordedRequest } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, named } from "../../support/operator/cluster-reads.js";
import { startStandInCluster } from "../../support/operator/operator-harness.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The writes (other than to the Lease) each operator made, by its token. */
function writesBy(requests: RecordedRequest[], identity: string) {
  return requests.filter(
    (request) =>
      WRITES.has(request.method) &&
      request.authorization === `Bearer ${identity}-token` &&
      !request.path.includes("/leases/"),
  ).length;
}

test("only the Lease holder writes: the follower none before the hand-over, the old leader none after", async (t) => {
  const cluster = await startStandInCluster();
  const { requests } = cluster.standIn;
  try {
    const first = cluster.startOperator("operator-a");
    await eventuallyFromApi(() => (first.isLeader ? true : undefined));
    const second = cluster.startOperator("operator-b");
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, 7);
    t.true(writesBy(requests, "operator-a") > 0);
    t.is(writesBy(requests, "operator-b"), 0);

    await first.stop(false);
    const handedOver = requests.length;
    await eventuallyFromApi(() => (second.isLeader ? true : undefined));
    await cluster.core.deleteNamespacedService({ name: "m3-kb", namespace: cluster.namespace });
    await eventuallyFromApi(() => named(cluster, "v1", "Service", "m3-kb"));
    const after = requests.slice(handedOver);
    t.true(writesBy(after, "operator-b") > 0);
    t.is(writesBy(after, "operator-a"), 0);
  } finally {
    await cluster.close();
  }
});
