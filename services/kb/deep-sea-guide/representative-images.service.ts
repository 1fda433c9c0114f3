import type { RepresentativeImage } from "../../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { ConceptMediaEntity } from "../attachments/entities/concept-media.entity.js";
import { MediaRepository } from "../attachments/repositories/media.repository.js";
import { printableUrl, resolveMimeType } from "../attachments/services/media.rules.js";
import type { VersionedReadCache } from "../cache/versioned-read-cache.js";
import type { PhylogenyCache } from "../phylogeny/phylogeny.cache.js";

/** The guide's own default (its `findRepresentativeImagesByName(name, limit = 12)`). */
export const DEFAULT_REPRESENTATIVE_IMAGES = 12;
export const MAX_REPRESENTATIVE_IMAGES = 1_000;
/**
 * Concepts whose media the first read of a subtree covers; each further read covers twice as
 * many, up to the last. The nearest descendants usually hold the images, so the first read is
 * small; a sparse subtree is still read in a few statements.
 */
const FIRST_READ_CONCEPTS = 50;
const MAX_READ_CONCEPTS = 800;

interface Concept {
  conceptId: number;
  name: string;
}

/**
 * The images that represent a concept, picked as the Deep-Sea Guide's own fallback picks them
 * when the kb has no such route: the concept's own image media (mimeType image/…), primary first;
 * when it has none, its descendants' image media breadth first (each concept's primary first),
 * each URL once, the first one marked primary. Media are read a growing number of concepts at a
 * time, so a large subtree stops being read once the limit is reached. Answers are kept until the
 * kb's next write (every media, name or tree write bumps its version), as its concept views are.
 */
export class RepresentativeImageService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly phylogeny: PhylogenyCache,
    private readonly answers: VersionedReadCache,
  ) {}

  async list(name: string, limit: number | undefined): Promise<RepresentativeImage[]> {
    const wanted = checkLimit(limit);
    return this.answers.read(
      `representative images\0${name}\0${wanted}`,
      () => this.pick(name, wanted),
      (images) => Math.max(1, images.length),
    );
  }

  private async pick(name: string, wanted: number): Promise<RepresentativeImage[]> {
    const concepts = (await this.phylogeny.tree()).breadthFirst(name);
    if (!concepts) throw DomainError.notFound("Not found");
    const own = await this.imagesOf(concepts.slice(0, 1), wanted);
    if (own.length > 0) return own;
    const borrowed: RepresentativeImage[] = [];
    let read = FIRST_READ_CONCEPTS;
    // concepts[0] is the concept itself; its descendants follow, breadth first.
    for (let start = 1; start < concepts.length && borrowed.length < wanted; start += read) {
      if (start > 1) read = Math.min(read * 2, MAX_READ_CONCEPTS);
      const batch = concepts.slice(start, start + read);
      borrowed.push(...(await this.imagesOf(batch, wanted - borrowed.length, borrowed)));
    }
    return borrowed.map((image, index) => ({ ...image, isPrimary: index === 0 }));
  }

  /** Up to `room` images of the concepts, in their order, leaving out URLs already in `taken`. */
  private async imagesOf(
    concepts: readonly Concept[],
    room: number,
    taken: readonly RepresentativeImage[] = [],
  ): Promise<RepresentativeImage[]> {
    const media = await this.storage.read((manager) =>
      new MediaRepository(manager).listByConcepts(concepts.map((concept) => concept.conceptId)),
    );
    const byConcept = new Map<number, ConceptMediaEntity[]>();
    for (const row of media) byConcept.set(row.conceptId, [...(byConcept.get(row.conceptId) ?? []), row]);
    const seen = new Set(taken.map((image) => image.url));
    const images: RepresentativeImage[] = [];
    for (const concept of concepts) {
      for (const row of primaryFirst(byConcept.get(concept.conceptId) ?? [])) {
        const image = imageOf(row, concept.name);
        if (!image || seen.has(image.url)) continue;
        seen.add(image.url);
        images.push(image);
        if (images.length === room) return images;
      }
    }
    return images;
  }
}

function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_REPRESENTATIVE_IMAGES;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_REPRESENTATIVE_IMAGES) {
    throw DomainError.invalidArgument(
      "INVALID_PAGE",
      `limit must be a whole number from 1 to ${MAX_REPRESENTATIVE_IMAGES}`,
      { field: "limit" },
    );
  }
  return limit;
}

/** The concept's media with its primary ones first, otherwise in the repository's order (URL, id). */
function primaryFirst(media: readonly ConceptMediaEntity[]): ConceptMediaEntity[] {
  return [...media.filter((row) => row.isPrimary), ...media.filter((row) => !row.isPrimary)];
}

function imageOf(row: ConceptMediaEntity, name: string): RepresentativeImage | undefined {
  const mimeType = resolveMimeType(row.mediaType ?? undefined, row.url);
  if (!mimeType.startsWith("image/")) return undefined;
  return {
    url: printableUrl(row.url),
    mimeType,
    isPrimary: row.isPrimary,
    name,
    caption: row.caption ?? undefined,
    credit: row.credit ?? undefined,
  };
}
