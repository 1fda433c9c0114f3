import { type Ref, shallowRef, watch } from "vue";
import { dataOf, vam } from "../api/client";
import type { ReviewBox } from "./review-box";

/**
 * The URI of each video holding a box whose image has no URL (its crop is then cut from the
 * video's frame), asked of the registry once per video. A video that cannot be read stays
 * without a URI: its boxes show no crop.
 */
export function useVideoUris(boxes: Ref<ReviewBox[]>) {
  const uris = shallowRef(new Map<string, string>());
  const asked = new Set<string>();
  watch(
    boxes,
    async (shown) => {
      const wanted = [
        ...new Set(shown.flatMap((box) => (box.image_url ? [] : [box.video_reference_uuid ?? ""]))),
      ].filter((uuid) => uuid !== "" && !asked.has(uuid));
      if (wanted.length === 0) return;
      for (const uuid of wanted) asked.add(uuid);
      const found = await Promise.all(
        wanted.map((uuid) =>
          dataOf(
            vam.GET("/v1/media/videoreference/{video_reference_uuid}", {
              params: { path: { video_reference_uuid: uuid } },
            }),
          ).then(
            (media) => [uuid, media.uri ?? ""] as const,
            () => [uuid, ""] as const,
          ),
        ),
      );
      uris.value = new Map([...uris.value, ...found.filter(([, uri]) => uri !== "")]);
    },
    { immediate: true },
  );
  return uris;
}
