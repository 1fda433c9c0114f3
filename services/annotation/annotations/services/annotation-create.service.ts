import type { EntityManager } from "typeorm";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import { compareText } from "../../../kit/sql/text-order.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ObservationGraph } from "../../contracts/observation-store.js";
import { ANCILLARY_MEASUREMENTS, AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../../entities/association.entity.js";
import type { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../../entities/observation.entity.js";
import { type Actor, attributedObserver, SERVICE_ACTOR } from "../../history/services/actor.js";
import { AnnotationWriteRepository } from "../repositories/annotation-write.repository.js";
import {
  checkAssociation,
  checkImage,
  checkNewAnnotation,
  DEFAULT_MIME_TYPE,
  keyOf,
  keyText,
} from "./annotation.rules.js";
import { annotationNotFound } from "./annotation.service.js";
import { type AnnotationGraph, type AnnotationStores, loadAnnotations } from "./annotation-graphs.js";
import type { AnnotationInput, AssociationInput, BulkAnnotationInput } from "./annotation-input.js";

/** Creates annotations at the imaged moments found or created from their indices. */
export class AnnotationCreateService {
  /** `actor` makes the annotations: a user's token makes them the observer (attributedObserver). */
  constructor(
    private readonly storage: DomainStorage,
    private readonly stores: AnnotationStores,
    private readonly actor: Actor = SERVICE_ACTOR,
  ) {}

  /** The input with the observer the actor makes it by. */
  private attributed<T extends AnnotationInput>(input: T): T {
    const observer = attributedObserver(this.actor, input.observer);
    return observer === (input.observer ?? null) ? input : { ...input, observer: observer ?? undefined };
  }

  /** One observation; the imaged moment is reused when the indices match one (timecode > elapsed > recorded). */
  async create(input: AnnotationInput): Promise<AnnotationGraph> {
    const checked = checkNewAnnotation(input);
    return this.storage.transaction(async (manager) => {
      const moment = await this.stores.moments.findOrCreate(manager, keyOf(checked));
      const now = Instant.now();
      const observation = newObservation(this.attributed(checked), moment.uuid, now);
      await this.stores.observations.insertMany(manager, [{ observation, associations: [] }]);
      const [created] = await loadAnnotations(
        manager,
        this.stores,
        [moment.uuid],
        new Set([observation.uuid]),
      );
      if (!created) throw annotationNotFound();
      return created;
    });
  }

  /**
   * Many annotations in one transaction, set-based: items with the same video and indices
   * share one imaged moment; images whose URL exists already are skipped; ancillary data
   * replace the moment's. Returns every annotation of the moments written. Moments this call
   * created and gave neither an image nor a datum hold exactly the observations just
   * inserted, so their annotations are built from the rows written instead of read back.
   */
  async createMany(items: readonly BulkAnnotationInput[]): Promise<AnnotationGraph[]> {
    const checked = items.map((item, index) => checkBulkItem(item, `annotations[${index}].`));
    if (checked.length === 0) return [];
    return this.storage.transaction(async (manager) => {
      const keys = checked.map(keyOf);
      const keyTexts = keys.map(keyText);
      const { momentOf, created } = await this.momentsOf(manager, keys, keyTexts);
      const now = Instant.now();
      const momentAt = keyTexts.map((text) => momentOf.get(text) as string);
      const itemIndex = new Map(checked.map((item, index) => [item, index]));
      const at = (item: BulkAnnotationInput) => momentAt[itemIndex.get(item) as number] as string;
      const observations = checked.map((item, index) =>
        observationGraph(this.attributed(item), momentAt[index] as string, now),
      );
      await this.stores.observations.insertMany(manager, observations);
      const writes = new AnnotationWriteRepository(manager);
      const imaged = await insertNewImages(writes, checked, at, now);
      const dated = await replaceData(writes, checked, at, now);
      const untouched = new Map(
        created
          .filter((moment) => !imaged.has(moment.uuid) && !dated.has(moment.uuid))
          .map((moment): [string, MomentGraph] => [
            moment.uuid,
            { moment, imageReferences: [], ancillaryDatum: undefined },
          ]),
      );
      const reread = [...new Set(momentOf.values())].filter((uuid) => !untouched.has(uuid));
      const built = observations.flatMap((observation) => {
        const moment = untouched.get(observation.observation.imagedMomentUuid);
        return moment ? [{ moment, observation: sortedAssociations(observation) }] : [];
      });
      const read = await loadAnnotations(manager, this.stores, reread);
      return [...read, ...built].sort((a, b) =>
        compareText(a.observation.observation.uuid, b.observation.observation.uuid),
      );
    });
  }

  /** The moment UUID of each distinct key, and the moments created for them. */
  private async momentsOf(
    manager: EntityManager,
    keys: readonly MomentIndexKey[],
    keyTexts: readonly string[],
  ): Promise<{ momentOf: Map<string, string>; created: ImagedMomentEntity[] }> {
    const distinct = new Map(keys.map((key, index) => [keyTexts[index] as string, key]));
    const { moments, created } = await this.stores.moments.findOrCreateManyTracked(manager, [
      ...distinct.values(),
    ]);
    return {
      momentOf: new Map([...distinct.keys()].map((text, index) => [text, moments[index]?.uuid as string])),
      created,
    };
  }
}

/** The graph with its associations in UUID order, as they are read back. */
function sortedAssociations(graph: ObservationGraph): ObservationGraph {
  const associations = [...graph.associations].sort((a, b) => compareText(a.uuid, b.uuid));
  return { observation: graph.observation, associations };
}

function checkBulkItem(item: BulkAnnotationInput, label: string): BulkAnnotationInput {
  return {
    ...checkNewAnnotation(item, label),
    associations: (item.associations ?? []).map((association, index) =>
      checkAssociation(association, `${label}associations[${index}].`),
    ),
    imageReferences: (item.imageReferences ?? []).map((image, index) =>
      checkImage(image, `${label}image_references[${index}].`),
    ),
  };
}

export function newObservation(
  input: AnnotationInput,
  imagedMomentUuid: string,
  now: Instant,
): ObservationEntity {
  return {
    uuid: uuidV7(),
    imagedMomentUuid,
    activity: input.activity ?? null,
    concept: input.concept ?? null,
    durationMillis: input.durationMillis ?? null,
    group: input.group ?? null,
    observationTimestamp: input.observationTimestamp ?? now,
    observer: input.observer ?? null,
    lastUpdatedTime: now,
  };
}

function observationGraph(
  item: BulkAnnotationInput,
  imagedMomentUuid: string,
  now: Instant,
): ObservationGraph {
  const observation = newObservation(item, imagedMomentUuid, now);
  return {
    observation,
    associations: (item.associations ?? []).map((association) =>
      newAssociation(association, observation.uuid, now),
    ),
  };
}

function newAssociation(input: AssociationInput, observationUuid: string, now: Instant): AssociationEntity {
  return {
    uuid: uuidV7(),
    observationUuid,
    linkName: input.linkName as string,
    toConcept: input.toConcept ?? null,
    linkValue: input.linkValue ?? null,
    mimeType: input.mimeType ?? DEFAULT_MIME_TYPE,
    lastUpdatedTime: now,
  };
}

/**
 * Images whose URL is already stored (or came earlier in the payload) are skipped. Returns
 * the moments some image was given for.
 */
async function insertNewImages(
  writes: AnnotationWriteRepository,
  items: readonly BulkAnnotationInput[],
  momentOf: (item: BulkAnnotationInput) => string,
  now: Instant,
): Promise<Set<string>> {
  const wanted = items.flatMap((item) =>
    (item.imageReferences ?? []).map((image) => ({ image, moment: momentOf(item) })),
  );
  if (wanted.length === 0) return new Set();
  const taken = await writes.existingUrls(wanted.map(({ image }) => image.url as string));
  const images: ImageReferenceEntity[] = [];
  for (const { image, moment } of wanted) {
    const url = image.url as string;
    if (taken.has(url)) continue;
    taken.add(url);
    images.push({
      uuid: uuidV7(),
      imagedMomentUuid: moment,
      description: image.description ?? null,
      format: image.format ?? null,
      heightPixels: image.heightPixels ?? null,
      url,
      widthPixels: image.widthPixels ?? null,
      lastUpdatedTime: now,
    });
  }
  await writes.insertImages(images);
  return new Set(wanted.map(({ moment }) => moment));
}

/**
 * The last datum given for a moment replaces its measurements, or becomes its datum.
 * Returns the moments a datum was given for.
 */
async function replaceData(
  writes: AnnotationWriteRepository,
  items: readonly BulkAnnotationInput[],
  momentOf: (item: BulkAnnotationInput) => string,
  now: Instant,
): Promise<Set<string>> {
  const given = new Map<string, BulkAnnotationInput["ancillaryData"]>();
  for (const item of items) if (item.ancillaryData) given.set(momentOf(item), item.ancillaryData);
  if (given.size === 0) return new Set();
  const existing = new Map(
    (await writes.dataOfMoments([...given.keys()])).map((datum) => [datum.imagedMomentUuid, datum]),
  );
  const inserts: AncillaryDatumEntity[] = [];
  const replacements: AncillaryDatumEntity[] = [];
  for (const [moment, measurements] of given) {
    const current = existing.get(moment);
    const datum = Object.assign(new AncillaryDatumEntity(), {
      uuid: current?.uuid ?? uuidV7(),
      imagedMomentUuid: moment,
      lastUpdatedTime: now,
    });
    for (const measurement of ANCILLARY_MEASUREMENTS) {
      Object.assign(datum, { [measurement]: measurements?.[measurement] ?? null });
    }
    (current ? replacements : inserts).push(datum);
  }
  await writes.insertData(inserts);
  await writes.replaceData(replacements, now);
  return new Set(given.keys());
}
