import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDatabaseUrl, type ServerTarget } from "../../../services/kit/storage/database-url.js";

export interface LocalSecrets {
  apiKey: string;
  signingSecret: string;
  /** Password of the first kb administrator. */
  adminPassword: string;
}

const GENERATORS: Record<keyof LocalSecrets, () => string> = {
  apiKey: () => randomBytes(24).toString("base64url"),
  signingSecret: () => randomBytes(48).toString("base64url"),
  adminPassword: () => randomBytes(12).toString("base64url"),
};

/**
 * The secrets of an installation on a shared MySQL or PostgreSQL database (M3_DATABASE_URL):
 * generated once and kept in that database, so several processes started on it (two `npm
 * start`, workers, replicas) issue and accept the same tokens and know the same administrator.
 */
export async function loadOrCreateSharedSecrets(
  target: ServerTarget,
): Promise<{ secrets: LocalSecrets; created: boolean; where: string }> {
  const candidates = Object.fromEntries(
    (Object.keys(GENERATORS) as (keyof LocalSecrets)[]).map((name) => [name, GENERATORS[name]()]),
  );
  // mysql2 is loaded only for a MySQL database, pg only for a PostgreSQL one.
  const stored =
    target.kind === "mysql"
      ? await (await import("./shared-secrets.repository.js")).storeOrReadSecrets(target, candidates)
      : await (await import("./postgres-shared-secrets.repository.js")).storeOrReadPostgresSecrets(
          target,
          candidates,
        );
  const secrets = Object.fromEntries(
    (Object.keys(GENERATORS) as (keyof LocalSecrets)[]).map((name) => [name, stored[name] ?? ""]),
  ) as unknown as LocalSecrets;
  const created = (Object.keys(GENERATORS) as (keyof LocalSecrets)[]).some(
    (name) => secrets[name] === candidates[name],
  );
  return { secrets, created, where: `the database ${target.database} (table m3_generated_secrets)` };
}

/**
 * The secrets of a local installation: generated on first start and kept in
 * <dataDir>/secrets.json (readable by the owner only), so tokens, scripts and logins keep
 * working across restarts. A secret missing from an older file is generated and added.
 */
export function loadOrCreateSecrets(dataDir: string): {
  secrets: LocalSecrets;
  created: boolean;
  file: string;
} {
  const file = join(dataDir, "secrets.json");
  const existed = existsSync(file);
  const stored = existed ? readStored(file) : {};
  const missing = (Object.keys(GENERATORS) as (keyof LocalSecrets)[]).filter(
    (name) => typeof stored[name] !== "string" || stored[name] === "",
  );
  const secrets = { ...stored } as LocalSecrets;
  for (const name of missing) secrets[name] = GENERATORS[name]();
  if (missing.length === 0) return { secrets, created: false, file };
  mkdirSync(dataDir, { recursive: true });
  const written = existed ? replaceFile(file, secrets) : createFileOnce(file, secrets);
  return { secrets: written, created: written === secrets, file };
}

/**
 * Writes a new secrets file unless another process started on the same data directory got there
 * first: the file appears whole or not at all (a hard link of a finished temporary file, which
 * fails if the name exists), and the loser takes the winner's secrets.
 */
function createFileOnce(file: string, secrets: LocalSecrets): LocalSecrets {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readStored(file) as LocalSecrets;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Adds the secrets an older file lacks; the file is replaced whole (rename), never half-written. */
function replaceFile(file: string, secrets: LocalSecrets): LocalSecrets {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return secrets;
}

function readStored(file: string): Partial<Record<keyof LocalSecrets, unknown>> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof parsed === "object" && parsed !== null) return parsed;
  } catch {
    // Reported below with the remedy.
  }
  throw new Error(`${file} is not a valid secrets file: remove it to generate new secrets`);
}

/**
 * Where `npm start` keeps its generated secrets: in the shared database when M3_DATABASE_URL
 * names a MySQL or PostgreSQL one (every process on it must agree), else in <dataDir>/secrets.json.
 */
export async function loadGeneratedSecrets(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ secrets: LocalSecrets; created: boolean; where: string }> {
  const target = databaseUrl ? parseDatabaseUrl(databaseUrl, dataDir) : undefined;
  if (target?.kind === "mysql" || target?.kind === "postgres") return loadOrCreateSharedSecrets(target);
  const { secrets, created, file } = loadOrCreateSecrets(dataDir);
  return { secrets, created, where: file };
}
