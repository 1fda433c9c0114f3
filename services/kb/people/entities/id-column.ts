import type { ValueTransformer } from "typeorm";

/** MySQL returns BIGINT ids as strings; kb ids stay far below 2^53, and the protos carry numbers. */
export const idTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
