/** What a staged load leaves out of a MySQL table and adds back once its rows are in. */
export interface DeferredDefinitions {
  /** Every index but the primary key, as `KEY \`name\` (…)` clauses, with their quoted names. */
  secondaryIndexes: { quotedName: string; clause: string }[];
  /** `CONSTRAINT \`name\` FOREIGN KEY … REFERENCES …` clauses (CREATE TABLE … LIKE copies none). */
  foreignKeys: string[];
}

const QUOTED = "`(?:[^`]|``)+`";
const SECONDARY_INDEX = new RegExp(`^(?:UNIQUE |FULLTEXT |SPATIAL )?KEY (${QUOTED}) `);
const FOREIGN_KEY = new RegExp(`^CONSTRAINT ${QUOTED} FOREIGN KEY `);

/**
 * The secondary indexes and foreign keys of a table, read from its `SHOW CREATE TABLE`, whose
 * clauses MySQL and MariaDB print one per line in the syntax ALTER TABLE … ADD takes.
 */
export function deferredDefinitions(createTable: string): DeferredDefinitions {
  const deferred: DeferredDefinitions = { secondaryIndexes: [], foreignKeys: [] };
  for (const line of createTable.split("\n")) {
    const clause = line.trim().replace(/,$/, "");
    const index = SECONDARY_INDEX.exec(clause);
    if (index) deferred.secondaryIndexes.push({ quotedName: index[1] as string, clause });
    else if (FOREIGN_KEY.test(clause)) deferred.foreignKeys.push(clause);
  }
  return deferred;
}
