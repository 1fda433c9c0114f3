import { STATUS_CODES } from "node:http";
import type { Middleware } from "koa";
import { GatewayError, writeErrorBody } from "../engine/error-body.js";

/** Messages for statuses the router sets on its own, in the legacy services' wording. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  404: "Not found",
  405: "Method not allowed",
  501: "Not implemented",
};

/** The error a request ended with, kept for the request log line. */
export interface ErrorState {
  error?: unknown;
}

/**
 * Every error leaves as the JSON error body, never as plain text or a stack trace; so does
 * a status set without a body (404 unknown path, 405 wrong method).
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status >= 400 && ctx.body == null) {
        writeErrorBody(ctx, ctx.status, STATUS_MESSAGES[ctx.status] ?? STATUS_CODES[ctx.status] ?? "Error");
      }
    } catch (error) {
      const { status, message } = clientErrorOf(error);
      if (status >= 500) (ctx.state as ErrorState).error = error;
      if (error instanceof GatewayError) ctx.set(error.headers);
      writeErrorBody(ctx, status, message);
    }
  };
}

function clientErrorOf(error: unknown): { status: number; message: string } {
  if (error instanceof GatewayError) return { status: error.status, message: error.message };
  const { status, expose, message } = error as { status?: unknown; expose?: unknown; message?: unknown };
  if (
    typeof status === "number" &&
    status >= 400 &&
    status < 500 &&
    expose === true &&
    typeof message === "string"
  ) {
    return { status, message };
  }
  return { status: 500, message: "Internal server error" };
}
