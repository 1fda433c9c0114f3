/**
 * The Deep-Sea Guide's representative images on the real kb (services/kb/seed), on every
 * engine. The expected answers are worked out here from the kb dump itself: the concept's own
 * image media, primary first then by URL; when it has none, its descendants' breadth first
 * (children by name), each URL once, the first marked primary.
 */
import test from "ava";
import type { RepresentativeImage } from "../../../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import { printableUrl, resolveMimeType } from "../../../../services/kb/attachments/services/media.rules.js";
import { VersionedReadCache } from "../../../../services/kb/cache/versioned-read-cache.js";
import { RepresentativeImageService } from "../../../../services/kb/deep-sea-guide/representative-images.service.js";
import { PhylogenyCache } from "../../../../services/kb/phylogeny/phylogeny.cache.js";
import { PhylogenyRepository } from "../../../../services/kb/phylogeny/phylogeny.repository.js";
import { createTreeVersionWatch } from "../../../../services/kb/tree/tree-part.js";
import { DomainError } from "../../../../services/kit/errors/domain-error.js";
import type { DumpConcept, KbDump } from "../../../../tools/m3/kb-import/kb-dump.js";
import { DEFAULT_KB_DUMP, importKbDump, readKbDump } from "../../../../tools/m3/kb-import/kb-import.js";
import { BACKENDS, closeKbDatabases, openKbDatabase } from "../../../support/kb/phylogeny-stack.js";

test.after.always(closeKbDatabases);

let dump: KbDump;
const children = new Map<number, DumpConcept[]>();

const primaryOf = (concept: DumpConcept) =>
  (concept.names.find((n) => n.nameType.toLowerCase() === "primary") ?? concept.names[0])?.name ?? "";
const byPrimaryName = (a: DumpConcept, b: DumpConcept) =>
  primaryOf(a) < primaryOf(b) ? -1 : primaryOf(a) > primaryOf(b) ? 1 : 0;
const conceptNamed = (name: string) =>
  dump.concepts.find((concept) => primaryOf(concept) === name) as DumpConcept;

/** The concept's image media as the route answers them: primary first, then by URL. */
function ownImages(concept: DumpConcept): RepresentativeImage[] {
  const images = concept.media
    .map((media) => ({ media, mimeType: resolveMimeType(media.mediaType, media.url) }))
    .filter(({ mimeType }) => mimeType.startsWith("image/"))
    .sort(
      (a, b) => Number(b.media.isPrimary) - Number(a.media.isPrimary) || (a.media.url < b.media.url ? -1 : 1),
    );
  return images.map(({ media, mimeType }) => ({
    url: printableUrl(media.url),
    mimeType,
    isPrimary: media.isPrimary,
    name: primaryOf(concept),
    caption: media.caption,
    credit: media.credit,
  }));
}

function expectedFor(concept: DumpConcept, limit: number): RepresentativeImage[] {
  const own = ownImages(concept);
  if (own.length > 0) return own.slice(0, limit);
  const picked: RepresentativeImage[] = [];
  const queue = [...(children.get(concept.index) ?? [])];
  for (let next = 0; next < queue.length && picked.length < limit; next++) {
    const current = queue[next] as DumpConcept;
    for (const image of ownImages(current)) {
      if (picked.length < limit && !picked.some((taken) => taken.url === image.url)) picked.push(image);
    }
    queue.push(...(children.get(current.index) ?? []));
  }
  return picked.map((image, index) => ({ ...image, isPrimary: index === 0 }));
}

test.before(async () => {
  dump = await readKbDump(DEFAULT_KB_DUMP);
  for (const concept of dump.concepts) {
    if (concept.parentIndex === undefined) continue;
    children.set(concept.parentIndex, [...(children.get(concept.parentIndex) ?? []), concept]);
  }
  for (const list of children.values()) list.sort(byPrimaryName);
});

async function serviceOn(backend: (typeof BACKENDS)[number]): Promise<RepresentativeImageService> {
  const { storage } = await openKbDatabase(backend);
  await importKbDump({ storage });
  const versions = createTreeVersionWatch(storage);
  return new RepresentativeImageService(
    storage,
    new PhylogenyCache(storage, new PhylogenyRepository(), undefined, versions),
    new VersionedReadCache(versions),
  );
}

for (const backend of BACKENDS) {
  test(`${backend}: a concept with images answers its own, primary first, then by URL`, async (t) => {
    const images = await serviceOn(backend);
    const mat = conceptNamed("bacterial mat");
    const answer = await images.list("bacterial mat", undefined);
    t.deepEqual(answer, expectedFor(mat, 12));
    t.deepEqual(
      answer.map((image) => [image.url.split("/").at(-1), image.isPrimary]),
      [
        ["bacterial_mat_01.png", true],
        ["bacterial_mat_02.png", false],
        ["bacterial_mat_03.png", false],
      ],
    );
    t.deepEqual(await images.list("bacterial mat", 1), answer.slice(0, 1));
  });

  test(`${backend}: without images of its own, a concept borrows its descendants' breadth first, each URL once`, async (t) => {
    const images = await serviceOn(backend);
    const borrowers = dump.concepts.filter(
      (concept) => ownImages(concept).length === 0 && expectedFor(concept, 1000).length > 12,
    );
    t.true(borrowers.length > 10, `${borrowers.length} concepts borrow more than 12 images`);
    for (const concept of [dump.concepts[0] as DumpConcept, ...borrowers.slice(0, 5)]) {
      const answer = await images.list(primaryOf(concept), undefined);
      t.deepEqual(answer, expectedFor(concept, 12), primaryOf(concept));
      t.is(answer.length, 12);
      t.is(new Set(answer.map((image) => image.url)).size, 12);
      t.deepEqual(
        answer.map((image) => image.isPrimary),
        [true, ...Array(11).fill(false)],
      );
      t.true(
        answer.every((image) => image.name !== primaryOf(concept) && image.mimeType.startsWith("image/")),
      );
    }
    const root = await images.list("root", 200);
    t.deepEqual(
      root,
      expectedFor(dump.concepts[0] as DumpConcept, 200),
      "by an alternative name, 200 of them",
    );
  });

  test(`${backend}: a leaf without images answers an empty list; an unknown name is not found; a bad limit is refused`, async (t) => {
    const images = await serviceOn(backend);
    const bare = dump.concepts.find(
      (concept) => !children.has(concept.index) && ownImages(concept).length === 0,
    ) as DumpConcept;
    t.deepEqual(await images.list(primaryOf(bare), undefined), []);
    const missing = await t.throwsAsync(images.list("no such concept", undefined));
    t.true(missing instanceof DomainError && missing.code === "NOT_FOUND");
    for (const limit of [0, -1, 1001]) {
      const refused = await t.throwsAsync(images.list("bacterial mat", limit));
      t.true(refused instanceof DomainError && refused.code === "INVALID_ARGUMENT", String(limit));
    }
  });
}
