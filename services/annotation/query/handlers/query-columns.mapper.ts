import type { QueryColumn } from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import type { ListedColumn } from "../services/tabular-query.service.js";
import type { ColumnKind } from "../view/annotations-view.js";

/** The legacy (Postgres JDBC) type and Java class names, which clients may show or switch on. */
const LEGACY_TYPES: Record<ColumnKind, { type: string; className: string }> = {
  uuid: { type: "uuid", className: "java.util.UUID" },
  text: { type: "varchar", className: "java.lang.String" },
  integer: { type: "int4", className: "java.lang.Integer" },
  long: { type: "numeric", className: "java.math.BigDecimal" },
  double: { type: "float8", className: "java.lang.Double" },
  instant: { type: "timestamptz", className: "java.sql.Timestamp" },
};

/** The legacy five fields; `unavailableReason` is added only where it applies (clients ignore it). */
export function toQueryColumn({ column, unavailableReason }: ListedColumn): QueryColumn {
  const legacy = LEGACY_TYPES[column.kind];
  return {
    columnName: column.name,
    columnType: legacy.type,
    columnSize: column.size,
    columnLabel: column.name,
    columnClassName: legacy.className,
    unavailableReason,
  };
}
