import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import {
  boxIndexRebuild,
  boxIndexTriggerNames,
  boxIndexTriggers,
} from "../../../services/annotation/boxes/repositories/box-index.sql.js";
import { dropTriggerStatements } from "../../../services/annotation/query/repositories/histogram-count-dialects.sql.js";
import { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import {
  histogramCountsRebuild,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "../../../services/annotation/query/repositories/histogram-counts.sql.js";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { openRegistryStorage } from "../../../services/registry/registry-domain.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../kb-import/kb-import.js";
import { AnnotationGenerator } from "./annotation-generator.js";
import { distinctLinkTemplates, primaryConceptNames } from "./concept-mix.js";
import { type DatagenRepository, openDatagenRepository } from "./datagen.repository.js";
import { ANNOTATION_TABLES, REGISTRY_TABLES, type RowChunk } from "./datagen-tables.js";

export interface DatagenOptions {
  /** The annotation service's database (MySQL/MariaDB or PostgreSQL); migrated first. */
  annotationTarget: DatabaseTarget;
  /** The registry's database, when its video sequences, videos and references should exist too. */
  registryTarget?: DatabaseTarget;
  annotations: number;
  seed?: number;
  annotationsPerVideo?: number;
  videosPerDive?: number;
  /** Annotations per transaction. */
  chunkSize?: number;
  /** Chunks written at the same time (each on its own connection). */
  parallel?: number;
  /** The kb dump the concepts and link templates come from; default DEFAULT_KB_DUMP. */
  kbDump?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface DatagenResult {
  annotations: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  totalRows: number;
  /** The concept with exactly 1% of the annotations (the benchmark's concept constraint). */
  target: { name: string; count: number };
  /** The most annotated concept. */
  top: { name: string; count: number };
  seconds: number;
  rowsPerSecond: number;
}

export const DATAGEN_DEFAULTS = {
  seed: 42,
  annotationsPerVideo: 1000,
  videosPerDive: 4,
  chunkSize: 5000,
  parallel: 2,
} as const;

/**
 * Fills empty annotation (and registry) tables with a generated data set. The storages are
 * opened once so their migrations run; then each chunk is written as multi-row INSERTs in
 * one transaction per database, while the next chunks are generated and written.
 */
export async function generateAnnotationData(options: DatagenOptions): Promise<DatagenResult> {
  const started = performance.now();
  const dump = await readKbDump(options.kbDump ?? DEFAULT_KB_DUMP);
  const countsKept = await migrateAnnotations(options.annotationTarget);
  if (options.registryTarget) await migrate(openRegistryStorage(options.registryTarget));
  const generator = new AnnotationGenerator({
    annotations: options.annotations,
    seed: options.seed ?? DATAGEN_DEFAULTS.seed,
    annotationsPerVideo: options.annotationsPerVideo ?? DATAGEN_DEFAULTS.annotationsPerVideo,
    videosPerDive: options.videosPerDive ?? DATAGEN_DEFAULTS.videosPerDive,
    concepts: primaryConceptNames(dump.concepts),
    linkTemplates: distinctLinkTemplates(dump.concepts),
  });
  const parallel = options.parallel ?? DATAGEN_DEFAULTS.parallel;
  // Chunks are self-contained in the annotation tables, so they may commit in any order; a
  // registry chunk may name an earlier chunk's video sequence, so those go one at a time, in order.
  const annotations = openDatagenRepository(options.annotationTarget, parallel);
  const registry = options.registryTarget ? openDatagenRepository(options.registryTarget, 1) : undefined;
  const rows: Record<string, number> = {};
  try {
    await assertEmpty(annotations, Object.keys(ANNOTATION_TABLES), "annotation");
    if (registry) await assertEmpty(registry, Object.keys(REGISTRY_TABLES), "registry");
    // Loaded without the triggers that keep the histogram counts (a lookup and two upserts per
    // row) and the box index, which are made again and counted (rebuilt) once at the end,
    // whatever happens. A database without them (its user was refused CREATE TRIGGER) keeps none.
    const dialect = annotations.dialect;
    const triggers = countsKept
      ? [...histogramCountTriggerNames(dialect), ...boxIndexTriggerNames(dialect)]
      : [];
    await annotations.run(triggers.flatMap((trigger) => dropTriggerStatements(dialect, trigger)));
    try {
      await writeChunks();
    } finally {
      if (countsKept) {
        await annotations.run([
          ...histogramCountTriggers(dialect),
          ...histogramCountsRebuild(dialect),
          ...boxIndexTriggers(dialect),
          ...boxIndexRebuild(dialect),
        ]);
      }
    }
  } finally {
    await annotations.close();
    await registry?.close();
  }

  async function writeChunks(): Promise<void> {
    let written = 0;
    const write = async (chunk: RowChunk) => {
      await Promise.all([
        annotations.insertAll(ANNOTATION_TABLES, chunk.annotation),
        registry?.insertAll(REGISTRY_TABLES, chunk.registry),
      ]);
      for (const [table, tableRows] of Object.entries({
        ...chunk.annotation,
        ...(registry ? chunk.registry : {}),
      })) {
        rows[table] = (rows[table] ?? 0) + tableRows.length;
      }
      written += chunk.annotations;
      options.onProgress?.(written, options.annotations);
    };
    const inFlight = new Set<Promise<void>>();
    while (!generator.finished) {
      const chunk = generator.nextChunk(options.chunkSize ?? DATAGEN_DEFAULTS.chunkSize);
      while (inFlight.size >= parallel) await Promise.race(inFlight);
      const writing: Promise<void> = write(chunk).finally(() => inFlight.delete(writing));
      // Failures surface through race or all below; this keeps one from going unhandled meanwhile.
      writing.catch(() => undefined);
      inFlight.add(writing);
    }
    await Promise.all(inFlight);
  }
  const seconds = (performance.now() - started) / 1000;
  const totalRows = Object.values(rows).reduce((sum, count) => sum + count, 0);
  return {
    annotations: options.annotations,
    rows,
    totalRows,
    target: generator.mix.target,
    top: { name: generator.mix.ranked[0] as string, count: generator.mix.quotas[0] as number },
    seconds,
    rowsPerSecond: totalRows / seconds,
  };
}

async function migrate(opening: Promise<DomainStorage>): Promise<void> {
  await (await opening).close();
}

/** Migrates the annotation tables; true when the database keeps the histogram counts (has their triggers). */
async function migrateAnnotations(target: DatabaseTarget): Promise<boolean> {
  const storage = await openAnnotationStorage(target);
  try {
    return (await new HistogramCountTriggersRepository(storage).missing()).length === 0;
  } finally {
    await storage.close();
  }
}

async function assertEmpty(repository: DatagenRepository, tables: string[], what: string): Promise<void> {
  const filled = await repository.nonEmptyTables(tables);
  if (filled.length > 0) {
    throw new Error(
      `the ${what} database is not empty (${filled.join(", ")}): the generator fills empty tables`,
    );
  }
}
