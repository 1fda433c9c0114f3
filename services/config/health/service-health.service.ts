import type { HealthStatus, ServiceStatus } from "../../../proto/gen/m3/config/v1/resources.js";
import type { EndpointDiscovery, EndpointEntry } from "../discovery/endpoint-entry.js";

export type HealthPoll = (internalUrl: string, timeoutMillis: number) => Promise<HealthStatus | undefined>;

export interface ServiceHealthOptions {
  discovery: EndpointDiscovery;
  poll: HealthPoll;
  /** The name this service is listed under in statuses ("raziel"). */
  selfName: string;
  self: () => HealthStatus;
  /** How long a round of polls is reused; default 5 s. */
  cacheMillis?: number;
  now?: () => number;
}

interface PollRound {
  at: number;
  /** The internal URLs the round polls. */
  urls: ReadonlySet<string>;
  /** Health per internal URL; a Service polled once however many names it has. */
  health: Promise<Map<string, HealthStatus | undefined>>;
}

const DEFAULT_CACHE_MILLIS = 5_000;

/**
 * The health of the discovered services. Every service is polled at once, each within its own
 * timeout; a round's result (or the round still running) is shared by the requests of the next
 * few seconds, so a burst of status requests polls each service once. A service is available
 * when it answered with freeMemory > 0.
 */
export class ServiceHealthService {
  private round: PollRound | undefined;

  constructor(private readonly options: ServiceHealthOptions) {}

  /** Every expected service, by name, without health (this service is not listed). */
  expected(): ServiceStatus[] {
    return namedEntries(this.options.discovery.entries()).map(({ name }) => ({
      name,
      healthStatus: undefined,
    }));
  }

  /** Every service plus this one, by name; those that are down carry no health. */
  async statuses(): Promise<ServiceStatus[]> {
    const entries = this.options.discovery.entries();
    const health = await this.pollRound(entries);
    const statuses = namedEntries(entries).map(({ name, entry }) => ({
      name,
      healthStatus: available(health.get(entry.internalUrl)),
    }));
    statuses.push({ name: this.options.selfName, healthStatus: this.options.self() });
    return statuses.sort((a, b) => compare(a.name, b.name));
  }

  /** The services that are up, this one included, by name. */
  async available(): Promise<ServiceStatus[]> {
    return (await this.statuses()).filter((status) => status.healthStatus !== undefined);
  }

  private pollRound(entries: readonly EndpointEntry[]): Promise<Map<string, HealthStatus | undefined>> {
    const now = (this.options.now ?? Date.now)();
    const cacheMillis = this.options.cacheMillis ?? DEFAULT_CACHE_MILLIS;
    if (this.round && now - this.round.at < cacheMillis && coversAll(this.round, entries)) {
      return this.round.health;
    }
    const targets = new Map(entries.map((entry) => [entry.internalUrl, entry.timeoutMillis]));
    const health = Promise.all(
      [...targets].map(async ([url, timeout]) => [url, await this.options.poll(url, timeout)] as const),
    ).then((pairs) => new Map(pairs));
    this.round = { at: now, urls: new Set(targets.keys()), health };
    return health;
  }
}

/** A Service discovered since the round started is polled in a new round, not reported down. */
function coversAll(round: PollRound, entries: readonly EndpointEntry[]): boolean {
  return entries.every((entry) => round.urls.has(entry.internalUrl));
}

function available(health: HealthStatus | undefined): HealthStatus | undefined {
  return health !== undefined && health.freeMemory > 0 ? health : undefined;
}

/** One row per legacy name, sorted by name; the first Service claiming a name wins. */
export function namedEntries(entries: readonly EndpointEntry[]): { name: string; entry: EndpointEntry }[] {
  const byName = new Map<string, EndpointEntry>();
  for (const entry of entries) {
    for (const name of entry.names) if (!byName.has(name)) byName.set(name, entry);
  }
  return [...byName].map(([name, entry]) => ({ name, entry })).sort((a, b) => compare(a.name, b.name));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
