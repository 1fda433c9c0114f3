import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { redact } from "../../../services/kit/storage/database-url.js";
import { MysqlSnapshotReader } from "./mysql-snapshot-reader.repository.js";
import { MysqlTableWriter } from "./mysql-table-writer.repository.js";
import { PostgresSnapshotReader } from "./postgres-snapshot-reader.repository.js";
import { PostgresTableWriter } from "./postgres-table-writer.repository.js";
import { SqliteSnapshotReader, SqliteTableWriter } from "./sqlite-tables.repository.js";
import { type SnapshotReader, type TableWriter, targetKey } from "./tables.repository.js";

/** Where a target is, for messages (server passwords left out). */
export function describeTarget(target: DatabaseTarget): string {
  return target.kind === "sqlite"
    ? target.file
    : redact(`${target.kind}://${target.user}:x@${target.host}:${target.port}/${target.database}`);
}

/**
 * Opens one connection per distinct database for the domains given, so domains that share a
 * database share its snapshot (or its transaction: SQLite allows one writer per file).
 */
export async function openPerDatabase<D extends string, C extends { close(): Promise<void> }>(
  targets: Record<D, DatabaseTarget>,
  open: (target: DatabaseTarget) => Promise<C> | C,
): Promise<{ of: (domain: D) => C; all: C[] }> {
  const byKey = new Map<string, C>();
  const byDomain = new Map<D, C>();
  try {
    for (const [domain, target] of Object.entries(targets) as [D, DatabaseTarget][]) {
      const key = targetKey(target);
      let connection = byKey.get(key);
      if (!connection) {
        connection = await open(target);
        byKey.set(key, connection);
      }
      byDomain.set(domain, connection);
    }
  } catch (error) {
    await Promise.allSettled([...byKey.values()].map((connection) => connection.close()));
    throw error;
  }
  return { of: (domain) => byDomain.get(domain) as C, all: [...byKey.values()] };
}

export function openSnapshotReader(target: DatabaseTarget): Promise<SnapshotReader> | SnapshotReader {
  if (target.kind === "mysql") return MysqlSnapshotReader.open(target);
  if (target.kind === "postgres") return PostgresSnapshotReader.open(target);
  if (target.file === ":memory:") throw new Error("an in-memory SQLite database cannot be backed up");
  return SqliteSnapshotReader.open(target.file);
}

export function openTableWriter(target: DatabaseTarget): Promise<TableWriter> | TableWriter {
  if (target.kind === "mysql") return MysqlTableWriter.open(target);
  if (target.kind === "postgres") return PostgresTableWriter.open(target);
  if (target.file === ":memory:") throw new Error("an in-memory SQLite database cannot be restored into");
  return SqliteTableWriter.open(target.file);
}
