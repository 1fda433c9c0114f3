import { SampledGauge } from "../../../services/kit/metrics/sampled-gauge.js";
import type { DomainTransport } from "../engine/domain-transport.js";
import { checkHealth, DATABASE_HEALTH_SERVICE } from "./grpc-health.js";

/** How long one look at a domain waits for its health answer. */
const HEALTH_TIMEOUT_MILLIS = 1000;

/** A domain's database as the status shows it; a domain without one (or that is down) is left out. */
const DATABASE_STATES: Readonly<Record<string, string>> = { SERVING: "ok", NOT_SERVING: "unreachable" };

/** What the gateway sees of its domains at one moment. */
export interface DomainStates {
  /** Each domain's grpc.health.v1 answer (SERVING, NOT_SERVING) or its failed call's status (UNAVAILABLE). */
  domains: Record<string, string>;
  /** "ok" or "unreachable" for each domain that reports a database. */
  databases: Record<string, string>;
  /** Every domain answers SERVING. */
  allServing: boolean;
  /** Every reported database is reachable. */
  databasesUp: boolean;
}

/** Asks every domain (and its database) for its health, all at once, each within a second. */
export async function readDomainStates(clients: readonly DomainTransport[]): Promise<DomainStates> {
  const [states, databaseStates] = await Promise.all([
    Promise.all(clients.map((client) => checkHealth(client, HEALTH_TIMEOUT_MILLIS))),
    Promise.all(clients.map((client) => checkHealth(client, HEALTH_TIMEOUT_MILLIS, DATABASE_HEALTH_SERVICE))),
  ]);
  const domains = Object.fromEntries(clients.map((client, index) => [client.domain, states[index] ?? ""]));
  const databases = Object.fromEntries(
    clients.flatMap((client, index) => {
      const state = DATABASE_STATES[databaseStates[index] ?? ""];
      return state === undefined ? [] : [[client.domain, state]];
    }),
  );
  return {
    domains,
    databases,
    allServing: states.every((state) => state === "SERVING"),
    databasesUp: Object.values(databases).every((state) => state === "ok"),
  };
}

const domainUp = new SampledGauge<"domain">({
  name: "m3_gateway_domain_up",
  help: "1 when the domain answers the gateway's health check SERVING (within 1 s), else 0.",
  labelNames: ["domain"],
});

/** Reports m3_gateway_domain_up{domain} for `clients` at each scrape; returns the untrack function. */
export function trackDomainStates(clients: readonly DomainTransport[]): () => void {
  return domainUp.track(async () => {
    const states = await Promise.all(clients.map((client) => checkHealth(client, HEALTH_TIMEOUT_MILLIS)));
    return clients.map((client, index) => ({
      labels: { domain: client.domain },
      value: states[index] === "SERVING" ? 1 : 0,
    }));
  });
}
