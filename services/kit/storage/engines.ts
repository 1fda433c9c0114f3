/** The database engines m3 stores its domains on: the kind of a DatabaseTarget. */
export type Dialect = "mysql" | "postgres" | "sqlite";

/** How messages name each engine. */
export const ENGINE_NAMES: Record<Dialect, string> = {
  mysql: "MySQL/MariaDB",
  postgres: "PostgreSQL",
  sqlite: "SQLite",
};

/**
 * Why a domain refuses a database: it has no migrations for that engine (yet). Said before
 * anything opens, so a start fails whole instead of halfway.
 */
export function unsupportedEngineMessage(
  domain: string,
  engine: Dialect,
  supported: readonly Dialect[],
): string {
  const names = supported.map((dialect) => ENGINE_NAMES[dialect]).join(", ");
  return (
    `the ${domain} domain does not run on ${ENGINE_NAMES[engine]} yet: it runs on ${names}. ` +
    `Give it one of those with M3_${domain.toUpperCase()}_DATABASE_URL (or M3_DATABASE_URL).`
  );
}
