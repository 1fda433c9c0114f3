import { DomainError } from "../../../kit/errors/domain-error.js";
import type { MediaView } from "../../entities/registry.views.js";
import type { VideoEntity } from "../../entities/video.entity.js";
import type { VideoReferenceEntity } from "../../entities/video-reference.entity.js";
import type { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";
import { mediaNotFound } from "../../shared/registry-errors.js";
import { normaliseSha512, requireFields, requireUuid } from "../../shared/registry-input.rules.js";
import type { RegistryRepositories, RegistryStore } from "../../shared/registry-store.js";
import { applyVideoChanges, findVideo, newVideo } from "../../videos/services/video.service.js";
import { applyReferenceChanges } from "../../videos/services/video-reference.service.js";
import { applySequenceChanges, newVideoSequence } from "../../videos/services/video-sequence.service.js";
import { mediaOf } from "./media.service.js";
import { checkMediaInput, fileFieldsOf, type MediaInput } from "./media-input.js";

/**
 * PUT /media: applies the fields present to a reference, its sequence and its video, in
 * that order (legacy MediaController semantics):
 * - a new sequence name selects (or creates) that sequence and updates its camera and description;
 * - a new video name selects that video (updating its start, duration and description) or
 *   creates it in the selected sequence, and the reference moves there;
 * - with the same video name the current video is updated in place and stays in its sequence.
 * Emptied videos and sequences are kept.
 */
export class MediaUpdateService {
  constructor(private readonly store: RegistryStore) {}

  /** Locates the media by reference uuid or, without one, by the digest in `media` (NOT_FOUND without either). */
  async update(videoReferenceUuid: string | undefined, media: MediaInput): Promise<MediaView> {
    const locator = locatorOf(videoReferenceUuid, media.sha512);
    const input = checkMediaInput(media);
    return this.store.write(async (r) => {
      const reference =
        "uuid" in locator
          ? await r.references.findByUuid(locator.uuid)
          : await r.references.findBySha512(locator.sha512);
      if (!reference) throw mediaNotFound();
      const video = await findVideo(r, reference.videoUuid);
      const sequence = await r.sequences.findByUuid(video.videoSequenceUuid);
      if (!sequence) throw mediaNotFound();
      const targetSequence = await selectSequence(r, sequence, input);
      const targetVideo = await selectVideo(r, video, targetSequence, input);
      await updateReference(r, reference, targetVideo, input);
      return mediaOf(r, reference.uuid);
    });
  }
}

type Locator = { uuid: string } | { sha512: string };

function locatorOf(videoReferenceUuid: string | undefined, sha512: string | undefined): Locator {
  if (videoReferenceUuid !== undefined && videoReferenceUuid.trim() !== "") {
    return { uuid: requireUuid(videoReferenceUuid, "video_reference_uuid") };
  }
  // Without a uuid the digest is what locates the media (legacy answered 404 without one).
  requireFields({ sha512 });
  return { sha512: normaliseSha512(sha512 as string) };
}

async function selectSequence(
  r: RegistryRepositories,
  current: VideoSequenceEntity,
  input: MediaInput,
): Promise<VideoSequenceEntity> {
  const requested = { cameraId: input.cameraId, description: input.videoSequenceDescription };
  const name = input.videoSequenceName ?? current.name;
  const target = name === current.name ? current : await r.sequences.findByName(name);
  if (target) {
    await applySequenceChanges(r, target, requested);
    return (await r.sequences.findByUuid(target.uuid)) ?? target;
  }
  if (input.cameraId === undefined) {
    throw DomainError.invalidArgument(
      "MISSING_FIELD",
      `camera_id is required to create the video sequence ${name}`,
      { field: "camera_id" },
    );
  }
  const created = newVideoSequence(name, input.cameraId, input.videoSequenceDescription);
  await r.sequences.insert(created);
  return created;
}

async function selectVideo(
  r: RegistryRepositories,
  current: VideoEntity,
  sequence: VideoSequenceEntity,
  input: MediaInput,
): Promise<VideoEntity> {
  const requested = {
    start: input.start,
    durationMillis: input.durationMillis,
    description: input.videoDescription,
  };
  const name = input.videoName ?? current.name;
  const target = name === current.name ? current : await r.videos.findByName(name);
  if (target) {
    await applyVideoChanges(r, target, requested);
    return target;
  }
  if (input.start === undefined) {
    throw DomainError.invalidArgument(
      "MISSING_FIELD",
      "The update request is moving to a new Video, but no new startTimestamp was provided.",
      { field: "start_timestamp" },
    );
  }
  const created = newVideo({
    name,
    videoSequenceUuid: sequence.uuid,
    start: input.start,
    durationMillis: input.durationMillis,
    description: input.videoDescription,
  });
  await r.videos.insert(created);
  return created;
}

async function updateReference(
  r: RegistryRepositories,
  reference: VideoReferenceEntity,
  video: VideoEntity,
  input: MediaInput,
): Promise<void> {
  await applyReferenceChanges(r, reference, {
    ...fileFieldsOf(input),
    uri: input.uri,
    videoUuid: video.uuid,
  });
}
