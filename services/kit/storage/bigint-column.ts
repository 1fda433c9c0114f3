import { Column, type ValueTransformer } from "typeorm";

/**
 * MySQL returns BIGINT as a string (so values beyond 2^53 survive). The domains' int64s
 * (durations, elapsed times, file sizes, ids) fit a double, and the protos carry them as numbers.
 */
const bigintTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** A nullable BIGINT column read as a number. */
export function BigintColumn(options: { name: string }): PropertyDecorator {
  return Column({ type: "bigint", name: options.name, nullable: true, transformer: bigintTransformer });
}
