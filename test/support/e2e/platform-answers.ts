/**
 * What a platform answers on a representative list of read routes of every domain, so two
 * platforms (a backup's source and its restored target) can be compared answer by answer.
 */
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { FilledPlatform } from "./platform-fill.js";

export interface Answer {
  status: number;
  body: unknown;
}

/** `unordered`: the route promises no order, and the engines list its rows differently. */
type Request = ({ method: "GET" } | { method: "POST"; json: unknown }) & { unordered?: boolean };

function routes(filled: FilledPlatform): Record<string, Request> {
  const get: Request = { method: "GET" };
  const e = encodeURIComponent;
  const [video] = filled.annotated as [string];
  const sequence = filled.media[0]?.video_sequence_name ?? "";
  const { cameraId, deploymentId, name } = filled.image;
  const list: Record<string, Request> = {
    "/kb/v1/concept": get,
    "/kb/v1/concept/query/root": get,
    [`/kb/v1/concept/${e(filled.concept)}`]: get,
    [`/kb/v1/concept/${e(filled.synonym)}`]: get,
    "/kb/v1/concept/Nanomia%20bijuga": get,
    [`/kb/v1/raw/concept/${e(filled.concept)}`]: get,
    [`/kb/v1/phylogeny/up/${e(filled.concept)}`]: get,
    "/kb/v1/phylogeny/down/Siphonophorae": get,
    "/kb/v1/phylogeny/taxa/Nanomia": get,
    "/kb/v1/names": get,
    [`/kb/v1/names/${e(filled.concept)}`]: get,
    "/kb/v1/references": get,
    [`/kb/v1/linkrealizations/concept/${e(filled.concept)}`]: get,
    [`/kb/v1/history/concept/${e(filled.concept)}`]: get,
    "/kb/v1/users": get,
    [`/kb/v1/users/${e(filled.users[0] ?? "")}`]: get,
    [`/kb/v1/prefs/startswith?prefix=${e(filled.prefNode)}`]: get,
    "/vam/v1/videosequences/names": get,
    "/vam/v1/videosequences": get,
    [`/vam/v1/media/videosequence/${e(sequence)}`]: get,
    "/vam/v1/videos": get,
    "/vam/v1/videoreferences": get,
    "/anno/v1/videoreferences": get,
    "/anno/v1/observations/concepts": get,
    "/anno/v1/imagedmoments/count/all": get,
    "/anno/v1/fast/count": get,
    "/anno/v1/fast": { method: "POST", json: { video_reference_uuids: filled.annotated } },
    // Over every annotation: answered from the counts kept per metre and per day.
    "/anno/v1/histogram/depth?size=50": { method: "POST", json: { min_depth: 0 } },
    "/anno/v1/histogram/time?size=1": {
      method: "POST",
      json: { min_timestamp: "2021-05-30T00:00:00Z", max_timestamp: "2021-06-04T00:00:00Z" },
    },
    "/anno/v1/query/download": {
      method: "POST",
      json: {
        select: QUERY_COLUMNS,
        where: [{ column: "video_reference_uuid", in: filled.annotated }],
        orderBy: ["observation_uuid", "link_name"],
      },
    },
    [`/panoptes/v1/images/${cameraId}/${deploymentId}/${e(name)}`]: get,
  };
  for (const uuid of filled.annotated) {
    list[`/anno/v1/annotations/videoreference/${uuid}`] = get;
    list[`/anno/v1/ancillarydata/videoreference/${uuid}`] = { method: "GET", unordered: true };
    list[`/vam/v1/media/videoreference/${uuid}`] = get;
  }
  list[`/anno/v1/imagedmoments/videoreference/${video}`] = get;
  return list;
}

const QUERY_COLUMNS = [
  "observation_uuid",
  "concept",
  "observer",
  "index_recorded_timestamp",
  "index_elapsed_time_millis",
  "link_name",
  "link_value",
  "image_url",
  "depth_meters",
  "latitude",
  "video_sequence_name",
];

/** Each route's status and body (JSON parsed, else the text); writes-only routes use the API key's token. */
export async function readAnswers(http: HttpClient, filled: FilledPlatform): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {};
  for (const [path, request] of Object.entries(routes(filled))) {
    const reply =
      request.method === "GET"
        ? await http.get(path, { auth: true })
        : await http.post(path, { json: request.json, auth: false });
    const body = reply.json === undefined ? reply.text : reply.json;
    answers[`${request.method} ${path}`] = {
      status: reply.status,
      body: request.unordered && Array.isArray(body) ? sortedByJson(body) : body,
    };
  }
  return answers;
}

function sortedByJson(items: unknown[]): unknown[] {
  return items
    .map((item) => [JSON.stringify(item), item] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);
}
