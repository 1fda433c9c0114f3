import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ImagedMomentStore } from "../../contracts/imaged-moment-store.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import {
  type ImageReferenceChanges,
  ImageReferenceRepository,
  type ImageRow,
} from "../repositories/image-reference.repository.js";
import { ImagedMomentRepository } from "../repositories/imaged-moment.repository.js";
import { notFound, optionalUuid, requireUuid } from "./moment-input.rules.js";

/** The descriptive fields of an image. */
export interface ImageFields {
  url?: string;
  format?: string;
  widthPixels?: number;
  heightPixels?: number;
  description?: string;
}

/** Where an image sits: the video and the indices of its imaged moment. */
export interface ImageIndices {
  videoReferenceUuid?: string;
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: Instant;
}

/** Images (image references with their imaged moment) and image references. */
export class ImageService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly moments: ImagedMomentStore,
  ) {}

  async get(imageReferenceUuid: string): Promise<ImageRow> {
    const uuid = requireUuid(imageReferenceUuid, "image_reference_uuid");
    return this.found(await this.storage.read((m) => new ImageReferenceRepository(m).findImage({ uuid })));
  }

  async getByUrl(url: string): Promise<ImageRow> {
    const exact = requireText(url, "url");
    return this.found(
      await this.storage.read((m) => new ImageReferenceRepository(m).findImage({ url: exact })),
    );
  }

  listByVideo(videoReferenceUuid: string): Promise<ImageRow[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.read((m) => new ImageReferenceRepository(m).listImagesByVideo(video));
  }

  listByName(name: string): Promise<ImageRow[]> {
    const part = requireText(name, "name");
    return this.storage.read((m) => new ImageReferenceRepository(m).listImagesByName(part));
  }

  /** Attaches a new image to the imaged moment found or created from the indices. */
  async create(indices: ImageIndices, fields: ImageFields): Promise<ImageRow> {
    const video = requireUuid(indices.videoReferenceUuid, "video_reference_uuid");
    const url = requireText(fields.url, "url");
    checkDimensions(fields);
    const uuid = uuidV7();
    return this.storage.transaction(async (manager) => {
      const images = new ImageReferenceRepository(manager);
      await this.requireUnusedUrl(images, url);
      const moment = await this.moments.findOrCreate(manager, {
        ...keyOf(indices),
        videoReferenceUuid: video,
      });
      await images.insert({
        uuid,
        imagedMomentUuid: moment.uuid,
        url,
        format: fields.format ?? null,
        widthPixels: fields.widthPixels ?? null,
        heightPixels: fields.heightPixels ?? null,
        description: fields.description ?? null,
        lastUpdatedTime: Instant.now(),
      });
      return this.found(await images.findImage({ uuid }));
    });
  }

  /**
   * Changes the fields present. New indices move the image to the moment found or created from
   * them (in the given or current video); a new video alone moves it to the moment with the same
   * indices there. A moment left without images and observations is deleted.
   */
  async update(imageReferenceUuid: string, indices: ImageIndices, fields: ImageFields): Promise<ImageRow> {
    const uuid = requireUuid(imageReferenceUuid, "image_reference_uuid");
    const video = optionalUuid(indices.videoReferenceUuid, "video_reference_uuid");
    checkDimensions(fields);
    return this.storage.transaction(async (manager) => {
      const images = new ImageReferenceRepository(manager);
      const current = this.found(await images.findImage({ uuid }));
      if (fields.url !== undefined && fields.url !== current.image.url)
        await this.requireUnusedUrl(images, fields.url);
      const changes: ImageReferenceChanges = definedOf(fields);
      const target = await this.targetMoment(manager, current, video, indices);
      if (target !== undefined) changes.imagedMomentUuid = target;
      await images.update(uuid, changes, Instant.now());
      if (target !== undefined && target !== current.moment.uuid) {
        await this.moments.deleteIfEmpty(manager, [current.moment.uuid]);
      }
      return this.found(await images.findImage({ uuid }));
    });
  }

  async getReference(uuid: string): Promise<ImageReferenceEntity> {
    const id = requireUuid(uuid, "uuid");
    const image = await this.storage.read((m) => new ImageReferenceRepository(m).findByUuid(id));
    if (!image) throw notFound();
    return image;
  }

  /** Changes the fields present; imaged_moment_uuid moves the image to that (existing) moment. */
  async updateReference(
    uuid: string,
    fields: ImageFields & { imagedMomentUuid?: string },
  ): Promise<ImageReferenceEntity> {
    const id = requireUuid(uuid, "uuid");
    const moment = optionalUuid(fields.imagedMomentUuid, "imaged_moment_uuid");
    checkDimensions(fields);
    return this.storage.transaction(async (manager) => {
      const images = new ImageReferenceRepository(manager);
      const current = await images.findByUuid(id);
      if (!current) throw notFound();
      if (fields.url !== undefined && fields.url !== current.url)
        await this.requireUnusedUrl(images, fields.url);
      const changes: ImageReferenceChanges = definedOf(fields);
      if (moment !== undefined) {
        const [target] = await new ImagedMomentRepository(manager).findByUuids([moment]);
        if (!target) throw DomainError.notFound("Not found", { field: "imaged_moment_uuid" });
        changes.imagedMomentUuid = moment;
      }
      await images.update(id, changes, Instant.now());
      if (moment !== undefined && moment !== current.imagedMomentUuid) {
        await this.moments.deleteIfEmpty(manager, [current.imagedMomentUuid]);
      }
      const updated = await images.findByUuid(id);
      if (!updated) throw notFound();
      return updated;
    });
  }

  /** Deletes the image, and its moment when that is left without images and observations. */
  async deleteReference(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    await this.storage.transaction(async (manager) => {
      const images = new ImageReferenceRepository(manager);
      const current = await images.findByUuid(id);
      if (!current) throw notFound();
      await images.delete(id);
      await this.moments.deleteIfEmpty(manager, [current.imagedMomentUuid]);
    });
  }

  private async targetMoment(
    manager: EntityManager,
    current: ImageRow,
    video: string | undefined,
    indices: ImageIndices,
  ): Promise<string | undefined> {
    const key = keyOf(indices);
    const hasIndex = Object.keys(key).length > 0;
    if (hasIndex) {
      const videoReferenceUuid = video ?? current.moment.videoReferenceUuid;
      return (await this.moments.findOrCreate(manager, { ...key, videoReferenceUuid })).uuid;
    }
    if (video === undefined || video === current.moment.videoReferenceUuid) return undefined;
    const { moment } = current;
    const same: MomentIndexKey = {
      videoReferenceUuid: video,
      timecode: moment.timecode ?? undefined,
      elapsedTimeMillis: moment.elapsedTimeMillis ?? undefined,
      recordedTimestamp: moment.recordedTimestamp ?? undefined,
    };
    return (await this.moments.findOrCreate(manager, same)).uuid;
  }

  private async requireUnusedUrl(images: ImageReferenceRepository, url: string): Promise<void> {
    if (await images.findByUrl(url)) {
      throw DomainError.alreadyExists("DUPLICATE_URL", "An image with this url already exists", {
        field: "url",
      });
    }
  }

  private found<T>(value: T | null | undefined): T {
    if (value === null || value === undefined) throw notFound();
    return value;
  }
}

