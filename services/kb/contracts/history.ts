import type { EntityManager } from "typeorm";
import type { Principal } from "./principal.js";

export type HistoryAction = "ADD" | "REPLACE" | "DELETE";

/** The `field` values the legacy clients know. */
export const HISTORY_FIELDS = {
  conceptChild: "Concept.child",
  conceptParent: "Concept.parent",
  conceptName: "ConceptName",
  rank: "Rank",
  media: "Media",
  linkRealization: "LinkRealization",
  linkTemplate: "LinkTemplate",
} as const;

export interface HistoryEntry {
  /** The concept the record hangs off (for Concept.child: the parent). */
  conceptId: number;
  action: HistoryAction;
  field: string;
  oldValue?: string;
  newValue?: string;
  principal: Principal;
  /** Approve at creation (admins' changes, except where the legacy service did not). */
  approveNow: boolean;
}

export interface HistoryRecord extends Required<Pick<HistoryEntry, "conceptId" | "action" | "field">> {
  id: number;
  oldValue: string | undefined;
  newValue: string | undefined;
}

/** Writes a history record in the caller's transaction (implemented by the history part). */
export interface HistoryRecorder {
  record(manager: EntityManager, entry: HistoryEntry): Promise<HistoryRecord>;
}

/**
 * What approving or rejecting a record of one `field` does, in the processing transaction.
 * Changes apply at once, so approve usually only confirms; reject reverts. A deferred
 * DELETE (by a non-admin) is carried out on approve. Each kb part registers the handlers
 * of the fields it owns.
 */
export interface HistoryActionHandler {
  field: string;
  approve(manager: EntityManager, record: HistoryRecord): Promise<void>;
  reject(manager: EntityManager, record: HistoryRecord): Promise<void>;
}
