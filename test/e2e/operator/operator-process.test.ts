import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CoordinationV1Api } from "@kubernetes/client-node";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount } from "../../support/operator/cluster-reads.js";
import { startCluster } from "../../support/operator/operator-harness.js";

/** Starts `operator` (services/operator/main.ts) and resolves with its port once it logged it. */
async function startOperatorProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const { KUBERNETES_SERVICE_HOST: _inCluster, ...outside } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "services/operator/main.ts")], {
    env: { ...outside, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const started = /"port":(\d+)[^\n]*"msg":"operator started"/.exec(output);
      if (started) resolve(Number(started[1]));
    });
    child.once("exit", (code) => reject(new Error(`the operator exited with ${code}: ${output}`)));
  });
  return { child, port };
}

test("the operator process serves its health and metrics, reconciles as the leader, and releases the Lease on SIGTERM", async (t) => {
  const cluster = await startCluster();
  const dir = mkdtempSync(join(tmpdir(), "m3-operator-"));
  const kubeconfig = join(dir, "kubeconfig.yaml");
  writeFileSync(kubeconfig, cluster.kubeconfig("operator-process"));
  try {
    const { child, port } = await startOperatorProcess({
      KUBECONFIG: kubeconfig,
      M3_OPERATOR_NAMESPACE: cluster.namespace,
      M3_OPERATOR_IDENTITY: "operator-process",
      M3_OPERATOR_LEASE_SECONDS: "2",
      M3_OPERATOR_PORT: "0",
    });
    const base = `http://127.0.0.1:${port}`;
    t.is((await fetch(`${base}/healthz`)).status, 200);
    t.is((await fetch(`${base}/readyz`)).status, 200);
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, 7);
    const metrics = await eventuallyFromApi(async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return /m3_operator_reconciles_total\{outcome="success"\} [1-9]/.test(text) ? text : undefined;
    });
    t.regex(metrics, /^m3_operator_leader 1$/m);

    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    t.is(code, 0);
    const lease = await cluster
      .config()
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: "m3-operator", namespace: cluster.namespace });
    t.is(lease.spec?.holderIdentity, "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await cluster.close();
  }
});
