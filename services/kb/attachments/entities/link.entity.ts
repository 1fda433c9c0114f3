import { Column, Entity } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ForeignIdColumn, IdColumn } from "./id-column.js";

/** The columns link templates and realizations share. */
abstract class LinkColumns {
  @IdColumn()
  id!: number;

  @ForeignIdColumn("concept_id")
  conceptId!: number;

  @Column({ type: "varchar", length: 50, name: "link_name" })
  linkName!: string;

  @Column({ type: "varchar", length: 128, name: "to_concept" })
  toConcept!: string;

  @Column({ type: "varchar", length: 2048, name: "link_value" })
  linkValue!: string;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}

/** A property declared on a concept and inherited by its descendants. */
@Entity({ name: "link_templates" })
export class LinkTemplateEntity extends LinkColumns {}

/** A property asserted about one concept. */
@Entity({ name: "link_realizations" })
export class LinkRealizationEntity extends LinkColumns {}

export type LinkEntity = LinkTemplateEntity | LinkRealizationEntity;
