/** m3's gRPC clients for internal callers (docs/clients.md: "gRPC for internal callers"). */
export { ApiKeyTokens } from "./api-key-tokens.js";
export { bearerInterceptor } from "./bearer-interceptor.js";
export { M3_CHANNEL_OPTIONS } from "./channel-options.js";
export { createM3Clients, type M3ClientOptions, type M3Clients } from "./m3-clients.js";
export { unary } from "./unary.js";
