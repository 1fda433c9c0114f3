import { Column, Entity, PrimaryColumn, type ValueTransformer } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";

/** MySQL returns BIGINT as a string; kb ids and AphiaIDs fit a double. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** One node of the concept tree (legacy Concept + ConceptDelegate in one row). */
@Entity({ name: "concepts" })
export class ConceptEntity {
  @PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: bigintNumber })
  id!: number;

  @Column({ type: "bigint", name: "parent_id", nullable: true, transformer: bigintNumber })
  parentId!: number | null;

  @Column({ type: "varchar", length: 20, name: "rank_level", nullable: true })
  rankLevel!: string | null;

  @Column({ type: "varchar", length: 20, name: "rank_name", nullable: true })
  rankName!: string | null;

  @Column({ type: "bigint", name: "aphia_id", nullable: true, transformer: bigintNumber })
  aphiaId!: number | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}
