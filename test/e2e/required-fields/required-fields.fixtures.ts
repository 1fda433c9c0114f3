/** Records the required-fields rows build their valid requests on, created through the API. */
import { randomBytes, randomUUID } from "node:crypto";
import type { RequestOptions } from "../../../tools/dev/fixtures/http-client.js";
import type { CreatedFixture, RowContext } from "./required-fields.types.js";

export const fresh = (prefix: string): string => `${prefix}-${randomBytes(5).toString("hex")}`;

/** A write that must succeed; its JSON answer. */
export async function created(
  ctx: RowContext,
  method: "POST" | "PUT",
  path: string,
  options: RequestOptions,
): Promise<Record<string, unknown>> {
  const reply = await ctx.http.request(method, path, options);
  if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text}`);
  return reply.json as Record<string, unknown>;
}

const annoAuth = (ctx: RowContext) => ctx.apiKeyToken;

/** An annotation on a fresh video reference, at a recorded timestamp. */
export async function annotation(ctx: RowContext): Promise<CreatedFixture> {
  const reply = await created(ctx, "POST", "/anno/v1/annotations", {
    auth: annoAuth(ctx),
    json: {
      video_reference_uuid: randomUUID(),
      concept: fresh("concept"),
      recorded_timestamp: "2021-03-04T05:06:07Z",
      elapsed_time_millis: 1000,
    },
  });
  return {
    observation: String(reply.observation_uuid),
    moment: String(reply.imaged_moment_uuid),
    video: String(reply.video_reference_uuid),
  };
}

/** An annotation with an association, an image and ancillary data on its imaged moment. */
export async function richAnnotation(ctx: RowContext): Promise<CreatedFixture> {
  const base = await annotation(ctx);
  const association = await created(ctx, "POST", "/anno/v1/associations", {
    auth: annoAuth(ctx),
    json: { observation_uuid: base.observation, link_name: "eating", to_concept: "self", link_value: "nil" },
  });
  const image = await created(ctx, "POST", "/anno/v1/images", {
    auth: annoAuth(ctx),
    json: {
      video_reference_uuid: base.video,
      url: `http://example.org/${fresh("img")}.png`,
      elapsed_time_millis: 1000,
    },
  });
  const datum = await created(ctx, "POST", "/anno/v1/ancillarydata", {
    auth: annoAuth(ctx),
    json: { imaged_moment_uuid: base.moment, latitude: 36.7, longitude: -122, depth_meters: 100 },
  });
  return {
    ...base,
    association: String(association.uuid),
    image: String(image.image_reference_uuid),
    datum: String(datum.uuid),
  };
}

export async function videoReferenceInfo(ctx: RowContext): Promise<CreatedFixture> {
  const info = await created(ctx, "POST", "/anno/v1/videoreferences", {
    auth: annoAuth(ctx),
    json: { video_reference_uuid: randomUUID(), platform_name: "Ventana", mission_id: fresh("dive") },
  });
  return { info: String(info.uuid) };
}

/** A sequence with one video and one video reference in the registry. */
export async function media(ctx: RowContext): Promise<CreatedFixture> {
  const id = fresh("m");
  const reply = await created(ctx, "POST", "/vam/v1/media", {
    auth: ctx.apiKeyToken,
    json: {
      video_sequence_name: `seq-${id}`,
      camera_id: `cam-${id}`,
      video_name: `vid-${id}`,
      uri: `http://example.org/${id}/video.mp4`,
      start_timestamp: "2020-01-01T00:00:00Z",
      duration_millis: 600_000,
      sha512: randomBytes(64).toString("hex"),
    },
  });
  return {
    sequence: String(reply.video_sequence_uuid),
    video: String(reply.video_uuid),
    reference: String(reply.video_reference_uuid),
    sha512: String(reply.sha512),
  };
}

/** A concept under the kb's root. */
export async function concept(ctx: RowContext): Promise<CreatedFixture> {
  const name = fresh("Concept");
  await created(ctx, "POST", "/kb/v1/concept", {
    auth: ctx.kbAdmin,
    json: { name, parentName: ctx.kbRoot },
  });
  return { concept: name };
}

export async function kbMedia(ctx: RowContext): Promise<CreatedFixture> {
  const base = await concept(ctx);
  const reply = await created(ctx, "POST", "/kb/v1/media", {
    auth: ctx.kbAdmin,
    json: { conceptName: base.concept, url: `http://example.org/${fresh("kb")}.jpg` },
  });
  return { ...base, media: String(reply.id) };
}

export async function reference(ctx: RowContext): Promise<CreatedFixture> {
  const base = await concept(ctx);
  const doi = `https://doi.org/10.1000/${fresh("doi")}`;
  const reply = await created(ctx, "POST", "/kb/v1/references", {
    auth: ctx.kbAdmin,
    json: { citation: fresh("Citation"), doi },
  });
  return { ...base, reference: String(reply.id), doi, citation: String(reply.citation) };
}

/** A link template (or realization) on a fresh concept. */
export async function link(
  ctx: RowContext,
  family: "linktemplates" | "linkrealizations",
): Promise<CreatedFixture> {
  const base = await concept(ctx);
  const reply = await created(ctx, "POST", `/kb/v1/${family}`, {
    auth: ctx.kbAdmin,
    json: { concept: base.concept, linkName: fresh("link"), toConcept: "self", linkValue: "nil" },
  });
  return { ...base, link: String(reply.id), linkName: String(reply.linkName) };
}

export async function user(ctx: RowContext): Promise<CreatedFixture> {
  const username = fresh("user").replace("-", "");
  await created(ctx, "POST", "/kb/v1/users", {
    auth: ctx.kbAdmin,
    json: { username, password: `pw-${username}`, role: "ReadOnly" },
  });
  return { username };
}

export async function preference(ctx: RowContext): Promise<CreatedFixture> {
  const name = fresh("node");
  await created(ctx, "POST", "/kb/v1/prefs", {
    auth: ctx.kbAdmin,
    json: { name, key: "colour", value: "blue" },
  });
  return { prefName: name, prefKey: "colour" };
}
