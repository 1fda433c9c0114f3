import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { HISTORY_FIELDS, type HistoryActionHandler, type HistoryRecord } from "../../contracts/history.js";
import { type LinkKind, LinkRepository } from "../repositories/link.repository.js";
import { MediaRepository } from "../repositories/media.repository.js";
import { markingChanges } from "./attachment-writes.js";
import { parseShortString } from "./link.rules.js";
import { removeMedia } from "./media.service.js";

/**
 * What approving or rejecting a Media, LinkTemplate or LinkRealization record does. Changes
 * applied at once are confirmed by approve and reverted by reject; a deferred DELETE is
 * carried out by approve. A target that no longer exists leaves nothing to do. Each marks the
 * kb changed (the cached concept views show the attachments).
 */
export function attachmentHistoryHandlers(directory: ConceptDirectory): HistoryActionHandler[] {
  const handlers: HistoryActionHandler[] = [
    {
      field: HISTORY_FIELDS.media,
      approve: (manager, record) =>
        record.action === "DELETE"
          ? removeMediaAt(manager, record, record.oldValue)
          : confirm(record, ["ADD", "REPLACE"]),
      reject: (manager, record) => {
        if (record.action === "ADD") return removeMediaAt(manager, record, record.newValue);
        if (record.action === "REPLACE") return restoreMediaUrl(manager, record);
        return confirm(record, ["DELETE"]);
      },
    },
    linkHandler("template", HISTORY_FIELDS.linkTemplate),
    linkHandler("realization", HISTORY_FIELDS.linkRealization),
  ];
  return handlers.map((handler) => markingChanges(directory, handler));
}

function linkHandler(kind: LinkKind, field: string): HistoryActionHandler {
  return {
    field,
    approve: (manager, record) =>
      record.action === "DELETE"
        ? removeLinks(manager, kind, record, record.oldValue)
        : confirm(record, ["ADD", "REPLACE"]),
    reject: async (manager, record) => {
      if (record.action === "ADD") return removeLinks(manager, kind, record, record.newValue);
      if (record.action === "REPLACE") return restoreLink(manager, kind, record);
      return confirm(record, ["DELETE"]);
    },
  };
}

/** Nothing to change; only the listed actions are valid for this field. */
async function confirm(record: HistoryRecord, valid: readonly string[]): Promise<void> {
  if (!valid.includes(record.action)) {
    throw DomainError.failedPrecondition("UNPROCESSABLE_HISTORY", "Unable to process history");
  }
}

async function removeMediaAt(manager: EntityManager, record: HistoryRecord, url: string | undefined) {
  if (url === undefined) return;
  const media = await new MediaRepository(manager).findByConceptAndUrl(record.conceptId, url);
  if (media) await removeMedia(manager, media);
}

/** Puts the old url back on the media the record changed (other fields are not recorded). */
async function restoreMediaUrl(manager: EntityManager, record: HistoryRecord): Promise<void> {
  if (record.oldValue === undefined || record.newValue === undefined) return;
  const repository = new MediaRepository(manager);
  const media = await repository.findByConceptAndUrl(record.conceptId, record.newValue);
  if (!media || record.oldValue === record.newValue) return;
  if (await repository.findByConceptAndUrl(record.conceptId, record.oldValue)) return;
  media.url = record.oldValue;
  media.lastUpdatedTime = Instant.now();
  await repository.save(media);
}

async function removeLinks(
  manager: EntityManager,
  kind: LinkKind,
  record: HistoryRecord,
  value: string | undefined,
) {
  if (value === undefined) return;
  const repository = new LinkRepository(manager, kind);
  const matching = await repository.listOnConceptByTriple(record.conceptId, parseShortString(value));
  await repository.delete(matching.map((link) => link.id));
}

/** Puts the old name, to-concept and value back on the link the record changed. */
async function restoreLink(manager: EntityManager, kind: LinkKind, record: HistoryRecord): Promise<void> {
  if (record.oldValue === undefined || record.newValue === undefined) return;
  const repository = new LinkRepository(manager, kind);
  const [link] = await repository.listOnConceptByTriple(record.conceptId, parseShortString(record.newValue));
  if (!link) return;
  Object.assign(link, parseShortString(record.oldValue), { lastUpdatedTime: Instant.now() });
  await repository.save(link);
}
