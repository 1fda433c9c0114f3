import { createHash } from "node:crypto";
import { ANNOTATION_TABLES } from "../../../../services/annotation/annotation-tables.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import type { SourceBatch, TableSource } from "../merge/table-source.js";
import type { LegacySourceRepository } from "./legacy-source.repository.js";
import {
  type LegacyRow,
  type M3Row,
  m3Instant,
  m3Integer,
  m3Uuid,
  UnplaceableRowError,
} from "./legacy-values.js";

/** Audit rows per read (and per write transaction). */
const AUDIT_BATCH_ROWS = 5000;

/** Envers's REVTYPE to the action m3's history names. */
const ACTIONS: Readonly<Record<string, string>> = { "0": "CREATED", "1": "UPDATED", "2": "DELETED" };

type Snapshot = Record<string, string | number | null>;

/** One audited annosaurus table: its Envers table, m3's name for its records, and a record's snapshot. */
interface AuditedTable {
  table: string;
  dataType: "OBSERVATION" | "ASSOCIATION";
  columns: readonly string[];
  snapshot(row: LegacyRow): Snapshot;
  observationOf(snapshot: Snapshot): string | null;
  momentOf(snapshot: Snapshot): string | null;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const uuidOrNull = (value: unknown) => (value === null || value === undefined ? null : m3Uuid(String(value)));

/** The audited columns as m3's own history writes them (services/annotation/history). */
const AUDITED: readonly AuditedTable[] = [
  {
    table: "observations_aud",
    dataType: "OBSERVATION",
    columns: [
      "uuid",
      "concept",
      "observer",
      "observation_timestamp",
      "duration_millis",
      "observation_group",
      "activity",
      "imaged_moment_uuid",
    ],
    snapshot: (row) => ({
      uuid: m3Uuid(String(row.uuid)),
      concept: text(row.concept),
      observer: text(row.observer),
      observation_timestamp:
        row.observation_timestamp == null
          ? null
          : Instant.fromSql(m3Instant(row.observation_timestamp ?? null)).toString(),
      duration_millis: row.duration_millis == null ? null : m3Integer(row.duration_millis),
      group: text(row.observation_group),
      activity: text(row.activity),
      imaged_moment_uuid: uuidOrNull(row.imaged_moment_uuid),
    }),
    observationOf: (snapshot) => snapshot.uuid as string,
    momentOf: (snapshot) => (snapshot.imaged_moment_uuid as string | null) ?? null,
  },
  {
    table: "associations_aud",
    dataType: "ASSOCIATION",
    columns: ["uuid", "observation_uuid", "link_name", "to_concept", "link_value", "mime_type"],
    snapshot: (row) => ({
      uuid: m3Uuid(String(row.uuid)),
      observation_uuid: uuidOrNull(row.observation_uuid),
      link_name: text(row.link_name),
      to_concept: text(row.to_concept),
      link_value: text(row.link_value),
      mime_type: text(row.mime_type),
    }),
    observationOf: (snapshot) => (snapshot.observation_uuid as string | null) ?? null,
    momentOf: () => null,
  },
];

/** The legacy tables the audit source reads; the source is offered only when all are present. */
export const AUDIT_SOURCE_TABLES = ["revinfo", ...AUDITED.map((audited) => audited.table)];

const HISTORY = ANNOTATION_TABLES.annotation_history;

/**
 * annosaurus's Hibernate Envers audit rows (`observations_AUD`, `associations_AUD`, with
 * `REVINFO`'s times) read as rows of m3's annotation_history: one per revision of a record, its
 * before the record's previous revision, its after the revision itself (none for a delete).
 * Envers keeps no user: changed_by is null, as for a write made with the API key's token, which
 * is how annosaurus's clients wrote. Each row's UUID is derived from the audit row's own key, so
 * a second import finds the rows the first one wrote. A history is only ever added to: the
 * source's rows are never pruned from m3's.
 */
/** Where the audit rows go: m3's annotation_history, keyed by the uuid each revision is given. */
export const AUDIT_HISTORY_TARGET = {
  name: "annotation_history",
  columns: HISTORY.columns,
  identity: ["uuid"],
};

export class LegacyAuditSource implements TableSource {
  readonly domain = "annotation";
  readonly sourceTable = "observations_AUD, associations_AUD";
  readonly target = AUDIT_HISTORY_TARGET;
  readonly columns = Object.keys(HISTORY.columns);
  readonly uniqueIdentities = true;

