import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import type { MethodAccess } from "../../../services/kit/grpc/method-access.js";

const SAMPLES = "m3.testing.v1.SampleService";

/** Who may call each fixture method, as a domain's access declarations would say. */
const SAMPLE_ACCESS = new Map<string, MethodAccess>([
  [`${SAMPLES}/GetSample`, "none"],
  [`${SAMPLES}/CreateSample`, "jwt"],
  [`${SAMPLES}/UpdateSample`, "jwt"],
  [`${SAMPLES}/ListSamples`, "none"],
  [`${SAMPLES}/ListSampleNames`, "none"],
  [`${SAMPLES}/CountSamples`, "apikey"],
  [`${SAMPLES}/DeleteSample`, "jwt"],
  [`${SAMPLES}/SetSampleNote`, "none"],
  [`${SAMPLES}/UploadSamplePayload`, "none"],
  [`${SAMPLES}/GetSamplePayload`, "none"],
]);

/**
 * The route table of the fixture SampleService. Parameter routes come before the literal
 * ones on purpose: the engine must order them itself.
 */
export const sampleRoutes: ServiceRoutes = {
  domain: "sample",
  basePath: "/sample",
  title: "Sample service",
  protoFiles: ["m3/testing/v1/sample_service.proto"],
  access: SAMPLE_ACCESS,
  casing: "snake",
  nulls: "omit",
  routes: [
    {
      method: "GET",
      path: "/v1/samples/{uuid}",
      rpc: `${SAMPLES}/GetSample`,
      query: ["with_payload"],
      summary: "One",
    },
    {
      method: "GET",
      path: "/v1/samples/names",
      rpc: `${SAMPLES}/ListSampleNames`,
      responseBody: "names",
      summary: "Names",
    },
    {
      method: "GET",
      path: "/v1/samples/count",
      rpc: `${SAMPLES}/CountSamples`,
      responseBody: "count",
      summary: "Count",
    },
    {
      method: "GET",
      path: "/v1/samples",
      rpc: `${SAMPLES}/ListSamples`,
      responseBody: "samples",
      query: ["limit", "offset", "colors"],
      summary: "List",
    },
    {
      method: "GET",
      path: "/v1/pages/samples",
      rpc: `${SAMPLES}/ListSamples`,
      query: ["limit"],
      summary: "Page",
    },
    {
      method: "POST",
      path: "/v1/samples",
      rpc: `${SAMPLES}/CreateSample`,
      body: "sample",
      bodyEncodings: ["json", "form", "multipart"],
      summary: "Create",
    },
    {
      method: "PUT",
      path: "/v1/samples/{uuid}",
      rpc: `${SAMPLES}/UpdateSample`,
      body: "*",
      summary: "Update",
    },
    {
      method: "DELETE",
      path: "/v1/samples/{uuid}",
      rpc: `${SAMPLES}/DeleteSample`,
      successStatus: 204,
      errorStatus: { NOT_FOUND: 500 },
      summary: "Delete",
    },
    {
      method: "PUT",
      path: "/v1/samples/{uuid}/note",
      rpc: `${SAMPLES}/SetSampleNote`,
      body: "note",
      bodyEncodings: ["text"],
      summary: "Note",
    },
    {
      method: "POST",
      path: "/v1/samples/{uuid}/payload",
      rpc: `${SAMPLES}/UploadSamplePayload`,
      body: "*",
      bodyEncodings: ["multipart"],
      summary: "Upload",
    },
    {
      method: "GET",
      path: "/v1/samples/{uuid}/payload",
      rpc: `${SAMPLES}/GetSamplePayload`,
      render: "http-body",
      summary: "Download",
    },
    {
      method: "GET",
      path: "/v1/camel/samples/{uuid}",
      rpc: `${SAMPLES}/GetSample`,
      casing: "camel",
      summary: "Camel",
    },
  ],
};
