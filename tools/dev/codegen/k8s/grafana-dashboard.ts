/**
 * The m3 Grafana dashboard the chart ships (helm/m3/dashboards/m3.json), built from a short
 * list of panels. The chart replaces the placeholders below when it renders the ConfigMap:
 * every query selects the release's own targets, and each release gets its own uid and title.
 */

/** Replaced by `namespace="<ns>",job=~"<release>-(kb|...|gateway)"`. */
export const SELECTOR = "M3_SELECTOR";
export const UID = "M3_DASHBOARD_UID";
export const TITLE = "M3_DASHBOARD_TITLE";

/** gRPC statuses that mean the server failed, not the caller (as the alerts count them). */
export const GRPC_SERVER_ERRORS = "UNKNOWN|INTERNAL|UNAVAILABLE|DATA_LOSS|DEADLINE_EXCEEDED|UNIMPLEMENTED";

interface Target {
  expr: string;
  legend: string;
}

interface PanelSpec {
  title: string;
  description: string;
  unit: string;
  targets: Target[];
  /** Share of the row: 8 = a third, 12 = a half. */
  width?: number;
}

interface RowSpec {
  title: string;
  panels: PanelSpec[];
}

const rate = (metric: string, filter = "") =>
  `rate(${metric}{${SELECTOR}${filter ? `,${filter}` : ""}}[$__rate_interval])`;
const sel = (metric: string, filter = "") => `${metric}{${SELECTOR}${filter ? `,${filter}` : ""}}`;
const p95 = (metric: string, by: string) =>
  `histogram_quantile(0.95, sum by (${by}, le) (${rate(`${metric}_bucket`)}))`;

const ROWS: RowSpec[] = [
  {
    title: "Gateway (REST)",
    panels: [
      {
        title: "Requests by route",
        description: "HTTP requests per second through the gateway, by route template.",
        unit: "reqps",
        targets: [
          { expr: `sum by (route) (${rate("http_request_duration_seconds_count")})`, legend: "{{route}}" },
        ],
      },
      {
        title: "Errors (5xx) by route",
        description: "Responses with a 5xx status per second, by route and status.",
        unit: "reqps",
        targets: [
          {
            expr: `sum by (route, status) (${rate("http_request_duration_seconds_count", 'status=~"5.."')})`,
            legend: "{{route}} {{status}}",
          },
        ],
      },
      {
        title: "Latency p95 by route",
        description: "95th percentile of the request duration, by route.",
        unit: "s",
        targets: [{ expr: p95("http_request_duration_seconds", "route"), legend: "{{route}}" }],
      },
    ],
  },
  {
    title: "Domains (gRPC)",
    panels: [
      {
        title: "Reached by the gateway",
        description:
          "1 when at least one gateway pod gets SERVING from the domain's health check, 0 when none does (its routes answer 503).",
        unit: "none",
        targets: [{ expr: `max by (domain) (${sel("m3_gateway_domain_up")})`, legend: "{{domain}}" }],
      },
      {
        title: "Calls by method",
        description: "gRPC calls per second handled by the domains, by service and method.",
        unit: "reqps",
        targets: [
          {
            expr: `sum by (grpc_service, grpc_method) (${rate("grpc_server_handled_total")})`,
            legend: "{{grpc_service}}/{{grpc_method}}",
          },
        ],
      },
      {
        title: "Server errors by method",
        description: `Calls per second ending ${GRPC_SERVER_ERRORS.replaceAll("|", ", ")}, by method and status.`,
        unit: "reqps",
        targets: [
          {
            expr: `sum by (grpc_method, grpc_code) (${rate("grpc_server_handled_total", `grpc_code=~"${GRPC_SERVER_ERRORS}"`)})`,
            legend: "{{grpc_method}} {{grpc_code}}",
          },
        ],
      },
      {
        title: "Latency p95 by method",
        description: "95th percentile of the time a domain took to handle a call, by method.",
        unit: "s",
        targets: [
          {
            expr: p95("grpc_server_handling_seconds", "grpc_service, grpc_method"),
            legend: "{{grpc_method}}",
          },
        ],
      },
    ],
  },
  {
    title: "Databases",
    panels: [
      {
        title: "Database up",
        description: "1 when the domain's database answers its health probe, 0 when it does not.",
        unit: "none",
        targets: [{ expr: `min by (domain) (${sel("m3_database_up")})`, legend: "{{domain}}" }],
      },
      {
        title: "Pool connections",
        description:
          "Connections of each domain's pool in use and idle, and the most it may open (summed over pods).",
        unit: "none",
        targets: [
          {
            expr: `sum by (domain, state) (${sel("m3_database_pool_connections")})`,
            legend: "{{domain}} {{state}}",
          },
          {
            expr: `sum by (domain) (${sel("m3_database_pool_max_connections")})`,
            legend: "{{domain}} max",
          },
        ],
      },
      {
        title: "Waiting for a connection",
        description: "Units of work waiting for a pool connection: above 0 for long, the pool is too small.",
        unit: "none",
        targets: [{ expr: `sum by (domain) (${sel("m3_database_pool_waiting")})`, legend: "{{domain}}" }],
      },
    ],
  },
  {
    title: "Capture and upload",
    panels: [
      {
        title: "Capture cache",
        description: "Captures per second answered from the frame cache (hit) or by ffmpeg (miss).",
        unit: "reqps",
        targets: [
          {
            expr: `sum by (result) (${rate("m3_capture_cache_requests_total")})`,
            legend: "{{result}}",
          },
        ],
        width: 6,
      },
      {
        title: "Capture queue",
        description:
          "Captures waiting for a worker against the queue's capacity, ffmpeg runs in progress, and captures refused with 503 per second.",
        unit: "none",
        targets: [
          { expr: `sum(${sel("m3_capture_queue_waiting")})`, legend: "waiting" },
          { expr: `sum(${sel("m3_capture_queue_capacity")})`, legend: "queue capacity" },
          { expr: `sum(${sel("m3_capture_workers_busy")})`, legend: "workers busy" },
          { expr: `sum(${sel("m3_capture_workers")})`, legend: "workers" },
          { expr: `sum by (reason) (${rate("m3_capture_rejected_total")})`, legend: "rejected {{reason}}/s" },
        ],
        width: 6,
      },
      {
        title: "Capture cache size",
        description: "Bytes of frames in each pod's cache.",
        unit: "bytes",
        targets: [{ expr: `sum by (pod) (${sel("m3_capture_cache_bytes")})`, legend: "{{pod}}" }],
        width: 6,
      },
      {
        title: "Upload",
        description: "Bytes of images stored per second, and uploads per second by result.",
        unit: "Bps",
        targets: [
          { expr: `sum(${rate("m3_upload_bytes_total")})`, legend: "bytes stored" },
          { expr: `sum by (result) (${rate("m3_upload_images_total")})`, legend: "uploads {{result}}/s" },
        ],
        width: 6,
      },
    ],
  },
  {
    title: "Processes",
    panels: [
      {
        title: "Resident memory",
        description: "Resident memory of each pod's process.",
        unit: "bytes",
        targets: [{ expr: `sum by (pod) (${sel("process_resident_memory_bytes")})`, legend: "{{pod}}" }],
        width: 6,
      },
      {
        title: "Heap used",
        description: "V8 heap in use, by pod.",
        unit: "bytes",
        targets: [{ expr: `sum by (pod) (${sel("nodejs_heap_size_used_bytes")})`, legend: "{{pod}}" }],
        width: 6,
      },
      {
        title: "CPU",
        description: "CPU seconds per second, by pod.",
        unit: "percentunit",
        targets: [{ expr: `sum by (pod) (${rate("process_cpu_seconds_total")})`, legend: "{{pod}}" }],
        width: 6,
      },
      {
        title: "Event loop lag p99",
        description: "99th percentile of the event loop's lag, by pod: long, and every call waits.",
        unit: "s",
        targets: [{ expr: `max by (pod) (${sel("nodejs_eventloop_lag_p99_seconds")})`, legend: "{{pod}}" }],
        width: 6,
      },
      {
        title: "Targets up",
        description: "Pods whose /metrics Prometheus scraped (1) or could not reach (0).",
        unit: "none",
        targets: [{ expr: `sum by (job) (${sel("up")})`, legend: "{{job}}" }],
        width: 24,
      },
    ],
  },
];

