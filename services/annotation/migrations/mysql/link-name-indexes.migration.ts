import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Covering index for the moments of a link name (`imagedmoments/find/linkname`, its count): the
 * link name's associations give their observation UUIDs from the index alone, where `(link_name)`
 * held only the association's key and each association row was read for its observation. The
 * observation's moment comes with its primary key (InnoDB keeps the row there). The link-name
 * index is a prefix of the new one.
 */
export class LinkNameIndexesMysql implements MigrationInterface {
  name = "LinkNameIndexes1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_associations__link_name_observation ON associations (link_name, observation_uuid)",
    );
    await runner.query("DROP INDEX idx_associations__link_name ON associations");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE INDEX idx_associations__link_name ON associations (link_name)");
    await runner.query("DROP INDEX idx_associations__link_name_observation ON associations");
  }
}
