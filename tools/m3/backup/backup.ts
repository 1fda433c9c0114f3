import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { M3_VERSION } from "../../../services/kit/version.js";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  OBJECT_COLUMNS,
  OBJECTS_SCHEMA_VERSION,
  OBJECTS_SECTION,
  type SourceKind,
} from "./archive-format.js";
import { type ArchiveLocation, ArchiveStoreRepository, archiveName } from "./archive-store.repository.js";
import { ArchiveWriter, type WrittenSection } from "./archive-writer.js";
import type { PlatformSettings } from "./backup-settings.js";
import {
  ARCHIVED_DOMAINS,
  type ArchivedDomain,
  type DatabaseDomain,
  latestSchemaVersion,
  migrationNames,
} from "./backup-tables.js";
import { ImageObjectsRepository } from "./image-objects.repository.js";
import { s3Client } from "./s3-client.js";
import { describeTarget, openPerDatabase, openSnapshotReader } from "./snapshot-readers.js";
import type { SnapshotReader } from "./tables.repository.js";

/** gzip level: level 1 compresses these rows to ~1/6 at several times the speed of the default 6. */
const GZIP_LEVEL = 1;

export interface BackupOptions {
  settings: PlatformSettings;
  /** An archive's file or object, or (folder) where to name one after its creation time. */
  output: ArchiveLocation;
  folder?: boolean;
  /** With a folder: how many archives to keep there, the newest; older ones are deleted. */
  retain?: number;
  onProgress?: (progress: { section: string; rows: number }) => void;
  now?: () => Date;
}

export interface BackupResult {
  location: ArchiveLocation;
  sections: WrittenSection[];
  rows: number;
  seconds: number;
  /** Archives deleted by retention. */
  deleted: string[];
}

/**
 * Writes one archive of the whole platform: every table of kb, registry and annotation, each
 * database read in one consistent snapshot while the platform keeps serving, and the list of
 * the upload store's objects. Rows stream from the database to the gzip stream to the file or
 * S3 upload, so memory stays flat; the archive appears under its name only once it is whole.
 */
export async function backupPlatform(options: BackupOptions): Promise<BackupResult> {
  const startedAt = performance.now();
  const createdAt = (options.now ?? (() => new Date()))();
  const { settings } = options;
  const store = new ArchiveStoreRepository(settings.archiveS3 ? s3Client(settings.archiveS3) : undefined);
  const location = options.folder ? inFolder(options.output, archiveName(createdAt)) : options.output;
  const images = new ImageObjectsRepository(settings.images);
  const readers = await openPerDatabase(settings.databases, openSnapshotReader);
  let sections: WrittenSection[];
  try {
    const versions = await schemaVersions(settings, readers.of);
    const output = await store.openOutput(location);
    const gzip = createGzip({ level: GZIP_LEVEL });
    const piping = pipeline(gzip, output.stream);
    piping.catch(() => undefined);
    try {
      const writer = new ArchiveWriter(gzip);
      await writer.header({
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        m3Version: M3_VERSION,
        createdAt: createdAt.toISOString(),
        sources: sourcesOf(settings, images.kind),
      });
      for (const domain of ARCHIVED_DOMAINS) {
        await writeDomain(writer, domain, readers.of(domain.name), versions[domain.name], options.onProgress);
      }
      await writeImageObjects(writer, images, options.onProgress);
      sections = await writer.finish();
      await piping;
      await output.complete();
    } catch (error) {
      gzip.destroy();
      await output.abort();
      throw error;
    }
  } finally {
    await Promise.allSettled(readers.all.map((reader) => reader.close()));
  }
  const deleted =
    options.folder && options.retain !== undefined ? await prune(store, options.output, options.retain) : [];
  return {
    location,
    sections,
    rows: sections.reduce((sum, section) => sum + section.rows, 0),
    seconds: (performance.now() - startedAt) / 1000,
    deleted,
  };
}

/** Each domain's schema version, checked to be the one this m3 writes (else migrate first). */
async function schemaVersions(
  settings: PlatformSettings,
  readerOf: (domain: DatabaseDomain) => SnapshotReader,
): Promise<Record<DatabaseDomain, string>> {
  const versions = {} as Record<DatabaseDomain, string>;
  for (const domain of ARCHIVED_DOMAINS) {
    const where = describeTarget(settings.databases[domain.name]);
    const applied = await readerOf(domain.name).appliedMigrations(domain.name);
    const latest = latestSchemaVersion(domain);
    const current = applied.at(-1);
    if (current === undefined) {
      throw new Error(
        `the ${domain.name} database (${where}) holds no m3 tables: start m3 or run migrate first`,
      );
    }
    if (current !== latest) {
      const known = migrationNames(domain).includes(current);
      throw new Error(
        known
          ? `the ${domain.name} database (${where}) is at schema ${current}, this m3 at ${latest}: run migrate first`
          : `the ${domain.name} database (${where}) is at schema ${current}, which this m3 does not know: back it up with the m3 that wrote it`,
      );
    }
    versions[domain.name] = current;
  }
  return versions;
}

function sourcesOf(settings: PlatformSettings, images: "s3" | "disk"): Record<string, SourceKind> {
  const sources: Record<string, SourceKind> = {};
  for (const domain of ARCHIVED_DOMAINS) sources[domain.name] = settings.databases[domain.name].kind;
  sources.upload = images;
  return sources;
}

async function writeDomain(
  writer: ArchiveWriter,
  domain: ArchivedDomain,
  reader: SnapshotReader,
  schemaVersion: string,
  onProgress: BackupOptions["onProgress"],
): Promise<void> {
  for (const table of domain.tables) {
    const section = `${domain.name}.${table.name}`;
    await writer.beginSection({ section, schemaVersion, columns: [...table.columns] });
    let rows = 0;
    for await (const batch of reader.streamTable(table)) {
      await writer.rows(batch);
      rows += batch.length;
      onProgress?.({ section, rows });
    }
    await writer.endSection();
  }
}

async function writeImageObjects(
  writer: ArchiveWriter,
  images: ImageObjectsRepository,
  onProgress: BackupOptions["onProgress"],
): Promise<void> {
  await writer.beginSection({
    section: OBJECTS_SECTION,
    schemaVersion: OBJECTS_SCHEMA_VERSION,
    columns: OBJECT_COLUMNS,
  });
  let rows = 0;
  for await (const batch of images.list()) {
    await writer.rows(batch.map(({ key, sizeBytes, etag }) => [key, sizeBytes, etag]));
    rows += batch.length;
    onProgress?.({ section: OBJECTS_SECTION, rows });
  }
  await writer.endSection();
}

function inFolder(folder: ArchiveLocation, name: string): ArchiveLocation {
  if (folder.kind === "file") return { kind: "file", path: `${folder.path}/${name}` };
  return { kind: "s3", bucket: folder.bucket, key: `${folder.key}${name}` };
}

/** Deletes the folder's archives but the newest `retain` (archive names sort by creation time). */
async function prune(
  store: ArchiveStoreRepository,
  folder: ArchiveLocation,
  retain: number,
): Promise<string[]> {
  const names = await store.listArchives(folder);
  const doomed = names.slice(0, Math.max(0, names.length - retain));
  for (const name of doomed) await store.deleteArchive(folder, name);
  return doomed;
}
