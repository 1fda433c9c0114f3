/**
 * The HTTP/2 sessions of the gateway's unary client (http2-replicas.ts), and the timings of its
 * connections.
 */
import { type ClientHttp2Session, connect as connectHttp2 } from "node:http2";
import { connect as connectSocket } from "node:net";
import { GATEWAY_CHANNEL_OPTIONS } from "../../../services/kit/grpc/transport-options.js";
import { addressKey, type TargetAddress } from "./grpc-target.js";

/** The gateway channel's own settings (transport-options.ts), so both clients behave alike. */
export const REPLICA_TIMINGS = {
  keepaliveMillis: Number(GATEWAY_CHANNEL_OPTIONS["grpc.keepalive_time_ms"]),
  keepaliveTimeoutMillis: Number(GATEWAY_CHANNEL_OPTIONS["grpc.keepalive_timeout_ms"]),
  minResolveIntervalMillis: Number(GATEWAY_CHANNEL_OPTIONS["grpc.dns_min_time_between_resolutions_ms"]),
  /** grpc-js' default first reconnect backoff. */
  initialReconnectMillis: 1_000,
  maxReconnectMillis: Number(GATEWAY_CHANNEL_OPTIONS["grpc.max_reconnect_backoff_ms"]),
} as const;

/**
 * As grpc-js opens its sessions: Node's limit of a session's buffered memory (10 MB) would reset
 * a call carrying a larger message (an image, an export) with ENHANCE_YOUR_CALM, and its limit of
 * a header block would refuse large metadata.
 */
const SESSION_OPTIONS = {
  maxSessionMemory: Number.MAX_SAFE_INTEGER,
  maxSendHeaderBlockLength: Number.MAX_SAFE_INTEGER,
} as const;

/**
 * A session to the address, not holding the process open; its errors end it (its "close"
 * follows), so they are not thrown.
 */
export function openSession(address: TargetAddress): ClientHttp2Session {
  const session =
    "path" in address
      ? connectHttp2("http://localhost", {
          ...SESSION_OPTIONS,
          createConnection: () => connectSocket(address.path),
        })
      : connectHttp2(`http://${addressKey(address)}`, SESSION_OPTIONS);
  session.unref();
  session.on("error", () => {});
  return session;
}
