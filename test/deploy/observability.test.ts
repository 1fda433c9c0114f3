import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { buildDashboard } from "../../tools/dev/codegen/k8s/grafana-dashboard.js";
import { CHART_DIR, helmTemplate, type K8sObject } from "../../tools/dev/codegen/k8s/render.js";
import { renderInstall } from "../support/deploy/chart-platform.js";
import { validateK8sObject } from "../support/deploy/k8s-schema.js";
import {
  componentOf,
  DOMAINS,
  effectiveEnvOf,
  envOf,
  findComponent,
  ofKind,
  podSpecOf,
  selects,
} from "../support/deploy/manifest-queries.js";
import {
  dashboards,
  metricNames,
  monitoringExpressions,
  promtoolCheckRules,
  promtoolTestRules,
  ruleGroups,
} from "../support/deploy/monitoring-queries.js";

/** The chart's objects and the operator's for its M3Platform; no values file: ci/platform-values.yaml. */
const rendered = new Map<string, Promise<K8sObject[]>>();
function render(valuesFiles: string[] = [], set: string[] = []): Promise<K8sObject[]> {
  const files = valuesFiles.length > 0 ? valuesFiles : ["ci/platform-values.yaml"];
  const key = JSON.stringify([files, set]);
  if (!rendered.has(key))
    rendered.set(
      key,
      renderInstall({ valuesFiles: files, set }).then((install) => install.all),
    );
  return rendered.get(key) as Promise<K8sObject[]>;
}
const production = () => render(["ci/production-values.yaml"]);
const MONITORING_KINDS = ["ServiceMonitor", "PrometheusRule"];

test("monitoring objects are off by default", async (t) => {
  const objects = await render();
  for (const kind of MONITORING_KINDS) t.deepEqual(ofKind(objects, kind), [], kind);
  t.deepEqual(dashboards(objects), []);
});

test("the ServiceMonitor scrapes the gateway's http port and every domain's metrics port, which the pods serve", async (t) => {
  const objects = await production();
  const [monitor, ...others] = ofKind(objects, "ServiceMonitor");
  t.deepEqual(others, []);
  t.is(monitor?.metadata.namespace, "media", "beside the Services it selects, as the operator's objects are");
  t.is(monitor?.metadata.labels?.release, "kube-prometheus-stack");
  t.deepEqual(monitor?.spec.namespaceSelector, { matchNames: ["media"] });
  const ports = monitor?.spec.endpoints.map((endpoint: { port: string }) => endpoint.port);
  t.deepEqual(ports, ["http", "metrics"]);
  for (const endpoint of monitor?.spec.endpoints ?? []) {
    t.is(endpoint.path, "/metrics");
    t.is(endpoint.interval, "15s");
    t.deepEqual(endpoint.relabelings[0], {
      sourceLabels: ["__meta_kubernetes_service_label_app_kubernetes_io_component"],
      targetLabel: "component",
    });
  }
  for (const component of [...DOMAINS, "gateway"]) {
    const service = findComponent(objects, "Service", component);
    t.true(selects(monitor?.spec.selector.matchLabels, service.metadata.labels), `${component} is selected`);
    const portName = component === "gateway" ? "http" : "metrics";
    const port = service.spec.ports.find((candidate: { name: string }) => candidate.name === portName);
    t.truthy(port, `${component}'s Service has a ${portName} port`);
    const container = podSpecOf(findComponent(objects, "Deployment", component)).containers[0];
    const containerPort = container.ports.find((candidate: { name: string }) => candidate.name === portName);
    t.is(port.targetPort, portName);
    if (component !== "gateway") {
      t.is(
        effectiveEnvOf(objects, container).get("M3_METRICS_PORT"),
        String(containerPort.containerPort),
        component,
      );
    }
  }
});

test("the monitoring objects pass the Prometheus Operator's and Kubernetes' schemas", async (t) => {
  const objects = (await production()).filter(
    (object) => MONITORING_KINDS.includes(object.kind) || componentOf(object) === "monitoring",
  );
  t.is(objects.length, 3);
  for (const object of objects) await t.notThrowsAsync(validateK8sObject(object), object.kind);
});

