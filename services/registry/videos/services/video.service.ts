import { uuidV7 } from "../../../kit/ids/uuid.js";
import { Instant } from "../../../kit/time/instant.js";
import type { VideoTree } from "../../entities/registry.views.js";
import { VideoEntity } from "../../entities/video.entity.js";
import { nameTaken, notFound, notFoundByName } from "../../shared/registry-errors.js";
import {
  checkLength,
  checkName,
  checkNonNegative,
  MAX_LENGTH,
  pageOf,
  requireFields,
  requireInstant,
  requireUuid,
  videoStartOf,
} from "../../shared/registry-input.rules.js";
import type { RegistryRepositories, RegistryStore } from "../../shared/registry-store.js";
import { covers, searchWindow } from "../../shared/time-window.rules.js";
import { changesOf, hasChanges } from "./changes.rules.js";
import { nextUpdateTime } from "./last-updated.rules.js";

export interface VideoInput {
  name?: string;
  videoSequenceUuid?: string;
  start?: Instant;
  startTimestamp?: Instant;
  durationMillis?: number;
  description?: string;
}

export type VideoChangesRequested = Partial<
  Pick<VideoEntity, "name" | "videoSequenceUuid" | "start" | "durationMillis" | "description">
>;

/** Videos: continuous recordings of a sequence, with their files. */
export class VideoService {
  constructor(
    private readonly store: RegistryStore,
    private readonly timeWindowMinutes: number,
  ) {}

  async list(limit?: number, offset?: number): Promise<VideoTree[]> {
    const page = pageOf(limit, offset);
    return this.store.read(async (r) => r.trees.videoTrees(await r.videos.listPage(page)));
  }

  async listBySequence(videoSequenceUuid: string): Promise<VideoTree[]> {
    const uuid = requireUuid(videoSequenceUuid, "video_sequence_uuid");
    return this.store.read(async (r) => {
      const tree = await r.trees.findSequenceTree({ uuid });
      if (!tree) throw notFound("VideoSequence", uuid);
      return tree.videos;
    });
  }

  async listBySequenceName(videoSequenceName: string): Promise<VideoTree[]> {
    requireFields({ video_sequence_name: videoSequenceName });
    return this.store.read(async (r) => {
      const tree = await r.trees.findSequenceTree({ name: videoSequenceName });
      if (!tree) throw notFoundByName("VideoSequence", videoSequenceName);
      return tree.videos;
    });
  }

  /** Zero or one video: names are unique. */
  async listByName(name: string): Promise<VideoTree[]> {
    requireFields({ name });
    return this.store.read(async (r) => {
      const video = await r.videos.findByName(name);
      return video ? r.trees.videoTrees([video]) : [];
    });
  }

  async listNamesBySequenceName(videoSequenceName: string): Promise<string[]> {
    requireFields({ video_sequence_name: videoSequenceName });
    return this.store.read((r) => r.videos.listNamesBySequenceName(videoSequenceName));
  }

  /** Videos covering t among those starting within the window; videos without a duration are left out. */
  async listByTime(timestamp: Instant | undefined): Promise<VideoTree[]> {
    const t = requireInstant(timestamp, "timestamp");
    const { from, to } = searchWindow(t, this.timeWindowMinutes);
    return this.store.read(async (r) => {
      const candidates = await r.videos.listStartingBetween(from, to);
      return r.trees.videoTrees(candidates.filter((video) => covers(video, t, "excluded")));
    });
  }

  /** Videos starting within [start, end], both inclusive. */
  async listByTimeRange(
    startTimestamp: Instant | undefined,
    endTimestamp: Instant | undefined,
  ): Promise<VideoTree[]> {
    const from = requireInstant(startTimestamp, "start_timestamp");
    const to = requireInstant(endTimestamp, "end_timestamp");
    return this.store.read(async (r) => r.trees.videoTrees(await r.videos.listStartingBetween(from, to)));
  }

  async getByVideoReference(videoReferenceUuid: string): Promise<VideoTree> {
    const uuid = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.store.read(async (r) => {
      const video = await r.videos.findByVideoReference(uuid);
      if (!video) throw notFound("VideoReference", uuid);
      return treeOf(r, video);
    });
  }

