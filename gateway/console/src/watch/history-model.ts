/** The history panel's rules, free of Vue and the DOM. */

/** One change as `GET /anno/v1/observations/{uuid}/history` answers it (docs/annotation-history.md). */
export interface HistoryChange {
  action: "CREATED" | "UPDATED" | "DELETED";
  data_type: string;
  uuid: string;
  changed_by: string | null;
  changed_at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One field of a change: its value before and after. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** Fields a person reads nothing from in a history (identities and links between records). */
const SILENT_FIELDS = new Set(["uuid", "observation_uuid", "imaged_moment_uuid", "observation_timestamp"]);

const shown = (value: unknown) => (value === null || value === undefined ? "—" : String(value));

/** The fields that differ between before and after (all of the record's on a create or delete). */
export function fieldChanges(change: Pick<HistoryChange, "before" | "after">): FieldChange[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !SILENT_FIELDS.has(field))
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
}
