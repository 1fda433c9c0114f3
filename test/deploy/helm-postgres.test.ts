/**
 * The chart's database engines: every domain with tables on MySQL/MariaDB (the default) or on
 * PostgreSQL (database.engine), or each on its own (database.engines.<domain>), with each
 * engine's password from its Secret and egress to that engine's port only.
 */
import test from "ava";
import { helmTemplate, type K8sObject } from "../../tools/dev/codegen/k8s/render.js";
import { envOf, findComponent, ofKind, podSpecOf } from "../support/deploy/manifest-queries.js";

const POSTGRES_VALUES = ["ci/postgres-values.yaml"];
const DATABASE_DOMAINS = ["kb", "annotation", "registry"];

const deploymentEnv = (objects: K8sObject[], component: string) =>
  envOf(podSpecOf(findComponent(objects, "Deployment", component)).containers[0]);

function egressPorts(objects: K8sObject[], component: string): number[] {
  const policy = findComponent(objects, "NetworkPolicy", component);
  return policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
    rule.ports.map((port) => port.port),
  );
}

test("with database.engine postgres every database domain gets a postgres:// URL, its password from the Secret", async (t) => {
  const objects = await helmTemplate({ set: ["database.engine=postgres", "postgres.existingSecret=pg"] });
  for (const domain of DATABASE_DOMAINS) {
    const env = deploymentEnv(objects, domain);
    t.is(env.get("M3_POSTGRES_PASSWORD"), "secret:pg/postgres-password", domain);
    t.false(env.has("M3_MYSQL_PASSWORD"), domain);
    t.is(
      env.get(`M3_${domain.toUpperCase()}_DATABASE_URL`),
      "postgres://m3:$(M3_POSTGRES_PASSWORD)@postgres:5432/m3",
      domain,
    );
    t.true(egressPorts(objects, domain).includes(5432), domain);
    t.false(egressPorts(objects, domain).includes(3306), domain);
  }
  // One database for the registry and annotation: the tabular query joins the registry's tables.
  t.is(deploymentEnv(objects, "annotation").get("M3_ANNOTATION_REGISTRY_SCHEMA"), "public");
});

test("a domain on its own engine: the kb on MySQL, the others on PostgreSQL, and the jobs reach both", async (t) => {
  const objects = await helmTemplate({ valuesFiles: POSTGRES_VALUES });
  const kb = deploymentEnv(objects, "kb");
  t.is(kb.get("M3_MYSQL_PASSWORD"), "secret:m3-mysql/mysql-password");
  t.false(kb.has("M3_POSTGRES_PASSWORD"));
  t.is(
    kb.get("M3_KB_DATABASE_URL"),
    "mysql://m3:$(M3_MYSQL_PASSWORD)@mariadb.databases.svc.cluster.local:3306/m3_kb",
  );
  t.is(
    deploymentEnv(objects, "registry").get("M3_REGISTRY_DATABASE_URL"),
    "postgres://m3:$(M3_POSTGRES_PASSWORD)@postgres.databases.svc.cluster.local:5432/vars",
  );
  for (const [kind, component] of [
    ["Job", "migrate"],
    ["CronJob", "backup"],
  ] as const) {
    const container = podSpecOf(findComponent(objects, kind, component)).containers[0];
    const names = (container.env as { name: string }[]).map((variable) => variable.name);
    // Each password is defined before the URLs that refer to it, as Kubernetes expands $(…) in order.
    for (const domain of DATABASE_DOMAINS) {
      const url = names.indexOf(`M3_${domain.toUpperCase()}_DATABASE_URL`);
      t.true(
        url > names.indexOf("M3_MYSQL_PASSWORD") && url > names.indexOf("M3_POSTGRES_PASSWORD"),
        component,
      );
    }
    t.true(names.indexOf("M3_MYSQL_PASSWORD") >= 0 && names.indexOf("M3_POSTGRES_PASSWORD") >= 0, component);
    t.true(egressPorts(objects, component).includes(3306), component);
    t.true(egressPorts(objects, component).includes(5432), component);
  }
});

test("the registry and annotation in different PostgreSQL databases: annotation is not told to join", async (t) => {
  const objects = await helmTemplate({
    set: ["database.engine=postgres", "postgres.databases.registry=m3_registry"],
  });
  t.false(deploymentEnv(objects, "annotation").has("M3_ANNOTATION_REGISTRY_SCHEMA"));
  const mixed = await helmTemplate({ set: ["database.engines.registry=postgres"] });
  t.false(deploymentEnv(mixed, "annotation").has("M3_ANNOTATION_REGISTRY_SCHEMA"));
  t.is(
    deploymentEnv(await helmTemplate({}), "annotation").get("M3_ANNOTATION_REGISTRY_SCHEMA"),
    "m3_registry",
  );
});

test("a development PostgreSQL password goes into the generated Secret", async (t) => {
  const [secret] = ofKind(
    await helmTemplate({ set: ["database.engine=postgres", "postgres.password=dev-pg-password"] }),
    "Secret",
  );
  t.is(Buffer.from(secret?.data["postgres-password"], "base64").toString(), "dev-pg-password");
});

test("an engine other than mysql or postgres is refused, naming the value", async (t) => {
  await t.throwsAsync(helmTemplate({ set: ["database.engines.annotation=oracle"] }), {
    message: /the annotation database's engine must be mysql or postgres, got "oracle"/,
  });
});
