import test from "ava";
import { helmTemplate } from "../../tools/dev/codegen/k8s/render.js";
import { envOf, findComponent, podSpecOf } from "../support/deploy/manifest-queries.js";

const NATS = "nats://nats.messaging:4222";

type Rule = { ports: { port: number | string }[]; from?: unknown[] };
const portsOf = (rules: Rule[]) => rules.flatMap((rule) => rule.ports.map((port) => port.port));

test("by default no change event transport is set and no port is opened for one", async (t) => {
  const objects = await helmTemplate({ valuesFiles: ["ci/production-values.yaml"] });
  for (const component of ["annotation", "gateway"]) {
    const env = envOf(podSpecOf(findComponent(objects, "Deployment", component)).containers[0]);
    t.false(env.has("M3_EVENTS_NATS_URL"), component);
    t.false(env.has("M3_EVENTS_ZEROMQ_PORT"), component);
  }
  const service = findComponent(objects, "Service", "annotation");
  t.false(service.spec.ports.some((port: { name: string }) => port.name === "zeromq"));
});

test("events.nats.url reaches the annotation pods and the gateways, and their egress opens the NATS port", async (t) => {
  const objects = await helmTemplate({
    valuesFiles: ["ci/production-values.yaml"],
    set: [`events.nats.url=${NATS}`],
  });
  for (const component of ["annotation", "gateway"]) {
    const env = envOf(podSpecOf(findComponent(objects, "Deployment", component)).containers[0]);
    t.is(env.get("M3_EVENTS_NATS_URL"), NATS, component);
    t.is(env.get("M3_EVENTS_NATS_SUBJECT"), "vars", component);
    t.true(portsOf(findComponent(objects, "NetworkPolicy", component).spec.egress).includes(4222), component);
  }
  const registry = envOf(podSpecOf(findComponent(objects, "Deployment", "registry")).containers[0]);
  t.false(registry.has("M3_EVENTS_NATS_URL"));
});

test("events.zeroMq.enabled opens the PUB port on the annotation pods, their Service and their ingress", async (t) => {
  const objects = await helmTemplate({
    valuesFiles: ["ci/production-values.yaml"],
    set: ["events.zeroMq.enabled=true"],
  });
  const container = podSpecOf(findComponent(objects, "Deployment", "annotation")).containers[0];
  t.is(envOf(container).get("M3_EVENTS_ZEROMQ_PORT"), "5563");
  t.is(envOf(container).get("M3_EVENTS_ZEROMQ_TOPIC"), "vars");
  t.true(
    container.ports.some(
      (port: { name: string; containerPort: number }) =>
        port.name === "zeromq" && port.containerPort === 5563,
    ),
  );
  const service = findComponent(objects, "Service", "annotation");
  t.true(
    service.spec.ports.some(
      (port: { name: string; port: number }) => port.name === "zeromq" && port.port === 5563,
    ),
  );
  t.true(portsOf(findComponent(objects, "NetworkPolicy", "annotation").spec.ingress).includes("zeromq"));
});
