/**
 * Something that emits "close", as an HTTP response does when its client goes away: a call still
 * running then is cancelled. (An emitter rather than an AbortSignal: an AbortController per
 * request cost ~3% of a short GET's CPU in the all-in-one.)
 */
export interface ClosingSource {
  once(event: "close", listener: () => void): unknown;
  off(event: "close", listener: () => void): unknown;
}
