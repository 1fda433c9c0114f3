import { uuidV7 } from "../../../kit/ids/uuid.js";
import { Instant } from "../../../kit/time/instant.js";
import { VideoReferenceEntity } from "../../entities/video-reference.entity.js";
import {
  notFound,
  referenceNotFoundBySha512,
  referenceNotFoundByUri,
  uriTaken,
} from "../../shared/registry-errors.js";
import {
  checkLength,
  checkNonNegative,
  checkUri,
  MAX_LENGTH,
  normaliseSha512,
  optionalSha512,
  pageOf,
  requireFields,
  requireUuid,
} from "../../shared/registry-input.rules.js";
import type { RegistryRepositories, RegistryStore } from "../../shared/registry-store.js";
import type { VideoReferenceChanges } from "../repositories/video-reference.repository.js";
import { changesOf, hasChanges } from "./changes.rules.js";
import { nextUpdateTime } from "./last-updated.rules.js";

/** The descriptive fields of a file, shared by reference and media inputs. */
export interface FileFields {
  container?: string;
  videoCodec?: string;
  audioCodec?: string;
  width?: number;
  height?: number;
  frameRate?: number;
  sizeBytes?: number;
  sha512?: string;
  description?: string;
}

export interface VideoReferenceInput extends FileFields {
  videoUuid?: string;
  uri?: string;
}

/** Video references: the files of a video, located by URI. */
export class VideoReferenceService {
  constructor(private readonly store: RegistryStore) {}

  async list(limit?: number, offset?: number): Promise<VideoReferenceEntity[]> {
    const page = pageOf(limit, offset);
    return this.store.read((r) => r.references.listPage(page));
  }

  async listUris(): Promise<string[]> {
    return this.store.read((r) => r.references.listUris());
  }

  async getByUri(uri: string): Promise<VideoReferenceEntity> {
    requireFields({ uri });
    const target = checkUri(uri);
    return this.store.read(async (r) => {
      const reference = await r.references.findByUri(target);
      if (!reference) throw referenceNotFoundByUri(target);
      return reference;
    });
  }

  async getBySha512(sha512: string): Promise<VideoReferenceEntity> {
    requireFields({ sha512 });
    const digest = normaliseSha512(sha512);
    return this.store.read(async (r) => {
      const reference = await r.references.findBySha512(digest);
      if (!reference) throw referenceNotFoundBySha512(digest);
      return reference;
    });
  }

  async getLastUpdatedTime(uuid: string): Promise<Instant> {
    return this.get(uuid).then((reference) => reference.lastUpdatedTime);
  }

  async get(uuid: string): Promise<VideoReferenceEntity> {
    const id = requireUuid(uuid, "uuid");
    return this.store.read((r) => findReference(r, id));
  }

  /** Creates the reference in its video, or returns the reference with that URI unchanged. */
  async create(input: VideoReferenceInput): Promise<VideoReferenceEntity> {
    requireFields({ video_uuid: input.videoUuid, uri: input.uri });
    const videoUuid = requireUuid(input.videoUuid, "video_uuid");
    const uri = checkUri(input.uri ?? "");
    const fields = checkFileFields(input);
    return this.store.write(async (r) => {
      const existing = await r.references.findByUri(uri);
      if (existing) return existing;
      if (!(await r.videos.findByUuid(videoUuid))) throw notFound("Video", videoUuid);
      const reference = newVideoReference(videoUuid, uri, fields);
      await r.references.insert(reference);
      return reference;
    });
  }

  async update(uuid: string, input: VideoReferenceInput): Promise<VideoReferenceEntity> {
    const id = requireUuid(uuid, "uuid");
    const requested: VideoReferenceChanges = {
      ...checkFileFields(input),
      videoUuid: input.videoUuid === undefined ? undefined : requireUuid(input.videoUuid, "video_uuid"),
      uri: input.uri === undefined ? undefined : checkUri(input.uri),
    };
    return this.store.write(async (r) => {
      await applyReferenceChanges(r, await findReference(r, id), requested);
      return findReference(r, id);
    });
  }

  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.store.write((r) => r.references.delete(id));
    if (!deleted) throw notFound("VideoReference", id);
  }
}

/** Validates the file fields and normalises the digest to lowercase hex. */
export function checkFileFields(input: FileFields): FileFields {
  return {
    container: checkLength(input.container, MAX_LENGTH.codec, "container"),
    videoCodec: checkLength(input.videoCodec, MAX_LENGTH.codec, "video_codec"),
    audioCodec: checkLength(input.audioCodec, MAX_LENGTH.codec, "audio_codec"),
    width: checkNonNegative(input.width, "width"),
    height: checkNonNegative(input.height, "height"),
    frameRate: checkNonNegative(input.frameRate, "frame_rate"),
    sizeBytes: checkNonNegative(input.sizeBytes, "size_bytes"),
    sha512: optionalSha512(input.sha512),
    description: checkLength(input.description, MAX_LENGTH.description, "description"),
  };
}

export function newVideoReference(videoUuid: string, uri: string, fields: FileFields): VideoReferenceEntity {
  return Object.assign(new VideoReferenceEntity(), {
    uuid: uuidV7(),
    videoUuid,
    uri,
    container: fields.container ?? null,
    videoCodec: fields.videoCodec ?? null,
    audioCodec: fields.audioCodec ?? null,
    width: fields.width ?? null,
    height: fields.height ?? null,
    frameRate: fields.frameRate ?? null,
    sizeBytes: fields.sizeBytes ?? null,
    sha512: fields.sha512 ?? null,
    description: fields.description ?? null,
    lastUpdatedTime: Instant.now(),
  });
}

/** Writes the requested fields that differ; a new URI must be free and a new video must exist. */
export async function applyReferenceChanges(
  r: RegistryRepositories,
  reference: VideoReferenceEntity,
  requested: VideoReferenceChanges,
): Promise<void> {
  const changes = changesOf(reference, requested);
  if (!hasChanges(changes)) return;
  if (changes.uri !== undefined && (await r.references.findByUri(changes.uri))) throw uriTaken(changes.uri);
  if (changes.videoUuid !== undefined && !(await r.videos.findByUuid(changes.videoUuid))) {
    throw notFound("Video", changes.videoUuid);
  }
  await r.references.update(reference.uuid, changes, nextUpdateTime(reference.lastUpdatedTime));
}

export async function findReference(r: RegistryRepositories, uuid: string): Promise<VideoReferenceEntity> {
  const reference = await r.references.findByUuid(uuid);
  if (!reference) throw notFound("VideoReference", uuid);
  return reference;
}
