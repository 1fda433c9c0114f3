import type { ChannelOptions, ServerOptions } from "@grpc/grpc-js";

/**
 * How m3's gRPC servers treat their connections. Keep-alive pings find a gateway that went away
 * without closing its connection (a node lost) within 80 s. The number of concurrent streams is
 * left unlimited (Node's default): a gateway sends all its calls over one connection, and a
 * limit would queue them behind long downloads. Channelz is off (its per-call bookkeeping is
 * ~10% of grpc-js' server CPU per call): the connections a shutdown's grace period must cut,
 * which grpc-js' forceShutdown() finds only through channelz, are cut by open-sessions.ts.
 *
 * A connection lives at most about 2 minutes (grpc-js adds up to 10% jitter): the server then sends
 * a GOAWAY that lets every call already sent finish, and the client connects again, resolving
 * the domain's name anew. That is how replicas added since (an HPA's) get their share of a
 * gateway's calls: a client balances over the addresses it resolved, and would otherwise keep its
 * connections to the old ones for ever. Calls still running 10 minutes after the GOAWAY (a long
 * download) are cut.
 */
export const SERVER_TRANSPORT_OPTIONS: ServerOptions = {
  "grpc.keepalive_time_ms": 60_000,
  "grpc.keepalive_timeout_ms": 20_000,
  "grpc.max_connection_age_ms": 120_000,
  "grpc.max_connection_age_grace_ms": 600_000,
  "grpc.enable_channelz": 0,
};

/**
 * How the gateway's channels to the domains behave. Keep-alive pings, also on an idle channel,
 * find a dead connection (a domain's pod gone) before a request does. Replies such as TSV
 * exports and images may exceed grpc-js' 4 MB default. The HTTP/2 flow-control window stays at its
 * 64 KiB default: a larger one (1 or 4 MiB) let a streamed reply run ahead of a slow reader by
 * more than the gateway's stream-memory test allows (12-13 MiB), for no measured gain. Retries are
 * on: the gateway's service config per domain (gateway/src/engine/channel-config.ts) retries its
 * idempotent reads once on UNAVAILABLE within a budget, and grpc-js retries a call refused before
 * it ran (a replica shutting down). A replica whose address stops answering is tried again after
 * 1 s growing to 10 s at most (grpc-js' default grows to 2 minutes), and a `dns:///` name is
 * resolved again at most every 5 s (default 30 s), so a restarted pod is back in the rotation soon.
 * Channelz (grpc-js' per-call counters and timestamps for a debugging service m3 does not serve)
 * is off. The gateway's own unary client (gateway/src/engine/http2-replicas.ts) keeps the same
 * keep-alive, reconnect and resolution timings.
 */
export const GATEWAY_CHANNEL_OPTIONS: ChannelOptions = {
  "grpc.keepalive_time_ms": 30_000,
  "grpc.keepalive_timeout_ms": 10_000,
  "grpc.keepalive_permit_without_calls": 1,
  "grpc.max_receive_message_length": -1,
  "grpc.max_send_message_length": -1,
  "grpc.enable_retries": 1,
  "grpc.max_reconnect_backoff_ms": 10_000,
  "grpc.dns_min_time_between_resolutions_ms": 5_000,
  "grpc.enable_channelz": 0,
};
