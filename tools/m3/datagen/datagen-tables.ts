import {
  ANNOTATION_TABLES as ANNOTATION_CATALOGUE,
  type AnnotationTableName,
} from "../../../services/annotation/annotation-tables.js";
import {
  columnNames,
  type RowValues,
  type TableShape,
  valuesInOrder,
} from "../../../services/kit/storage/table-catalogue.js";
import {
  REGISTRY_TABLES as REGISTRY_CATALOGUE,
  type RegistryTableName,
} from "../../../services/registry/registry-tables.js";

/** The annotation tables the generator fills, in the order a chunk inserts them (parents first). */
const FILLED_ANNOTATION_TABLES = [
  "video_reference_information",
  "imaged_moments",
  "ancillary_data",
  "image_references",
  "observations",
  "associations",
] as const satisfies readonly AnnotationTableName[];

const FILLED_REGISTRY_TABLES = [
  "video_sequences",
  "videos",
  "video_references",
] as const satisfies readonly RegistryTableName[];

export type AnnotationTable = (typeof FILLED_ANNOTATION_TABLES)[number];
export type RegistryTable = (typeof FILLED_REGISTRY_TABLES)[number];

/**
 * The columns of each table the generator fills, as the domains' catalogues declare them: the
 * order of each generated row's values (columns the generator leaves out hold NULL).
 */
export const ANNOTATION_TABLES = columnsOf(ANNOTATION_CATALOGUE, FILLED_ANNOTATION_TABLES);
export const REGISTRY_TABLES = columnsOf(REGISTRY_CATALOGUE, FILLED_REGISTRY_TABLES);

function columnsOf<T extends string>(
  catalogue: Readonly<Record<T, TableShape>>,
  tables: readonly T[],
): Record<T, readonly string[]> {
  const columns = {} as Record<T, readonly string[]>;
  for (const name of tables) columns[name] = columnNames(catalogue[name]);
  return columns;
}

export type SqlValue = string | number | null;

/** One row's values, in its table's column order. */
export type SqlRow = SqlValue[];

/** An annotation row from its values by column name. */
export function annotationRow<T extends AnnotationTable>(
  table: T,
  values: RowValues<(typeof ANNOTATION_CATALOGUE)[T], SqlValue>,
): SqlRow {
  return valuesInOrder(ANNOTATION_TABLES[table], values);
}

/** A registry row from its values by column name. */
export function registryRow<T extends RegistryTable>(
  table: T,
  values: RowValues<(typeof REGISTRY_CATALOGUE)[T], SqlValue>,
): SqlRow {
  return valuesInOrder(REGISTRY_TABLES[table], values);
}

/** The rows of one chunk, per table; parents come before children in insertion order. */
export interface RowChunk {
  annotation: Record<AnnotationTable, SqlRow[]>;
  registry: Record<RegistryTable, SqlRow[]>;
  /** Annotations (observations) in this chunk. */
  annotations: number;
}

export function emptyChunk(): RowChunk {
  return {
    annotation: emptyTables(FILLED_ANNOTATION_TABLES),
    registry: emptyTables(FILLED_REGISTRY_TABLES),
    annotations: 0,
  };
}

function emptyTables<T extends string>(tables: readonly T[]): Record<T, SqlRow[]> {
  const rows = {} as Record<T, SqlRow[]>;
  for (const name of tables) rows[name] = [];
  return rows;
}
