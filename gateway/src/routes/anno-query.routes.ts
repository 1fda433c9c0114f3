import type { RouteSpec } from "../engine/route-spec.js";

const HISTOGRAM = "m3.annotation.v1.HistogramService";
const QUERY = "m3.annotation.v1.TabularQueryService";

/** The .proto files of the histogram and tabular query routes. */
export const ANNO_QUERY_PROTO_FILES = [
  "m3/annotation/v1/histogram_service.proto",
  "m3/annotation/v1/tabular_query_service.proto",
  "m3/annotation/v1/fast_query_constraints.proto",
] as const;

/** Histograms (legacy /v1/histogram) and the tabular query over the annotations view (legacy /v1/query). */
export const annotationQueryRoutes: RouteSpec[] = [
  {
    method: "POST",
    path: "/v1/histogram/depth",
    rpc: `${HISTOGRAM}/GetDepthHistogram`,
    body: "constraints",
    bodyEncodings: ["json"],
    query: ["size"],
    summary: "Annotations per depth bin of `size` metres (default 50) matching query constraints",
  },
  {
    method: "POST",
    path: "/v1/histogram/time",
    rpc: `${HISTOGRAM}/GetTimeHistogram`,
    body: "constraints",
    bodyEncodings: ["json"],
    query: ["size"],
    summary: "Annotations per recorded-time bin of `size` days (default 50) matching query constraints",
  },
  {
    method: "GET",
    path: "/v1/query/columns",
    rpc: `${QUERY}/ListQueryColumns`,
    responseBody: "columns",
    casing: "camel",
    summary: "The columns of the annotations view (name, type, size, label, Java class)",
  },
  {
    method: "POST",
    path: "/v1/query/run",
    rpc: `${QUERY}/RunQuery`,
    body: "query",
    bodyEncodings: ["json"],
    render: "http-body-stream",
    summary: "Run a query over the annotations view; tab-separated text, nulls printed as null",
  },
  {
    method: "POST",
    path: "/v1/query/download",
    rpc: `${QUERY}/DownloadQuery`,
    body: "query",
    bodyEncodings: ["json"],
    render: "http-body-stream",
    summary: "Run a query over the annotations view as a results.tsv download, streamed",
  },
  {
    method: "POST",
    path: "/v1/query/count",
    rpc: `${QUERY}/CountQuery`,
    body: "query",
    bodyEncodings: ["json"],
    summary: "Count the rows of the annotations view matching a query's constraints",
  },
];
