import test from "ava";
import { contains } from "../../../services/operator/controller/object-applier.js";

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
