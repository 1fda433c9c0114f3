import type { TableShape } from "../../../../services/kit/storage/table-catalogue.js";
import { identityOf } from "../merge/m3-rows.js";
import type { SourceBatch, TableSource } from "../merge/table-source.js";
import { delegate, type ReadContext } from "./legacy-conversions.js";
import type { LegacyTableMapping } from "./legacy-mapping.js";
import { legacyColumnsToRead, toM3Row } from "./legacy-rows.js";
import type { LegacySourceRepository } from "./legacy-source.repository.js";
import { type LegacyRow, type M3Row, UnplaceableRowError } from "./legacy-values.js";

/** Legacy rows per read (and per write transaction). */
export const LEGACY_BATCH_ROWS = 5000;

/** The kb tables read whole and ordered parents first: m3's concepts refer to their parent. */
const TREE_TABLE = "concept";

/**
 * One legacy table read as m3 rows through its declared mapping. The kb's concepts are read
 * whole (a kb is thousands of rows) to come parents first; every other table a batch at a time.
 */
export class LegacyTableSource implements TableSource {
  readonly domain: string;
  readonly sourceTable: string;
  readonly columns: readonly string[];
  readonly lastUpdated?: string;
  readonly target;
  readonly uniqueIdentities: boolean;

  constructor(
    private readonly mapping: LegacyTableMapping,
    shape: TableShape,
    private readonly reader: LegacySourceRepository,
    private readonly context: ReadContext,
    private readonly present: ReadonlySet<string>,
  ) {
    this.domain = mapping.domain;
    this.sourceTable = mapping.spelled;
    this.columns = mapping.columns.map((pair) => pair.m3);
    this.lastUpdated = mapping.m3LastUpdated;
    const columns = Object.fromEntries(
      this.columns.map((column) => [column, shape.columns[column] ?? "text?"]),
    );
    this.target = { name: mapping.m3, columns, identity: mapping.identity };
    // Folding oni's delegates can give two legacy rows one identity (a concept's reference twice).
    this.uniqueIdentities = this.directLegacyKey() !== undefined;
  }

  countRows(): Promise<number> {
    return this.reader.countRows(this.mapping.legacy);
  }

  async *batches(): AsyncGenerator<SourceBatch> {
    const rows = this.reader.readBatches(
      this.mapping.legacy,
      legacyColumnsToRead(this.mapping, this.present),
      this.mapping.legacyKey,
      LEGACY_BATCH_ROWS,
    );
    if (this.mapping.legacy !== TREE_TABLE) {
      for await (const batch of rows) yield this.converted(batch);
      return;
    }
    const all: LegacyRow[] = [];
    for await (const batch of rows) all.push(...batch);
    const { rows: concepts, unplaceable } = this.converted(all);
    const ordered = parentsFirst(concepts);
    yield { rows: ordered.slice(0, LEGACY_BATCH_ROWS), unplaceable };
    for (let start = LEGACY_BATCH_ROWS; start < ordered.length; start += LEGACY_BATCH_ROWS) {
      yield { rows: ordered.slice(start, start + LEGACY_BATCH_ROWS), unplaceable: [] };
    }
  }

  async sample(count: number): Promise<M3Row[]> {
    const rows = await this.reader.sampleRows(
      this.mapping.legacy,
      legacyColumnsToRead(this.mapping, this.present),
      this.mapping.legacyKey,
      count,
    );
    return this.converted(rows).rows;
  }

  async rowsByIdentity(keys: readonly M3Row[]): Promise<M3Row[]> {
    const legacyKey = this.directLegacyKey();
    if (!legacyKey) throw new Error(`${this.sourceTable} is not read by identity`);
    const rows = await this.reader.rowsByKey(
      this.mapping.legacy,
      legacyColumnsToRead(this.mapping, this.present),
      legacyKey,
      keys.map((key) => this.mapping.identity.map((column) => key[column])),
    );
    return this.converted(rows).rows;
  }

  async stillHeld(keys: readonly M3Row[]): Promise<Set<string>> {
    const legacyKey = this.directLegacyKey();
    if (!legacyKey) return this.heldByFullRead();
    const found = await this.reader.existingKeys(
      this.mapping.legacy,
      legacyKey,
      keys.map((key) => this.mapping.identity.map((column) => key[column])),
    );
    return new Set(found);
  }

  /** The legacy columns holding the m3 identity as it is (none when one goes through oni's delegates). */
  private directLegacyKey(): string[] | undefined {
    const pairs = this.mapping.identity.map((column) =>
      this.mapping.columns.find((pair) => pair.m3 === column),
    );
    if (pairs.some((pair) => !pair || pair.convert === delegate)) return undefined;
    return pairs.map((pair) => pair?.legacy ?? "");
  }

  /** Tables keyed through oni's delegates (a concept's references) are small: their identities from a full read. */
  private async heldByFullRead(): Promise<Set<string>> {
    const held = new Set<string>();
    for await (const batch of this.batches()) {
      for (const row of batch.rows) held.add(identityOf(row, this.mapping.identity));
    }
    return held;
  }

  private converted(batch: readonly LegacyRow[]): SourceBatch {
    const rows: M3Row[] = [];
    const unplaceable: string[] = [];
    for (const row of batch) {
      try {
        rows.push(toM3Row(this.mapping, row, this.context));
      } catch (error) {
        if (!(error instanceof UnplaceableRowError)) throw error;
        const key = this.mapping.legacyKey.map((column) => String(row[column])).join("/");
        unplaceable.push(`${this.mapping.spelled} ${key}: ${error.message}`);
      }
    }
    return { rows, unplaceable };
  }
}

/** Concepts ordered so that each comes after its parent; those whose parent is missing come first, as roots. */
export function parentsFirst(concepts: readonly M3Row[]): M3Row[] {
  const children = new Map<unknown, M3Row[]>();
  const ids = new Set(concepts.map((concept) => concept.id));
  const roots: M3Row[] = [];
  for (const concept of concepts) {
    if (concept.parent_id === null || !ids.has(concept.parent_id)) roots.push(concept);
    else children.set(concept.parent_id, [...(children.get(concept.parent_id) ?? []), concept]);
  }
  const ordered: M3Row[] = [];
  const queue = [...roots];
  for (let next = queue.shift(); next; next = queue.shift()) {
    ordered.push(next);
    queue.push(...(children.get(next.id) ?? []));
  }
  // Concepts in a parent cycle are never reached from a root: they come last, as they are,
  // so the database refuses them by name rather than the import dropping them unseen.
  const placed = new Set(ordered);
  ordered.push(...concepts.filter((concept) => !placed.has(concept)));
  return ordered;
}
