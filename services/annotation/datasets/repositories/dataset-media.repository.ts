import { placeholders } from "../../../kit/sql/placeholders.js";
import { compareText } from "../../../kit/sql/text-order.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type SqliteAttachment, streamRowValueBatches } from "../../../kit/storage/row-stream.js";
import { Instant } from "../../../kit/time/instant.js";
import { uriSuffixCondition } from "../../../registry/media/repositories/uri-suffix.sql.js";
import type { RegistryLink } from "../../query/registry-link.js";
import { checkedSchema } from "../../query/view/annotations-view.js";

/** A video reference with its video and sequence, read from the registry's tables. */
export interface DatasetMediaRow {
  videoSequenceUuid: string;
  videoReferenceUuid: string;
  videoUuid: string;
  videoSequenceName: string;
  cameraId: string;
  uri: string;
  start: Instant;
  durationMillis: number | null;
  container: string | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  sizeBytes: number | null;
  sha512: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  description: string | null;
  videoName: string;
  videoDescription: string | null;
  videoSequenceDescription: string | null;
}

/** The schema name the registry's SQLite file is attached under (as the tabular query's). */
const ATTACHED_REGISTRY = "registry";
/** Keys bound per statement (MariaDB turns IN lists of 1,000 or more into a subquery). */
const KEYS_PER_STATEMENT = 999;
const NEVER_ABORTED = new AbortController().signal;

const COLUMNS = `vs.uuid, vr.uuid, v.uuid, vs.name, vs.camera_id, vr.uri, v.start_time, v.duration_millis,
  vr.container, vr.width, vr.height, vr.frame_rate, vr.size_bytes, vr.sha512, vr.video_codec, vr.audio_codec,
  vr.description, v.name, v.description, vs.description`;
const ORDER = "ORDER BY v.start_time, vr.uri";

/**
 * The registry's media, read from its tables through the registry link the tabular query
 * uses (its database on the same MySQL server, its schema in the same PostgreSQL database, or
 * its SQLite file attached read-only), ordered by the video's start then the URI.
 */
export class DatasetMediaRepository {
  private readonly tables: string;
  private readonly attachments: readonly SqliteAttachment[];

  constructor(
    private readonly storage: DomainStorage,
    registry: RegistryLink,
  ) {
    const schema = registry.kind === "schema" ? registry.schema : ATTACHED_REGISTRY;
    const prefix = checkedSchema(schema, storage.dialect);
    this.tables = `${prefix}.video_references vr
      INNER JOIN ${prefix}.videos v ON v.uuid = vr.video_uuid
      INNER JOIN ${prefix}.video_sequences vs ON vs.uuid = v.video_sequence_uuid`;
    this.attachments = registry.kind === "sqlite-file" ? [{ schema, file: registry.file }] : [];
  }

  listBySequenceName(videoSequenceName: string): Promise<DatasetMediaRow[]> {
    return this.select("vs.name = ?", [videoSequenceName]);
  }

  /** Media whose URI ends with the file name, taken literally (as the registry's own lookup). */
  async listByFileName(fileName: string): Promise<DatasetMediaRow[]> {
    const condition = uriSuffixCondition(this.storage.dialect, fileName);
    const media = await this.select(condition.sql, condition.params);
    return media.filter((item) => item.uri.endsWith(fileName));
  }

  async listByVideoReferences(videoReferenceUuids: readonly string[]): Promise<DatasetMediaRow[]> {
    const media: DatasetMediaRow[] = [];
    for (let start = 0; start < videoReferenceUuids.length; start += KEYS_PER_STATEMENT) {
      const chunk = videoReferenceUuids.slice(start, start + KEYS_PER_STATEMENT);
      media.push(...(await this.select(`vr.uuid IN (${placeholders(chunk.length)})`, chunk)));
    }
    return media.sort((a, b) => a.start.compare(b.start) || compareText(a.uri, b.uri));
  }

  private async select(condition: string, params: unknown[]): Promise<DatasetMediaRow[]> {
    const sql = `SELECT ${COLUMNS} FROM ${this.tables} WHERE ${condition} ${ORDER}`;
    const options = { sqliteAttachments: this.attachments };
    const media: DatasetMediaRow[] = [];
    for await (const batch of streamRowValueBatches(this.storage, sql, params, NEVER_ABORTED, options)) {
      for (const values of batch) media.push(mediaOfValues(values));
    }
    return media;
  }
}

function mediaOfValues(values: unknown[]): DatasetMediaRow {
  const [sequenceUuid, referenceUuid, videoUuid, sequenceName, cameraId, uri, start, duration] = values;
  const [container, width, height, frameRate, sizeBytes, sha512, videoCodec, audioCodec] = values.slice(8);
  const [description, videoName, videoDescription, sequenceDescription] = values.slice(16);
  return {
    videoSequenceUuid: String(sequenceUuid),
    videoReferenceUuid: String(referenceUuid),
    videoUuid: String(videoUuid),
    videoSequenceName: String(sequenceName),
    cameraId: String(cameraId),
    uri: String(uri),
    start: Instant.fromSql(String(start)),
    durationMillis: numberOrNull(duration),
    container: textOrNull(container),
    width: numberOrNull(width),
    height: numberOrNull(height),
    frameRate: numberOrNull(frameRate),
    sizeBytes: numberOrNull(sizeBytes),
    sha512: textOrNull(sha512),
    videoCodec: textOrNull(videoCodec),
    audioCodec: textOrNull(audioCodec),
    description: textOrNull(description),
    videoName: String(videoName),
    videoDescription: textOrNull(videoDescription),
    videoSequenceDescription: textOrNull(sequenceDescription),
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