/** Grafana's reference to the dashboard's data source variable (not a JavaScript template). */
const DATASOURCE = { type: "prometheus", uid: ["$", "{datasource}"].join("") };

function panel(spec: PanelSpec, id: number, x: number, y: number): Record<string, unknown> {
  return {
    id,
    type: "timeseries",
    title: spec.title,
    description: spec.description,
    datasource: DATASOURCE,
    gridPos: { h: 8, w: spec.width ?? 8, x, y },
    fieldConfig: { defaults: { unit: spec.unit, custom: { fillOpacity: 10 } }, overrides: [] },
    options: { legend: { displayMode: "list", placement: "bottom" }, tooltip: { mode: "multi" } },
    targets: spec.targets.map((target, index) => ({
      refId: String.fromCharCode(65 + index),
      datasource: DATASOURCE,
      expr: target.expr,
      legendFormat: target.legend,
    })),
  };
}

/** The dashboard JSON (Grafana schema 39), placeholders included. */
export function buildDashboard(): Record<string, unknown> {
  const panels: Record<string, unknown>[] = [];
  let id = 1;
  let y = 0;
  for (const row of ROWS) {
    panels.push({
      id: id++,
      type: "row",
      title: row.title,
      collapsed: false,
      gridPos: { h: 1, w: 24, x: 0, y },
    });
    y += 1;
    let x = 0;
    for (const spec of row.panels) {
      const width = spec.width ?? 8;
      if (x + width > 24) {
        x = 0;
        y += 8;
      }
      panels.push(panel(spec, id++, x, y));
      x += width;
    }
    y += 8;
  }
  return {
    uid: UID,
    title: TITLE,
    description:
      "m3: requests, errors and latency per route and gRPC method, databases, capture, upload, processes",
    tags: ["m3"],
    editable: true,
    schemaVersion: 39,
    time: { from: "now-6h", to: "now" },
    refresh: "1m",
    templating: {
      list: [
        {
          name: "datasource",
          label: "Data source",
          type: "datasource",
          query: "prometheus",
          current: {},
          hide: 0,
        },
      ],
    },
    panels,
  };
}

/** Every PromQL expression of a dashboard (rendered or not), with the panel it belongs to. */
export function dashboardExpressions(dashboard: { panels?: unknown[] }): { panel: string; expr: string }[] {
  return (dashboard.panels ?? []).flatMap((candidate) => {
    const panel = candidate as { title?: string; targets?: { expr?: string }[] };
    return (panel.targets ?? [])
      .filter((target) => typeof target.expr === "string")
      .map((target) => ({ panel: panel.title ?? "", expr: target.expr as string }));
  });
}
