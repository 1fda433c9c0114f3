import type { EntityManager, EntityTarget, ObjectLiteral } from "typeorm";

/** Rows per INSERT: keeps every statement well under SQLite's and MySQL's bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/** Multi-row INSERTs of the rows, a few hundred per statement. */
export async function insertInChunks<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: readonly T[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    // TypeORM's insert type is QueryDeepPartialEntity; entity rows satisfy it.
    await manager.insert(target, rows.slice(start, start + ROWS_PER_STATEMENT) as never);
  }
}
