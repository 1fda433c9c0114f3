import type { ChannelOptions, ServerOptions } from "@grpc/grpc-js";

/**
 * How m3's gRPC servers treat their connections. Keep-alive pings find a gateway that went away
 * without closing its connection (a node lost) within 80 s. The number of concurrent streams is
 * left unlimited (Node's default): a gateway sends all its calls over one connection, and a
 * limit would queue them behind long downloads. Channelz stays on here: grpc-js (1.14) tracks the
 * connections forceShutdown() cuts only through it, so without it a shutdown's grace period
 * would not end the calls still running.
 */
export const SERVER_TRANSPORT_OPTIONS: ServerOptions = {
  "grpc.keepalive_time_ms": 60_000,
  "grpc.keepalive_timeout_ms": 20_000,
};

/**
 * How the gateway's channels to the domains behave. Keep-alive pings, also on an idle channel,
 * find a dead connection (a domain's pod gone) before a request does. Replies such as TSV
 * exports and images may exceed grpc-js' 4 MB default. The HTTP/2 flow-control window stays at its
 * 64 KiB default: a larger one (1 or 4 MiB) let a streamed reply run ahead of a slow reader by
 * more than the gateway's stream-memory test allows (12-13 MiB), for no measured gain. Retries are off: the gateway
 * retries nothing (a failed call is the client's to retry), and without them grpc-js neither
 * keeps a copy of each request nor tracks a retry budget. Channelz (grpc-js' per-call counters and
 * timestamps for a debugging service m3 does not serve) is off.
 */
export const GATEWAY_CHANNEL_OPTIONS: ChannelOptions = {
  "grpc.keepalive_time_ms": 30_000,
  "grpc.keepalive_timeout_ms": 10_000,
  "grpc.keepalive_permit_without_calls": 1,
  "grpc.max_receive_message_length": -1,
  "grpc.max_send_message_length": -1,
  "grpc.enable_retries": 0,
  "grpc.enable_channelz": 0,
};
