import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import { Instant } from "../../../kit/time/instant.js";
import { HISTORY_FIELDS } from "../../contracts/history.js";
import type { KbPartDeps } from "../../contracts/part.js";
import type { Principal } from "../../contracts/principal.js";
import type { ConceptMediaEntity } from "../entities/concept-media.entity.js";
import { MediaRepository } from "../repositories/media.repository.js";
import type { MediaView } from "./attachment.views.js";
import { writeAttachments } from "./attachment-writes.js";
import { checkLength, notFound } from "./input.rules.js";
import { inferMediaType, requireUrl } from "./media.rules.js";

export type MediaDeps = Pick<KbPartDeps, "storage" | "directory" | "history">;

export interface MediaInput {
  url?: string;
  caption?: string;
  credit?: string;
  mediaType?: string;
  isPrimary?: boolean;
}

/** Media of concepts: at most one primary per concept and media type. */
export class MediaService {
  constructor(private readonly deps: MediaDeps) {}

  async listByConcept(name: string): Promise<MediaView[]> {
    return this.deps.storage.read(async (manager) => {
      const concept = await this.deps.directory.requireByAnyName(manager, name);
      const media = await new MediaRepository(manager).listByConcept(concept.id);
      return media.map((entity) => ({ media: entity, conceptName: concept.primaryName }));
    });
  }

  async get(id: number): Promise<MediaView> {
    return this.deps.storage.read(async (manager) => this.view(manager, await requireMedia(manager, id)));
  }

  async create(principal: Principal, conceptName: string | undefined, input: MediaInput): Promise<MediaView> {
    const owner = requireText(conceptName, "conceptName");
    const url = checkLength(requireUrl(input.url), 1024, "url");
    const fields = checkedFields(input);
    return writeAttachments(this.deps, async (manager) => {
      const concept = await this.deps.directory.requireByAnyName(manager, owner);
      const repository = new MediaRepository(manager);
      if (await repository.findByConceptAndUrl(concept.id, url)) {
        throw duplicateUrl(url, concept.primaryName);
      }
      const media = await repository.insert({
        conceptId: concept.id,
        url,
        caption: fields.caption ?? null,
        credit: fields.credit ?? null,
        mediaType: fields.mediaType ?? inferMediaType(url),
        isPrimary: input.isPrimary === true,
        lastUpdatedTime: Instant.now(),
      });
      if (media.isPrimary) await repository.clearOtherPrimaries(media);
      else if ((await repository.countOfType(concept.id, media.mediaType)) === 1) {
        media.isPrimary = true;
        await repository.save(media);
      }
      await this.deps.history.record(manager, {
        conceptId: concept.id,
        action: "ADD",
        field: HISTORY_FIELDS.media,
        newValue: url,
        principal,
        approveNow: principal.isAdmin,
      });
      return { media, conceptName: concept.primaryName };
    });
  }

  /**
   * Applies the fields present; a new url without a type re-infers the type. Records a
   * REPLACE from the old url to the new one (the legacy service recorded nothing).
   */
  async update(principal: Principal, id: number, input: MediaInput): Promise<MediaView> {
    const url = input.url === undefined ? undefined : checkLength(requireUrl(input.url), 1024, "url");
    const fields = checkedFields(input);
    return writeAttachments(this.deps, async (manager) => {
      const repository = new MediaRepository(manager);
      const media = await requireMedia(manager, id);
      const oldUrl = media.url;
      if (url !== undefined && url !== media.url) {
        if (await repository.findByConceptAndUrl(media.conceptId, url)) {
          const names = await this.deps.directory.primaryNames(manager, [media.conceptId]);
          throw duplicateUrl(url, names.get(media.conceptId) ?? "");
        }
        media.url = url;
        media.mediaType = fields.mediaType ?? inferMediaType(url);
      } else if (fields.mediaType !== undefined) {
        media.mediaType = fields.mediaType;
      }
      if (fields.caption !== undefined) media.caption = fields.caption;
      if (fields.credit !== undefined) media.credit = fields.credit;
      if (input.isPrimary !== undefined) media.isPrimary = input.isPrimary;
      media.lastUpdatedTime = Instant.now();
      await repository.save(media);
      if (media.isPrimary) await repository.clearOtherPrimaries(media);
      await this.deps.history.record(manager, {
        conceptId: media.conceptId,
        action: "REPLACE",
        field: HISTORY_FIELDS.media,
        oldValue: oldUrl,
        newValue: media.url,
        principal,
        approveNow: principal.isAdmin,
      });
      return this.view(manager, media);
    });
  }

  /** An admin's delete happens now; anyone else's waits for an admin to approve its record. */
  async delete(principal: Principal, id: number): Promise<void> {
    return writeAttachments(this.deps, async (manager) => {
      const media = await requireMedia(manager, id);
      await this.deps.history.record(manager, {
        conceptId: media.conceptId,
        action: "DELETE",
        field: HISTORY_FIELDS.media,
        oldValue: media.url,
        principal,
        approveNow: principal.isAdmin,
      });
      if (principal.isAdmin) await removeMedia(manager, media);
    });
  }

  private async view(manager: EntityManager, media: ConceptMediaEntity): Promise<MediaView> {
    const names = await this.deps.directory.primaryNames(manager, [media.conceptId]);
    return { media, conceptName: names.get(media.conceptId) };
  }
}

/** Removes a media record; when it was primary, the newest media of its type takes over. */
export async function removeMedia(manager: EntityManager, media: ConceptMediaEntity): Promise<void> {
  const repository = new MediaRepository(manager);
  await repository.delete(media.id);
  if (!media.isPrimary) return;
  const successor = await repository.findNewestOfType(media.conceptId, media.mediaType);
  if (successor) {
    successor.isPrimary = true;
    await repository.save(successor);
  }
}

async function requireMedia(manager: EntityManager, id: number): Promise<ConceptMediaEntity> {
  return (
    (await new MediaRepository(manager).findById(id)) ?? notFound(`Media with id \`${id}\` was not found`)
  );
}

function checkedFields(input: MediaInput) {
  return {
    caption: checkLength(input.caption, 1000, "caption"),
    credit: checkLength(input.credit, 255, "credit"),
    mediaType: input.mediaType?.trim() ? checkLength(input.mediaType.trim(), 16, "mediaType") : undefined,
  };
}

function duplicateUrl(url: string, conceptName: string): DomainError {
  return DomainError.alreadyExists(
    "MEDIA_EXISTS",
    `Media with URL '${url}' already exists for concept '${conceptName}'`,
  );
}
