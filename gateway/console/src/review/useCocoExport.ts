import { ref, shallowRef } from "vue";
import { ApiError } from "../api/api-error";
import { dataOf, kb } from "../api/client";
import { cocoOf, conceptsOf } from "./coco-model";
import type { ReviewBox as Box } from "./review-box";

/** The kb parent of each concept (none for the root, or a name the kb does not know). */
async function parentsOf(concepts: readonly string[]): Promise<Map<string, string | undefined>> {
  const parents = await Promise.all(
    concepts.map(async (name) => {
      try {
        const parent = await dataOf(kb.GET("/v1/concept/parent/{name}", { params: { path: { name } } }));
        return [name, parent.name] as const;
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) return [name, undefined] as const;
        throw failure;
      }
    }),
  );
  return new Map(parents);
}

/** Hands `text` to the browser as a download named `fileName`. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** COCO of the boxes shown, built in the browser (categories from the kb) and downloaded. */
export function useCocoExport() {
  const exporting = ref(false);
  const error = ref<string>();
  /** What the last export wrote (a new object each time, repeated or not). */
  const report = shallowRef({ text: "" });

  async function exportCoco(boxes: readonly Box[]): Promise<void> {
    exporting.value = true;
    error.value = undefined;
    try {
      const coco = cocoOf(boxes, await parentsOf(conceptsOf(boxes)));
      download(`${JSON.stringify(coco)}\n`, "m3-boxes.coco.json");
      const leftOut = boxes.length - coco.annotations.length;
      report.value = {
        text: `Exported ${coco.annotations.length} boxes on ${coco.images.length} ${coco.images.length === 1 ? "image" : "images"}${
          leftOut > 0 ? `; ${leftOut} left out, their image having no URL or size` : ""
        }.`,
      };
    } catch (failure) {
      error.value = (failure as Error).message;
    } finally {
      exporting.value = false;
    }
  }

  return { exporting, error, report, exportCoco };
}
