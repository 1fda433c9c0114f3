/**
 * The HTTP/2 sessions a grpc-js server still has open. grpc-js' forceShutdown() cuts only the
 * sessions its channelz bookkeeping lists, and that bookkeeping costs every call (a tracker, its
 * counters and timestamps: ~10% of a bare grpc-js server's CPU per call, and ~1.5 KB of garbage),
 * so m3's servers run without it and cut the rest themselves. grpc-js (1.14) keeps each HTTP/2
 * server's sessions in its private `http2Servers` map, also without channelz; a test holds that
 * a shutdown's grace period still ends the calls running (test/unit/kit/grpc-server.test.ts).
 */
import { constants, type Http2Session } from "node:http2";
import type * as grpc from "@grpc/grpc-js";

interface ServerSessions {
  http2Servers?: Map<unknown, { sessions?: Set<Http2Session> }>;
}

export function openSessions(server: grpc.Server): Http2Session[] {
  const servers = (server as unknown as ServerSessions).http2Servers;
  if (!(servers instanceof Map)) return [];
  return [...servers.values()].flatMap(({ sessions }) => (sessions instanceof Set ? [...sessions] : []));
}

/** Cancels every stream of the server's open sessions and closes them. */
export function destroySessions(sessions: readonly Http2Session[]): void {
  for (const session of sessions)
    if (!session.destroyed) session.destroy(undefined, constants.NGHTTP2_CANCEL);
}
