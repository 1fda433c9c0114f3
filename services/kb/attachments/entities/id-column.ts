import { Column, PrimaryColumn, type ValueTransformer } from "typeorm";

/** MySQL returns BIGINT as a string; kb ids fit a double and the protos carry them as numbers. */
const idTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

export function IdColumn(): PropertyDecorator {
  return PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: idTransformer });
}

export function ForeignIdColumn(name: string): PropertyDecorator {
  return Column({ type: "bigint", name, transformer: idTransformer });
}
