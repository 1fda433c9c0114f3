import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionContext } from "ava";
import { pino } from "pino";
import {
  type AttachmentServices,
  attachmentsSchema,
  createAttachmentServices,
} from "../../../services/kb/attachments/attachments-part.js";
import { VersionWatch } from "../../../services/kb/cache/version-watch.js";
import type { KbPartDeps } from "../../../services/kb/contracts/part.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  addConcept,
  FakeDirectory,
  FakeTreeMysql,
  FakeTreePostgres,
  FakeTreeSqlite,
  FixedPrincipals,
  RecordingHistory,
} from "./attachments-fakes.js";
import { type Backend, freshKbDatabaseUrl, stopKbTestServers } from "./kb-databases.js";

export { BACKENDS, type Backend } from "./kb-databases.js";

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kb-attachments-it-"));
const opened: DomainStorage[] = [];

export interface AttachmentsHarness extends AttachmentServices {
  storage: DomainStorage;
  deps: KbPartDeps;
  directory: FakeDirectory;
  history: RecordingHistory;
  /** Adds a concept (primary name, optional parent id and synonyms); returns its id. */
  concept(name: string, parentId?: number, synonyms?: readonly string[]): Promise<number>;
}

/** A fresh database with the fake tree and the attachments' tables, and the services over it. */
export async function openAttachments(backend: Backend): Promise<AttachmentsHarness> {
  const url = await freshKbDatabaseUrl(backend, "m3_kb_att", sqliteDir);
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(url),
    domain: "kb",
    entities: attachmentsSchema.entities,
    migrations: {
      mysql: [FakeTreeMysql, ...attachmentsSchema.migrations.mysql],
      postgres: [FakeTreePostgres, ...attachmentsSchema.migrations.postgres],
      sqlite: [FakeTreeSqlite, ...attachmentsSchema.migrations.sqlite],
    },
  });
  opened.push(storage);
  const directory = new FakeDirectory();
  const history = new RecordingHistory();
  const deps: KbPartDeps = {
    storage,
    tokens: new TokenService({ signingSecret: "secret", issuer: "http://test" }),
    logger: pino({ level: "silent" }),
    directory,
    principals: new FixedPrincipals(),
    history,
    // The fake tree's version: how many changes were marked.
    versions: new VersionWatch(async () => directory.treeChanges),
  };
  return {
    storage,
    deps,
    directory,
    history,
    ...createAttachmentServices(deps),
    concept: (name, parentId, synonyms) =>
      storage.transaction((manager) => addConcept(manager, name, parentId, synonyms)),
  };
}

export async function closeAttachments(): Promise<void> {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopKbTestServers();
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

export async function rejectsWith(
  t: ExecutionContext,
  promise: Promise<unknown>,
  code: string,
  message?: RegExp,
): Promise<void> {
  const error = await t.throwsAsync(promise);
  t.is((error as { code?: string } | undefined)?.code, code, error?.message);
  if (message) t.regex(error?.message ?? "", message);
}
