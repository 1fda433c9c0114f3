import type { VersionWatch } from "./version-watch.js";

/** How many concepts the cached answers may hold in all (a find answers many); the oldest go first. */
export const CACHED_CONCEPTS_LIMIT = 100_000;

/** The answers of the version a load started from: what it may reuse, and parts it may keep. */
export interface CacheScope {
  get<T>(key: string): Promise<T> | undefined;
  keep(key: string, answer: unknown): void;
}

/**
 * One answer: the load's promise while it runs, then only the value. A promise made inside a
 * call carries that call's async context (its logger, metadata, timers), so a kept promise
 * would keep the whole call alive for as long as the answer stays cached.
 */
interface Entry {
  loading: Promise<unknown> | undefined;
  value: unknown;
  /** Concepts in the answer, counted once it has arrived. */
  weight: number;
}

interface Generation {
  version: number;
  entries: Map<string, Entry>;
  weight: number;
}

/**
 * Answers of kb reads (concept views, searches, link views) kept in memory for as long as the kb's content
 * version stays the same: each read costs one version check (shared by concurrent requests)
 * instead of its statements. Every write of concepts, names or attachments bumps the version,
 * on any replica, so the next read after a write loads afresh. An answer is filed under the
 * version read before it was loaded, so an answer loaded while a write commits is never kept
 * past that write. Answers are shared: callers must not change them.
 */
export class VersionedReadCache {
  private generation: Generation = { version: Number.NEGATIVE_INFINITY, entries: new Map(), weight: 0 };

  constructor(
    private readonly versions: VersionWatch,
    private readonly limit = CACHED_CONCEPTS_LIMIT,
  ) {}

  /**
   * The answer to `key` as of the current version: cached, or loaded and kept. The load gets
   * the answers of the version it started from, to reuse and keep parts (one concept's view).
   */
  async read<T>(
    key: string,
    load: (scope: CacheScope) => Promise<T>,
    weigh: (answer: T) => number = () => 1,
  ): Promise<T> {
    const generation = this.generationOf(await this.versions.current());
    const cached = generation.entries.get(key);
    if (cached) return (cached.loading ?? cached.value) as T | Promise<T>;
    const answer = load(this.scopeOf(generation));
    this.store(generation, key, answer, weigh);
    return answer;
  }

  private scopeOf(generation: Generation): CacheScope {
    return {
      get: <P>(part: string) => {
        const entry = generation.entries.get(part);
        return entry && ((entry.loading ?? Promise.resolve(entry.value)) as Promise<P>);
      },
      keep: (part, value) => {
        if (!generation.entries.has(part))
          this.settle(generation, part, { loading: undefined, value, weight: 0 }, 1);
      },
    };
  }

  /**
   * Runs `load` with the current version's answers to fill them ahead of the reads (what it
   * keeps stays until the next write, like any answer); returns what `load` returns.
   */
  async fill<T>(load: (scope: CacheScope) => Promise<T>): Promise<T> {
    return load(this.scopeOf(this.generationOf(await this.versions.current())));
  }

  private store<T>(generation: Generation, key: string, answer: Promise<T>, weigh: (answer: T) => number) {
    const entry: Entry = { loading: answer, value: undefined, weight: 0 };
    generation.entries.set(key, entry);
    answer.then(
      (value) => {
        if (generation.entries.get(key) !== entry) return;
        entry.loading = undefined;
        entry.value = value;
        this.settle(generation, key, entry, weigh(value));
      },
      () => {
        if (generation.entries.get(key) === entry) generation.entries.delete(key);
      },
    );
  }

  /** Files an arrived answer with its weight and trims the oldest beyond the limit. */
  private settle(generation: Generation, key: string, entry: Entry, weight: number): void {
    generation.entries.set(key, entry);
    entry.weight = weight;
    generation.weight += weight;
    this.trim(generation);
  }

  /** The answers of `version`; any other version (a restored database counts lower) starts afresh. */
  private generationOf(version: number): Generation {
    if (version !== this.generation.version) this.generation = { version, entries: new Map(), weight: 0 };
    return this.generation;
  }

  private trim(generation: Generation): void {
    for (const [key, entry] of generation.entries) {
      if (generation.weight <= this.limit) return;
      generation.entries.delete(key);
      generation.weight -= entry.weight;
    }
  }
}
