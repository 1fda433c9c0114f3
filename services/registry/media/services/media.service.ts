import type { Instant } from "../../../kit/time/instant.js";
import type { MediaView } from "../../entities/registry.views.js";
import { mediaNotFound } from "../../shared/registry-errors.js";
import {
  checkUri,
  normaliseSha512,
  requireFields,
  requireInstant,
  requireUuid,
} from "../../shared/registry-input.rules.js";
import type { RegistryRepositories, RegistryStore } from "../../shared/registry-store.js";
import { covers, isConcurrent, searchWindow } from "../../shared/time-window.rules.js";
import { createMedia, type NewMediaInput } from "./media-create.service.js";
import { checkMediaInput, type MediaInput } from "./media-input.js";

/** Media: a reference flattened with its video and sequence; creation and every lookup. */
export class MediaService {
  constructor(
    private readonly store: RegistryStore,
    private readonly timeWindowMinutes: number,
  ) {}

  /**
   * Creates what is missing of sequence, video and reference. A known URI returns its
   * media unchanged (unless the digest differs); a known video name must match start and
   * duration; a known sequence name is reused as is.
   */
  async create(media: MediaInput): Promise<MediaView> {
    requireFields({
      video_sequence_name: media.videoSequenceName,
      camera_id: media.cameraId,
      video_name: media.videoName,
      uri: media.uri,
      start_timestamp: media.start,
    });
    // requireFields has just checked the five fields this type promises.
    const input = checkMediaInput(media) as NewMediaInput;
    return this.store.write((r) => createMedia(r, input));
  }

  async getByVideoReference(videoReferenceUuid: string): Promise<MediaView> {
    const uuid = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.store.read((r) => mediaOf(r, uuid));
  }

  async getBySha512(sha512: string): Promise<MediaView> {
    requireFields({ sha512 });
    const digest = normaliseSha512(sha512);
    return this.store.read(async (r) => found(await r.media.findBySha512(digest)));
  }

  async getByUri(uri: string): Promise<MediaView> {
    requireFields({ uri });
    const target = checkUri(uri);
    return this.store.read(async (r) => found(await r.media.findByUri(target)));
  }

  async listByFilename(filename: string): Promise<MediaView[]> {
    requireFields({ filename });
    return this.store.read((r) => r.media.listByFilename(filename));
  }

  async listByVideoSequenceName(videoSequenceName: string): Promise<MediaView[]> {
    requireFields({ video_sequence_name: videoSequenceName });
    return this.store.read((r) => r.media.listBySequenceName(videoSequenceName));
  }

  async listByVideoName(videoName: string): Promise<MediaView[]> {
    requireFields({ video_name: videoName });
    return this.store.read((r) => r.media.listByVideoName(videoName));
  }

  /**
   * Media of the camera whose video covers t, taken from the sequences having a video that
   * starts within the window around t. Media of videos without a duration are left out.
   */
  async listByCameraAndTime(cameraId: string, timestamp: Instant | undefined): Promise<MediaView[]> {
    requireFields({ camera_id: cameraId });
    const t = requireInstant(timestamp, "timestamp");
    const { from, to } = searchWindow(t, this.timeWindowMinutes);
    return this.store.read(async (r) => {
      const candidates = await r.media.listByCameraInSequencesStartingBetween(cameraId, from, to);
      return candidates.filter((media) => covers(media, t, "excluded"));
    });
  }

  /** Media of the camera whose video starts within [start, end], both inclusive. */
  async listByCameraAndTimeRange(
    cameraId: string,
    startTimestamp: Instant | undefined,
    endTimestamp: Instant | undefined,
  ): Promise<MediaView[]> {
    requireFields({ camera_id: cameraId });
    const from = requireInstant(startTimestamp, "start_timestamp");
    const to = requireInstant(endTimestamp, "end_timestamp");
    return this.store.read((r) => r.media.listByCameraWithStartBetween(cameraId, from, to));
  }

  /** Media of the same sequence (the reference's own included) whose videos overlap its video. */
  async listConcurrent(videoReferenceUuid: string): Promise<MediaView[]> {
    const uuid = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.store.read(async (r) => {
      const target = await mediaOf(r, uuid);
      const siblings = await r.media.listBySequence(target.videoSequenceUuid);
      return siblings.filter((media) => isConcurrent(target, media));
    });
  }
}

/** The media of a reference, NOT_FOUND "Media not found" when there is none. */
export async function mediaOf(r: RegistryRepositories, videoReferenceUuid: string): Promise<MediaView> {
  return found(await r.media.findByVideoReference(videoReferenceUuid));
}

function found(media: MediaView | undefined): MediaView {
  if (!media) throw mediaNotFound();
  return media;
}
