/**
 * The shape of the required-fields table: per body-taking write or query route, a valid
 * request and the fields without which the route must answer 400 naming the field.
 */
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";

/** What a row's setup and requests may use: the platform's client and its tokens. */
export interface RowContext {
  http: HttpClient;
  /** `Bearer …` of a kb administrator (kb writes need a user, not only an API key). */
  kbAdmin: string;
  /** `Bearer …` of an API-key token, valid on annotation and registry writes. */
  apiKeyToken: string;
  /** The kb's root concept, created once per platform. */
  kbRoot: string;
}

/** Values a row's setup created (uuids, names), read by its request builder. */
export interface Fixture {
  /** Annotation: an observation, its imaged moment and video reference, and what hangs on them. */
  observation: string;
  moment: string;
  video: string;
  association: string;
  image: string;
  datum: string;
  info: string;
  /** Registry: a media's sequence, video, video reference and digest. */
  sequence: string;
  reference: string;
  sha512: string;
  /** kb records. */
  concept: string;
  media: string;
  doi: string;
  citation: string;
  link: string;
  linkName: string;
  username: string;
  prefName: string;
  prefKey: string;
}

/** What a setup created; the runner refuses a request builder reading anything else. */
export type CreatedFixture = Partial<Fixture>;

export interface ValidRequest {
  /** The concrete path below the host, e.g. `/vam/v1/videos`. */
  path: string;
  /** An object (JSON or, when every value is a scalar, form) or a bare JSON array. */
  body?: Record<string, unknown> | unknown[];
  query?: Record<string, string>;
}

/** Where a row's rule comes from: the spec, or (where the spec is silent) the legacy reference. */
export type RuleSource = "spec" | "reference" | "operation";

export interface RequiredFieldsRow {
  method: "POST" | "PUT" | "DELETE";
  /** The route's full template, as base path + route table path, e.g. `/anno/v1/images/{image_reference_uuid}`. */
  route: string;
  /**
   * Each required field as the error names it: a body key (`concept`), a query parameter
   * (also a key), or an item of a list body (`annotations[0].observation_uuid`, where the
   * list name is the route's body field). A list name alone (`uuids`) means the list must
   * not be empty.
   */
  required: readonly string[];
  /** Why these fields: "spec", "reference" (the legacy request class) or "operation" (nothing exists without it). */
  source: RuleSource;
  /** Records the valid request needs (an existing video sequence, an annotation, …). */
  setup?: (ctx: RowContext) => Promise<CreatedFixture>;
  request: (fixture: Fixture, ctx: RowContext) => ValidRequest;
  /** Extra GET paths whose answers must not change when a request is refused. */
  watch?: (fixture: Fixture) => string[];
}
