import type { EntityManager, MigrationInterface, QueryRunner } from "typeorm";
import type { ConceptDirectory, ConceptRef } from "../../../services/kb/contracts/concept-directory.js";
import type { HistoryActionHandler, HistoryRecord } from "../../../services/kb/contracts/history.js";
import type { KbSchema } from "../../../services/kb/contracts/part.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

/** A bare `concepts` table for the history's foreign key (the tree part owns the real one). */
class FakeTreeMysql implements MigrationInterface {
  name = "FakeTree1764100000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE TABLE concepts (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concepts");
  }
}

class FakeTreeSqlite implements MigrationInterface {
  name = "FakeTree1764100000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE concepts (id INTEGER PRIMARY KEY AUTOINCREMENT)");
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concepts");
  }
}

export const fakeTreeSchema: KbSchema = {
  entities: [],
  migrations: { mysql: [FakeTreeMysql], sqlite: [FakeTreeSqlite] },
};

/**
 * A ConceptDirectory over rows of the fake `concepts` table, with the names kept in memory.
 * `add` inserts a concept and remembers its names (the first is primary).
 */
export class FakeConceptDirectory implements ConceptDirectory {
  private readonly names = new Map<number, string[]>();
  treeChanges = 0;

  async add(manager: EntityManager, primaryName: string, ...otherNames: string[]): Promise<ConceptRef> {
    const sqlite = manager.connection.options.type === "better-sqlite3";
    await manager.query(sqlite ? "INSERT INTO concepts DEFAULT VALUES" : "INSERT INTO concepts () VALUES ()");
    const rows: { id: number | string }[] = await manager.query("SELECT MAX(id) AS id FROM concepts");
    const id = Number(rows[0]?.id);
    this.names.set(id, [primaryName, ...otherNames]);
    return { id, primaryName, parentId: undefined };
  }

  async findByAnyName(_manager: EntityManager, name: string): Promise<ConceptRef | undefined> {
    for (const [id, names] of this.names) {
      if (names.includes(name)) return { id, primaryName: names[0] ?? "", parentId: undefined };
    }
    return undefined;
  }

  async requireByAnyName(manager: EntityManager, name: string): Promise<ConceptRef> {
    const found = await this.findByAnyName(manager, name);
    if (!found) throw DomainError.notFound(`Concept name \`${name}\` was not found`);
    return found;
  }

  async primaryNames(manager: EntityManager, conceptIds: readonly number[]): Promise<Map<number, string>> {
    if (conceptIds.length === 0) return new Map();
    const rows: { id: number | string }[] = await manager.query(
      `SELECT id FROM concepts WHERE id IN (${conceptIds.map(() => "?").join(", ")})`,
      [...conceptIds],
    );
    const existing = new Set(rows.map((row) => Number(row.id)));
    const found = new Map<number, string>();
    for (const id of existing) {
      const primary = this.names.get(id)?.[0];
      if (primary !== undefined) found.set(id, primary);
    }
    return found;
  }

  async lineage(_manager: EntityManager, conceptId: number): Promise<ConceptRef[]> {
    const names = this.names.get(conceptId);
    return names ? [{ id: conceptId, primaryName: names[0] ?? "", parentId: undefined }] : [];
  }

  async markTreeChanged(): Promise<void> {
    this.treeChanges += 1;
  }
}

export interface HandledCall {
  decision: "approve" | "reject";
  record: HistoryRecord;
}

/** A handler that remembers its calls; `failOn` makes that decision throw, as a failed revert would. */
export function recordingHandler(
  field: string,
  calls: HandledCall[],
  failOn?: "approve" | "reject",
): HistoryActionHandler {
  const run = (decision: "approve" | "reject") => async (_manager: EntityManager, record: HistoryRecord) => {
    if (failOn === decision) throw DomainError.failedPrecondition("HANDLER_FAILED", "the revert failed");
    calls.push({ decision, record });
  };
  return { field, approve: run("approve"), reject: run("reject") };
}
