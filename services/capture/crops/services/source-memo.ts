/**
 * Source images kept in memory, least recently used dropped first, up to a total of bytes: a
 * review grid crops many boxes out of one image, and each box should not fetch it again.
 */
export class SourceMemo {
  private readonly images = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(url: string): Buffer | undefined {
    const image = this.images.get(url);
    if (image) {
      this.images.delete(url);
      this.images.set(url, image);
    }
    return image;
  }

  /** Keeps the image unless it alone is over the limit. */
  set(url: string, image: Buffer): void {
    if (image.length > this.maxBytes) return;
    const previous = this.images.get(url);
    if (previous) {
      this.images.delete(url);
      this.bytes -= previous.length;
    }
    this.images.set(url, image);
    this.bytes += image.length;
    for (const [oldest, kept] of this.images) {
      if (this.bytes <= this.maxBytes) break;
      this.images.delete(oldest);
      this.bytes -= kept.length;
    }
  }
}
