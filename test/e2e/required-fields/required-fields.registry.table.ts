/** Registry routes (snake_case): sources are the spec (section 4.1) and the vampire-squid reference (section 1.2). */
import { randomBytes } from "node:crypto";
import { fresh, media } from "./required-fields.fixtures.js";
import type { RequiredFieldsRow } from "./required-fields.types.js";

const V = "/vam/v1";

export const registryRows: RequiredFieldsRow[] = [
  {
    method: "PUT",
    route: `${V}/media/move/{video_reference_uuid}`,
    required: ["video_name", "start_timestamp", "duration_millis"],
    source: "reference",
    setup: media,
    request: (fx) => ({
      path: `${V}/media/move/${fx.reference}`,
      body: { video_name: fresh("moved"), start_timestamp: "2020-01-01T00:00:00Z", duration_millis: 1000 },
    }),
  },
  {
    method: "PUT",
    route: `${V}/media/{video_reference_uuid}`,
    required: [],
    source: "reference",
    setup: media,
    request: (fx) => ({ path: `${V}/media/${fx.reference}`, body: { description: "changed" } }),
  },
  {
    method: "PUT",
    route: `${V}/media`,
    required: ["sha512"],
    source: "reference",
    setup: media,
    request: (fx) => ({ path: `${V}/media`, body: { sha512: fx.sha512, description: "changed" } }),
  },
  {
    method: "POST",
    route: `${V}/media`,
    required: ["video_sequence_name", "camera_id", "video_name", "uri", "start_timestamp"],
    source: "reference",
    request: () => {
      const id = fresh("m");
      return {
        path: `${V}/media`,
        body: {
          video_sequence_name: `seq-${id}`,
          camera_id: `cam-${id}`,
          video_name: `vid-${id}`,
          uri: `http://example.org/${id}/video.mov`,
          start_timestamp: "2020-01-01T00:00:00Z",
          duration_millis: 1000,
          sha512: randomBytes(64).toString("hex"),
        },
      };
    },
  },
  {
    method: "PUT",
    route: `${V}/videosequences/{uuid}`,
    required: [],
    source: "reference",
    setup: media,
    request: (fx) => ({ path: `${V}/videosequences/${fx.sequence}`, body: { description: "changed" } }),
  },
  {
    method: "POST",
    route: `${V}/videosequences`,
    required: ["name", "camera_id"],
    source: "reference",
    request: () => ({ path: `${V}/videosequences`, body: { name: fresh("seq"), camera_id: fresh("cam") } }),
  },
  {
    method: "POST",
    route: `${V}/videos`,
    required: ["name", "video_sequence_uuid", "start_timestamp", "duration_millis"],
    source: "spec",
    setup: media,
    request: (fx) => ({
      path: `${V}/videos`,
      body: {
        name: fresh("vid"),
        video_sequence_uuid: fx.sequence,
        start_timestamp: "2020-02-02T00:00:00Z",
        duration_millis: 1234,
        description: "dive",
      },
    }),
  },
  {
    method: "PUT",
    route: `${V}/videos/{uuid}`,
    required: [],
    source: "spec",
    setup: media,
    request: (fx) => ({ path: `${V}/videos/${fx.video}`, body: { description: "changed" } }),
  },
  {
    method: "PUT",
    route: `${V}/videoreferences/{uuid}`,
    required: [],
    source: "reference",
    setup: media,
    request: (fx) => ({ path: `${V}/videoreferences/${fx.reference}`, body: { description: "changed" } }),
  },
  {
    method: "POST",
    route: `${V}/videoreferences`,
    required: ["video_uuid", "uri"],
    source: "reference",
    setup: media,
    request: (fx) => ({
      path: `${V}/videoreferences`,
      body: { video_uuid: fx.video, uri: `http://example.org/${fresh("ref")}.mp4`, container: "video/mp4" },
    }),
  },
];
