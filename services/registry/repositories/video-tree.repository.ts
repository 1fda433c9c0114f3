import type { VideoSequenceTree, VideoTree } from "../entities/registry.views.js";
import type { VideoEntity } from "../entities/video.entity.js";
import type { VideoSequenceEntity } from "../entities/video-sequence.entity.js";
import type { VideoRepository } from "./video.repository.js";
import type { VideoReferenceRepository } from "./video-reference.repository.js";

/**
 * Assembles sequences and videos with their children: one query per level for the
 * whole list (never one per parent).
 */
export class VideoTreeRepository {
  constructor(
    private readonly videos: VideoRepository,
    private readonly references: VideoReferenceRepository,
  ) {}

  async videoTrees(videos: readonly VideoEntity[]): Promise<VideoTree[]> {
    const references = await this.references.listByVideos(videos.map((video) => video.uuid));
    const byVideo = groupBy(references, (reference) => reference.videoUuid);
    return videos.map((video) => ({ ...video, videoReferences: byVideo.get(video.uuid) ?? [] }));
  }

  async sequenceTrees(sequences: readonly VideoSequenceEntity[]): Promise<VideoSequenceTree[]> {
    const videos = await this.videos.listBySequences(sequences.map((sequence) => sequence.uuid));
    const trees = await this.videoTrees(videos);
    const bySequence = groupBy(trees, (video) => video.videoSequenceUuid);
    return sequences.map((sequence) => ({ ...sequence, videos: bySequence.get(sequence.uuid) ?? [] }));
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
