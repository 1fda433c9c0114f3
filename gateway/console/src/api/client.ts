import createClient from "openapi-fetch";
import type { paths as AnnotationPaths } from "./generated/annotation";
import type { paths as KbPaths } from "./generated/kb";
import type { paths as RegistryPaths } from "./generated/registry";
import { send } from "./http";

/**
 * Typed clients of the domains the console reads, generated from the OpenAPI documents the
 * gateway serves (npm run console:api). `send` adds the token and turns failures into ApiError,
 * so `data` is always there when a call returns.
 */
export const kb = createClient<KbPaths>({ baseUrl: `${location.origin}/kb`, fetch: send });
export const anno = createClient<AnnotationPaths>({ baseUrl: `${location.origin}/anno`, fetch: send });
export const vam = createClient<RegistryPaths>({ baseUrl: `${location.origin}/vam`, fetch: send });

/** The body of a call that succeeded (a failed one has already thrown an ApiError). */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

export type AnnotationSchemas = import("./generated/annotation").components["schemas"];
export type KbSchemas = import("./generated/kb").components["schemas"];
export type RegistrySchemas = import("./generated/registry").components["schemas"];
