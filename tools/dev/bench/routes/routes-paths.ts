/**
 * The GET routes of the REST contract (gateway/src/routes/endpoints.txt) as requests on
 * bench:routes' data set: each `{}` is filled with a seeded value chosen by the parameter's
 * name in the gateway's route table (and, where one name means different things, by route).
 * Routes that page (a `limit` query) ask for a page of 100, as a client would.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServiceRoutes } from "../../../../gateway/src/engine/route-spec.js";
import { allServiceRoutes } from "../../../../gateway/src/routes/index.js";
import type { RoutesSeed } from "./routes-seed.js";

const ENDPOINTS = fileURLToPath(new URL("../../../../gateway/src/routes/endpoints.txt", import.meta.url));
/** The base path endpoints.txt leaves out for these services; config and upload paths carry theirs. */
const BASE_PATHS: Readonly<Record<string, string>> = {
  kb: "/kb",
  annotation: "/anno",
  registry: "/vam",
  capture: "/capture",
  skimmer: "/skimmer",
  references: "/references",
  config: "",
  upload: "",
};
const PAGE = 100;
/** Query strings routes need to find anything (their other filters are optional). */
const QUERIES: Readonly<Record<string, string>> = {
  "/kb/v1/prefs/startswith": "prefix=%2Froutes-bench",
};

export interface BenchRoute {
  /** The route as endpoints.txt lists it, with its base path: `GET /kb/v1/concept/{}`. */
  route: string;
  /** The request: the route with its parameters filled. */
  path: string;
  /** Whether it is sent with the kb administrator's token (kb routes). */
  kb: boolean;
}

/** What each path parameter is, by its name, then by `<route template>:<name>` where names clash. */
function parameterValues(seed: RoutesSeed): {
  byName: Record<string, Record<string, string | undefined>>;
  byRoute: Record<string, string | undefined>;
} {
  const { kb, registry, annotation, upload } = seed;
  return {
    byName: {
      kb: {
        name: kb.concept,
        concept_name: kb.concept,
        link_name: kb.linkName,
        to_concept: kb.toConcept,
        role: kb.role,
      },
      annotation: {
        video_reference_uuid: annotation.videoReferenceUuid,
        observation_uuid: annotation.observationUuid,
        association_uuid: annotation.associationUuid,
        image_reference_uuid: annotation.imageReferenceUuid,
        imaged_moment_uuid: annotation.imagedMomentUuid,
        concept: annotation.concept,
        to_concept: annotation.toConcept,
        link_name: annotation.linkName,
        link_value: annotation.linkValue,
        mission_id: annotation.missionId,
        mission_contact: annotation.missionContact,
        name: annotation.imageName,
        url: annotation.imageUrl,
        start_timestamp: annotation.modifiedStart,
        end_timestamp: annotation.modifiedEnd,
        timestamp: "2020-01-01T00:00:00Z",
      },
      registry: {
        camera_id: registry.cameraId,
        video_reference_uuid: registry.videoReferenceUuid,
        video_sequence_uuid: registry.sequenceUuid,
        video_sequence_name: registry.sequenceName,
        video_name: registry.videoName,
        sha512: registry.sha512,
        uri: registry.uri,
        filename: registry.filename,
        timestamp: registry.during,
        start_timestamp: registry.start,
        end_timestamp: registry.end,
      },
      upload: { camera_id: upload.cameraId, deployment_id: upload.deploymentId, name: upload.name },
    },
    byRoute: {
      "/kb/v1/media/{id}:id": kb.mediaId,
      "/kb/v1/references/{id}:id": kb.referenceId,
      "/kb/v1/linktemplates/{id}:id": kb.linkTemplateId,
      "/kb/v1/linkrealizations/{id}:id": kb.linkRealizationId,
      "/kb/v1/history/{id}:id": kb.historyId,
      "/kb/v1/users/{name}:name": kb.user,
      "/anno/v1/videoreferences/{uuid}:uuid": annotation.infoUuid,
      "/anno/v1/observations/{uuid}:uuid": annotation.observationUuid,
      "/anno/v1/associations/{uuid}:uuid": annotation.associationUuid,
      "/anno/v1/imagedmoments/{uuid}:uuid": annotation.imagedMomentUuid,
      "/anno/v1/imagereferences/{uuid}:uuid": annotation.imageReferenceUuid,
      "/anno/v1/ancillarydata/{uuid}:uuid": annotation.ancillaryDataUuid,
      "/vam/v1/videosequences/lastupdate/{uuid}:uuid": registry.sequenceUuid,
      "/vam/v1/videosequences/{uuid}:uuid": registry.sequenceUuid,
      "/vam/v1/videosequences/name/{name}:name": registry.sequenceName,
      "/vam/v1/videos/lastupdate/{uuid}:uuid": registry.videoUuid,
      "/vam/v1/videos/{uuid}:uuid": registry.videoUuid,
      "/vam/v1/videos/name/{name}:name": registry.videoName,
      "/vam/v1/videoreferences/lastupdate/{uuid}:uuid": registry.videoReferenceUuid,
      "/vam/v1/videoreferences/{uuid}:uuid": registry.videoReferenceUuid,
      "/references/query/dive/{video_sequence_name}:video_sequence_name": registry.sequenceName,
      "/references/count/dive/{video_sequence_name}:video_sequence_name": registry.sequenceName,
      "/references/query/file/{video_file_name}:video_file_name": registry.filename,
    },
  };
}

/** `GET /kb/v1/concept/{}` and the like, for every GET line of endpoints.txt. */
export function listedGetRoutes(): string[] {
  return readFileSync(ENDPOINTS, "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, method]) => method === "GET")
    .map(([service, , path]) => `GET ${BASE_PATHS[service as string] ?? ""}${path}`);
}

const anonymous = (template: string) => template.replace(/\{\w+\}/g, "{}");

/** Each listed GET route as a request on the seeded data; a route whose value is missing throws. */
export function benchRoutes(seed: RoutesSeed, filter?: RegExp): BenchRoute[] {
  const specs = new Map<string, { service: ServiceRoutes; template: string; query: readonly string[] }>();
  for (const service of allServiceRoutes) {
    for (const spec of service.routes) {
      if (spec.method !== "GET") continue;
      const template = `${service.basePath}${spec.path}`;
      specs.set(`GET ${anonymous(template)}`, { service, template, query: spec.query ?? [] });
    }
  }
  const values = parameterValues(seed);
  return listedGetRoutes()
    .filter((route) => !filter || filter.test(route))
    .map((route) => {
      const spec = specs.get(route);
      if (!spec) return { route, path: route.slice("GET ".length), kb: false };
      const path = spec.template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value =
          values.byRoute[`${spec.template}:${name}`] ?? values.byName[spec.service.domain]?.[name];
        if (value === undefined) throw new Error(`no seeded value for {${name}} of ${route}`);
        return encodeURIComponent(value);
      });
      const query = QUERIES[spec.template] ?? (spec.query.includes("limit") ? `limit=${PAGE}` : "");
      return { route, path: query ? `${path}?${query}` : path, kb: spec.service.domain === "kb" };
    });
}
