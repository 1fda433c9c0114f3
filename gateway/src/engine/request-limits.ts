/**
 * The sizes a request may ask for (OWASP API4, unrestricted resource consumption), the same
 * on every route; bodies are bounded by their codecs (413), files by the upload limit.
 */
import { badRequest } from "./error-body.js";
import type { RenderMode } from "./route-spec.js";

/** Largest page (`limit`) of a route whose answer is built in memory. */
export const MAX_PAGE_LIMIT = 10_000;
/** Largest list in a request: the items of a bulk write, the values of a filter. */
export const MAX_LIST_ITEMS = 10_000;

const STREAMED: ReadonlySet<RenderMode> = new Set(["json-stream", "json-stream-object", "http-body-stream"]);

/**
 * Refuses a `limit` over MAX_PAGE_LIMIT on a route that builds its answer in memory; a streamed
 * answer flows at constant memory, so its limit is not capped.
 */
export function checkPageLimit(
  request: Readonly<Record<string, unknown>>,
  render: RenderMode,
  maxLimit = MAX_PAGE_LIMIT,
): void {
  const limit = request.limit;
  if (typeof limit === "number" && limit > maxLimit && !STREAMED.has(render)) {
    throw badRequest(`limit must be at most ${maxLimit}`);
  }
}

export function checkListLength(items: readonly unknown[], label: string): void {
  if (items.length > MAX_LIST_ITEMS) {
    throw badRequest(`${label === "" ? "request body" : label} holds more than ${MAX_LIST_ITEMS} items`);
  }
}