  constructor(private readonly reader: LegacySourceRepository) {}

  async countRows(): Promise<number> {
    let rows = 0;
    for (const audited of AUDITED) rows += await this.reader.countRows(audited.table);
    return rows;
  }

  async *batches(): AsyncGenerator<SourceBatch> {
    for (const audited of AUDITED) {
      const columns = audited.columns.map((column) => `a.${column}::text AS ${column}`).join(", ");
      const rows = this.reader.readOrdered(
        `SELECT a.rev::text AS rev, a.revtype::text AS revtype, r.revtstmp::text AS revtstmp, ${columns}
           FROM ${audited.table} a JOIN revinfo r ON r.rev = a.rev ORDER BY a.uuid, a.rev`,
        AUDIT_BATCH_ROWS,
      );
      let previous: { uuid: string; snapshot: Snapshot | null } | undefined;
      for await (const batch of rows) {
        const converted: M3Row[] = [];
        const unplaceable: string[] = [];
        for (const row of batch) {
          try {
            const recordUuid = m3Uuid(String(row.uuid));
            const action = ACTIONS[String(row.revtype)] ?? "UPDATED";
            const before = previous?.uuid === recordUuid ? previous.snapshot : null;
            const after = action === "DELETED" ? null : audited.snapshot(row);
            converted.push(historyRow(audited, row, recordUuid, action, before, after));
            previous = { uuid: recordUuid, snapshot: after };
          } catch (error) {
            if (!(error instanceof UnplaceableRowError)) throw error;
            unplaceable.push(`${audited.table} ${String(row.rev)}/${String(row.uuid)}: ${error.message}`);
          }
        }
        yield { rows: converted, unplaceable };
      }
    }
  }

  /** The first rows read (the verification samples observations, not the history). */
  async sample(count: number): Promise<M3Row[]> {
    for await (const batch of this.batches()) return batch.rows.slice(0, count);
    return [];
  }

  async rowsByIdentity(): Promise<M3Row[]> {
    throw new Error("annosaurus's audit rows are not read by identity");
  }

  /** Every row of m3's history stays: a history is added to, never pruned. */
  async stillHeld(keys: readonly M3Row[]): Promise<Set<string>> {
    return new Set(keys.map((key) => String(key.uuid)));
  }
}

function historyRow(
  audited: AuditedTable,
  row: LegacyRow,
  recordUuid: string,
  action: string,
  before: Snapshot | null,
  after: Snapshot | null,
): M3Row {
  const latest = after ?? before;
  return {
    uuid: auditRowUuid(audited.table, recordUuid, String(row.rev)),
    changed_at: Instant.ofEpochMillis(Number(row.revtstmp)).toSql(),
    changed_by: null,
    action,
    data_type: audited.dataType,
    record_uuid: recordUuid,
    observation_uuid: latest
      ? audited.observationOf(latest)
      : audited.dataType === "OBSERVATION"
        ? recordUuid
        : null,
    imaged_moment_uuid: latest ? audited.momentOf(latest) : null,
    before_json: before === null ? null : JSON.stringify(before),
    after_json: after === null ? null : JSON.stringify(after),
  };
}

/** A UUID (version 8, name-based) fixed by the audit row's key: the same on every import. */
function auditRowUuid(table: string, recordUuid: string, revision: string): string {
  const bytes = createHash("sha256").update(`annosaurus:${table}:${recordUuid}:${revision}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
