import { rm } from "node:fs/promises";
import type { Logger } from "pino";

export interface CacheLimits {
  maxBytes: number;
  /** Share of the current total freed when the total passes maxBytes. */
  freeFraction: number;
}

/** A cached file as the index knows it. */
export interface IndexedFile<K> {
  id: string;
  key: K;
  path: string;
  bytes: number;
  createdAt: number;
  /** Breaks createdAt ties in insertion order, so eviction is deterministic. */
  sequence: number;
}

/**
 * The files of a disk cache (capture's frames, its crops), indexed in memory by id with each
 * file's size and age. Past the size limit the oldest are deleted until the free share of the
 * total is freed.
 */
export class OldestFirstIndex<K> {
  private readonly entries = new Map<string, IndexedFile<K>>();
  private sequence = 0;
  private bytes = 0;

  /** `noun` names the files in the eviction's log line ("frames", "crops"). */
  constructor(
    private readonly limits: CacheLimits,
    private readonly logger: Logger,
    private readonly noun: string,
  ) {}

  get totalBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): IndexedFile<K> | undefined {
    return this.entries.get(id);
  }

  /** Records a file, replacing the one of the same id. */
  record(id: string, key: K, path: string, bytes: number, createdAt: number): void {
    const previous = this.entries.get(id);
    if (previous) this.forget(previous);
    this.entries.set(id, { id, key, path, bytes, createdAt, sequence: this.sequence++ });
    this.bytes += bytes;
  }

  /** Forgets a file (unless a newer one of its id replaced it); its file is the caller's. */
  forget(entry: IndexedFile<K>): void {
    if (this.entries.get(entry.id) !== entry) return;
    this.entries.delete(entry.id);
    this.bytes -= entry.bytes;
  }

  /** Past the size limit, deletes the oldest files until the free share is freed. */
  async evictIfFull(): Promise<void> {
    if (this.bytes <= this.limits.maxBytes) return;
    const goal = this.bytes * this.limits.freeFraction;
    const oldestFirst = [...this.entries.values()].sort(
      (a, b) => a.createdAt - b.createdAt || a.sequence - b.sequence,
    );
    let freed = 0;
    const evicted: IndexedFile<K>[] = [];
    for (const entry of oldestFirst) {
      if (freed >= goal) break;
      this.forget(entry);
      freed += entry.bytes;
      evicted.push(entry);
    }
    await Promise.all(evicted.map((entry) => rm(entry.path, { force: true })));
    this.logger.info({ [this.noun]: evicted.length, bytes: freed }, `evicted the oldest cached ${this.noun}`);
  }
}
