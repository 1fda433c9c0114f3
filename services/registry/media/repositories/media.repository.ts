import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";
import { type SqlValue, selectRows } from "../../../kit/storage/select-rows.js";
import { Instant } from "../../../kit/time/instant.js";
import type {
  MediaCreatePlace,
  MediaSequence,
  MediaVideo,
  MediaView,
} from "../../entities/registry.views.js";
import { MEDIA_CREATE_PLACE } from "./media-create.sql.js";
import { MEDIA_COLUMNS, MEDIA_FROM } from "./media-view.sql.js";
import { uriSuffixCondition } from "./uri-suffix.sql.js";

const MEDIA_SELECT = `SELECT ${MEDIA_COLUMNS}
${MEDIA_FROM}`;

const MEDIA_ORDER = "ORDER BY v.start_time, vr.uri";

type MediaRow = Record<string, string | number | null>;

/** The Media view: references joined with their video and sequence, one prepared statement per lookup. */
export class MediaRepository {
  constructor(private readonly manager: EntityManager) {}

  async findByVideoReference(videoReferenceUuid: string): Promise<MediaView | undefined> {
    return (await this.select("WHERE vr.uuid = ?", [videoReferenceUuid]))[0];
  }

  async findByUri(uri: string): Promise<MediaView | undefined> {
    return (await this.select("WHERE vr.uri = ?", [uri]))[0];
  }

  /** The first media (by URI) with the digest: digests are not unique. */
  async findBySha512(sha512: string): Promise<MediaView | undefined> {
    return (await this.select("WHERE vr.sha512 = ?", [sha512], "ORDER BY vr.uri LIMIT 1"))[0];
  }

  /** Media whose URI ends with the file name, taken literally (no wildcards). */
  async listByFilename(filename: string): Promise<MediaView[]> {
    const condition = uriSuffixCondition(dialectOf(this.manager), filename);
    const media = await this.select(`WHERE ${condition.sql}`, condition.params);
    // The condition finds candidates: SQLite's LIKE ignores ASCII case (the registry's URIs are
    // case-sensitive), and PostgreSQL's index holds a reversed URI's first 255 characters only.
    return media.filter((item) => item.uri.endsWith(filename));
  }

  listBySequenceName(videoSequenceName: string): Promise<MediaView[]> {
    return this.select("WHERE vs.name = ?", [videoSequenceName]);
  }

  listBySequence(videoSequenceUuid: string): Promise<MediaView[]> {
    return this.select("WHERE vs.uuid = ?", [videoSequenceUuid]);
  }

  listByVideoName(videoName: string): Promise<MediaView[]> {
    return this.select("WHERE v.name = ?", [videoName]);
  }

  /** Media of a camera whose own video starts within [from, to]. */
  listByCameraWithStartBetween(cameraId: string, from: Instant, to: Instant): Promise<MediaView[]> {
    return this.select("WHERE vs.camera_id = ? AND v.start_time BETWEEN ? AND ?", [
      cameraId,
      from.toSql(),
      to.toSql(),
    ]);
  }

  /** All media of the camera's sequences that hold a video starting within [from, to]. */
  listByCameraInSequencesStartingBetween(cameraId: string, from: Instant, to: Instant): Promise<MediaView[]> {
    return this.select(
      "WHERE vs.camera_id = ? AND vs.uuid IN" +
        " (SELECT w.video_sequence_uuid FROM videos w WHERE w.start_time BETWEEN ? AND ?)",
      [cameraId, from.toSql(), to.toSql()],
    );
  }

  /** The media of the URI, the video of the name and the sequence of the name, in one statement. */
  async findCreatePlace(
    uri: string,
    videoName: string,
    videoSequenceName: string,
  ): Promise<MediaCreatePlace> {
    const rows = await selectRows<MediaRow>(this.manager, MEDIA_CREATE_PLACE, [
      uri,
      videoName,
      videoSequenceName,
    ]);
    const place: MediaCreatePlace = {};
    for (const row of rows) {
      if (row.found_by === "uri") place.media = toMediaView(row);
      else if (row.found_by === "video_name") place.video = toMediaVideo(row);
      else place.sequence = toMediaSequence(row);
    }
    return place;
  }

  private async select(where: string, parameters: SqlValue[], tail = MEDIA_ORDER): Promise<MediaView[]> {
    const rows = await selectRows<MediaRow>(this.manager, `${MEDIA_SELECT} ${where} ${tail}`, parameters);
    return rows.map(toMediaView);
  }
}

/**
 * Each layer adds its fields to the one below with Object.assign: a spread (`{ ...toMediaVideo(row),
 * ... }`) cost V8 about 4 µs a row against 0.24 (a million rows of GET media's row, Node 20), a
 * twentieth of the registry's CPU per GET.
 */
function toMediaView(row: MediaRow): MediaView {
  return Object.assign(toMediaVideo(row), {
    videoReferenceUuid: String(row.video_reference_uuid),
    uri: String(row.uri),
    container: textOrNull(row.container),
    videoCodec: textOrNull(row.video_codec),
    audioCodec: textOrNull(row.audio_codec),
    width: numberOrNull(row.width),
    height: numberOrNull(row.height),
    frameRate: numberOrNull(row.frame_rate),
    sizeBytes: numberOrNull(row.size_bytes),
    description: textOrNull(row.description),
    sha512: textOrNull(row.sha512),
  });
}

function toMediaVideo(row: MediaRow): MediaVideo {
  return Object.assign(toMediaSequence(row), {
    videoUuid: String(row.video_uuid),
    videoName: String(row.video_name),
    start: Instant.fromSql(String(row.start_time)),
    durationMillis: numberOrNull(row.duration_millis),
    videoDescription: textOrNull(row.video_description),
  });
}

function toMediaSequence(row: MediaRow): MediaSequence {
  return {
    videoSequenceUuid: String(row.video_sequence_uuid),
    videoSequenceName: String(row.video_sequence_name),
    cameraId: String(row.camera_id),
    videoSequenceDescription: textOrNull(row.video_sequence_description),
  };
}

function numberOrNull(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function textOrNull(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
