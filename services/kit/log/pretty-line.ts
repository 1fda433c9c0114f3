/** Fields the readable line says in words, so they are not repeated among the other fields. */
export const FIELDS_IN_MESSAGE = [
  "pid",
  "hostname",
  "name",
  "domain",
  "method",
  "path",
  "status",
  "durationMs",
];

/**
 * The message of a readable log line: `[domain]` first when the event names one, and an access
 * line as a person reads it (`GET /kb/v1/concept/Aegina 200 3.1 ms`).
 */
export function prettyMessage(event: Record<string, unknown>, messageKey: string): string {
  const domain = typeof event.domain === "string" ? `[${event.domain}] ` : "";
  const message = String(event[messageKey] ?? "");
  if (typeof event.method !== "string" || typeof event.path !== "string") return `${domain}${message}`;
  const duration = typeof event.durationMs === "number" ? ` ${event.durationMs} ms` : "";
  const status = event.status === undefined ? "" : ` ${String(event.status)}`;
  const access = `${event.method} ${event.path}${status}${duration}`;
  return message === "request" ? `${domain}${access}` : `${domain}${message}: ${access}`;
}