/** Only the indices present (an absent index must not reach the find rule). */
function keyOf(indices: ImageIndices): Omit<MomentIndexKey, "videoReferenceUuid"> {
  const key: Omit<MomentIndexKey, "videoReferenceUuid"> = {};
  if (indices.timecode !== undefined) key.timecode = indices.timecode;
  if (indices.elapsedTimeMillis !== undefined) key.elapsedTimeMillis = indices.elapsedTimeMillis;
  if (indices.recordedTimestamp !== undefined) key.recordedTimestamp = indices.recordedTimestamp;
  return key;
}

function definedOf(fields: ImageFields): ImageReferenceChanges {
  const changes: ImageReferenceChanges = {};
  if (fields.url !== undefined) changes.url = requireText(fields.url, "url");
  if (fields.format !== undefined) changes.format = fields.format;
  if (fields.widthPixels !== undefined) changes.widthPixels = fields.widthPixels;
  if (fields.heightPixels !== undefined) changes.heightPixels = fields.heightPixels;
  if (fields.description !== undefined) changes.description = fields.description;
  return changes;
}

function checkDimensions(fields: ImageFields): void {
  for (const [field, value] of [
    ["width_pixels", fields.widthPixels],
    ["height_pixels", fields.heightPixels],
  ] as const) {
    if (value !== undefined && value < 0) {
      throw DomainError.invalidArgument("INVALID_VALUE", `${field} must not be negative`, { field });
    }
  }
}
