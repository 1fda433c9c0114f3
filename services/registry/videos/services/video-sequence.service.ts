import { uuidV7 } from "../../../kit/ids/uuid.js";
import { Instant } from "../../../kit/time/instant.js";
import type { VideoSequenceTree } from "../../entities/registry.views.js";
import { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";
import { nameTaken, notFound, notFoundByName } from "../../shared/registry-errors.js";
import {
  checkLength,
  checkName,
  MAX_LENGTH,
  pageOf,
  requireFields,
  requireInstant,
  requireUuid,
} from "../../shared/registry-input.rules.js";
import type { RegistryRepositories, RegistryStore } from "../../shared/registry-store.js";
import { covers, searchWindow } from "../../shared/time-window.rules.js";
import { changesOf, hasChanges } from "./changes.rules.js";
import { nextUpdateTime } from "./last-updated.rules.js";

export interface VideoSequenceInput {
  name?: string;
  cameraId?: string;
  description?: string;
}

/** Video sequences: one deployment of a camera, with its videos and their files. */
export class VideoSequenceService {
  constructor(
    private readonly store: RegistryStore,
    private readonly timeWindowMinutes: number,
  ) {}

  async list(limit?: number, offset?: number): Promise<VideoSequenceTree[]> {
    const page = pageOf(limit, offset);
    return this.store.read(async (r) => r.trees.sequenceTrees(await r.sequences.listPage(page)));
  }

  async listNames(): Promise<string[]> {
    return this.store.read((r) => r.sequences.listNames());
  }

  async listEmptyNames(): Promise<string[]> {
    return this.store.read((r) => r.sequences.listEmptyNames());
  }

  async listNamesByCamera(cameraId: string): Promise<string[]> {
    requireFields({ camera_id: cameraId });
    return this.store.read((r) => r.sequences.listNamesByCamera(cameraId));
  }

  async listCameraIds(): Promise<string[]> {
    return this.store.read((r) => r.sequences.listCameraIds());
  }

  async listByCamera(cameraId: string): Promise<VideoSequenceTree[]> {
    requireFields({ camera_id: cameraId });
    return this.store.read((r) => r.trees.listCameraTrees(cameraId));
  }

  /** The camera's sequences with a video covering t among those starting within the window. */
  async listByCameraAndTime(cameraId: string, timestamp: Instant | undefined): Promise<VideoSequenceTree[]> {
    requireFields({ camera_id: cameraId });
    const t = requireInstant(timestamp, "timestamp");
    const { from, to } = searchWindow(t, this.timeWindowMinutes);
    return this.store.read(async (r) => {
      const trees = await r.trees.listCameraTreesWithVideoStartingBetween(cameraId, from, to);
      return trees.filter((tree) => tree.videos.some((video) => covers(video, t, "instant")));
    });
  }

  async getByName(name: string): Promise<VideoSequenceTree> {
    requireFields({ name });
    return this.store.read(async (r) => {
      const tree = await r.trees.findSequenceTree({ name });
      if (!tree) throw notFoundByName("VideoSequence", name);
      return tree;
    });
  }

  async getByVideoReference(videoReferenceUuid: string): Promise<VideoSequenceTree> {
    const uuid = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.store.read(async (r) => {
      const tree = await r.trees.findSequenceTree({ videoReferenceUuid: uuid });
      if (!tree) throw notFound("VideoReference", uuid);
      return tree;
    });
  }

  async getLastUpdatedTime(uuid: string): Promise<Instant> {
    const id = requireUuid(uuid, "uuid");
    return this.store.read(async (r) => (await findSequence(r, id)).lastUpdatedTime);
  }

  async get(uuid: string): Promise<VideoSequenceTree> {
    const id = requireUuid(uuid, "uuid");
    return this.store.read(async (r) => {
      const tree = await r.trees.findSequenceTree({ uuid: id });
      if (!tree) throw notFound("VideoSequence", id);
      return tree;
    });
  }

  /** Creates the sequence, or returns the one with that name unchanged. */
  async create(input: VideoSequenceInput): Promise<VideoSequenceTree> {
    requireFields({ name: input.name, camera_id: input.cameraId });
    const name = checkLength(input.name ?? "", MAX_LENGTH.name, "name");
    const cameraId = checkLength(input.cameraId ?? "", MAX_LENGTH.cameraId, "camera_id");
    const description = checkLength(input.description, MAX_LENGTH.description, "description");
    return this.store.write(async (r) => {
      const existing = await r.sequences.findByName(name);
      if (existing) return treeOf(r, existing);
      const sequence = newVideoSequence(name, cameraId, description);
      await r.sequences.insert(sequence);
      return { ...sequence, videos: [] };
    });
  }

  async update(uuid: string, input: VideoSequenceInput): Promise<VideoSequenceTree> {
    const id = requireUuid(uuid, "uuid");
    const requested = {
      name: checkName(input.name, MAX_LENGTH.name, "name"),
      cameraId: checkName(input.cameraId, MAX_LENGTH.cameraId, "camera_id"),
      description: checkLength(input.description, MAX_LENGTH.description, "description"),
    };
    return this.store.write(async (r) => {
      await applySequenceChanges(r, await findSequence(r, id), requested);
      return treeOf(r, await findSequence(r, id));
    });
  }

  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.store.write((r) => r.sequences.delete(id));
    if (!deleted) throw notFound("VideoSequence", id);
  }
}

export function newVideoSequence(
  name: string,
  cameraId: string,
  description: string | undefined,
): VideoSequenceEntity {
  const fields = {
    uuid: uuidV7(),
    name,
    cameraId,
    description: description ?? null,
    lastUpdatedTime: Instant.now(),
  };
  return Object.assign(new VideoSequenceEntity(), fields);
}

/** Writes the requested fields that differ; a new name must be free. */
export async function applySequenceChanges(
  r: RegistryRepositories,
  sequence: VideoSequenceEntity,
  requested: Partial<Pick<VideoSequenceEntity, "name" | "cameraId" | "description">>,
): Promise<void> {
  const changes = changesOf(sequence, requested);
  if (!hasChanges(changes)) return;
  if (changes.name !== undefined && (await r.sequences.findByName(changes.name))) {
    throw nameTaken("VideoSequence", changes.name);
  }
  await r.sequences.update(sequence.uuid, changes, nextUpdateTime(sequence.lastUpdatedTime));
}

async function findSequence(r: RegistryRepositories, uuid: string): Promise<VideoSequenceEntity> {
  const sequence = await r.sequences.findByUuid(uuid);
  if (!sequence) throw notFound("VideoSequence", uuid);
  return sequence;
}

async function treeOf(r: RegistryRepositories, sequence: VideoSequenceEntity): Promise<VideoSequenceTree> {
  const [tree] = await r.trees.sequenceTrees([sequence]);
  return tree ?? { ...sequence, videos: [] };
}
