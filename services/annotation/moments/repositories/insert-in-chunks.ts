import type { EntityManager, EntityTarget, ObjectLiteral } from "typeorm";
import { placeholders } from "../../../kit/sql/placeholders.js";

/** Bound values per INSERT: under SQLite's limit of 32,766 (MySQL's is 65,535). */
const MAX_VALUES_PER_STATEMENT = 30_000;
/** A bulk request of 1,000 annotations writes each table in one statement. */
const MAX_ROWS_PER_STATEMENT = 1000;

/**
 * Multi-row INSERTs of the rows, up to a thousand per statement. The statement is written here
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
  const tuple = `(${placeholders(columns.length)})`;
  const rowsPerStatement = Math.min(
    MAX_ROWS_PER_STATEMENT,
    Math.floor(MAX_VALUES_PER_STATEMENT / columns.length),
  );
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      for (const column of columns) {
        parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column) ?? null);
      }
    }
    await manager.query(`${head}${chunk.map(() => tuple).join(", ")}`, parameters);
  }
}
