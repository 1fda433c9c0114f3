import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { AncillaryDatumRepository, type DatumOfMoment } from "../repositories/ancillary-datum.repository.js";
import { ImagedMomentRepository } from "../repositories/imaged-moment.repository.js";
import { MomentQueryRepository } from "../repositories/moment-query.repository.js";
import {
  type AncillaryInput,
  DEFAULT_MERGE_WINDOW_MILLIS,
  datumRow,
  inRecordedOrder,
  nearestData,
} from "./ancillary-data.rules.js";
import { notFound, optionalUuid, requireUuid } from "./moment-input.rules.js";

/** A datum with the imaged moment it belongs to. */
export type DatumView = DatumOfMoment;

/** Ancillary data: at most one datum per imaged moment. */
export class AncillaryDataService {
  constructor(private readonly storage: DomainStorage) {}

  async get(uuid: string): Promise<DatumView> {
    const id = requireUuid(uuid, "uuid");
    return this.found(
      await this.storage.read(async (m) =>
        this.withMoments(m, [await new AncillaryDatumRepository(m).findByUuid(id)]),
      ),
    );
  }

  async getByMoment(imagedMomentUuid: string): Promise<DatumView> {
    const id = requireUuid(imagedMomentUuid, "imaged_moment_uuid");
    return this.found(
      await this.storage.read(async (m) =>
        this.withMoments(m, [await new AncillaryDatumRepository(m).findByMoment(id)]),
      ),
    );
  }

  async getByObservation(observationUuid: string): Promise<DatumView> {
    const id = requireUuid(observationUuid, "observation_uuid");
    return this.found(
      await this.storage.read(async (m) => {
        const moment = await new MomentQueryRepository(m).momentOfObservation(id);
        if (moment === undefined) return [];
        return this.withMoments(m, [await new AncillaryDatumRepository(m).findByMoment(moment)]);
      }),
    );
  }

  listByVideo(videoReferenceUuid: string): Promise<DatumView[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.read((m) => new AncillaryDatumRepository(m).listWithMomentsByVideo(video));
  }

  /** Creates the datum of a moment that has none yet. */
  async create(input: AncillaryInput): Promise<DatumView> {
    const moment = requireUuid(input.imagedMomentUuid, "imaged_moment_uuid");
    const uuid = optionalUuid(input.uuid, "uuid") ?? uuidV7();
    return this.storage.transaction(async (m) => {
      const [found] = await new ImagedMomentRepository(m).findByUuids([moment]);
      if (!found) throw DomainError.notFound("Not found", { field: "imaged_moment_uuid" });
      const data = new AncillaryDatumRepository(m);
      if (await data.findByMoment(moment)) {
        throw DomainError.alreadyExists(
          "DUPLICATE_ANCILLARY_DATA",
          "The imaged moment already has ancillary data",
          {
            field: "imaged_moment_uuid",
          },
        );
      }
      await data.insert(datumRow(input, uuid, moment, Instant.now()));
      return this.found(await this.withMoments(m, [await data.findByMoment(moment)]));
    });
  }

  /**
   * Creates the data of moments without any and updates, field by field, the data of the others
   * (absent fields keep their value). Returns the resulting data in input order.
   */
  async createMany(inputs: readonly AncillaryInput[]): Promise<DatumView[]> {
    const rows = inputs.map((input, i) => ({
      input,
      moment: requireUuid(input.imagedMomentUuid, `data[${i}].imaged_moment_uuid`),
      uuid: optionalUuid(input.uuid, `data[${i}].uuid`) ?? uuidV7(),
    }));
    if (rows.length === 0) return [];
    return this.storage.transaction(async (m) => {
      const moments = rows.map((row) => row.moment);
      await this.requireMoments(m, moments);
      const now = Instant.now();
      const data = new AncillaryDatumRepository(m);
      await data.upsertMany(
        lastPerMoment(rows.map((row) => datumRow(row.input, row.uuid, row.moment, now))),
        "merge",
      );
      return this.inOrder(await this.withMoments(m, await data.listByMoments(moments)), moments);
    });
  }

