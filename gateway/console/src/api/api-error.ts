/** A failed call, phrased for a person: what was asked, and what the server (or the network) said. */
export class ApiError extends Error {
  constructor(
    readonly what: string,
    readonly status: number | undefined,
    readonly reason: string,
  ) {
    super(`${what} failed: ${status === undefined ? "" : `${status} `}${reason}`);
    this.name = "ApiError";
  }
}

/** The message of a legacy error body, whichever shape the domain answers with. */
export function reasonOf(body: unknown, statusText: string): string {
  if (typeof body === "string" && body.trim() !== "") return body.slice(0, 300);
  if (body !== null && typeof body === "object") {
    const fields = body as Record<string, unknown>;
    for (const key of ["message", "error", "reason", "detail"]) {
      const value = fields[key];
      if (typeof value === "string" && value !== "") return value;
    }
  }
  return statusText || "no answer";
}
