/**
 * What a load into an empty table sets aside and makes again once its rows are in: the indexes
 * that keep nothing unique (each built by one sort afterwards, instead of one random insert per
 * row and index) and the foreign keys (checked once, over the whole table, instead of per row).
 * The primary key and the unique keys stay: the import looks rows up by them while it loads.
 */
export interface SetAsideDefinitions {
  /** The statements that take them off, in order (foreign keys first: they may need an index). */
  drops: string[];
  /** The statements that make the indexes again. */
  indexes: string[];
  /** The statements that add the foreign keys again, in the engine's own syntax. */
  foreignKeys: string[];
}

/** A single-column foreign key, as its ADD statement spells it. */
export interface ForeignKeyColumns {
  column: string;
  parentTable: string;
  parentColumn: string;
}

const FOREIGN_KEY_COLUMNS = /FOREIGN KEY \(([^),]+)\) REFERENCES ([^\s(]+)\s*\(([^),]+)\)/;

/**
 * The child column and the parent's of a single-column foreign key from its ADD statement, on
 * MySQL (backquoted names) as on PostgreSQL (bare or double-quoted); undefined for a key over
 * several columns.
 */
export function foreignKeyColumns(statement: string): ForeignKeyColumns | undefined {
  const found = FOREIGN_KEY_COLUMNS.exec(statement);
  if (!found) return undefined;
  const bare = (name: string) => name.trim().replace(/^[`"]|[`"]$/g, "");
  return {
    column: bare(found[1] as string),
    parentTable: bare(found[2] as string),
    parentColumn: bare(found[3] as string),
  };
}

/** The first column of an index from its definition: MySQL's KEY clause or PostgreSQL's and SQLite's CREATE INDEX. */
export function firstIndexedColumn(definition: string): string | undefined {
  const found = /\(\s*[`"]?([A-Za-z0-9_]+)/.exec(definition.slice(definition.indexOf("(")));
  return found?.[1];
}

/**
 * Whether a plain index stays while its table loads: it leads with a column the load looks rows
 * up by (`lookedUp`) and no unique key (`uniqueLeading`: the first columns of the unique keys,
 * which stay) leads with that column already.
 */
export function servesLookups(
  definition: string,
  lookedUp: readonly string[],
  uniqueLeading: readonly (string | undefined)[],
): boolean {
  const first = firstIndexedColumn(definition);
  return first !== undefined && lookedUp.includes(first) && !uniqueLeading.includes(first);
}

const UNIQUE_INDEX = /^CREATE\s+UNIQUE\b/i;

/** Whether a CREATE INDEX statement (PostgreSQL's, SQLite's) makes a unique index. */
export function isUniqueIndex(definition: string): boolean {
  return UNIQUE_INDEX.test(definition);
}

export function nothingSetAside(definitions: SetAsideDefinitions): boolean {
  return definitions.drops.length === 0;
}
