/**
 * A box value with its verifier set, every other field kept as the tools wrote it (vars-gridview
 * writes `verifier` the same way). Only values the box index holds reach here, so they parse.
 */
export function withVerifier(linkValue: string | null, verifier: string): string {
  const value = JSON.parse(linkValue ?? "{}") as Record<string, unknown>;
  return JSON.stringify({ ...value, verifier });
}
