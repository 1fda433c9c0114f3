import { Column, type ValueTransformer } from "typeorm";
import { Instant } from "../time/instant.js";

/**
 * Timestamps are DATETIME(6) in MySQL and TEXT in SQLite (created by the migrations).
 * The entity declares them as varchar on purpose: TypeORM converts "datetime" values
 * through JavaScript Dates, which would drop the microseconds. Both drivers compare the
 * fixed-width text `YYYY-MM-DD HH:MM:SS.ffffff` correctly.
 */
const instantTransformer: ValueTransformer = {
  to: (value: Instant | null | undefined) => (value ? value.toSql() : value),
  from: (value: string | null) =>
    value === null || value === undefined ? value : Instant.fromSql(String(value)),
};

export function InstantColumn(options: { name: string; nullable?: boolean }): PropertyDecorator {
  return Column({
    type: "varchar",
    length: 26,
    name: options.name,
    nullable: options.nullable ?? false,
    transformer: instantTransformer,
  });
}
