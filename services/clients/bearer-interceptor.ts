import { InterceptingCall, type Interceptor } from "@grpc/grpc-js";
import type { ApiKeyTokens } from "./api-key-tokens.js";

/**
 * Puts `authorization: Bearer <token>` in every call's metadata (fetching or renewing the
 * token first when needed) and gives a call without a deadline the default one, so no call
 * waits forever on a domain that does not answer.
 */
export function bearerInterceptor(
  tokens: ApiKeyTokens | undefined,
  defaultDeadlineMillis: number,
): Interceptor {
  return (options, nextCall) => {
    const withDeadline =
      options.deadline === undefined ? { ...options, deadline: Date.now() + defaultDeadlineMillis } : options;
    return new InterceptingCall(nextCall(withDeadline), {
      start(metadata, listener, next) {
        if (!tokens) {
          next(metadata, listener);
          return;
        }
        // grpc-js holds the call's message until next() runs, so the token may arrive later.
        tokens.token().then(
          (token) => {
            metadata.set("authorization", `Bearer ${token}`);
            next(metadata, listener);
          },
          // Without a token the domain answers UNAUTHENTICATED, which names what is missing.
          () => next(metadata, listener),
        );
      },
    });
  };
}
