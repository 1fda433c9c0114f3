import type { EntityManager } from "typeorm";
import { AnnotationHistoryEntity } from "../../entities/annotation-history.entity.js";

/** Ten columns a row: well under SQLite's 32,766 bound values. */
const ROWS_PER_INSERT = 1000;

export type NewHistoryRow = Omit<AnnotationHistoryEntity, "id">;

/** The annotation_history table: appended to inside each write's transaction, read per observation. */
export class AnnotationHistoryRepository {
  constructor(private readonly manager: EntityManager) {}

  async append(rows: readonly NewHistoryRow[]): Promise<void> {
    // TypeORM's builder leaves the id to the database (PostgreSQL refuses a NULL identity).
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.manager
        .createQueryBuilder()
        .insert()
        .into(AnnotationHistoryEntity)
        .values(rows.slice(start, start + ROWS_PER_INSERT) as AnnotationHistoryEntity[])
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * The changes of an observation and its associations, and those of the image references and
   * ancillary data of every imaged moment it has been on, oldest first.
   */
  async listForObservation(observationUuid: string): Promise<AnnotationHistoryEntity[]> {
    const own = await this.manager.getRepository(AnnotationHistoryEntity).find({
      where: { observationUuid },
      order: { id: "ASC" },
    });
    const moments = new Set<string>();
    for (const row of own) {
      if (row.dataType === "OBSERVATION" && row.imagedMomentUuid) moments.add(row.imagedMomentUuid);
    }
    const current = await this.manager.query(
      "SELECT imaged_moment_uuid AS moment FROM observations WHERE uuid = ?",
      [observationUuid],
    );
    for (const row of current as { moment: string }[]) moments.add(row.moment);
    if (moments.size === 0) return own;
    const momentRows = await this.manager
      .getRepository(AnnotationHistoryEntity)
      .createQueryBuilder("h")
      .where("h.imagedMomentUuid IN (:...moments)", { moments: [...moments] })
      .andWhere("h.dataType IN (:...types)", { types: ["IMAGE_REFERENCE", "ANCILLARY_DATUM"] })
      .getMany();
    return [...own, ...momentRows].sort((x, y) => x.id - y.id);
  }

  async observationExists(uuid: string): Promise<boolean> {
    const rows = await this.manager.query("SELECT 1 AS found FROM observations WHERE uuid = ?", [uuid]);
    return (rows as unknown[]).length > 0;
  }
}
