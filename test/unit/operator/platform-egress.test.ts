import test from "ava";
import { find, type Json, objectsOf } from "../../support/operator/built-objects.js";

const portsOf = (policy: Json) =>
  policy.spec.egress.map((rule: Json) => rule.ports.map((port: Json) => port.port).join(","));

test("egress is left open unless spec.networkPolicy.egress.enabled", (t) => {
  t.false(objectsOf().some((object) => object.metadata.name.includes("egress")));
});

test("with egress on, each component reaches only what it calls, after DNS", (t) => {
  const objects = objectsOf({
    nats: { url: "nats://nats:4222" },
    networkPolicy: { egress: { enabled: true, databasePorts: [5432] } },
  });
  const policy = (component: string) => find(objects, "NetworkPolicy", `m3-egress-${component}`);
  t.deepEqual(policy("kb").spec.policyTypes, ["Egress"]);
  t.deepEqual(policy("kb").spec.podSelector.matchLabels["app.kubernetes.io/component"], "kb");
  t.deepEqual(
    portsOf(policy("kb")),
    ["53,53", "5432"],
    "the database domains reach the database's port, not MySQL's",
  );
  t.deepEqual(portsOf(policy("annotation")), ["53,53", "5432", "4222", "50051"], "and NATS, and the kb");
  t.deepEqual(portsOf(policy("migrate")), ["53,53", "5432"]);
  t.deepEqual(portsOf(policy("backup")), ["53,53", "5432", "9000"]);
  t.deepEqual(portsOf(policy("upload")), ["53,53", "9000"]);
  t.deepEqual(portsOf(policy("capture")), ["53,53", "80,443", "50053"], "videos, and the registry");
  t.deepEqual(
    portsOf(policy("config")),
    ["53,53", "443,6443", "8080", "50051"],
    "the API, the gateway, the kb",
  );
  t.deepEqual(portsOf(policy("gateway")), [
    "53,53",
    "50051",
    "50052",
    "50053",
    "50054",
    "50055",
    "50056",
    "4222",
  ]);
  t.deepEqual(policy("gateway").spec.egress[1].to, [
    {
      podSelector: {
        matchLabels: {
          "app.kubernetes.io/name": "m3",
          "app.kubernetes.io/instance": "m3",
          "app.kubernetes.io/component": "kb",
        },
      },
    },
  ]);
});

test("peers and extra rules narrow and widen every component's egress; a disabled domain is neither reached nor given a policy", (t) => {
  const databaseTo = [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "databases" } } }];
  const extra = [{ to: [{ ipBlock: { cidr: "10.0.0.0/8" } }], ports: [{ port: 4318, protocol: "TCP" }] }];
  const objects = objectsOf({
    domains: { upload: { enabled: false } },
    networkPolicy: { egress: { enabled: true, databaseTo, extra } },
  });
  const kb = find(objects, "NetworkPolicy", "m3-egress-kb");
  t.deepEqual(kb.spec.egress[1].to, databaseTo);
  t.deepEqual(kb.spec.egress.at(-1), extra[0]);
  t.false(objects.some((object) => object.metadata.name === "m3-egress-upload"));
  t.false(portsOf(find(objects, "NetworkPolicy", "m3-egress-gateway")).includes("50056"));
});
