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
  | { kind: "sqlite"; file: string };

/**
 * Parses `mysql://user:pw@host:port/db` (also `mariadb://`), `sqlite:<path>`, a bare
 * path to a SQLite file, or `:memory:`. Relative SQLite paths are resolved against baseDir.
 */
export function parseDatabaseUrl(url: string, baseDir: string = process.cwd()): DatabaseTarget {
  const text = url.trim();
  if (/^(mysql|mariadb):\/\//i.test(text)) return parseMysqlUrl(text);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new Error(
      `unsupported database URL scheme in ${redact(text)}: use mysql://, mariadb:// or a SQLite file`,
    );
  }
  const path = text.replace(/^sqlite:(\/\/)?/i, "");
  if (path === "") throw new Error("the SQLite database URL names no file");
  if (path === ":memory:") return { kind: "sqlite", file: path };
  return { kind: "sqlite", file: isAbsolute(path) ? path : join(baseDir, path) };
}

function parseMysqlUrl(text: string): DatabaseTarget {
  const url = new URL(text.replace(/^mariadb:/i, "mysql:"));
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database === "" || database.includes("/")) {
    throw new Error(`the MySQL URL ${redact(text)} must name one database: mysql://user:pw@host:port/db`);
  }
  return {
    kind: "mysql",
    host: url.hostname || "127.0.0.1",
    port: url.port ? Number(url.port) : 3306,
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
