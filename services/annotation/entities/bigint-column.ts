import { Column, type ValueTransformer } from "typeorm";

/**
 * MySQL returns BIGINT as a string; the annotation int64s (elapsed times, durations in
 * milliseconds) fit a double, and the protos carry them as numbers.
 */
const bigintTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

export function BigintColumn(options: { name: string }): PropertyDecorator {
  return Column({ type: "bigint", name: options.name, nullable: true, transformer: bigintTransformer });
}
