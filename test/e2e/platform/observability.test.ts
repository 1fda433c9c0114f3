import { execFile } from "node:child_process";
import { promisify } from "node:util";
import test from "ava";
import { helmTemplate, type K8sObject } from "../../../tools/dev/codegen/k8s/render.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { envOf, ofKind } from "../../support/deploy/manifest-queries.js";
import { metricNames, monitoringExpressions } from "../../support/deploy/monitoring-queries.js";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

const run = promisify(execFile);

/** Series Prometheus makes itself rather than scrapes. */
const FROM_PROMETHEUS = new Set(["up"]);

let platform: TestPlatform | undefined;
// The production example renders every monitoring object and the helm test Pod.
const objects = helmTemplate({ valuesFiles: ["ci/production-values.yaml"] });

test.before(async () => {
  platform = await startTestPlatform("mariadb");
});

test.after.always(async () => {
  await platform?.stop();
  await stopPrivateMariaDb();
});

function running(): TestPlatform {
  if (!platform) throw new Error("the platform did not start");
  return platform;
}

/** Runs the helm test Pod's command, as its container would, against the given gateway. */
async function runHelmTest(gatewayUrl: string, extraPaths: string[] = []) {
  const [pod] = ofKind(await objects, "Pod") as K8sObject[];
  const container = pod?.spec.containers[0];
  const [node, ...flags] = container.command as string[];
  if (node !== "node") throw new Error(`the test Pod runs ${node}, not node`);
  const paths = [envOf(container).get("M3_CHECK_PATHS"), ...extraPaths].join(" ");
  return run(process.execPath, [...flags, ...container.args], {
    env: { PATH: process.env.PATH, M3_GATEWAY_URL: gatewayUrl, M3_CHECK_PATHS: paths },
    timeout: 60_000,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? "" }),
  );
}

/** The names of the samples in a Prometheus text exposition. */
function sampleNames(exposition: string): Set<string> {
  return new Set(
    exposition
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#"))
      .map((line) => line.split(/[{\s]/, 1)[0] as string),
  );
}

test.serial(
  "the helm test Pod's check passes against a running platform: /status and a read of every domain",
  async (t) => {
    const result = await runHelmTest(running().http.baseUrl);
    t.is(result.code, 0, result.stdout);
    t.regex(result.stdout, /^7 of 7 checks passed/m);
    t.regex(result.stdout, /^ok {3}200 GET \/anno\/v1\/fast\?limit=1$/m);
  },
);

test.serial(
  "the helm test Pod fails on a non-2xx answer and on a gateway that does not answer",
  async (t) => {
    const missing = await runHelmTest(running().http.baseUrl, ["/kb/v1/concept/no-such-concept-anywhere"]);
    t.is(missing.code, 1);
    t.regex(missing.stdout, /^FAIL 404 GET \/kb\/v1\/concept\/no-such-concept-anywhere$/m);
    t.regex(missing.stdout, /^7 of 8 checks passed/m);
    const unreachable = await runHelmTest("http://127.0.0.1:9");
    t.is(unreachable.code, 1);
    t.regex(unreachable.stdout, /^0 of 7 checks passed/m);
  },
);

test.serial(
  "every metric a dashboard panel or an alert names is exported by the running services",
  async (t) => {
    // The reads above went through every domain; the scrape is what Prometheus would see.
    const response = await fetch(`${running().http.baseUrl}/metrics`);
    t.is(response.status, 200);
    const exposition = await response.text();
    const exported = sampleNames(exposition);
    const missing = monitoringExpressions(await objects).flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !FROM_PROMETHEUS.has(name) && !exported.has(name))
        .map((name) => `${where}: ${name}`),
    );
    t.deepEqual(missing, []);
    // The database domains report their database up, as the alert expects.
    for (const domain of ["kb", "annotation", "registry"]) {
      t.regex(exposition, new RegExp(`^m3_database_up\\{domain="${domain}"\\} 1$`, "m"));
    }
    t.true(monitoringExpressions(await objects).length > 25);
  },
);
