import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

/** A link of an observation (legacy table `associations`). */
@Entity({ name: "associations" })
export class AssociationEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "observation_uuid" })
  observationUuid!: string;

  @Column({ type: "varchar", length: 128, name: "link_name" })
  linkName!: string;

  @Column({ type: "varchar", length: 1024, name: "link_value", nullable: true })
  linkValue!: string | null;

  @Column({ type: "varchar", length: 128, name: "to_concept", nullable: true })
  toConcept!: string | null;

  @Column({ type: "varchar", length: 64, name: "mime_type" })
  mimeType!: string;

  @InstantColumn({ name: "last_updated_timestamp" })
  lastUpdatedTime!: Instant;
}
