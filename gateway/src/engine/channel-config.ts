/**
 * The service config of the gateway's channel to one domain (grpc-js reads it as JSON from
 * `grpc.service_config`): calls spread over every address the target resolves to, and the
 * domain's idempotent reads retried once on UNAVAILABLE within a retry budget.
 *
 * - round_robin: a target such as `dns:///m3-registry-grpc:50053` (a headless Service: one
 *   address per ready pod) or `ipv4:127.0.0.1:p1,127.0.0.1:p2` keeps one connection per address
 *   and sends each call to the next; the default (pick_first) would send every call to the first.
 * - A read is an rpc that only GET routes map. A read that failed with UNAVAILABLE (its replica
 *   went away mid-call) is tried again on another replica. Writes are not: the replica may
 *   have done the work before it went. grpc-js still retries any call the server refused before
 *   its handler ran (a stream refused at a GOAWAY), which is safe for writes too.
 * - The budget (gRPC's retryThrottling): every failed call spends a token, every success earns a
 *   tenth of one, and retries stop while fewer than half of the tokens are left, so a domain that
 *   is down for good is not asked twice for everything.
 */
import type { ChannelOptions } from "@grpc/grpc-js";
import { GATEWAY_CHANNEL_OPTIONS } from "../../../services/kit/grpc/transport-options.js";
import type { BoundRoute } from "./route-binding.js";

/**
 * Another attempt after up to 50 ms (gRPC waits a random share of each backoff): by then the
 * gateway has usually seen the lost connection and taken the replica out of the rotation, and
 * another replica answers. A loaded gateway may not have yet, and the retry meets the same dead
 * connection (seen in the e2e test at a load of 13 on 2 cores, and again with three attempts at a
 * load of 9 beside a full test run), hence gRPC's most attempts, five, with backoffs of up to 50,
 * 100, 200 and 400 ms: a read waits at most 750 ms for a replica that answers.
 */
export const READ_RETRY_POLICY = {
  maxAttempts: 5,
  initialBackoff: "0.05s",
  maxBackoff: "0.4s",
  backoffMultiplier: 2,
  retryableStatusCodes: ["UNAVAILABLE"],
} as const;

/** 100 tokens: a replica's sudden loss may fail up to 50 reads in flight and all are retried. */
export const RETRY_BUDGET = { maxTokens: 100, tokenRatio: 0.1 } as const;

/**
 * How the gateway makes its unary calls (M3_GATEWAY_UNARY_CALLS): on its own `node:http2` client
 * (http2-unary-client.ts) as messages of one stream per connection (`exchange`, the default:
 * http2-call-exchange.ts) or a stream each (`http2`), or on grpc-js' channel (`grpc-js`).
 */
export const UNARY_CALL_CLIENTS = ["exchange", "http2", "grpc-js"] as const;
export type UnaryCalls = (typeof UNARY_CALL_CLIENTS)[number];

/** Channel options balancing over the target's addresses, retrying these rpcs (`pkg.Service/Method`). */
export function balancedChannelOptions(idempotent: readonly string[]): ChannelOptions {
  const name = idempotent.map((rpc) => {
    const [service, method] = rpc.split("/");
    return { service, method };
  });
  const serviceConfig = {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: name.length > 0 ? [{ name, retryPolicy: READ_RETRY_POLICY }] : [],
    retryThrottling: RETRY_BUDGET,
  };
  return { ...GATEWAY_CHANNEL_OPTIONS, "grpc.service_config": JSON.stringify(serviceConfig) };
}

/** `package.Service/Method` of each unary rpc that GET routes map and no other route does. */
export function idempotentRpcs(routes: readonly BoundRoute[]): string[] {
  const writes = new Set(routes.filter((route) => route.method !== "GET").map((route) => route.rpc.name));
  const reads = routes.filter(
    (route) => route.method === "GET" && !route.rpc.requestStream && !writes.has(route.rpc.name),
  );
  return [...new Set(reads.map((route) => route.rpc.name))].sort();
}
