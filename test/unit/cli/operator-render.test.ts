import test from "ava";
import { M3_PLATFORM_SPEC } from "../../../services/operator/api/m3platform-schema.js";
import { schemaViolations } from "../../../services/operator/api/schema-violations.js";
import { renderPlatforms } from "../../../tools/m3/cli/commands/operator.command.js";

const PLATFORM = `
apiVersion: m3.io/v1alpha1
kind: M3Platform
metadata: { name: m3 }
spec:
  image: ghcr.io/example/m3
  version: "1.0.0"
  publicUrl: https://m3.example.org
  database: { urlSecret: { name: db, key: url } }
  secrets: { name: keys }
  domains: { upload: { enabled: false } }
`;

test("m3 operator render prints the operator's objects of each M3Platform, in the namespace given when it names none", (t) => {
  const list = renderPlatforms(
    `${PLATFORM}---\n${PLATFORM.replace("name: m3 }", "name: other, namespace: lab }")}`,
    "media",
  );
  t.like(list, { apiVersion: "v1", kind: "List" });
  const items = list.items as { kind: string; metadata: { name: string; namespace: string } }[];
  const deployments = items
    .filter((item) => item.kind === "Deployment")
    .map((item) => `${item.metadata.namespace}/${item.metadata.name}`);
  t.true(deployments.includes("media/m3-kb"));
  t.true(deployments.includes("lab/other-kb"));
  t.false(deployments.includes("media/m3-upload"), "a disabled domain has none");
});

test("a resource the API server would refuse, or the operator report Degraded, is refused, naming each problem", (t) => {
  t.throws(() => renderPlatforms(PLATFORM.replace('version: "1.0.0"', "versoin: 1"), "media"), {
    message: "M3Platform m3: spec.version: required; spec.versoin: not a field of the schema",
  });
  t.throws(
    () =>
      renderPlatforms(
        `${PLATFORM}  monitoring: { serviceMonitor: { enabled: true, namespace: monitoring } }\n`,
        "media",
      ),
    { message: /^M3Platform m3: spec\.monitoring\.serviceMonitor\.namespace monitoring refused: / },
  );
  t.throws(() => renderPlatforms("apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n", "media"), {
    message: "no M3Platform in the file",
  });
});

test("the schema check names a wrong type, a value outside its enum or pattern, and a number below its minimum", (t) => {
  const spec = {
    image: "m3",
    version: "bad version!",
    publicUrl: 7,
    database: { urlSecret: { name: "db", key: "url" } },
    secrets: { name: "keys", rotate: ["everything"] },
    domains: { kb: { replicas: -1 } },
  };
  t.deepEqual(schemaViolations(M3_PLATFORM_SPEC, spec), [
    "spec.version: must match ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
    "spec.publicUrl: must be a string, got integer",
    "spec.secrets.rotate[0]: must be one of apiKey, signingSecret",
    "spec.domains.kb.replicas: must be at least 0",
  ]);
});
