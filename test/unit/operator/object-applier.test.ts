import test from "ava";
import {
  asApiJson,
  contains,
  modelToJson,
  toClientModel,
} from "../../../services/operator/controller/object-applier.js";
import { objectsOf } from "../../support/operator/built-objects.js";

test("fields the API server adds are not drift; a changed value, a missing field or a changed list is", (t) => {
  const desired = { spec: { replicas: 2, containers: [{ name: "kb", image: "m3:1" }] } };
  const defaulted = {
    spec: {
      replicas: 2,
      revisionHistoryLimit: 10,
      containers: [{ name: "kb", image: "m3:1", imagePullPolicy: "IfNotPresent" }],
    },
    status: { readyReplicas: 2 },
  };
  t.true(contains(defaulted, desired));
  t.false(contains({ spec: { ...defaulted.spec, replicas: 3 } }, desired));
  t.false(contains({ spec: { containers: defaulted.spec.containers } }, desired));
  t.false(
    contains(
      { spec: { replicas: 2, containers: [...defaulted.spec.containers, { name: "sidecar" }] } },
      desired,
    ),
  );
});

test("a date the client turned into a Date equals the text it came from", (t) => {
  t.true(contains({ at: new Date("2026-11-29T01:00:00.000Z") }, { at: "2026-11-29T01:00:00.000Z" }));
});

test("every object the builders make, turned into the client's model (as an informer's list holds it), reads back as the same API JSON", (t) => {
  const peers = [{ namespaceSelector: { matchLabels: { team: "video" } } }];
  const objects = objectsOf({
    domains: {
      kb: { autoscaling: { enabled: true }, env: [{ name: "TZ", value: "UTC" }] },
      registry: { replicas: 3, tolerations: [{ key: "gpu", operator: "Exists" }] },
    },
    networkPolicy: { gatewayFrom: peers, metricsFrom: peers, egress: { enabled: true, databaseTo: peers } },
    zeroMq: { enabled: true, from: peers },
    ingress: {
      enabled: true,
      host: "m3.example.org",
      tls: [{ secretName: "tls", hosts: ["m3.example.org"] }],
    },
    monitoring: { serviceMonitor: { enabled: true, metricRelabelings: [{ action: "drop", regex: "x" }] } },
    backup: { schedule: "0 3 * * *", target: "s3://b/" },
  });
  t.true(objects.length > 25);
  for (const object of objects) {
    const model = toClientModel(object);
    t.not(Object.getPrototypeOf(model), Object.prototype, `${object.kind}: a model`);
    t.deepEqual(
      modelToJson(model),
      JSON.parse(JSON.stringify(object)),
      `${object.kind} ${object.metadata.name}`,
    );
  }
});

test("a cached object in the API's JSON (a watch event's) is compared as it is; a model is converted once", (t) => {
  const [settings] = objectsOf();
  const json = JSON.parse(JSON.stringify(settings));
  t.is(asApiJson(json), json);
  const model = toClientModel(settings as never);
  t.is(asApiJson(model), asApiJson(model));
  t.true(contains(asApiJson(model), settings));
  t.deepEqual(modelToJson({ at: new Date("2026-11-29T01:00:00.000Z"), unset: undefined }), {
    at: "2026-11-29T01:00:00Z",
  });
});
