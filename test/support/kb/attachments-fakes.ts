/**
 * Stand-ins for the other kb parts in the attachments' tests: a tiny concept tree (the
 * `concepts`/`concept_names` tables the tree part will own), fixed principals and a history
 * recorder that remembers what it was asked to record.
 */
import type { EntityManager, MigrationInterface, QueryRunner } from "typeorm";
import type { ConceptDirectory, ConceptRef } from "../../../services/kb/contracts/concept-directory.js";
import type { HistoryEntry, HistoryRecord, HistoryRecorder } from "../../../services/kb/contracts/history.js";
import type { Principal, PrincipalResolver } from "../../../services/kb/contracts/principal.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import type { CallContext } from "../../../services/kit/grpc/bind-service.js";

export class FakeTreeMysql implements MigrationInterface {
  name = "FakeTree1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concepts (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      parent_id BIGINT NULL,
      CONSTRAINT fk_fake_parent FOREIGN KEY (parent_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`);
    await runner.query(`CREATE TABLE concept_names (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      concept_id BIGINT NOT NULL,
      name VARCHAR(128) NOT NULL UNIQUE,
      name_type VARCHAR(10) NOT NULL,
      CONSTRAINT fk_fake_names FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concept_names");
    await runner.query("DROP TABLE concepts");
  }
}

export class FakeTreeSqlite implements MigrationInterface {
  name = "FakeTree1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concepts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      parent_id INTEGER NULL REFERENCES concepts (id) ON DELETE CASCADE
    )`);
    await runner.query(`CREATE TABLE concept_names (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
      name TEXT NOT NULL UNIQUE,
      name_type TEXT NOT NULL
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concept_names");
    await runner.query("DROP TABLE concepts");
  }
}

interface Row {
  id: number | string;
  parent_id: number | string | null;
  name: string;
}

/** Concept look-ups over the fake tables, as the tree part's directory answers them. */
export class FakeDirectory implements ConceptDirectory {
  treeChanges = 0;

  async findByAnyName(manager: EntityManager, name: string): Promise<ConceptRef | undefined> {
    const rows: Row[] = await manager.query(
      `SELECT c.id, c.parent_id, p.name FROM concept_names n
       JOIN concepts c ON c.id = n.concept_id
       JOIN concept_names p ON p.concept_id = c.id AND p.name_type = 'primary'
       WHERE n.name = ?`,
      [name],
    );
    return rows[0] ? refOf(rows[0]) : undefined;
  }

  async requireByAnyName(manager: EntityManager, name: string): Promise<ConceptRef> {
    const found = await this.findByAnyName(manager, name);
    if (!found) throw DomainError.notFound(`Concept name \`${name}\` was not found`);
    return found;
  }

  async primaryNames(manager: EntityManager, conceptIds: readonly number[]): Promise<Map<number, string>> {
    if (conceptIds.length === 0) return new Map();
    const rows: { concept_id: number | string; name: string }[] = await manager.query(
      `SELECT concept_id, name FROM concept_names WHERE name_type = 'primary'
       AND concept_id IN (${conceptIds.map(() => "?").join(",")})`,
      [...conceptIds],
    );
    return new Map(rows.map((row) => [Number(row.concept_id), row.name]));
  }

  async lineage(manager: EntityManager, conceptId: number): Promise<ConceptRef[]> {
    const path: ConceptRef[] = [];
    let next: number | undefined = conceptId;
    while (next !== undefined) {
      const rows: Row[] = await manager.query(
        `SELECT c.id, c.parent_id, n.name FROM concepts c
         JOIN concept_names n ON n.concept_id = c.id AND n.name_type = 'primary' WHERE c.id = ?`,
        [next],
      );
      const row = rows[0];
      if (!row) break;
      const ref = refOf(row);
      path.unshift(ref);
      next = ref.parentId;
    }
    return path;
  }

  async markTreeChanged(): Promise<void> {
    this.treeChanges++;
  }
}

function refOf(row: Row): ConceptRef {
  return {
    id: Number(row.id),
    primaryName: row.name,
    parentId: row.parent_id === null ? undefined : Number(row.parent_id),
  };
}

/** Adds a concept with a primary name and optional other names; returns its id. */
export async function addConcept(
  manager: EntityManager,
  primaryName: string,
  parentId?: number,
  otherNames: readonly string[] = [],
): Promise<number> {
  await manager.query("INSERT INTO concepts (parent_id) VALUES (?)", [parentId ?? null]);
  const [row]: { id: number | string }[] = await manager.query("SELECT MAX(id) AS id FROM concepts");
  const id = Number(row?.id);
  await manager.query("INSERT INTO concept_names (concept_id, name, name_type) VALUES (?, ?, 'primary')", [
    id,
    primaryName,
  ]);
  for (const name of otherNames) {
    await manager.query("INSERT INTO concept_names (concept_id, name, name_type) VALUES (?, ?, 'synonym')", [
      id,
      name,
    ]);
  }
  return id;
}

export const ADMIN: Principal = { username: "admin", role: "Admin", isAdmin: true };
export const MAINT: Principal = { username: "maint", role: "Maint", isAdmin: false };
export const READONLY: Principal = { username: "reader", role: "ReadOnly", isAdmin: false };
const SERVICE: Principal = { username: "service", role: "Admin", isAdmin: true };

/** Users by the JWT `name` claim, as the people part resolves them. */
export class FixedPrincipals implements PrincipalResolver {
  constructor(private readonly users: readonly Principal[] = [ADMIN, MAINT, READONLY]) {}

  /** A verified token without a name (the API key's) is the trusted service, as the people part resolves it. */
  async resolve(ctx: CallContext): Promise<Principal | undefined> {
    if (ctx.claims !== undefined && ctx.claims.name === undefined) return SERVICE;
    return this.users.find((user) => user.username === ctx.claims?.name);
  }

  async requireWriter(ctx: CallContext): Promise<Principal> {
    const user = await this.resolve(ctx);
    if (!user || user.role === "ReadOnly")
      throw DomainError.permissionDenied("I'm sorry, I can not let you do that.");
    return user;
  }

  async requireAdmin(ctx: CallContext): Promise<Principal> {
    const user = await this.resolve(ctx);
    if (!user?.isAdmin) throw DomainError.permissionDenied("I'm sorry, I can not let you do that.");
    return user;
  }
}

/** Remembers every entry, with the id and values the history part would give it. */
export class RecordingHistory implements HistoryRecorder {
  readonly entries: (HistoryEntry & { id: number })[] = [];

  async record(_manager: EntityManager, entry: HistoryEntry): Promise<HistoryRecord> {
    const id = this.entries.length + 1;
    this.entries.push({ ...entry, id });
    return {
      id,
      conceptId: entry.conceptId,
      action: entry.action,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
    };
  }

  /** The record of an entry, as a history handler receives it. */
  recordOf(entry: HistoryEntry & { id: number }): HistoryRecord {
    return {
      id: entry.id,
      conceptId: entry.conceptId,
      action: entry.action,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
    };
  }

  last(): HistoryEntry & { id: number } {
    const entry = this.entries.at(-1);
    if (!entry) throw new Error("no history recorded");
    return entry;
  }
}
