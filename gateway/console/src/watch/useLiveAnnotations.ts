import { onBeforeUnmount, type Ref } from "vue";
import type { ApiError } from "../api/api-error";
import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import { newestReads } from "../composables/newest-reads";

type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

/** annosaurus's change notice, as `GET /anno/v1/events` sends it (docs/change-events.md). */
interface ChangeNotice {
  action: "CREATED" | "UPDATED" | "DELETED";
  dataType: string;
  uuid: string;
}

/** How often the video's annotations are read again while the event stream is down. */
const POLL_MILLIS = 5_000;

export interface LiveHandlers {
  /** An annotation created or changed (by anyone; the screen's own changes come back too). */
  seen(annotation: Annotation): void;
  /** An observation deleted. */
  gone(uuid: string): void;
  /** The shown observation having the association `uuid`, if any (a deleted association names none). */
  ownerOf(associationUuid: string): string | undefined;
  /** Every annotation of the video as it is now (polling); the screen replaces its own view. */
  all(annotations: readonly Annotation[]): void;
}

/**
 * Others' changes to the video's annotations as they happen: the annotation service's change
 * events (server-sent), each change read back through the REST API; while the stream is down,
 * the video's annotations read again every POLL_MILLIS.
 */
export function useLiveAnnotations(referenceUuid: Ref<string | undefined>, handlers: LiveHandlers) {
  const events = new EventSource(`${location.origin}/anno/v1/events`);
  let poller: ReturnType<typeof setInterval> | undefined;
  const read = newestReads();
  /** The observation as it is now, unless a later read of it has answered already. */
  async function readBack(uuid: string) {
    const annotation = await read(uuid, () => annotationOf(uuid));
    if (annotation) handlers.seen(annotation);
  }

  async function follow(notice: ChangeNotice) {
    try {
      if (notice.dataType === "OBSERVATION" && notice.action === "DELETED") handlers.gone(notice.uuid);
      else if (notice.dataType === "OBSERVATION") await readBack(notice.uuid);
      else if (notice.dataType === "ASSOCIATION" && notice.action !== "DELETED") {
        const association = await dataOf(
          anno.GET("/v1/associations/{uuid}", { params: { path: { uuid: notice.uuid } } }),
        );
        if (association.observation_uuid) await readBack(association.observation_uuid);
      } else if (notice.dataType === "ASSOCIATION") {
        const owner = handlers.ownerOf(notice.uuid);
        if (owner) await readBack(owner);
      }
    } catch (failure) {
      // Deleted again meanwhile: its own event follows.
      if ((failure as ApiError).status !== 404) throw failure;
    }
  }
  events.onmessage = (message) =>
    void follow(JSON.parse(message.data) as ChangeNotice).catch(() => undefined);
  events.onerror = () => {
    poller ??= setInterval(() => void poll(), POLL_MILLIS);
  };
  events.onopen = () => {
    clearInterval(poller);
    poller = undefined;
  };
  async function poll() {
    const uuid = referenceUuid.value;
    if (!uuid) return;
    const now = await dataOf(
      anno.GET("/v1/annotations/videoreference/{video_reference_uuid}", {
        params: { path: { video_reference_uuid: uuid } },
      }),
    ).catch(() => undefined);
    if (now) handlers.all(now);
  }
  onBeforeUnmount(() => {
    events.close();
    clearInterval(poller);
  });
}

const annotationOf = (uuid: string) =>
  dataOf(anno.GET("/v1/annotations/{observation_uuid}", { params: { path: { observation_uuid: uuid } } }));
