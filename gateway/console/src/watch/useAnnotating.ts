import { type ComputedRef, computed, ref, shallowRef } from "vue";
import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import { actionLine } from "../composables/action-line";
import {
  type Details,
  echoesPending,
  isAssociationUndo,
  isPending,
  momentIndices,
  PENDING_PREFIX,
  type Undo,
  undoLabel,
} from "./annotate-model";
import { withKnownAncillary } from "./association-model";
import { restoreAnnotation } from "./restore-annotation";
import { useAnnotationOverlay } from "./useAnnotationOverlay";
import { useAssociationEditing } from "./useAssociationEditing";
import { placed } from "./useWatchDive";
import type { WatchAnnotation } from "./watch-model";

type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

/** The video being annotated: its identity, its file's registry reference, start and annotations. */
export interface AnnotatedVideo {
  uuid: string;
  referenceUuid?: string;
  /** Every file of the video: an annotation on any of them is the video's. */
  referenceUuids: readonly string[];
  startMillis?: number;
  annotations: readonly WatchAnnotation[];
}

let pendingCount = 0;

/**
 * Creating, editing and deleting the annotations of the video shown, as the signed-in user:
 * each change shows at once (an overlay over the loaded annotations) and is reconciled with the
 * server's answer, or taken back with the error shown. The last action can be undone.
 */
