import type { EntityManager } from "typeorm";
import { AnnotationHistoryEntity } from "../../entities/annotation-history.entity.js";
import { insertInChunks } from "../../moments/repositories/insert-in-chunks.js";

/** The annotation_history table: appended to inside each write's transaction, read per observation. */
export class AnnotationHistoryRepository {
  constructor(private readonly manager: EntityManager) {}

  append(rows: readonly AnnotationHistoryEntity[]): Promise<void> {
    return insertInChunks(this.manager, AnnotationHistoryEntity, rows);
  }

  /**
   * The changes of an observation and its associations, and those of the image references and
   * ancillary data of every imaged moment it has been on, oldest first.
   */
  async listForObservation(observationUuid: string): Promise<AnnotationHistoryEntity[]> {
    const own = await this.manager.getRepository(AnnotationHistoryEntity).find({
      where: { observationUuid },
    });
    const moments = new Set<string>();
    for (const row of own) {
      if (row.dataType === "OBSERVATION" && row.imagedMomentUuid) moments.add(row.imagedMomentUuid);
    }
    const current: { moment: string }[] = await this.manager.query(
      "SELECT imaged_moment_uuid AS moment FROM observations WHERE uuid = ?",
      [observationUuid],
    );
    for (const row of current) moments.add(row.moment);
    const momentRows =
      moments.size === 0
        ? []
        : await this.manager
            .getRepository(AnnotationHistoryEntity)
            .createQueryBuilder("h")
            .where("h.imagedMomentUuid IN (:...moments)", { moments: [...moments] })
            .andWhere("h.dataType IN (:...types)", { types: ["IMAGE_REFERENCE", "ANCILLARY_DATUM"] })
            .getMany();
    return [...own, ...momentRows].sort(
      (x, y) => x.changedAt.compare(y.changedAt) || (x.uuid < y.uuid ? -1 : x.uuid > y.uuid ? 1 : 0),
    );
  }

  async observationExists(uuid: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query("SELECT 1 AS found FROM observations WHERE uuid = ?", [
      uuid,
    ]);
    return rows.length > 0;
  }
}