  async getLastUpdatedTime(uuid: string): Promise<Instant> {
    const id = requireUuid(uuid, "uuid");
    return this.store.read(async (r) => (await findVideo(r, id)).lastUpdatedTime);
  }

  async get(uuid: string): Promise<VideoTree> {
    const id = requireUuid(uuid, "uuid");
    return this.store.read(async (r) => {
      const tree = await r.trees.findVideoTree(id);
      if (!tree) throw notFound("Video", id);
      return tree;
    });
  }

  /** Creates the video in its sequence, or returns the video with that name unchanged. */
  async create(input: VideoInput): Promise<VideoTree> {
    const start = videoStartOf(input);
    requireFields({
      name: input.name,
      video_sequence_uuid: input.videoSequenceUuid,
      start_timestamp: start,
      duration_millis: input.durationMillis,
    });
    const name = checkLength(input.name ?? "", MAX_LENGTH.name, "name");
    const sequenceUuid = requireUuid(input.videoSequenceUuid, "video_sequence_uuid");
    const durationMillis = checkNonNegative(input.durationMillis, "duration_millis");
    const description = checkLength(input.description, MAX_LENGTH.description, "description");
    return this.store.write(async (r) => {
      const existing = await r.videos.findByName(name);
      if (existing) return treeOf(r, existing);
      if (!(await r.sequences.findByUuid(sequenceUuid))) throw notFound("VideoSequence", sequenceUuid);
      const video = newVideo({
        name,
        videoSequenceUuid: sequenceUuid,
        start: start as Instant,
        durationMillis,
        description,
      });
      await r.videos.insert(video);
      return { ...video, videoReferences: [] };
    });
  }

  async update(uuid: string, input: VideoInput): Promise<VideoTree> {
    const id = requireUuid(uuid, "uuid");
    const requested: VideoChangesRequested = {
      name: checkName(input.name, MAX_LENGTH.name, "name"),
      videoSequenceUuid:
        input.videoSequenceUuid === undefined
          ? undefined
          : requireUuid(input.videoSequenceUuid, "video_sequence_uuid"),
      start: videoStartOf(input),
      durationMillis: checkNonNegative(input.durationMillis, "duration_millis"),
      description: checkLength(input.description, MAX_LENGTH.description, "description"),
    };
    return this.store.write(async (r) => {
      await applyVideoChanges(r, await findVideo(r, id), requested);
      return treeOf(r, await findVideo(r, id));
    });
  }

  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.store.write((r) => r.videos.delete(id));
    if (!deleted) throw notFound("Video", id);
  }
}

export function newVideo(fields: {
  name: string;
  videoSequenceUuid: string;
  start: Instant;
  durationMillis: number | undefined;
  description: string | undefined;
}): VideoEntity {
  return Object.assign(new VideoEntity(), {
    uuid: uuidV7(),
    name: fields.name,
    videoSequenceUuid: fields.videoSequenceUuid,
    start: fields.start,
    durationMillis: fields.durationMillis ?? null,
    description: fields.description ?? null,
    lastUpdatedTime: Instant.now(),
  });
}

/** Writes the requested fields that differ; a new name must be free and a new sequence must exist. */
export async function applyVideoChanges(
  r: RegistryRepositories,
  video: VideoEntity,
  requested: VideoChangesRequested,
): Promise<void> {
  const changes = changesOf(video, requested);
  if (!hasChanges(changes)) return;
  if (changes.name !== undefined && (await r.videos.findByName(changes.name))) {
    throw nameTaken("Video", changes.name);
  }
  if (changes.videoSequenceUuid !== undefined && !(await r.sequences.findByUuid(changes.videoSequenceUuid))) {
    throw notFound("VideoSequence", changes.videoSequenceUuid);
  }
  await r.videos.update(video.uuid, changes, nextUpdateTime(video.lastUpdatedTime));
}

export async function findVideo(r: RegistryRepositories, uuid: string): Promise<VideoEntity> {
  const video = await r.videos.findByUuid(uuid);
  if (!video) throw notFound("Video", uuid);
  return video;
}

async function treeOf(r: RegistryRepositories, video: VideoEntity): Promise<VideoTree> {
  const [tree] = await r.trees.videoTrees([video]);
  return tree ?? { ...video, videoReferences: [] };
}
