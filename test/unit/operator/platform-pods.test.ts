import test from "ava";
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
