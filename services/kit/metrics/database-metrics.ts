import { DependencyCheck, type DependencyProbe } from "../grpc/dependency-check.js";
import { SampledGauge } from "./sampled-gauge.js";

/** A domain's connections to its database at one moment. */
export interface PoolStats {
  /** Connections the pool may open (1 for SQLite's single connection). */
  max: number;
  inUse: number;
  idle: number;
  /** Units of work waiting for a connection. */
  waiting: number;
}

const databaseUp = new SampledGauge<"domain">({
  name: "m3_database_up",
  help: "1 when the domain's database answers its health probe (within 2 s), else 0.",
  labelNames: ["domain"],
});
const poolMax = new SampledGauge<"domain">({
  name: "m3_database_pool_max_connections",
  help: "Connections the domain's database pool may open.",
  labelNames: ["domain"],
});
const poolConnections = new SampledGauge<"domain" | "state">({
  name: "m3_database_pool_connections",
  help: "Open connections of the domain's database pool, in use or idle.",
  labelNames: ["domain", "state"],
});
const poolWaiting = new SampledGauge<"domain">({
  name: "m3_database_pool_waiting",
  help: "Units of work waiting for a connection of the domain's database pool.",
  labelNames: ["domain"],
});

/** Reports m3_database_up{domain} from the health probe at each scrape; returns the untrack function. */
export function trackDatabaseProbe(domain: string, probe: DependencyProbe): () => void {
  // The health checks' own cache and timeout: a scrape never waits more than 2 s on a dead database.
  const check = new DependencyCheck(probe);
  return databaseUp.track(async () => [
    { labels: { domain }, value: (await check.status()) === "SERVING" ? 1 : 0 },
  ]);
}

/** Reports the m3_database_pool_* gauges of a domain's storage; returns the untrack function. */
export function trackDatabasePool(domain: string, stats: () => PoolStats): () => void {
  const untrack = [
    poolMax.track(() => [{ labels: { domain }, value: stats().max }]),
    poolConnections.track(() => {
      const { inUse, idle } = stats();
      return [
        { labels: { domain, state: "in_use" }, value: inUse },
        { labels: { domain, state: "idle" }, value: idle },
      ];
    }),
    poolWaiting.track(() => [{ labels: { domain }, value: stats().waiting }]),
  ];
  return () => {
    for (const stop of untrack) stop();
  };
}