  /** Matches data to the video's moments by nearest recorded timestamp and replaces their data. */
  async merge(
    videoReferenceUuid: string,
    inputs: readonly AncillaryInput[],
    windowMillis?: number,
  ): Promise<DatumView[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const window = windowMillis ?? DEFAULT_MERGE_WINDOW_MILLIS;
    if (window < 0)
      throw DomainError.invalidArgument("INVALID_VALUE", "window must not be negative", { field: "window" });
    return this.storage.transaction(async (m) => {
      const uuids = await new MomentQueryRepository(m).byVideo(video);
      const moments = await new ImagedMomentRepository(m).findByUuids(uuids);
      const pairs = inRecordedOrder(nearestData(moments, inputs, window));
      if (pairs.length === 0) return [];
      const data = new AncillaryDatumRepository(m);
      const now = Instant.now();
      await data.upsertMany(
        pairs.map((pair) => datumRow(pair.datum, uuidV7(), pair.moment.uuid, now)),
        "replace",
      );
      const merged = pairs.map((pair) => pair.moment.uuid);
      return this.inOrder(await this.withMoments(m, await data.listByMoments(merged)), merged);
    });
  }

  /** Replaces every measurement; absent ones become empty. */
  async update(uuid: string, input: AncillaryInput): Promise<DatumView> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.transaction(async (m) => {
      const data = new AncillaryDatumRepository(m);
      const current = await data.findByUuid(id);
      if (!current) throw notFound();
      const now = Instant.now();
      await data.replace(id, datumRow(input, id, current.imagedMomentUuid, now), now);
      return this.found(await this.withMoments(m, [await data.findByUuid(id)]));
    });
  }

  deleteByVideo(videoReferenceUuid: string): Promise<number> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.transaction((m) => new AncillaryDatumRepository(m).deleteByVideo(video));
  }

  private async withMoments(
    manager: EntityManager,
    data: readonly (AncillaryDatumEntity | null)[],
  ): Promise<DatumView[]> {
    const present = data.filter((datum): datum is AncillaryDatumEntity => datum !== null);
    const moments = await new ImagedMomentRepository(manager).findByUuids(
      present.map((d) => d.imagedMomentUuid),
    );
    return paired(present, moments);
  }

  private async requireMoments(manager: EntityManager, uuids: string[]) {
    const found = new Set((await new ImagedMomentRepository(manager).findByUuids(uuids)).map((m) => m.uuid));
    const missing = uuids.findIndex((uuid) => !found.has(uuid));
    if (missing >= 0) {
      throw DomainError.notFound("Not found", { field: `data[${missing}].imaged_moment_uuid` });
    }
  }

  private inOrder(views: DatumView[], moments: readonly string[]): DatumView[] {
    const byMoment = new Map(views.map((view) => [view.moment.uuid, view]));
    return [...new Set(moments)].flatMap((moment) => byMoment.get(moment) ?? []);
  }

  private found(views: readonly DatumView[]): DatumView {
    const [view] = views;
    if (!view) throw notFound();
    return view;
  }
}

/** One row per moment (the last item wins), so one statement never upserts a moment twice. */
function lastPerMoment(rows: readonly AncillaryDatumEntity[]): AncillaryDatumEntity[] {
  return [...new Map(rows.map((row) => [row.imagedMomentUuid, row])).values()];
}

/** Each datum with its moment; a datum whose moment is missing is left out. */
function paired(data: readonly AncillaryDatumEntity[], moments: readonly ImagedMomentEntity[]): DatumView[] {
  const byUuid = new Map(moments.map((moment) => [moment.uuid, moment]));
  return data.flatMap((datum) => {
    const moment = byUuid.get(datum.imagedMomentUuid);
    return moment ? [{ datum, moment }] : [];
  });
}
