import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import type { HistoryAction, HistoryActionHandler, HistoryRecord } from "../../contracts/history.js";
import type { Principal } from "../../contracts/principal.js";
import type { ConceptHistoryEntity } from "../entities/concept-history.entity.js";
import { HistoryRepository } from "../repositories/history.repository.js";
import type { HistoryPageQuery } from "./history-query.rules.js";

/** A history record with the primary name of its concept ("" when the concept is gone). */
export interface NamedHistory {
  record: ConceptHistoryEntity;
  concept: string;
}

export type Decision = "approve" | "reject";

/**
 * Reading, deleting and processing history. Approving or rejecting runs the handler of the
 * record's field and marks the record in one transaction, so a failed revert leaves it pending.
 */
export class HistoryService {
  private readonly handlers: ReadonlyMap<string, HistoryActionHandler>;

  constructor(
    private readonly storage: DomainStorage,
    private readonly directory: ConceptDirectory,
    handlers: readonly HistoryActionHandler[],
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.field, handler]));
  }

  listPending(page: HistoryPageQuery): Promise<NamedHistory[]> {
    return this.storage.read(async (manager) =>
      this.named(manager, await new HistoryRepository(manager).listPending(page)),
    );
  }

  listApproved(page: HistoryPageQuery): Promise<NamedHistory[]> {
    return this.storage.read(async (manager) =>
      this.named(manager, await new HistoryRepository(manager).listApproved(page)),
    );
  }

  countPending(): Promise<number> {
    return this.storage.read((manager) => new HistoryRepository(manager).countPending());
  }

  countApproved(): Promise<number> {
    return this.storage.read((manager) => new HistoryRepository(manager).countApproved());
  }

  /** Every record of the concept owning `name` (any name type), oldest first; none for unknown names. */
  listByConceptName(name: string): Promise<NamedHistory[]> {
    return this.storage.read(async (manager) => {
      const concept = await this.directory.findByAnyName(manager, name);
      if (!concept) return [];
      const records = await new HistoryRepository(manager).listByConcept(concept.id);
      return records.map((record) => ({ record, concept: concept.primaryName }));
    });
  }

  get(id: number): Promise<NamedHistory> {
    return this.storage.read(async (manager) => {
      const record = await new HistoryRepository(manager).findById(id);
      if (!record) throw notFound(id);
      return (await this.named(manager, [record]))[0] as NamedHistory;
    });
  }

  async delete(id: number): Promise<void> {
    await this.storage.transaction(async (manager) => {
      if (!(await new HistoryRepository(manager).delete(id))) throw notFound(id);
    });
  }

  /** Approves or rejects a pending record as `processor` (an admin, checked by the caller). */
  process(id: number, decision: Decision, processor: Principal): Promise<NamedHistory> {
    return this.storage.transaction(async (manager) => {
      const histories = new HistoryRepository(manager);
      const record = await histories.findById(id);
      if (!record) throw notFound(id);
      const now = Instant.now();
      // The conditional update claims the record, so a concurrent approval finds it processed.
      if (!(await histories.markProcessed(id, decision === "approve", processor.username, now))) {
        throw alreadyProcessed(id);
      }
      const handler = this.handlers.get(record.field);
      if (!handler) {
        throw DomainError.invalidArgument("UNPROCESSABLE_HISTORY", "Unable to process history", {
          field: record.field,
        });
      }
      await handler[decision](manager, toHistoryRecord(record));
      const processed = {
        ...record,
        approved: decision === "approve",
        processorName: processor.username,
        processedTime: now,
      };
      const [named] = await this.named(manager, [processed]);
      return named as NamedHistory;
    });
  }

  private async named(manager: EntityManager, records: ConceptHistoryEntity[]): Promise<NamedHistory[]> {
    if (records.length === 0) return [];
    const names = await this.directory.primaryNames(manager, [...new Set(records.map((r) => r.conceptId))]);
    return records.map((record) => ({ record, concept: names.get(record.conceptId) ?? "" }));
  }
}

function toHistoryRecord(record: ConceptHistoryEntity): HistoryRecord {
  return {
    id: record.id,
    conceptId: record.conceptId,
    action: record.action as HistoryAction,
    field: record.field,
    oldValue: record.oldValue ?? undefined,
    newValue: record.newValue ?? undefined,
  };
}

function notFound(id: number): DomainError {
  return DomainError.notFound(`History with id ${id} does not exist`);
}

function alreadyProcessed(id: number): DomainError {
  return DomainError.failedPrecondition(
    "HISTORY_PROCESSED",
    `History with id \`${id}\` has already been processed`,
    {
      id: String(id),
    },
  );
}
