import type { ArchiveValue } from "./archive-format.js";
import type { ImageObjectsRepository } from "./image-objects.repository.js";

/** How the target's image store compares with the archive's list (the bytes are not archived). */
export interface ImageCheck {
  listed: number;
  present: number;
  /** Keys listed but not stored, and stored with another size or checksum (the first few of each). */
  missing: string[];
  differing: string[];
  missingCount: number;
  differingCount: number;
}

/** Keys named in the result at most. */
const NAMED = 20;
/** Look-ups at a time. */
const PARALLEL = 16;

/**
 * Compares listed objects with the target store: sizes always, checksums only between stores of
 * the same kind (S3 ETags of multipart uploads are not MD5s of the bytes).
 */
export class ImageChecker {
  private readonly totals: ImageCheck = {
    listed: 0,
    present: 0,
    missing: [],
    differing: [],
    missingCount: 0,
    differingCount: 0,
  };

  constructor(
    private readonly images: ImageObjectsRepository,
    private readonly sourceKind: string | undefined,
  ) {}

  async check(rows: readonly ArchiveValue[][]): Promise<void> {
    for (let start = 0; start < rows.length; start += PARALLEL) {
      await Promise.all(rows.slice(start, start + PARALLEL).map((row) => this.checkOne(row)));
    }
  }

  result(): ImageCheck {
    return this.totals;
  }

  private async checkOne([key, sizeBytes, etag]: ArchiveValue[]): Promise<void> {
    const result = this.totals;
    result.listed++;
    const found = await this.images.find(String(key));
    if (!found) {
      result.missingCount++;
      if (result.missing.length < NAMED) result.missing.push(String(key));
      return;
    }
    const sameKind = this.sourceKind === this.images.kind;
    if (found.sizeBytes !== sizeBytes || (sameKind && found.etag !== etag)) {
      result.differingCount++;
      if (result.differing.length < NAMED) result.differing.push(String(key));
      return;
    }
    result.present++;
  }
}
