import type { EntityManager, EntityTarget, ObjectLiteral } from "typeorm";

/** Rows per INSERT: keeps every statement well under SQLite's and MySQL's bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Multi-row INSERTs of the rows, a few hundred per statement. The statement is written here
 * from the entity's column metadata and each value converted as TypeORM converts it
 * (transformer, then the driver's persistent form); TypeORM's insert builder costs more CPU
 * than the database spends on the rows. Absent values are written as NULL.
 */
export async function insertInChunks<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => column.isInsert && !column.isVirtual);
  const head = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns
    .map((column) => driver.escape(column.databaseName))
    .join(", ")}) VALUES `;
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      for (const column of columns) {
        parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column) ?? null);
      }
    }
    await manager.query(`${head}${chunk.map(() => tuple).join(", ")}`, parameters);
  }
}
