import { ERROR_BODY } from "../openapi/openapi-document.js";
import type { Schema } from "../openapi/openapi-schemas.js";

/** Where the video files are served, below capture's base path. */
export const VIDEO_FILE_PATH = "/media";

const ERROR = {
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_BODY}` } } },
};
const BYTES = { content: { "video/*": { schema: { type: "string", format: "binary" } } } };

/** `GET /media`, which no route-table entry declares, added to capture's OpenAPI document. */
export function withVideoFileRoute(document: Schema): Schema {
  const get = {
    operationId: "ReadVideoFile",
    summary:
      "A `file:` video under the capture file roots, whole or one byte range, for a browser's video element; the ticket from POST /media/tickets is the credential",
    parameters: [
      { name: "ticket", in: "query", required: true, schema: { type: "string" } },
      { name: "Range", in: "header", schema: { type: "string", example: "bytes=0-1048575" } },
      { name: "If-Range", in: "header", schema: { type: "string" } },
    ],
    responses: {
      "200": { description: "The whole file (no range, several ranges, or a stale If-Range)", ...BYTES },
      "206": { description: "The range asked for, with Content-Range", ...BYTES },
      "401": { description: "No ticket, or one forged, altered or expired", ...ERROR },
      "403": { description: "The ticket's file is outside the capture file roots", ...ERROR },
      "404": { description: "The file is not there", ...ERROR },
      "416": { description: "The range starts past the end; Content-Range: bytes */<size>", ...ERROR },
    },
  };
  const paths = (document.paths ?? {}) as Record<string, Schema>;
  return { ...document, paths: { ...paths, [VIDEO_FILE_PATH]: { get } } };
}
