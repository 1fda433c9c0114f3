import type { Context } from "koa";

/** The legacy error body every m3 service answers with (camelCase `responseCode`). */
export interface ErrorBody {
  message: string;
  responseCode: number;
}

/** An error the gateway answers itself; its message is shown to the client. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Response headers to send with the error body, e.g. `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export function badRequest(message: string): GatewayError {
  return new GatewayError(400, message);
}

export function writeErrorBody(ctx: Context, status: number, message: string): void {
  const body: ErrorBody = { message, responseCode: status };
  ctx.status = status;
  ctx.type = "application/json";
  ctx.body = JSON.stringify(body);
}