test("the CRD schemas catch a malformed ServiceMonitor and a rule without an expression", async (t) => {
  const objects = await production();
  const monitor = structuredClone(ofKind(objects, "ServiceMonitor")[0] as K8sObject);
  monitor.spec.endpoints[0].interval = "30 seconds";
  await t.throwsAsync(validateK8sObject(monitor), { message: /endpoints\[0\]\.interval.*does not match/ });
  delete monitor.spec.selector;
  await t.throwsAsync(validateK8sObject(monitor), { message: /selector is required/ });
  const rule = structuredClone(ofKind(objects, "PrometheusRule")[0] as K8sObject);
  delete rule.spec.groups[0].rules[0].expr;
  await t.throwsAsync(validateK8sObject(rule), { message: /rules\[0\]: expr is required/ });
  rule.spec.groups[0].rules[0] = { alert: "X", expr: "up", severity: "page" };
  await t.throwsAsync(validateK8sObject(rule), { message: /severity: unknown field/ });
});

test("promtool check rules passes on the rendered alerts", async (t) => {
  const groups = ruleGroups(await production());
  const result = await promtoolCheckRules(groups);
  t.true(result.ok, result.output);
  t.regex(result.output, /SUCCESS: 10 rules found/);
});

test("M3DomainDown fires after 2 minutes in which no gateway pod reaches a domain, and not while one still does", async (t) => {
  const groups = ruleGroups(await production()).map((group) => ({
    ...group,
    rules: group.rules.filter((rule) => rule.alert === "M3DomainDown"),
  }));
  const series = (pod: string, domain: string) =>
    `m3_gateway_domain_up{namespace="media",job="m3-gateway",pod="${pod}",domain="${domain}"}`;
  const result = await promtoolTestRules(groups, {
    interval: "1m",
    input_series: [
      // The registry is down for both gateway pods from minute 1; the kb only for one of them.
      { series: series("a", "registry"), values: "1 0 0 0 0" },
      { series: series("b", "registry"), values: "1 0 0 0 0" },
      { series: series("a", "kb"), values: "1 0 0 0 0" },
      { series: series("b", "kb"), values: "1 1 1 1 1" },
    ],
    alert_rule_test: [
      { eval_time: "2m", alertname: "M3DomainDown", exp_alerts: [] },
      {
        eval_time: "4m",
        alertname: "M3DomainDown",
        exp_alerts: [
          {
            exp_labels: {
              severity: "critical",
              team: "video",
              namespace: "media",
              job: "m3-gateway",
              domain: "registry",
            },
            exp_annotations: {
              summary: "No m3 gateway reaches a domain.",
              description:
                "registry has not answered the health check of any pod of m3-gateway in media for 2 minutes; its routes answer 503 with Retry-After, the other domains' routes are served.",
            },
          },
        ],
      },
    ],
  });
  t.true(result.ok, result.output);
  t.regex(result.output, /SUCCESS/);
});

test("promtool rejects a broken alert, so the check above means something", async (t) => {
  const result = await promtoolCheckRules([
    { name: "broken", rules: [{ alert: "Broken", expr: "sum by (job (up)" }] },
  ]);
  t.false(result.ok);
  t.regex(result.output, /parse error|unexpected/);
});

test("every dashboard query parses as PromQL (promtool, with Grafana's $__rate_interval as 5m)", async (t) => {
  const expressions = dashboards(await production()).flatMap(({ dashboard }) =>
    monitoringExpressions([
      {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "x", labels: { grafana_dashboard: "1" } },
        data: { "d.json": JSON.stringify(dashboard) },
      },
    ]),
  );
  t.true(expressions.length >= 20);
  const rules = expressions.map(({ expr }, index) => ({
    record: `m3:dashboard_query_${index}`,
    expr: expr.replaceAll("$__rate_interval", "5m"),
  }));
  const result = await promtoolCheckRules([{ name: "dashboard", rules }]);
  t.true(result.ok, result.output);
});

