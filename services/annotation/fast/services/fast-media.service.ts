import type { Logger } from "pino";
import { requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { pageOf, requireUuid } from "../../annotations/services/annotation-input.rules.js";
import { FastDeleteRepository, type VideoDeleteCounts } from "../repositories/fast-delete.repository.js";
import { FastImageRepository, type ImageOnMoment } from "../repositories/fast-image.repository.js";

/** A video's delete counts, or zeros and the reason when the delete was rolled back. */
export interface VideoDeleteResult extends VideoDeleteCounts {
  videoReferenceUuid: string;
  errorMessage?: string;
}

/** Images of a video, imaged moments with images by concept, and the whole-video delete. */
export class FastMediaService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly logger?: Logger,
  ) {}

  imagesOfVideo(video: string, limit?: number, offset?: number): Promise<ImageOnMoment[]> {
    const uuid = requireUuid(video, "video_reference_uuid");
    const page = pageOf(limit, offset);
    return this.storage.read((manager) => new FastImageRepository(manager).imagesOfVideo(uuid, page));
  }

  countImagesOfVideo(video: string): Promise<number> {
    const uuid = requireUuid(video, "video_reference_uuid");
    return this.storage.read((manager) => new FastImageRepository(manager).countImagesOfVideo(uuid));
  }

  momentsWithImagesByConcept(concept: string, limit?: number, offset?: number): Promise<string[]> {
    const name = requireText(concept, "concept");
    const page = pageOf(limit, offset);
    return this.storage.read((manager) =>
      new FastImageRepository(manager).momentsWithImagesByConcept(name, page),
    );
  }

  momentsWithImagesByToConcept(toConcept: string, limit?: number, offset?: number): Promise<string[]> {
    const name = requireText(toConcept, "to_concept");
    const page = pageOf(limit, offset);
    return this.storage.read((manager) =>
      new FastImageRepository(manager).momentsWithImagesByToConcept(name, page),
    );
  }

  /**
   * Deletes every imaged moment of the video with its observations, associations, images and
   * ancillary data, all or nothing. As the legacy service did, a failed delete is reported in
   * the result (zero counts and a message) rather than as an error.
   */
  async deleteVideo(video: string): Promise<VideoDeleteResult> {
    const videoReferenceUuid = requireUuid(video, "video_reference_uuid");
    try {
      const counts = await this.storage.transaction((manager) =>
        new FastDeleteRepository(manager).deleteVideo(videoReferenceUuid),
      );
      return { videoReferenceUuid, ...counts };
    } catch (error) {
      this.logger?.error({ err: error, videoReferenceUuid }, "delete of a video's annotations rolled back");
      return {
        videoReferenceUuid,
        ancillaryData: 0,
        imageReferences: 0,
        associations: 0,
        observations: 0,
        imagedMoments: 0,
        errorMessage: `The annotations of video reference ${videoReferenceUuid} could not be deleted`,
      };
    }
  }
}
