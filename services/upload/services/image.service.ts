import type { Logger } from "pino";
import { DomainError } from "../../kit/errors/domain-error.js";
import { processLogger } from "../../kit/log/logger.js";
import type { ImageStore } from "../store/image-store.js";
import { recordUpload } from "../upload-metrics.js";
import {
  checkImageNames,
  type ImageNames,
  imageContentType,
  imageKey,
  imageUri,
} from "./image-location.rules.js";

/** Where an image is, with the names it was filed under (the legacy ImageParams). */
export interface ImageLocation extends ImageNames {
  uri: string;
}

export interface ImageUpload extends ImageNames {
  /** The uploaded part's media type, as the client declared it. */
  contentType?: string;
}

export interface ImageServiceOptions {
  /** Base of the returned URLs, without a trailing slash. */
  publicUrl: string;
  /** Largest image accepted, in bytes. */
  maxBytes: number;
}

/** Files uploaded images under the legacy layout and tells where they are. */
export class ImageService {
  constructor(
    private readonly store: ImageStore,
    private readonly options: ImageServiceOptions,
  ) {}

  /** The location of a stored image; NOT_FOUND when nothing is stored under these names. */
  async resolve(names: ImageNames): Promise<ImageLocation> {
    const checked = checkImageNames(names);
    const key = imageKey(checked);
    if (!(await this.store.stat(key))) {
      throw DomainError.notFound(
        `No image ${checked.name} for camera ${checked.cameraId} and deployment ${checked.deploymentId}`,
      );
    }
    return this.locationOf(checked, key);
  }

  /**
   * Streams an image to the store, replacing any image of the same names once all of it has
   * arrived. An empty image is INVALID_ARGUMENT; one over the limit is RESOURCE_EXHAUSTED; in
   * both cases nothing changes. A store failure is logged through `logger` (the call's).
   */
  async upload(
    upload: ImageUpload,
    bytes: AsyncIterable<Uint8Array>,
    logger: Logger = processLogger(),
  ): Promise<ImageLocation> {
    const checked = checkImageNames(upload);
    const key = imageKey(checked);
    const contentType = imageContentType(checked.name, upload.contentType);
    const source = new WatchedSource(limited(bytes, this.options.maxBytes));
    try {
      await this.store.put(key, source.bytes(), contentType ? { contentType } : {});
    } catch (error) {
      // The client's side (too large, empty, cancelled, malformed) goes back as it is.
      if (source.failure !== undefined) {
        recordUpload("rejected", source.total);
        throw source.failure;
      }
      recordUpload("failed", source.total);
      logger.error({ err: error, key }, "the image store failed to save an image");
      throw new DomainError("INTERNAL", "IMAGE_NOT_SAVED", "Failed to save the image");
    }
    recordUpload("stored", source.total);
    return this.locationOf(checked, key);
  }

  private locationOf(names: ImageNames, key: string): ImageLocation {
    const { cameraId, deploymentId, name } = names;
    return { uri: imageUri(this.options.publicUrl, key), cameraId, deploymentId, name };
  }
}

/** Remembers why the upload's own bytes failed, to tell that apart from a failing store. */
class WatchedSource {
  failure: unknown;
  /** Bytes passed on to the store. */
  total = 0;

  constructor(private readonly source: AsyncIterable<Uint8Array>) {}

  async *bytes(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of this.source) {
        this.total += chunk.length;
        yield chunk;
      }
    } catch (error) {
      this.failure = error ?? new Error("the upload failed");
      throw error;
    }
  }
}

/** Passes the bytes through, failing as soon as they exceed maxBytes, or at the end if there were none. */
async function* limited(bytes: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of bytes) {
    total += chunk.length;
    if (total > maxBytes) {
      throw new DomainError(
        "RESOURCE_EXHAUSTED",
        "IMAGE_TOO_LARGE",
        `The image is larger than the limit of ${maxBytes} bytes`,
        { max_bytes: String(maxBytes) },
      );
    }
    if (chunk.length > 0) yield chunk;
  }
  if (total === 0) {
    throw DomainError.invalidArgument("EMPTY_IMAGE", "The file part is empty", { field: "file" });
  }
}
