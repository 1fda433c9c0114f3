import type { MigrationInterface, QueryRunner } from "typeorm";
import { binaryText, IDENTITY_ID } from "../../../postgres-columns.js";

/**
 * The kb's users and preferences on PostgreSQL. A (VARCHAR(1024), VARCHAR(256)) pair may not fit
 * a B-tree entry (about 2.7 KiB against up to 5 KiB in UTF-8), so preference uniqueness rests on
 * a hash exclusion constraint over node and key (the node's length first, so no two pairs join
 * into the same text): exact, with no length limit, where MySQL stores a SHA-256. A hash index on
 * the node serves look-ups by node, as MySQL's 255-character prefix index does.
 */
export class InitPeoplePostgres implements MigrationInterface {
  name = "InitPeople1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE user_accounts (
      id ${IDENTITY_ID},
      username ${binaryText(50)} NOT NULL,
      password_hash ${binaryText(255)} NOT NULL,
      role ${binaryText(10)} NOT NULL,
      first_name ${binaryText(50)} NULL,
      last_name ${binaryText(50)} NULL,
      email ${binaryText(255)} NULL,
      affiliation ${binaryText(512)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT uq_user_accounts_username UNIQUE (username)
    )`);
    await runner.query("CREATE INDEX idx_user_accounts_role ON user_accounts (role)");
    await runner.query(`CREATE TABLE preferences (
      id ${IDENTITY_ID},
      node_name ${binaryText(1024)} NOT NULL,
      pref_key ${binaryText(256)} NOT NULL,
      pref_value ${binaryText(256)} NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT uq_preferences_node_key
        EXCLUDE USING hash ((length(node_name)::text || ':' || node_name || pref_key) WITH =)
    )`);
    await runner.query("CREATE INDEX idx_preferences_node_name ON preferences USING hash (node_name)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE preferences");
    await runner.query("DROP TABLE user_accounts");
  }
}
