/**
 * The m3 backup archive, format 1: gzip-compressed UTF-8 JSON lines.
 *
 *   {"format":"m3-backup","formatVersion":1,"m3Version":…,"createdAt":…,"sources":{…}}   header
 *   {"section":"kb.concepts","schemaVersion":…,"columns":[…]}                            a section
 *   [1,null,"phylum",…]                                                                  its rows, one array each
 *   {"end":"kb.concepts","rows":4092,"sha256":"…"}                                       its count and checksum
 *   …
 *   {"trailer":"m3-backup","sections":15,"rows":123456}                                  the last line
 *
 * A section's SHA-256 covers its row lines exactly as written (each with its newline), so a
 * reader checks it without re-encoding anything. Row lines start with `[`, the others with `{`.
 */
export const ARCHIVE_FORMAT = "m3-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

/** Where a domain's rows come from: an engine, or for upload the kind of image store. */
export type SourceKind = "mysql" | "postgres" | "sqlite" | "s3" | "disk";

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  m3Version: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  sources: Record<string, SourceKind>;
}

export interface SectionStart {
  /** `<domain>.<table>`, or `upload.objects` for the image store's object list. */
  section: string;
  /** The domain's last applied migration when the rows were read (`1` for the object list). */
  schemaVersion: string;
  columns: string[];
}

export interface SectionEnd {
  end: string;
  rows: number;
  sha256: string;
}

export interface ArchiveTrailer {
  trailer: typeof ARCHIVE_FORMAT;
  sections: number;
  rows: number;
}

/** The upload section: the image store's objects (not their bytes). */
export const OBJECTS_SECTION = "upload.objects";
export const OBJECTS_SCHEMA_VERSION = "1";
export const OBJECT_COLUMNS = ["key", "size_bytes", "etag"];

/** A cell as the archive holds it: integers beyond 2^53 as decimal strings. */
export type ArchiveValue = string | number | null;

/** Splits `kb.concepts` into its domain and table. */
export function sectionParts(section: string): { domain: string; table: string } {
  const dot = section.indexOf(".");
  return { domain: section.slice(0, dot), table: section.slice(dot + 1) };
}

/** Refused archives: unreadable, of another format, or failing a count or checksum. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}
