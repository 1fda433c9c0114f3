import { isAbsolute, join } from "node:path";

/** Where a domain's tables live. */
export type DatabaseTarget =
  | {
      kind: "mysql";
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
    }
  | {
      kind: "postgres";
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
    }
  | { kind: "sqlite"; file: string };

/** A target on a database server (MySQL/MariaDB or PostgreSQL), as opposed to a SQLite file. */
export type ServerTarget = Extract<DatabaseTarget, { kind: "mysql" | "postgres" }>;

/**
 * Parses `mysql://user:pw@host:port/db` (also `mariadb://`), `postgres://user:pw@host:port/db`
 * (also `postgresql://`), `sqlite:<path>`, a bare path to a SQLite file, or `:memory:`. Relative
 * SQLite paths are resolved against baseDir.
 */
export function parseDatabaseUrl(url: string, baseDir: string = process.cwd()): DatabaseTarget {
  const text = url.trim();
  if (/^(mysql|mariadb):\/\//i.test(text)) return parseServerUrl(text, "mysql");
  if (/^postgres(ql)?:\/\//i.test(text)) return parseServerUrl(text, "postgres");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new Error(
      `unsupported database URL scheme in ${redact(text)}: use mysql://, mariadb://, postgres://, postgresql:// or a SQLite file`,
    );
  }
  const path = text.replace(/^sqlite:(\/\/)?/i, "");
  if (path === "") throw new Error("the SQLite database URL names no file");
  if (path === ":memory:") return { kind: "sqlite", file: path };
  return { kind: "sqlite", file: isAbsolute(path) ? path : join(baseDir, path) };
}

/** Each server's name in messages, URL scheme and default port. */
const SERVERS = {
  mysql: { name: "MySQL", scheme: "mysql", port: 3306 },
  postgres: { name: "PostgreSQL", scheme: "postgres", port: 5432 },
} as const;

function parseServerUrl(text: string, kind: ServerTarget["kind"]): ServerTarget {
  const server = SERVERS[kind];
  const url = new URL(text);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database === "" || database.includes("/")) {
    throw new Error(
      `the ${server.name} URL ${redact(text)} must name one database: ${server.scheme}://user:pw@host:port/db`,
    );
  }
  return {
    kind,
    host: url.hostname || "127.0.0.1",
    port: url.port ? Number(url.port) : server.port,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database,
  };
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, "//$1:***@");
}

/** The configured database, or the domain's own SQLite file under dataDir (the embedded default). */
export function domainDatabaseTarget(
  databaseUrl: string | undefined,
  dataDir: string,
  domain: string,
): DatabaseTarget {
  return parseDatabaseUrl(databaseUrl ?? join(dataDir, `${domain}.sqlite`), dataDir);
}
