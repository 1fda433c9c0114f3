import { ANNOTATION_RPC_ACCESS } from "../../../services/annotation/annotation.access.js";
import type { RouteSpec, ServiceRoutes } from "../engine/route-spec.js";

const DATASETS = "m3.annotation.v1.DatasetService";
const PAGE_DATA = ["limit", "offset", "data"] as const;

/** A dataset route: `{"media": […], "annotations": […]}`, the annotations streamed as they are read. */
function datasetRoute(path: string, rpc: string, summary: string): RouteSpec {
  return {
    method: "GET",
    path,
    rpc: `${DATASETS}/${rpc}`,
    render: "json-stream-object",
    responseBody: "annotations",
    query: PAGE_DATA,
    summary,
  };
}

/**
 * Publication datasets (legacy charybdis, proxied at /references): served by the annotation
 * domain, camelCase JSON as charybdis's default build prints it (snake_case as its other build
 * does, when the deployment says so), absent fields left out.
 */
export const referencesRoutes: ServiceRoutes = {
  domain: "annotation",
  name: "references",
  basePath: "/references",
  title: "m3 publication datasets (charybdis)",
  protoFiles: ["m3/annotation/v1/dataset_service.proto", "m3/common/v1/health.proto"],
  access: ANNOTATION_RPC_ACCESS,
  casing: "camel",
  // As charybdis's snake_case build (mbari/charybdis_sc), with M3_REFERENCES_CASING=snake.
  otherCasing: "snake",
  nulls: "omit",
  routes: [
    datasetRoute(
      "/query/concept/{concept}",
      "ListDatasetByConcept",
      "A concept's annotations (that name only) and their media; limit (default and maximum 50,000), offset, data (ancillary data, default true)",
    ),
    datasetRoute(
      "/query/dive/{video_sequence_name}",
      "ListDatasetByDive",
      "A dive's annotations, video by video in the order of their starts, and their media",
    ),
    datasetRoute(
      "/query/file/{video_file_name}",
      "ListDatasetByVideoFile",
      "The annotations of the videos whose URI ends with the file name, and their media",
    ),
    {
      method: "GET",
      path: "/count/dive/{video_sequence_name}",
      rpc: `${DATASETS}/CountDatasetByDive`,
      summary: "A dive's annotation count, with each video reference's",
    },
    {
      method: "GET",
      path: "/health",
      rpc: `${DATASETS}/GetDatasetHealth`,
      summary: "Health and runtime figures of the dataset service",
    },
    {
      method: "GET",
      path: "/v1/health",
      rpc: `${DATASETS}/GetDatasetHealth`,
      summary:
        "The same health record below /v1, where the config service polls it when it lists charybdis at /references/v1 (as raziel's list in vars-quickstart-public does)",
    },
  ],
};
