import { DomainError } from "../../../kit/errors/domain-error.js";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import {
  checkLength,
  checkName,
  MAX_LENGTH,
  optionalUuid,
  pageOf,
  requireFields,
  requireUuid,
} from "../../annotations/services/annotation-input.rules.js";
import { VideoReferenceInfoEntity } from "../../entities/video-reference-info.entity.js";
import {
  type VideoReferenceInfoChanges,
  VideoReferenceInfoRepository,
} from "../repositories/video-reference-info.repository.js";

export interface VideoReferenceInfoInput {
  videoReferenceUuid?: string;
  platformName?: string;
  missionId?: string;
  missionContact?: string;
}

/** Cached facts about video references: one record per video reference. */
export class VideoReferenceInfoService {
  constructor(private readonly storage: DomainStorage) {}

  async list(limit?: number, offset?: number): Promise<VideoReferenceInfoEntity[]> {
    const page = pageOf(limit, offset);
    return this.read((infos) => infos.listPage(page));
  }

  async listVideoReferenceUuids(): Promise<string[]> {
    return this.read((infos) => infos.listVideoReferenceUuids());
  }

  async listMissionIds(): Promise<string[]> {
    return this.read((infos) => infos.listMissionIds());
  }

  async listMissionContacts(): Promise<string[]> {
    return this.read((infos) => infos.listMissionContacts());
  }

  async listByMissionId(missionId: string): Promise<VideoReferenceInfoEntity[]> {
    requireFields({ mission_id: missionId });
    return this.read((infos) => infos.listByMissionId(missionId));
  }

  async listByMissionContact(missionContact: string): Promise<VideoReferenceInfoEntity[]> {
    requireFields({ mission_contact: missionContact });
    return this.read((infos) => infos.listByMissionContact(missionContact));
  }

  async get(uuid: string): Promise<VideoReferenceInfoEntity> {
    const id = requireUuid(uuid, "uuid");
    return this.read(async (infos) => found(await infos.findByUuid(id)));
  }

  async getByVideoReference(videoReferenceUuid: string): Promise<VideoReferenceInfoEntity> {
    const id = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.read(async (infos) => found(await infos.findByVideoReference(id)));
  }

  /** A second record for the same video reference is ALREADY_EXISTS. */
  async create(input: VideoReferenceInfoInput): Promise<VideoReferenceInfoEntity> {
    requireFields({
      video_reference_uuid: input.videoReferenceUuid,
      platform_name: input.platformName,
      mission_id: input.missionId,
    });
    const fields = checkInfoFields(input);
    const info = Object.assign(new VideoReferenceInfoEntity(), {
      uuid: uuidV7(),
      videoReferenceUuid: fields.videoReferenceUuid,
      platformName: fields.platformName,
      missionId: fields.missionId,
      missionContact: fields.missionContact ?? null,
      lastUpdatedTime: Instant.now(),
    });
    return this.storage.transaction(async (manager) => {
      const infos = new VideoReferenceInfoRepository(manager);
      if (await infos.findByVideoReference(info.videoReferenceUuid)) throw taken(info.videoReferenceUuid);
      await infos.insert(info);
      return info;
    });
  }

  async update(uuid: string, input: VideoReferenceInfoInput): Promise<VideoReferenceInfoEntity> {
    const id = requireUuid(uuid, "uuid");
    const changes = checkInfoFields(input);
    return this.storage.transaction(async (manager) => {
      const infos = new VideoReferenceInfoRepository(manager);
      const current = found(await infos.findByUuid(id));
      const target = changes.videoReferenceUuid;
      if (target !== undefined && target !== current.videoReferenceUuid) {
        if (await infos.findByVideoReference(target)) throw taken(target);
      }
      await infos.update(id, changes, Instant.now());
      return found(await infos.findByUuid(id));
    });
  }

  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.storage.transaction((manager) =>
      new VideoReferenceInfoRepository(manager).delete(id),
    );
    if (!deleted) throw DomainError.notFound("Not found", { kind: "VideoReferenceInfo", uuid: id });
  }

  private read<T>(work: (infos: VideoReferenceInfoRepository) => Promise<T>): Promise<T> {
    return this.storage.read((manager) => work(new VideoReferenceInfoRepository(manager)));
  }
}

/** Validated fields; only those given are present. */
function checkInfoFields(input: VideoReferenceInfoInput): VideoReferenceInfoChanges {
  const changes: VideoReferenceInfoChanges = {
    videoReferenceUuid: optionalUuid(input.videoReferenceUuid, "video_reference_uuid"),
    platformName: checkName(input.platformName, MAX_LENGTH.platformName, "platform_name"),
    missionId: checkName(input.missionId, MAX_LENGTH.missionId, "mission_id"),
    missionContact: checkLength(input.missionContact, MAX_LENGTH.missionContact, "mission_contact"),
  };
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as VideoReferenceInfoChanges;
}

function found(info: VideoReferenceInfoEntity | null): VideoReferenceInfoEntity {
  if (!info) throw DomainError.notFound("Not found", { kind: "VideoReferenceInfo" });
  return info;
}

function taken(videoReferenceUuid: string): DomainError {
  return DomainError.alreadyExists(
    "VIDEO_REFERENCE_INFO_EXISTS",
    `Video reference ${videoReferenceUuid} already has a video reference info`,
    { video_reference_uuid: videoReferenceUuid },
  );
}
