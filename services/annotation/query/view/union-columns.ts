import { VIEW_COLUMNS, type ViewColumn } from "./annotations-view.js";

/**
 * The columns the view gained when it became the union of the legacy deployments' views
 * (the SQL Server view's and the registry columns of MBARI's deployments); the migration that
 * added them takes them out again on the way down.
 */
export const UNION_COLUMN_NAMES: readonly string[] = [
  "association_uuid",
  "association",
  "audio_codec",
  "video_codec",
  "video_container",
  "video_width",
  "video_height",
  "frame_rate",
  "video_size_bytes",
  "video_sha512",
  "video_reference_description",
  "video_description",
  "video_sequence_description",
];

/** The view's columns before the union. */
export function columnsBeforeUnion(): ViewColumn[] {
  return VIEW_COLUMNS.filter((column) => !UNION_COLUMN_NAMES.includes(column.name));
}
