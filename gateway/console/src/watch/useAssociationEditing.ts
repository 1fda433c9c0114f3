import type { ComputedRef } from "vue";
import { anno, dataOf } from "../api/client";
import { type AssociationUndo, isPending } from "./annotate-model";
import {
  type Link,
  linkProblem,
  type StoredAssociation,
  storedLink,
  TEXT_MIME_TYPE,
} from "./association-model";
import { storedAssociation } from "./useWatchDive";
import type { WatchAnnotation } from "./watch-model";

/** What the association editing needs of the screen's annotating (useAnnotating). */
export interface AnnotatingScreen {
  /** The selected annotation, which the editor changes. */
  current: ComputedRef<WatchAnnotation | undefined>;
  /** The annotation shown as `revised` makes it from how it is shown now. */
  revise(uuid: string, revised: (now: WatchAnnotation) => WatchAnnotation): void;
  /** Runs one request: its failure shown, and `undoChange` run then. */
  attempt<T>(run: () => Promise<T>, undoChange: () => void): Promise<T | undefined>;
  /** Shows why nothing was sent. */
  refuse(message: string): void;
  /** What undoes the last action. */
  remember(undo: AssociationUndo): void;
}

const withAssociations = (now: WatchAnnotation, associations: StoredAssociation[]): WatchAnnotation => ({
  ...now,
  associations,
});

/**
 * Adding, changing and deleting an annotation's associations (not its boxes, which the box
 * editor stores), each in one request to `/anno/v1/associations`; a change or deletion shows at
 * once and is taken back when refused. Each returns what undoes it, or undefined when it failed.
 */
export function useAssociationEditing(screen: AnnotatingScreen) {
  const problemOf = (link: Link) => {
    const problem = linkProblem(link);
    if (problem) screen.refuse(problem);
    return problem;
  };

  async function create(
    annotation: WatchAnnotation,
    link: Link,
    mimeType = TEXT_MIME_TYPE,
  ): Promise<StoredAssociation | undefined> {
    const { linkName, toConcept, linkValue } = storedLink(link);
    const created = await screen.attempt(
      () =>
        dataOf(
          anno.POST("/v1/associations", {
            body: {
              observation_uuid: annotation.uuid,
              link_name: linkName,
              to_concept: toConcept,
              link_value: linkValue,
              mime_type: mimeType,
            },
          }),
        ),
      () => undefined,
    );
    if (!created?.uuid) return undefined;
    const association = storedAssociation(created);
    screen.revise(annotation.uuid, (now) =>
      withAssociations(now, [
        ...(now.associations ?? []).filter((one) => one.uuid !== association.uuid),
        association,
      ]),
    );
    return association;
  }

  /** A new association of `link` on the annotation. */
  async function add(annotation: WatchAnnotation, link: Link): Promise<AssociationUndo | undefined> {
    if (problemOf(link)) return undefined;
    const association = await create(annotation, link);
    return association && { kind: "remove added association", ...owner(annotation), association };
  }

  /** An association's to-concept and value (and name) changed to `link`'s. */
  async function edit(
    annotation: WatchAnnotation,
    association: StoredAssociation,
    link: Link,
  ): Promise<AssociationUndo | undefined> {
    if (problemOf(link)) return undefined;
    const next = { ...association, ...storedLink(link) };
    const replaced = (now: WatchAnnotation, by: StoredAssociation) =>
      withAssociations(
        now,
        (now.associations ?? []).map((one) => (one.uuid === association.uuid ? by : one)),
      );
    screen.revise(annotation.uuid, (now) => replaced(now, next));
    const answer = await screen.attempt(
      () =>
        dataOf(
          anno.PUT("/v1/associations/{uuid}", {
            params: { path: { uuid: association.uuid } },
            body: { link_name: next.linkName, to_concept: next.toConcept, link_value: next.linkValue },
          }),
        ),
      () => screen.revise(annotation.uuid, (now) => replaced(now, association)),
    );
    return (
      answer && { kind: "restore association", ...owner(annotation), association: next, was: association }
    );
  }

  /** An association deleted. */
  async function remove(
    annotation: WatchAnnotation,
    association: StoredAssociation,
  ): Promise<AssociationUndo | undefined> {
    const before = annotation.associations ?? [];
    screen.revise(annotation.uuid, (now) =>
      withAssociations(
        now,
        (now.associations ?? []).filter((one) => one.uuid !== association.uuid),
      ),
    );
    const answer = await screen.attempt(
      async () => {
        await anno.DELETE("/v1/associations/{uuid}", { params: { path: { uuid: association.uuid } } });
        return true;
      },
      () => screen.revise(annotation.uuid, (now) => withAssociations(now, before)),
    );
    return answer ? { kind: "add deleted association", ...owner(annotation), association } : undefined;
  }

  /** Runs a change on the selected annotation (none while it waits for its UUID) and remembers its undo. */
  async function onSelected(run: (at: WatchAnnotation) => Promise<AssociationUndo | undefined>) {
    const at = screen.current.value;
    if (!at || isPending(at.uuid)) return;
    const undone = await run(at);
    if (undone) screen.remember(undone);
  }

  /** The change `undo` names taken back, on the annotation as shown now. */
  async function undo(undo: AssociationUndo, annotation: WatchAnnotation): Promise<void> {
    if (undo.kind === "remove added association") await remove(annotation, undo.association);
    else if (undo.kind === "restore association") await edit(annotation, undo.association, undo.was);
    else await create(annotation, undo.association, undo.association.mimeType);
  }

  return {
    /** On the selected annotation: a new association of `link`. */
    add: (link: Link) => onSelected((at) => add(at, link)),
    /** On the selected annotation: `association` changed to `link`. */
    edit: (association: StoredAssociation, link: Link) => onSelected((at) => edit(at, association, link)),
    /** On the selected annotation: `association` deleted. */
    remove: (association: StoredAssociation) => onSelected((at) => remove(at, association)),
    undo,
  };
}

const owner = (annotation: WatchAnnotation) => ({ uuid: annotation.uuid, concept: annotation.concept });