test("the alerts cover errors, latency, targets down, databases and the capture queue, with the configured thresholds", async (t) => {
  const rules = ruleGroups(await production()).flatMap((group) => group.rules);
  const byName = new Map(rules.map((rule) => [rule.alert as string, rule]));
  t.deepEqual(
    [...byName.keys()],
    [
      "M3GatewayHighErrorRate",
      "M3GatewayHighLatency",
      "M3GatewayDown",
      "M3DomainDown",
      "M3GrpcHighErrorRate",
      "M3GrpcHighLatency",
      "M3TargetDown",
      "M3DatabaseDown",
      "M3DatabasePoolExhausted",
      "M3CaptureQueueFull",
    ],
  );
  t.regex(String(byName.get("M3GatewayHighErrorRate")?.expr), />\s*0\.02\s*$/);
  t.regex(String(byName.get("M3GrpcHighLatency")?.expr), />\s*1\s*$/);
  for (const rule of rules) {
    t.like(rule.labels, { team: "video" }, String(rule.alert));
    t.true(["warning", "critical"].includes(String((rule.labels as Record<string, string>).severity)));
    t.regex(String(rule.expr), /namespace="media",job=~?"m3-/, `${rule.alert} selects the release's targets`);
  }
  const minimal = ruleGroups(await render(["ci/minimal-values.yaml"], ["prometheusRule.enabled=true"]));
  const minimalNames = minimal.flatMap((group) => group.rules.map((rule) => rule.alert));
  t.false(minimalNames.includes("M3CaptureQueueFull"), "no capture alert without capture");
  t.regex(
    String(minimal[0]?.rules.find((rule) => rule.alert === "M3TargetDown")?.expr),
    /job=~"vars-\(kb\|gateway\)"/,
  );
});

test("the dashboard ConfigMap carries the sidecar's label, its own uid and the release's selector in every query", async (t) => {
  const objects = await production();
  const [map] = ofKind(objects, "ConfigMap").filter((object) => componentOf(object) === "monitoring");
  t.is(map?.metadata.namespace, "monitoring");
  t.is(map?.metadata.labels?.grafana_dashboard, "1");
  t.is(map?.metadata.annotations?.grafana_folder, "m3");
  const dashboard: Record<string, unknown> = dashboards(objects)[0]?.dashboard ?? {};
  t.is(dashboard.title, "m3 (media/m3)");
  t.regex(String(dashboard.uid), /^m3-[0-9a-f]{12}$/);
  const text = JSON.stringify(dashboard);
  t.notRegex(text, /M3_(SELECTOR|DASHBOARD_UID|DASHBOARD_TITLE)/);
  for (const { where, expr } of monitoringExpressions(objects).filter((e) => e.where.startsWith("panel"))) {
    t.regex(
      expr,
      /namespace="media",job=~"m3-\(kb\|annotation\|registry\|config\|capture\|upload\|gateway\)"/,
      where,
    );
  }
  const other = dashboards(await render(["ci/production-values.yaml"], ["fullnameOverride=other"]));
  const otherRelease = await helmTemplate({ release: "m3b", valuesFiles: ["ci/production-values.yaml"] });
  t.true(otherRelease.some((object) => object.kind === "M3Platform"));
  t.is(other[0]?.dashboard.uid, dashboard.uid, "the uid depends on the release, not on object names");
  t.not(dashboards(otherRelease)[0]?.dashboard.uid, dashboard.uid);
});

test("the Grafana sidecar label is configurable", async (t) => {
  const objects = await render(
    [],
    [
      "grafanaDashboard.enabled=true",
      "grafanaDashboard.sidecarLabel=dashboards",
      "grafanaDashboard.sidecarLabelValue=m3",
      "grafanaDashboard.labels.extra=yes",
    ],
  );
  const [map] = ofKind(objects, "ConfigMap").filter((object) => componentOf(object) === "monitoring");
  t.like(map?.metadata.labels, {
    dashboards: "m3",
    extra: "yes",
    "app.kubernetes.io/component": "monitoring",
  });
  t.is(map?.metadata.labels?.grafana_dashboard, undefined);
});

test("the dashboard shows requests, errors and latency per route and per method, databases, capture, upload and memory", async (t) => {
  const names = new Set(
    monitoringExpressions(await production())
      .filter((expression) => expression.where.startsWith("panel"))
      .flatMap(({ expr }) => metricNames(expr)),
  );
  for (const name of [
    "http_request_duration_seconds_count",
    "http_request_duration_seconds_bucket",
    "grpc_server_handled_total",
    "grpc_server_handling_seconds_bucket",
    "m3_gateway_domain_up",
    "m3_database_up",
    "m3_database_pool_connections",
    "m3_database_pool_waiting",
    "m3_capture_cache_requests_total",
    "m3_capture_queue_waiting",
    "m3_upload_bytes_total",
    "process_resident_memory_bytes",
  ]) {
    t.true(names.has(name), name);
  }
});

test("metric names are read from PromQL without functions, labels, keywords or durations", (t) => {
  t.deepEqual(
    metricNames(
      'histogram_quantile(0.95, sum by (route, le) (rate(http_request_duration_seconds_bucket{job=~"a|b",x="up"}[5m]))) > 2.5 or on (pod) up == 0 and m3_x / ignoring(a) m3_y',
    ),
    ["http_request_duration_seconds_bucket", "up", "m3_x", "m3_y"],
  );
});

test("helm/m3/dashboards/m3.json is the one tools/dev/codegen/k8s/grafana-dashboard.ts builds (regenerate with tools/dev/codegen/k8s/generate-grafana-dashboard.ts)", (t) => {
  const committed = JSON.parse(readFileSync(join(CHART_DIR, "dashboards/m3.json"), "utf8"));
  t.deepEqual(committed, buildDashboard());
});

test("the helm test Pod asks /status and one read per enabled domain through the gateway Service", async (t) => {
  const objects = await render();
  const pods = ofKind(objects, "Pod");
  t.is(pods.length, 1);
  const pod = pods[0] as K8sObject;
  t.is(pod.metadata.annotations?.["helm.sh/hook"], "test");
  t.is(componentOf(pod), "test");
  t.is(pod.spec.restartPolicy, "Never");
  const container = pod.spec.containers[0];
  t.is(container.image, "ghcr.io/mbari-org/m3:0.1.0");
  t.deepEqual(container.command, ["node", "--input-type=module", "-e"]);
  t.is(container.args[0], readFileSync(join(CHART_DIR, "files/helm-test.mjs"), "utf8"));
  const env = envOf(container);
  const gateway = findComponent(objects, "Service", "gateway");
  t.is(env.get("M3_GATEWAY_URL"), `http://${gateway.metadata.name}.media.svc.cluster.local:8080`);
  t.deepEqual(env.get("M3_CHECK_PATHS")?.split(" "), [
    "/status",
    "/kb/v1/concept/ranks",
    "/anno/v1/fast?limit=1",
    "/vam/v1/videosequences/cameras",
    "/config/endpoints",
    "/capture/health",
    "/panoptes/v1/health",
  ]);
  t.true(pod.spec.securityContext.runAsNonRoot);
  t.true(container.securityContext.readOnlyRootFilesystem);
  await t.notThrowsAsync(validateK8sObject(pod));
  const minimal = ofKind(await render(["ci/minimal-values.yaml"]), "Pod")[0] as K8sObject;
  t.is(envOf(minimal.spec.containers[0]).get("M3_CHECK_PATHS"), "/status /kb/v1/concept/ranks");
  t.deepEqual(ofKind(await render([], ["tests.enabled=false"]), "Pod"), []);
});

test("with narrowed peers the gateway still admits the config service, the helm test Pod and the metrics scraper", async (t) => {
  const objects = await production();
  const named = (name: string) =>
    ofKind(objects, "NetworkPolicy").find((object) => object.metadata.name === name) as K8sObject;
  const [clients, scraper] = named("m3-gateway").spec.ingress;
  const test = ofKind(objects, "Pod")[0] as K8sObject;
  const config = findComponent(objects, "Deployment", "config");
  const admitted = (labels: Record<string, string> = {}) =>
    clients.from.some((peer: { podSelector?: { matchLabels: Record<string, string> } }) =>
      peer.podSelector ? selects(peer.podSelector.matchLabels, labels) : false,
    );
  t.deepEqual(clients.from[0], {
    namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "ingress-nginx" } },
  });
  t.true(admitted(test.metadata.labels), "the helm test Pod");
  t.true(admitted(config.spec.template.metadata.labels), "the config service");
  t.false(admitted(findComponent(objects, "Deployment", "kb").spec.template.metadata.labels));
  t.deepEqual(scraper, {
    from: [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }],
    ports: [{ port: 8080, protocol: "TCP" }],
  });
  const domains = named("m3-domains");
  t.deepEqual(domains.spec.ingress[1].from, scraper.from, "the domains' metrics port too");
  const open = ofKind(await render(), "NetworkPolicy").find(
    (object) => object.metadata.name === "m3-gateway",
  );
  t.deepEqual(open?.spec.ingress, [{ ports: [{ port: 8080, protocol: "TCP" }] }], "unset, anyone");
});
