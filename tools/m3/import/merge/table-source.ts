import type { M3Row } from "../legacy/legacy-values.js";
import type { M3TableRef } from "../target/m3-tables.repository.js";

/** Source rows in m3's form, and the rows of the batch m3 cannot hold (each with its reason). */
export interface SourceBatch {
  rows: M3Row[];
  unplaceable: string[];
}

/**
 * One table of a source (a legacy table, or an m3 table of another m3), read as m3 rows of one
 * m3 table: what the merge reads, whatever the source.
 */
export interface TableSource {
  readonly domain: string;
  /** The source table, as its service spells it. */
  readonly sourceTable: string;
  readonly target: M3TableRef;
  /** The m3 columns the source gives a value for (what is written and compared). */
  readonly columns: readonly string[];
  /** The m3 last-updated column, when the table has one. */
  readonly lastUpdated?: string;
  /** Whether no two source rows share an identity (then an empty m3 table needs no look-ups). */
  readonly uniqueIdentities: boolean;
  countRows(): Promise<number>;
  batches(): AsyncGenerator<SourceBatch>;
  /** Up to `count` of the source's rows, spread over the table (for the verification). */
  sample(count: number): Promise<M3Row[]>;
  /** The source's rows with the identities given (m3 rows holding the identity columns). */
  rowsByIdentity(keys: readonly M3Row[]): Promise<M3Row[]>;
  /** Of the m3 rows given (their identities), those whose record the source still holds: the others are pruned. */
  stillHeld(keys: readonly M3Row[]): Promise<Set<string>>;
}
