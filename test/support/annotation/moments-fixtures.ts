import { randomUUID } from "node:crypto";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";

/** An image as the REST API prints it. */
export interface ImageJson {
  image_reference_uuid: string;
  video_reference_uuid: string;
  imaged_moment_uuid: string;
  url: string;
  [key: string]: unknown;
}

/** An imaged moment as the REST API prints it. */
export interface MomentJson {
  uuid: string;
  video_reference_uuid: string;
  observations: { uuid: string; concept: string; associations: unknown[] }[];
  image_references: { uuid: string; url: string }[];
  ancillary_data?: Record<string, unknown>;
  [key: string]: unknown;
}

export function imageUrl(): string {
  return `http://images.example.org/${randomUUID()}/image_1.png`;
}

/** Creates an image (and its imaged moment) through POST /v1/images. */
export async function createImage(http: HttpClient, fields: Record<string, unknown>): Promise<ImageJson> {
  const reply = await http.post("/anno/v1/images", {
    json: { url: imageUrl(), format: "image/png", ...fields },
  });
  if (reply.status !== 200) throw new Error(`create image: ${reply.status} ${reply.text}`);
  return reply.json as ImageJson;
}

/** Creates an annotation (observation on the imaged moment of the indices) through POST /v1/annotations. */
export async function createAnnotation(
  http: HttpClient,
  fields: Record<string, unknown>,
): Promise<{ observation_uuid: string; imaged_moment_uuid: string }> {
  const reply = await http.post("/anno/v1/annotations", {
    json: { concept: "Aegina", observer: "t", ...fields },
  });
  if (reply.status !== 200) throw new Error(`create annotation: ${reply.status} ${reply.text}`);
  return reply.json as { observation_uuid: string; imaged_moment_uuid: string };
}

/** Adds an association to an observation through POST /v1/associations. */
export async function createAssociation(http: HttpClient, fields: Record<string, unknown>): Promise<void> {
  const reply = await http.post("/anno/v1/associations", {
    json: { to_concept: "self", link_value: "nil", ...fields },
  });
  if (reply.status !== 200) throw new Error(`create association: ${reply.status} ${reply.text}`);
}
