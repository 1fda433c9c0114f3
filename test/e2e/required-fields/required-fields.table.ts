/**
 * Every body-taking write or query route with the fields it requires (issue 16): a request
 * lacking one answers 400 `{"message":"<field> is required","responseCode":400}` and changes
 * nothing. A unit test checks that every body-taking route of the route tables has a row here
 * or a reason in NOT_IN_TABLE.
 */
import { annotationRows } from "./required-fields.annotation.table.js";
import { kbRows } from "./required-fields.kb.table.js";
import { registryRows } from "./required-fields.registry.table.js";
import type { RequiredFieldsRow } from "./required-fields.types.js";

export type { RequiredFieldsRow } from "./required-fields.types.js";

export const REQUIRED_FIELDS_TABLE: readonly RequiredFieldsRow[] = [
  ...kbRows,
  ...annotationRows,
  ...registryRows,
];

/** Body-taking routes tested elsewhere, with why (`METHOD path` as in the route tables). */
export const NOT_IN_TABLE: Readonly<Record<string, string>> = {
  "POST /config/auth/login":
    "the body is the three-line login file, not fields; test/e2e/config/login-file.test.ts covers malformed files",
  "POST /capture/capture":
    "needs a video under CAPTURE_FILE_ROOTS and the X-Api-Key; videoUrl and elapsedTimeMillis are required by services/capture (test/unit/capture)",
  "POST /anno/v1/boxes/verify":
    "needs a signed-in user's token (the verifier is its name); its one field is delete's, association_uuids, held by test/integration/annotation/boxes/box-review.test.ts",
  "POST /capture/capture/jpg": "as POST /capture/capture",
  "POST /capture/capture/png": "as POST /capture/capture",
  "POST /capture/media/tickets":
    "needs a kb user's token or the X-Api-Key and a file under CAPTURE_FILE_ROOTS; test/e2e/capture/video-files.test.ts covers a missing videoUrl (400)",
  "POST /panoptes/v1/images/{camera_id}/{deployment_id}/{name}":
    "a multipart upload whose one part is the file; test/e2e/upload/images.test.ts covers a missing file",
};

/** Default GETs that show a domain's whole state, compared before and after a refused request. */
export function watchedPaths(route: string): string[] {
  if (route.startsWith("/kb/")) {
    return [
      "/kb/v1/concept",
      "/kb/v1/names",
      "/kb/v1/references?limit=100000",
      "/kb/v1/linktemplates?limit=100000",
      "/kb/v1/linkrealizations?limit=100000",
      "/kb/v1/history/pending?limit=100000",
      "/kb/v1/history/approved?limit=100000",
      "/kb/v1/users",
      "/kb/v1/prefs/startswith?prefix=",
    ];
  }
  if (route.startsWith("/anno/")) return ["/anno/v1/imagedmoments", "/anno/v1/videoreferences"];
  return ["/vam/v1/videosequences?limit=10000"];
}
