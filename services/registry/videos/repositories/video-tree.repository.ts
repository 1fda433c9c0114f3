import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { prefixedColumnList } from "../../../kit/storage/column-lists.js";
import { type SqlValue, selectRows } from "../../../kit/storage/select-rows.js";
import { Instant } from "../../../kit/time/instant.js";
import type { VideoSequenceTree, VideoTree } from "../../entities/registry.views.js";
import { VideoEntity } from "../../entities/video.entity.js";
import { VideoReferenceEntity } from "../../entities/video-reference.entity.js";
import { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";
import { REGISTRY_TABLES } from "../../registry-tables.js";
import { sortVideos, type VideoRepository } from "./video.repository.js";
import type { VideoReferenceRepository } from "./video-reference.repository.js";

const VIDEO_COLUMNS = prefixedColumnList(REGISTRY_TABLES.videos, "v");
// A reference's video is the row's video.
const REFERENCE_COLUMNS = prefixedColumnList(REGISTRY_TABLES.video_references, "vr", ["video_uuid"]);
const SEQUENCE_TREE = `SELECT ${prefixedColumnList(REGISTRY_TABLES.video_sequences, "vs")}, ${VIDEO_COLUMNS}, ${REFERENCE_COLUMNS}
FROM video_sequences vs
LEFT JOIN videos v ON v.video_sequence_uuid = vs.uuid
LEFT JOIN video_references vr ON vr.video_uuid = v.uuid`;
const SEQUENCE_OF_REFERENCE = `vs.uuid = (SELECT sv.video_sequence_uuid FROM video_references sr
  INNER JOIN videos sv ON sv.uuid = sr.video_uuid WHERE sr.uuid = ?)`;
const VIDEO_TREE = `SELECT ${VIDEO_COLUMNS}, ${REFERENCE_COLUMNS}
FROM videos v
LEFT JOIN video_references vr ON vr.video_uuid = v.uuid
WHERE v.uuid = ?`;

type Row = Record<string, string | number | null>;

/**
 * Assembles sequences and videos with their children: one query per level for a list (never
 * one per parent), and one joined statement for a single sequence or video.
 */
export class VideoTreeRepository {
  constructor(
    private readonly manager: EntityManager,
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

  /**
   * The sequence with that uuid or name, or the one holding the video reference, with its
   * videos and their references, in one statement.
   */
  async findSequenceTree(
    key: { uuid: string } | { name: string } | { videoReferenceUuid: string },
  ): Promise<VideoSequenceTree | undefined> {
    const [where, value] =
      "uuid" in key
        ? ["vs.uuid = ?", key.uuid]
        : "name" in key
          ? ["vs.name = ?", key.name]
          : [SEQUENCE_OF_REFERENCE, key.videoReferenceUuid];
    return (await this.sequenceTreesWhere(where, [value]))[0];
  }

  /** The camera's sequences, by name, with their videos and references, in one statement. */
  listCameraTrees(cameraId: string): Promise<VideoSequenceTree[]> {
    return this.sequenceTreesWhere("vs.camera_id = ?", [cameraId]);
  }

  /** The camera's sequences holding a video that starts within [from, to], by name, in one statement. */
  listCameraTreesWithVideoStartingBetween(
    cameraId: string,
    from: Instant,
    to: Instant,
  ): Promise<VideoSequenceTree[]> {
    return this.sequenceTreesWhere(
      "vs.camera_id = ? AND vs.uuid IN (SELECT w.video_sequence_uuid FROM videos w WHERE w.start_time BETWEEN ? AND ?)",
      [cameraId, from.toSql(), to.toSql()],
    );
  }

  /** Sequences with their videos and references from one joined statement, by name. */
  private async sequenceTreesWhere(where: string, parameters: SqlValue[]): Promise<VideoSequenceTree[]> {
    const rows = await selectRows<Row>(
      this.manager,
      `${SEQUENCE_TREE} WHERE ${where} ORDER BY vs.name`,
      parameters,
    );
    return [...groupBy(rows, (row) => String(row.vs_uuid)).values()].map((sequenceRows) => ({
      ...sequenceOf(sequenceRows[0] as Row),
      videos: videoTreesOf(sequenceRows),
    }));
  }

  /** The video with its references, in one statement. */
  async findVideoTree(uuid: string): Promise<VideoTree | undefined> {
    return videoTreesOf(await selectRows<Row>(this.manager, VIDEO_TREE, [uuid]))[0];
  }
}

/** The videos of joined rows (a row per reference, or one without a reference), ordered as lists are. */
function videoTreesOf(rows: readonly Row[]): VideoTree[] {
  const trees = new Map<string, VideoTree>();
  for (const row of rows) {
    if (row.v_uuid === null || row.v_uuid === undefined) continue;
    let tree = trees.get(String(row.v_uuid));
    if (tree === undefined) {
      tree = Object.assign(videoOf(row), { videoReferences: [] as VideoReferenceEntity[] });
      trees.set(tree.uuid, tree);
    }
    if (row.vr_uuid !== null && row.vr_uuid !== undefined) tree.videoReferences.push(referenceOf(row));
  }
  const videos = sortVideos([...trees.values()]);
  for (const video of videos) video.videoReferences.sort((a, b) => compareText(a.uri, b.uri));
  return videos;
}

function sequenceOf(row: Row): VideoSequenceEntity {
  return Object.assign(new VideoSequenceEntity(), {
    uuid: String(row.vs_uuid),
    name: String(row.vs_name),
    cameraId: String(row.vs_camera_id),
    description: textOrNull(row.vs_description),
    lastUpdatedTime: Instant.fromSql(String(row.vs_last_updated_time)),
  });
}

function videoOf(row: Row): VideoEntity {
  return Object.assign(new VideoEntity(), {
    uuid: String(row.v_uuid),
    videoSequenceUuid: String(row.v_video_sequence_uuid),
    name: String(row.v_name),
    start: Instant.fromSql(String(row.v_start_time)),
    durationMillis: numberOrNull(row.v_duration_millis),
    description: textOrNull(row.v_description),
    lastUpdatedTime: Instant.fromSql(String(row.v_last_updated_time)),
  });
}

function referenceOf(row: Row): VideoReferenceEntity {
  return Object.assign(new VideoReferenceEntity(), {
    uuid: String(row.vr_uuid),
    videoUuid: String(row.v_uuid),
    uri: String(row.vr_uri),
    container: textOrNull(row.vr_container),
    videoCodec: textOrNull(row.vr_video_codec),
    audioCodec: textOrNull(row.vr_audio_codec),
    width: numberOrNull(row.vr_width),
    height: numberOrNull(row.vr_height),
    frameRate: numberOrNull(row.vr_frame_rate),
    sizeBytes: numberOrNull(row.vr_size_bytes),
    sha512: textOrNull(row.vr_sha512),
    description: textOrNull(row.vr_description),
    lastUpdatedTime: Instant.fromSql(String(row.vr_last_updated_time)),
  });
}

function numberOrNull(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function textOrNull(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
