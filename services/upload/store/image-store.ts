/** What the store knows about a stored image. */
export interface StoredImage {
  sizeBytes: number;
  /** The media type recorded with the image, when the store keeps one. */
  contentType?: string;
}

export interface PutImageOptions {
  contentType?: string;
}

/**
 * Where uploaded images live: S3 object storage or a local folder. Keys are `/`-separated
 * relative paths already checked by the service. The only code that touches the bytes' home.
 */
export interface ImageStore {
  /**
   * Streams the bytes to key. Any image already there is replaced only once every byte has
   * arrived: if the source throws, nothing changes and the error is rethrown.
   */
  put(key: string, bytes: AsyncIterable<Uint8Array>, options?: PutImageOptions): Promise<StoredImage>;
  /** The stored image at key, or undefined when there is none. */
  stat(key: string): Promise<StoredImage | undefined>;
}
