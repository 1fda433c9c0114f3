import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../../kit/storage/instant-column.js";
import type { Instant } from "../../../kit/time/instant.js";
import { idTransformer } from "./id-column.js";

/** A kb user (legacy table UserAccount); `password_hash` is jasypt (imported) or scrypt. */
@Entity({ name: "user_accounts" })
export class UserAccountEntity {
  @PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: idTransformer })
  id!: number;

  @Column({ type: "varchar", length: 50, name: "username" })
  username!: string;

  @Column({ type: "varchar", length: 255, name: "password_hash" })
  passwordHash!: string;

  @Column({ type: "varchar", length: 10, name: "role" })
  role!: string;

  @Column({ type: "varchar", length: 50, name: "first_name", nullable: true })
  firstName!: string | null;

  @Column({ type: "varchar", length: 50, name: "last_name", nullable: true })
  lastName!: string | null;

  @Column({ type: "varchar", length: 255, name: "email", nullable: true })
  email!: string | null;

  @Column({ type: "varchar", length: 512, name: "affiliation", nullable: true })
  affiliation!: string | null;

  @InstantColumn({ name: "last_updated_time" })
  lastUpdatedTime!: Instant;
}
