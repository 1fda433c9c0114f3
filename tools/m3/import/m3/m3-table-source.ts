import type { TableShape } from "../../../../services/kit/storage/table-catalogue.js";
import { kindOf } from "../../../../services/kit/storage/table-catalogue.js";
import type { M3Row } from "../legacy/legacy-values.js";
import { identityOf } from "../merge/m3-rows.js";
import type { SourceBatch, TableSource } from "../merge/table-source.js";
import type { M3TableRef, M3TablesRepository } from "../target/m3-tables.repository.js";

/** Rows per read (and per write transaction) from another m3. */
export const M3_BATCH_ROWS = 2000;

/** The last-updated column of m3's tables, where they have one. */
const LAST_UPDATED_COLUMNS = ["last_updated_time", "last_updated_timestamp"];

/**
 * Preferences are numbered by each m3 on its own: between two m3s they are the same record
 * when their node and key are.
 */
const NATURAL_IDENTITY: Readonly<Record<string, readonly string[]>> = {
  preferences: ["node_name", "pref_key"],
};

/** One table of another m3 (a database, or an archive restored to scratch files), read as it is. */
export class M3TableSource implements TableSource {
  readonly sourceTable: string;
  readonly target: M3TableRef;
  readonly columns: readonly string[];
  readonly lastUpdated?: string;
  readonly uniqueIdentities = true;

  constructor(
    readonly domain: string,
    table: string,
    shape: TableShape,
    private readonly reader: M3TablesRepository,
  ) {
    this.sourceTable = table;
    const natural = NATURAL_IDENTITY[table];
    const columns = Object.fromEntries(
      Object.entries(shape.columns).filter(
        ([column, type]) => !(natural && kindOf(type) === "serial" && column === "id"),
      ),
    );
    this.target = { name: table, columns, identity: natural ?? shape.key };
    this.columns = Object.keys(columns);
    this.lastUpdated = LAST_UPDATED_COLUMNS.find((column) => column in columns);
  }

  countRows(): Promise<number> {
    return this.reader.countRows(this.target.name);
  }

  async *batches(): AsyncGenerator<SourceBatch> {
    for await (const rows of this.reader.readBatches(this.target, M3_BATCH_ROWS))
      yield { rows, unplaceable: [] };
  }

  /** Rows spread over the table: each the first at or after a random value of the identity's first column. */
  async sample(count: number): Promise<M3Row[]> {
    return this.reader.spreadRows(this.target, count);
  }

  rowsByIdentity(keys: readonly M3Row[]): Promise<M3Row[]> {
    return this.reader.storage.read((manager) => this.reader.findByIdentity(manager, this.target, keys));
  }

  async stillHeld(keys: readonly M3Row[]): Promise<Set<string>> {
    const found = await this.rowsByIdentity(keys);
    return new Set(found.map((row) => identityOf(row, this.target.identity)));
  }
}
