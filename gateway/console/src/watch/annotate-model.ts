/**
 * The rules of annotating on the Watch screen, free of Vue and the DOM: how the concepts found
 * for typed text are ranked, where a new annotation is placed, how the screen's own changes lie
 * over the annotations it loaded, and what undoes the last action.
 */
import { type Link, linkText, type StoredAssociation } from "./association-model.js";
import type { WatchAnnotation } from "./watch-model.js";

/** What the overlay needs of an annotation (the screen's is a WatchAnnotation). */
export interface Placed {
  uuid: string;
  concept: string;
  seconds: number;
}

/** A concept of the kb with its other names (synonyms and common names). */
export interface NamedConcept {
  name: string;
  alternates: readonly string[];
}

/** How well a name answers the typed text: lower is better; undefined when it does not contain it. */
function matchRank(name: string, typed: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower === typed) return 0;
  if (lower.startsWith(typed)) return 1;
  if (lower.split(/[\s\-_/(]+/).some((word) => word.startsWith(typed))) return 2;
  if (lower.includes(typed)) return 3;
  return undefined;
}

/**
 * The concepts in the order a person typing `typed` most likely means them: a concept named
 * exactly so first, then those with a name starting with it, then a word of a name starting
 * with it, then any name containing it; a primary name before an alternate one at the same rank,
 * then shorter names, then alphabetical. Concepts none of whose names contain the text are left out.
 */
export function rankConcepts(typed: string, concepts: readonly NamedConcept[]): NamedConcept[] {
  const wanted = typed.trim().toLowerCase();
  if (wanted === "") return [];
  const scored: { concept: NamedConcept; score: number; length: number }[] = [];
  for (const concept of concepts) {
    let best: { score: number; length: number } | undefined;
    const names = [concept.name, ...concept.alternates];
    names.forEach((name, index) => {
      const rank = matchRank(name, wanted);
      if (rank === undefined) return;
      // A primary name scores a half step ahead of an alternate of the same rank.
      const score = rank * 2 + (index === 0 ? 0 : 1);
      if (!best || score < best.score) best = { score, length: name.length };
    });
    if (best) scored.push({ concept, ...best });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.length - b.length || a.concept.name.localeCompare(b.concept.name))
    .map((one) => one.concept);
}

/** The indices of a new annotation at `seconds` into a video that started at `startMillis`. */
export function momentIndices(seconds: number, startMillis: number | undefined) {
  const elapsedMillis = Math.max(0, Math.round(seconds * 1000));
  return {
    elapsed_time_millis: elapsedMillis,
    recorded_timestamp:
      startMillis === undefined ? undefined : new Date(startMillis + elapsedMillis).toISOString(),
  };
}

/**
 * The screen's own changes over the annotations it loaded, by observation UUID: an annotation
 * (created or edited here, or by someone else seen live) or null (deleted).
 */
export type Overlay<A extends Placed = Placed> = ReadonlyMap<string, A | null>;

/** The loaded annotations with the overlay's changes, in time order. */
export function withOverlay<A extends Placed>(base: readonly A[], overlay: Overlay<A>): A[] {
  if (overlay.size === 0) return [...base];
  const shown = base.filter((annotation) => !overlay.has(annotation.uuid));
  for (const annotation of overlay.values()) if (annotation) shown.push(annotation);
  return shown.sort((a, b) => a.seconds - b.seconds || a.concept.localeCompare(b.concept));
}

/** The overlay with one more change. */
export function changed<A extends Placed>(
  overlay: Overlay<A>,
  uuid: string,
  annotation: A | null,
): Overlay<A> {
  const next = new Map(overlay);
  next.set(uuid, annotation);
  return next;
}

/** A temporary UUID for an annotation shown before the server answered with its own. */
export const PENDING_PREFIX = "pending-";
export const isPending = (uuid: string) => uuid.startsWith(PENDING_PREFIX);

/**
 * Whether `arrived`, read back from a change event, is one the screen is still creating (the event
 * can come before the create's answer): a pending annotation of the same concept and observer at
 * the same moment, to the millisecond. The create's answer shows it; shown now, it would be twice.
 */
export function echoesPending(shown: readonly WatchAnnotation[], arrived: WatchAnnotation): boolean {
  return shown.some(
    (one) =>
      isPending(one.uuid) &&
      one.concept === arrived.concept &&
      one.observer === arrived.observer &&
      Math.abs(one.seconds - arrived.seconds) < 0.001,
  );
}

/**
 * Whether a user of `role` may change an annotation observed by `observer`, as the annotation
 * service decides (docs/annotation-history.md): Maint and Admin anyone's, an Annotator their own.
 */
export function mayChange(user: { username: string; role: string } | undefined, observer: string): boolean {
  const role = user?.role.toLowerCase() ?? "";
  if (role === "admin" || role === "maint") return true;
  return role === "annotator" && user?.username === observer;
}

/** An annotation's details besides its concept, as the screen edits them. */
export interface Details {
  activity?: string;
  group?: string;
  durationMillis?: number;
}

/** What undoes the last action. */
export type Undo =
  | { kind: "delete created"; uuid: string; concept: string }
  | { kind: "create deleted"; annotation: WatchAnnotation; videoReferenceUuid: string }
  | { kind: "restore concept"; uuid: string; concept: string; was: string }
  | { kind: "restore details"; uuid: string; concept: string; was: Details }
  | AssociationUndo;

/** What undoes an association's change, on the annotation (observation) `uuid` of `concept`. */
export type AssociationUndo =
  | { kind: "remove added association"; uuid: string; concept: string; association: StoredAssociation }
  | { kind: "restore association"; uuid: string; concept: string; association: StoredAssociation; was: Link }
  | { kind: "add deleted association"; uuid: string; concept: string; association: StoredAssociation };

const ASSOCIATION_UNDOS: ReadonlySet<Undo["kind"]> = new Set([
  "remove added association",
  "restore association",
  "add deleted association",
]);
export const isAssociationUndo = (undo: Undo): undo is AssociationUndo => ASSOCIATION_UNDOS.has(undo.kind);

/** Says what Ctrl+Z would do, for the screen's undo button. */
export function undoLabel(undo: Undo | undefined): string | undefined {
  if (!undo) return undefined;
  if (undo.kind === "delete created") return `Undo: remove the new ${undo.concept}`;
  if (undo.kind === "create deleted") return `Undo: bring back ${undo.annotation.concept}`;
  if (undo.kind === "restore details")
    return `Undo: the activity, group and duration of ${undo.concept} back`;
  if (undo.kind === "remove added association")
    return `Undo: remove ${undo.association.linkName} from ${undo.concept}`;
  if (undo.kind === "restore association")
    return `Undo: ${undo.association.linkName} of ${undo.concept} back to ${linkText(undo.was)}`;
  if (undo.kind === "add deleted association")
    return `Undo: bring back ${undo.association.linkName} of ${undo.concept}`;
  return `Undo: ${undo.concept} back to ${undo.was}`;
}
