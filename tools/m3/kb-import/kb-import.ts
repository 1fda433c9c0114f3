import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { EntityManager } from "typeorm";
import { kbSchema } from "../../../services/kb/kb.module.js";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { type DumpCounts, type DumpLink, type KbDump, parseKbDump } from "./kb-dump.js";
import {
  type ImportTable,
  type ImportValues,
  importRow,
  KbImportRepository,
  ROWS_PER_STATEMENT,
  type SqlValue,
} from "./kb-import.repository.js";
import { extractZipEntry } from "./zip-reader.js";

/**
 * The real knowledge base (mbari-org/oni's kb-dump.json.zip, Apache-2.0), shipped with the kb
 * (services/kb/seed, its NOTICE beside it); `--file` or M3_KB_DUMP point elsewhere.
 */
export const DEFAULT_KB_DUMP = fileURLToPath(
  new URL("../../../services/kb/seed/kb-dump.json.zip", import.meta.url),
);

export interface ImportProgress {
  /** The table being filled. */
  table: ImportTable;
  /** Rows inserted so far, over all tables. */
  done: number;
  total: number;
}

/** Where to import: an open kb storage, or a target that is opened (and migrated) and closed again. */
export type ImportKbDumpOptions = (
  | { storage: DomainStorage; target?: undefined }
  | { target: DatabaseTarget; storage?: undefined }
) & {
  /** A .zip holding one .json, or a .json file; default DEFAULT_KB_DUMP. */
  file?: string;
  onProgress?: (progress: ImportProgress) => void;
};

export interface ImportResult {
  /** False when the kb already had a root and was left alone. */
  imported: boolean;
  message: string;
  counts: DumpCounts;
  seconds: number;
}

/** Opens the kb's tables at a target the way the kb module does (one storage, domain "kb"). */
export function openKbImportStorage(target: DatabaseTarget): Promise<DomainStorage> {
  return openDomainStorage({
    target,
    domain: "kb",
    ...kbSchema,
  });
}

/** Reads the dump: a zip's first non-macOS .json entry, or a plain JSON file. */
export async function readKbDump(file: string): Promise<KbDump> {
  const bytes = await readFile(file);
  const json = file.toLowerCase().endsWith(".zip")
    ? extractZipEntry(bytes, (name) => name.toLowerCase().endsWith(".json") && !name.startsWith("__MACOSX/"))
        .bytes
    : bytes;
  return parseKbDump(JSON.parse(json.toString("utf8")));
}

/**
 * Loads the dump into an empty kb in one transaction, a few thousand rows per INSERT.
 * A kb that already has a root is left alone, so running it twice is harmless.
 */
export async function importKbDump(options: ImportKbDumpOptions): Promise<ImportResult> {
  const startedAt = performance.now();
  const dump = await readKbDump(options.file ?? DEFAULT_KB_DUMP);
  const storage = options.storage ?? (await openKbImportStorage(options.target));
  try {
    const imported = await storage.transaction((manager) => insertDump(manager, dump, options.onProgress));
    const seconds = (performance.now() - startedAt) / 1000;
    const { counts } = dump;
    const message = imported
      ? `imported ${counts.concepts} concepts, ${counts.names} names, ${counts.media} media, ` +
        `${counts.linkTemplates} link templates and ${counts.linkRealizations} link realizations ` +
        `in ${seconds.toFixed(2)} s`
      : "the kb already has a root concept: nothing imported";
    return { imported, message, counts, seconds };
  } finally {
    if (!options.storage) await storage.close();
  }
}

async function insertDump(
  manager: EntityManager,
  dump: KbDump,
  onProgress: ImportKbDumpOptions["onProgress"],
): Promise<boolean> {
  const repository = new KbImportRepository();
  if (await repository.hasRoot(manager)) return false;
  const firstId = await repository.nextConceptId(manager);
  const now = Instant.now().toSql();
  const tables = tableRows(dump, firstId, now);
  const total = [...tables.values()].reduce((sum, rows) => sum + rows.length, 0);
  let done = 0;
  onProgress?.({ table: "concepts", done, total });
  for (const [table, rows] of tables) {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      await repository.insert(manager, table, chunk);
      done += chunk.length;
      onProgress?.({ table, done, total });
    }
  }
  await repository.catchUpConceptIds(manager);
  await repository.bumpTreeVersion(manager);
  return true;
}

/** Every row to insert, per table, in foreign-key order (parents precede children in pre-order). */
function tableRows(dump: KbDump, firstId: number, now: string): Map<ImportTable, SqlValue[][]> {
  const rows = new Map<ImportTable, SqlValue[][]>([
    ["concepts", []],
    ["concept_names", []],
    ["concept_media", []],
    ["link_templates", []],
    ["link_realizations", []],
  ]);
  const add = <T extends ImportTable>(table: T, values: ImportValues<T>) =>
    rows.get(table)?.push(importRow(table, values));
  for (const concept of dump.concepts) {
    const id = firstId + concept.index;
    const parentId = concept.parentIndex === undefined ? null : firstId + concept.parentIndex;
    add("concepts", {
      id,
      parent_id: parentId,
      rank_level: concept.rankLevel ?? null,
      rank_name: concept.rankName ?? null,
      last_updated_time: now,
    });
    for (const name of concept.names) {
      add("concept_names", {
        concept_id: id,
        name: name.name,
        name_type: name.nameType,
        author: name.author ?? null,
        last_updated_time: now,
      });
    }
    for (const media of concept.media) {
      add("concept_media", {
        concept_id: id,
        url: media.url,
        media_type: media.mediaType ?? null,
        is_primary: media.isPrimary ? 1 : 0,
        caption: media.caption ?? null,
        credit: media.credit ?? null,
        last_updated_time: now,
      });
    }
    for (const link of concept.linkTemplates) add("link_templates", linkValues(id, link, now));
    for (const link of concept.linkRealizations) add("link_realizations", linkValues(id, link, now));
  }
  return rows;
}

function linkValues(conceptId: number, link: DumpLink, now: string): ImportValues<"link_templates"> {
  return {
    concept_id: conceptId,
    link_name: link.linkName,
    to_concept: link.toConcept,
    link_value: link.linkValue,
    last_updated_time: now,
  };
}
