import type { EntityManager } from "typeorm";
import type { Attachments, ConceptAttachments } from "../../../services/kb/contracts/concept-attachments.js";
import type { HistoryEntry, HistoryRecord, HistoryRecorder } from "../../../services/kb/contracts/history.js";
import type { Principal, PrincipalResolver } from "../../../services/kb/contracts/principal.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import type { CallContext } from "../../../services/kit/grpc/bind-service.js";

export const ADMIN: Principal = { username: "admin", role: "Admin", isAdmin: true };
export const MAINT: Principal = { username: "maint", role: "Maint", isAdmin: false };

/** A recorded history entry with the approval state the entry asked for. */
export interface RecordedHistory extends HistoryRecord {
  creatorName: string;
  approved: boolean;
}

/** Keeps history records in memory (the history part writes the real table). */
export class ArrayHistoryRecorder implements HistoryRecorder {
  readonly records: RecordedHistory[] = [];

  async record(_manager: EntityManager, entry: HistoryEntry): Promise<HistoryRecord> {
    const record: RecordedHistory = {
      id: this.records.length + 1,
      conceptId: entry.conceptId,
      action: entry.action,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
      creatorName: entry.principal.username,
      approved: entry.approveNow,
    };
    this.records.push(record);
    return record;
  }

  last(): RecordedHistory {
    const record = this.records.at(-1);
    if (!record) throw new Error("no history was recorded");
    return record;
  }
}

/** Attachments set by the test per concept id; none otherwise. Counts the reads. */
export class MapConceptAttachments implements ConceptAttachments {
  readonly byConcept = new Map<number, Attachments>();
  reads = 0;

  async forConcepts(
    _manager: EntityManager,
    conceptIds: readonly number[],
  ): Promise<Map<number, Attachments>> {
    this.reads++;
    const found = new Map<number, Attachments>();
    for (const id of conceptIds) {
      const attachments = this.byConcept.get(id);
      if (attachments) found.set(id, attachments);
    }
    return found;
  }
}

/** Who a verified token without a name (the API key's) is: the trusted service, an admin. */
const SERVICE: Principal = { username: "service", role: "Admin", isAdmin: true };

/**
 * Resolves the JWT's `name` and `role` claims as they are, without a user table; a verified token
 * without a name (the API key's) is the trusted service, as the people part resolves it.
 */
export class ClaimsPrincipalResolver implements PrincipalResolver {
  async resolve(ctx: CallContext): Promise<Principal | undefined> {
    if (ctx.claims !== undefined && ctx.claims.name === undefined) return SERVICE;
    const name = ctx.claims?.name;
    const role = ctx.claims?.role;
    if (typeof name !== "string" || typeof role !== "string") return undefined;
    return { username: name, role, isAdmin: role === "Admin" };
  }

  async requireWriter(ctx: CallContext): Promise<Principal> {
    const principal = await this.resolve(ctx);
    if (!principal || principal.role === "ReadOnly") {
      throw DomainError.permissionDenied("I'm sorry, I can not let you do that.");
    }
    return principal;
  }

  async requireAdmin(ctx: CallContext): Promise<Principal> {
    const principal = await this.requireWriter(ctx);
    if (!principal.isAdmin) throw DomainError.permissionDenied("I'm sorry, I can not let you do that.");
    return principal;
  }
}
