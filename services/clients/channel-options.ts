import type { ChannelOptions } from "@grpc/grpc-js";

/**
 * Channel settings for m3's domains: calls that fail with UNAVAILABLE (the domain restarting, its
 * database away: nothing was done) are retried up to three more times with backoff, through
 * gRPC's own retry policy (service config); calls spread over every address the target resolves
 * to (round_robin: a `dns:///` name of a headless Service, one address per replica); keep-alive pings find a dead connection on an idle
 * channel before a call does. Channelz (grpc-js' per-call bookkeeping for a debugging service
 * nobody serves here) is off.
 */
export const M3_CHANNEL_OPTIONS: ChannelOptions = {
  "grpc.enable_retries": 1,
  "grpc.service_config": JSON.stringify({
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: [
      {
        name: [{}],
        retryPolicy: {
          maxAttempts: 4,
          initialBackoff: "0.2s",
          maxBackoff: "5s",
          backoffMultiplier: 2,
          retryableStatusCodes: ["UNAVAILABLE"],
        },
      },
    ],
  }),
  "grpc.keepalive_time_ms": 60_000,
  "grpc.keepalive_timeout_ms": 10_000,
  "grpc.keepalive_permit_without_calls": 1,
  "grpc.enable_channelz": 0,
};