export function useAnnotating(
  video: ComputedRef<AnnotatedVideo | undefined>,
  seconds: () => number,
  username: () => string,
) {
  const { annotations, change, forget } = useAnnotationOverlay(video);
  const selected = ref<string>();
  const lastUndo = shallowRef<Undo>();
  const error = ref<string>();
  const busy = ref(0);
  const current = computed(() => annotations.value.find((one) => one.uuid === selected.value));
  /** Observations deleted, here or as a change event said: never shown again (a restore makes a new one). */
  const deleted = new Set<string>();
  /** The screen's changes, each sent once those before it are answered. */
  const inTurn = actionLine();

  async function attempt<T>(run: () => Promise<T>, undoChange: () => void): Promise<T | undefined> {
    busy.value++;
    error.value = undefined;
    try {
      return await run();
    } catch (failure) {
      undoChange();
      error.value = (failure as Error).message;
      return undefined;
    } finally {
      busy.value--;
    }
  }

  /** An observation of `concept` at `at` seconds (the frame shown, unless told). */
  async function create(concept: string, at = seconds(), remember = true): Promise<string | undefined> {
    const target = video.value;
    if (!target?.referenceUuid || concept.trim() === "") return undefined;
    const pending = `${PENDING_PREFIX}${++pendingCount}`;
    const shown: WatchAnnotation = {
      uuid: pending,
      concept,
      observer: username(),
      seconds: at,
      boxes: [],
      associations: [],
    };
    change(target.uuid, pending, shown);
    selected.value = pending;
    const created = await attempt(
      () =>
        dataOf(
          anno.POST("/v1/annotations", {
            body: {
              video_reference_uuid: target.referenceUuid,
              concept,
              ...momentIndices(at, target.startMillis),
            },
          }),
        ),
      () => forget(target.uuid, pending),
    );
    if (!created?.observation_uuid) return undefined;
    const uuid = created.observation_uuid;
    forget(target.uuid, pending);
    change(target.uuid, uuid, placed(created, target.startMillis));
    if (selected.value === pending) selected.value = uuid;
    if (remember) lastUndo.value = { kind: "delete created", uuid, concept };
    return uuid;
  }

  /** The selected annotation's concept changed to `concept`. */
  async function rename(concept: string): Promise<void> {
    const target = video.value;
    const before = current.value;
    if (!target || !before || isPending(before.uuid) || concept === before.concept) return;
    await setFields(target.uuid, before, { concept });
    if (!error.value)
      lastUndo.value = { kind: "restore concept", uuid: before.uuid, concept, was: before.concept };
  }

  /** The selected annotation's activity, group and duration changed. */
  async function detail(details: Details): Promise<void> {
    const target = video.value;
    const before = current.value;
    if (!target || !before || isPending(before.uuid)) return;
    await setFields(target.uuid, before, details);
    const { activity, group, durationMillis } = before;
    if (!error.value)
      lastUndo.value = {
        kind: "restore details",
        uuid: before.uuid,
        concept: before.concept,
        // An empty text clears a field that had none; a duration that had none stays (the service keeps it).
        was: { activity: activity ?? "", group: group ?? "", durationMillis },
      };
  }

  async function setFields(
    videoUuid: string,
    before: WatchAnnotation,
    fields: Details & { concept?: string },
  ): Promise<void> {
    change(videoUuid, before.uuid, { ...before, ...fields });
    const { concept, activity, group, durationMillis } = fields;
    await attempt(
      () =>
        dataOf(
          anno.PUT("/v1/annotations/{observation_uuid}", {
            params: { path: { observation_uuid: before.uuid } },
            body: { concept, activity, group, duration_millis: durationMillis },
          }),
        ),
      () => change(videoUuid, before.uuid, before),
    );
  }

  /** The selected annotation deleted. */
  async function remove(): Promise<void> {
    const target = video.value;
    const before = current.value;
    if (!target?.referenceUuid || !before || isPending(before.uuid)) return;
    change(target.uuid, before.uuid, null);
    deleted.add(before.uuid);
    selected.value = undefined;
    await attempt(
      () => anno.DELETE("/v1/observations/{uuid}", { params: { path: { uuid: before.uuid } } }),
      () => {
        deleted.delete(before.uuid);
        change(target.uuid, before.uuid, before);
      },
    );
    if (!error.value)
      lastUndo.value = {
        kind: "create deleted",
        annotation: before,
        videoReferenceUuid: target.referenceUuid,
      };
  }

  /** A deleted annotation made again whole (`restoreAnnotation`), selected once back. */
  async function restore(annotation: WatchAnnotation, videoReferenceUuid: string): Promise<void> {
    const target = video.value;
    if (!target) return;
    const pending = `${PENDING_PREFIX}${++pendingCount}`;
    change(target.uuid, pending, { ...annotation, uuid: pending });
    selected.value = pending;
    const known = new Set(annotations.value.map((one) => one.uuid));
    const restored = await attempt(
      () => restoreAnnotation(annotation, videoReferenceUuid, known),
      () => forget(target.uuid, pending),
    );
    if (!restored) return;
    forget(target.uuid, pending);
    for (const one of restored.written) seen(one);
    if (selected.value === pending) selected.value = restored.back?.observation_uuid;
  }

  const associations = useAssociationEditing({
    current,
    revise(uuid, revised) {
      const target = video.value;
      const now = annotations.value.find((one) => one.uuid === uuid);
      if (target && now) change(target.uuid, uuid, revised(now));
    },
    attempt,
    refuse: (message) => (error.value = message),
    remember: (undo) => (lastUndo.value = undo),
  });

  /** The last action taken back (Ctrl/Cmd+Z); an undo is not itself undone. */
  async function undo(): Promise<void> {
    const last = lastUndo.value;
    const target = video.value;
    if (!last || !target) return;
    lastUndo.value = undefined;
    if (last.kind === "delete created") {
      selected.value = last.uuid;
      await remove();
      lastUndo.value = undefined;
    } else if (last.kind === "create deleted") {
      await restore(last.annotation, last.videoReferenceUuid);
    } else if (isAssociationUndo(last)) {
      const now = annotations.value.find((one) => one.uuid === last.uuid);
      if (now) await associations.undo(last, now);
    } else {
      const now = annotations.value.find((one) => one.uuid === last.uuid);
      if (now)
        await setFields(target.uuid, now, last.kind === "restore concept" ? { concept: last.was } : last.was);
    }
  }

  /** An annotation as the server has it now (someone's change seen live): shown if it is this video's. */
  function seen(annotation: Annotation) {
    const target = video.value;
    if (!target?.referenceUuids.includes(annotation.video_reference_uuid ?? "")) return;
    const uuid = annotation.observation_uuid ?? "";
    // A change read back before its observation was deleted, and arriving after: stays deleted.
    if (deleted.has(uuid)) return;
    const before = annotations.value.find((one) => one.uuid === uuid);
    const now = placed(annotation, target.startMillis);
    if (!before && echoesPending(annotations.value, now)) return;
    change(target.uuid, uuid, withKnownAncillary(now, before));
  }
  /** An observation deleted elsewhere (its change event): gone from the screen for good. */
  function gone(uuid: string) {
    deleted.add(uuid);
    hide(uuid);
  }
  /** An observation off the screen if it was on it. */
  function hide(uuid: string) {
    const target = video.value;
    if (target && annotations.value.some((one) => one.uuid === uuid)) change(target.uuid, uuid, null);
    if (selected.value === uuid) selected.value = undefined;
  }

  /**
   * Every annotation of the video's file as the server has it now (polled): each shown as it is,
   * and, when the video has that one file, those missing from it gone (a pending one excepted).
   */
  function all(now: readonly Annotation[]) {
    for (const annotation of now) seen(annotation);
    const target = video.value;
    if (target?.referenceUuids.length !== 1) return;
    const kept = new Set(now.map((annotation) => annotation.observation_uuid));
    for (const shown of annotations.value)
      if (!isPending(shown.uuid) && !kept.has(shown.uuid)) hide(shown.uuid);
  }

  const createInTurn = inTurn(create);
  return {
    annotations,
    seen,
    gone,
    all,
    // A stored observation only: an annotation being brought back shows its old associations
    // under a pending uuid, which the service does not know.
    ownerOf: (association: string) =>
      annotations.value.find(
        (one) => !isPending(one.uuid) && one.associations?.some(({ uuid }) => uuid === association),
      )?.uuid,
    selected,
    current,
    error,
    busy: computed(() => busy.value > 0),
    undoLabel: computed(() => undoLabel(lastUndo.value)),
    /** An observation of `concept` at the frame shown when it was asked for (`create`). */
    create: (concept: string, at = seconds()) => createInTurn(concept, at),
    rename: inTurn(rename),
    associations: {
      ...associations,
      add: inTurn(associations.add),
      edit: inTurn(associations.edit),
      remove: inTurn(associations.remove),
    },
    detail: inTurn(detail),
    remove: inTurn(remove),
    undo: inTurn(undo),
    select: (uuid: string | undefined) => (selected.value = uuid),
  };
}
