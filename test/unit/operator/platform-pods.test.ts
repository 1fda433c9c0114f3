import test from "ava";
import { PROCESS_NODE_OPTIONS } from "../../../services/operator/builders/container-runtime.js";
import { PROCESS_NODE_OPTIONS as IMAGE_PROCESS_OPTIONS } from "../../../tools/m3/image/image-commands.js";
import { envNamed, find, type Json, objectsOf } from "../../support/operator/built-objects.js";

const podOf = (deployment: Json) => deployment.spec.template.spec;

test("every pod writes only to /tmp and its data folder on a read-only root, and has a startup probe before the others", (t) => {
  for (const name of ["m3-kb", "m3-gateway"]) {
    const container = podOf(find(objectsOf(), "Deployment", name)).containers[0];
    t.true(container.securityContext.readOnlyRootFilesystem);
    t.deepEqual(
      container.volumeMounts.map((mount: Json) => mount.mountPath),
      ["/tmp", "/var/lib/m3"],
    );
    t.truthy(container.startupProbe, name);
  }
  const kb = podOf(find(objectsOf(), "Deployment", "m3-kb")).containers[0];
  t.deepEqual(kb.startupProbe, { grpc: { port: 50051 }, periodSeconds: 2, failureThreshold: 90 });
});

test("the gateway is ready on /readyz (its route table bound) and alive on /healthz", (t) => {
  const gateway = podOf(find(objectsOf(), "Deployment", "m3-gateway")).containers[0];
  t.is(gateway.readinessProbe.httpGet.path, "/readyz");
  t.is(gateway.livenessProbe.httpGet.path, "/healthz");
});

test("pull secrets, node selector, tolerations, affinity and extra env reach a domain's pods", (t) => {
  const objects = objectsOf({
    imagePullSecrets: [{ name: "regcred" }],
    domains: {
      capture: {
        nodeSelector: { "m3.io/ffmpeg": "yes" },
        tolerations: [{ key: "video", operator: "Exists", effect: "NoSchedule" }],
        affinity: { nodeAffinity: {} },
        env: [{ name: "CAPTURE_THREADS", value: "4" }],
      },
    },
  });
  const capture = podOf(find(objects, "Deployment", "m3-capture"));
  t.deepEqual(capture.imagePullSecrets, [{ name: "regcred" }]);
  t.deepEqual(capture.nodeSelector, { "m3.io/ffmpeg": "yes" });
  t.deepEqual(capture.tolerations, [{ key: "video", operator: "Exists", effect: "NoSchedule" }]);
  t.deepEqual(capture.affinity, { nodeAffinity: {} });
  t.deepEqual(envNamed(find(objects, "Deployment", "m3-capture"), "CAPTURE_THREADS"), {
    name: "CAPTURE_THREADS",
    value: "4",
  });
  const kb = podOf(find(objects, "Deployment", "m3-kb"));
  t.is(kb.nodeSelector, undefined, "placement is per domain");
  t.deepEqual(kb.imagePullSecrets, [{ name: "regcred" }], "pull secrets are the platform's");
});

test("the gateway Service takes its type and annotations from spec.gatewayService", (t) => {
  const service = find(
    objectsOf({
      gatewayService: { type: "LoadBalancer", annotations: { "lb.example.org/internal": "true" } },
    }),
    "Service",
    "m3-gateway",
  );
  t.is(service.spec.type, "LoadBalancer");
  t.deepEqual(service.metadata.annotations, { "lb.example.org/internal": "true" });
  t.is(find(objectsOf(), "Service", "m3-gateway").spec.type, "ClusterIP");
});

test("config runs the node options of its own (PROCESS_NODE_OPTIONS), the other domains the image's", (t) => {
  const objects = objectsOf();
  const config = podOf(find(objects, "Deployment", "m3-config")).containers[0];
  t.deepEqual(config.command, [
    "node",
    ...(IMAGE_PROCESS_OPTIONS.config ?? []),
    "tools/m3/image/image-entrypoint.js",
  ]);
  t.deepEqual(config.args, ["config"]);
  t.is(podOf(find(objects, "Deployment", "m3-kb")).containers[0].command, undefined);
  t.deepEqual(PROCESS_NODE_OPTIONS, IMAGE_PROCESS_OPTIONS, "the builders' copy is the image's");
});

test("a domain's data folder takes its size limit, and every process the log level", (t) => {
  const objects = objectsOf({ logLevel: "debug", domains: { capture: { dataSizeLimit: "2Gi" } } });
  t.deepEqual(podOf(find(objects, "Deployment", "m3-capture")).volumes[1], {
    name: "data",
    emptyDir: { sizeLimit: "2Gi" },
  });
  t.deepEqual(podOf(find(objects, "Deployment", "m3-kb")).volumes[1], { name: "data", emptyDir: {} });
  t.is(find(objects, "ConfigMap", "m3-settings").data.M3_LOG_LEVEL, "debug");
});
