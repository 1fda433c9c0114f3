import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { detectKubeTarget } from "../../../services/config/discovery/kube-config.js";

function serviceAccount(namespace: string): string {
  const dir = mkdtempSync(join(tmpdir(), "m3-sa-"));
  writeFileSync(join(dir, "token"), "token");
  writeFileSync(join(dir, "namespace"), `${namespace}\n`);
  return dir;
}

test("outside a cluster and without M3_CONFIG_KUBE_NAMESPACE, discovery uses the static list", (t) => {
  t.is(detectKubeTarget({}, "/nonexistent"), undefined);
  t.is(detectKubeTarget({ KUBERNETES_SERVICE_HOST: "10.0.0.1" }, "/nonexistent"), undefined);
});

test("in a cluster, discovery watches the pod's own namespace, or the one configured", (t) => {
  const dir = serviceAccount("media");
  try {
    t.deepEqual(detectKubeTarget({ KUBERNETES_SERVICE_HOST: "10.0.0.1" }, dir), {
      namespace: "media",
      inCluster: true,
    });
    t.deepEqual(
      detectKubeTarget({ KUBERNETES_SERVICE_HOST: "10.0.0.1", M3_CONFIG_KUBE_NAMESPACE: "m3" }, dir),
      {
        namespace: "m3",
        inCluster: true,
      },
    );
    t.is(detectKubeTarget({}, dir), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("outside a cluster, M3_CONFIG_KUBE_NAMESPACE selects a namespace reached through a kubeconfig", (t) => {
  t.deepEqual(detectKubeTarget({ M3_CONFIG_KUBE_NAMESPACE: "media" }, "/nonexistent"), {
    namespace: "media",
    inCluster: false,
  });
  t.deepEqual(
    detectKubeTarget(
      { M3_CONFIG_KUBE_NAMESPACE: "media", KUBECONFIG: "/k", M3_CONFIG_KUBECONFIG: "/c" },
      "/nonexistent",
    ),
    { namespace: "media", inCluster: false, kubeconfigPath: "/c" },
  );
});
