import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { KbSchema } from "../../../services/kb/contracts/part.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

/** Every kb integration test runs once per backend, with the same assertions. */
export const BACKENDS = ["mysql", "postgres", "sqlite"] as const;
export type Backend = (typeof BACKENDS)[number];

/**
 * The URL of a fresh, empty database on the backend: a new MariaDB or PostgreSQL database named
 * from `prefix`, or a new SQLite file in `sqliteDir`.
 */
export function freshKbDatabaseUrl(backend: Backend, prefix: string, sqliteDir: string): Promise<string> {
  if (backend === "mysql") return createTestDatabase(prefix);
  if (backend === "postgres") return createPostgresTestDatabase(prefix);
  return Promise.resolve(join(sqliteDir, `${randomUUID()}.sqlite`));
}

/** The migrations of the given kb parts together, per dialect, in the order given. */
export function migrationsOf(schemas: readonly KbSchema[]): KbSchema["migrations"] {
  return {
    mysql: schemas.flatMap((schema) => schema.migrations.mysql),
    postgres: schemas.flatMap((schema) => schema.migrations.postgres),
    sqlite: schemas.flatMap((schema) => schema.migrations.sqlite),
  };
}

/** Stops the private MariaDB and PostgreSQL servers this process started (none when shared). */
export async function stopKbTestServers(): Promise<void> {
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
}
