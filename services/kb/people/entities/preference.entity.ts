import { Column, Entity, PrimaryColumn } from "typeorm";
import { idTransformer } from "./id-column.js";

/** One preference value (legacy table Prefs); (node_name, pref_key) is unique. */
@Entity({ name: "preferences" })
export class PreferenceEntity {
  @PrimaryColumn({ type: "bigint", name: "id", generated: "increment", transformer: idTransformer })
  id!: number;

  @Column({ type: "varchar", length: 1024, name: "node_name" })
  nodeName!: string;

  @Column({ type: "varchar", length: 256, name: "pref_key" })
  prefKey!: string;

  @Column({ type: "varchar", length: 256, name: "pref_value" })
  prefValue!: string;
}
