import { ref, shallowRef } from "vue";
import type { AnnotationSchemas } from "../api/client";
import { anno, dataOf } from "../api/client";
import type { ReviewBox as Box } from "./review-box";
import { boxQueryOf, isNarrowed, type ReviewFilters } from "./review-filters";

type Action = AnnotationSchemas["m3.annotation.v1.BoxReviewAction"];
export type ActionKind = "relabel" | "verify" | "delete";

const PAST: Record<ActionKind | "undo", string> = {
  relabel: "Relabelled",
  verify: "Verified",
  delete: "Deleted",
  undo: "Undid",
};

/**
 * The boxes of the review grid for its filters, and the bulk actions on them: each one request
 * (`POST /anno/v1/boxes/relabel|verify|delete`), the last one undoable, the boxes read again
 * after each. A refused action changes nothing; its error is kept to show.
 */
export function useReviewBoxes() {
  const boxes = shallowRef<Box[]>([]);
  const loading = ref(false);
  const error = ref<string>();
  /** What the last action did, for a person to read (a new object each time, repeated or not). */
  const done = shallowRef({ text: "" });
  const lastAction = shallowRef<Action>();
  let filters: ReviewFilters | undefined;
  let generation = 0;

  async function load(wanted: ReviewFilters): Promise<void> {
    filters = wanted;
    const mine = ++generation;
    if (!isNarrowed(wanted)) {
      boxes.value = [];
      return;
    }
    loading.value = true;
    try {
      const found = await dataOf(anno.GET("/v1/boxes", { params: { query: boxQueryOf(wanted) } }));
      if (mine === generation) boxes.value = found;
    } catch (failure) {
      if (mine === generation) error.value = (failure as Error).message;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  async function run(kind: ActionKind | "undo", request: () => Promise<Action>): Promise<boolean> {
    error.value = undefined;
    try {
      const action = await request();
      lastAction.value = kind === "undo" ? undefined : action;
      const count = action.association_uuids.length;
      done.value = { text: `${PAST[kind]} ${count} ${count === 1 ? "box" : "boxes"}.` };
    } catch (failure) {
      error.value = (failure as Error).message;
      return false;
    }
    if (filters) await load(filters);
    return true;
  }

  const act = (kind: ActionKind, associationUuids: string[], concept?: string) =>
    run(kind, () => {
      const body = { association_uuids: associationUuids };
      if (kind === "relabel")
        return dataOf(anno.POST("/v1/boxes/relabel", { body: { ...body, concept: concept ?? "" } }));
      if (kind === "verify") return dataOf(anno.POST("/v1/boxes/verify", { body }));
      return dataOf(anno.POST("/v1/boxes/delete", { body }));
    });

  async function undo(): Promise<boolean> {
    const action = lastAction.value;
    if (!action) return false;
    return run("undo", () =>
      dataOf(anno.POST("/v1/boxes/actions/{uuid}/undo", { params: { path: { uuid: action.uuid } } })),
    );
  }

  return { boxes, loading, error, done, lastAction, load, act, undo };
}
