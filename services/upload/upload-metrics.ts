import { Counter } from "prom-client";
import { metricsRegistry } from "../kit/metrics/metrics-registry.js";

/** What became of an upload: stored, refused for the client's part, or failed in the store. */
export type UploadResult = "stored" | "rejected" | "failed";

const uploadedBytes = new Counter({
  name: "m3_upload_bytes_total",
  help: "Bytes of images stored by uploads.",
  registers: [metricsRegistry],
});
const uploads = new Counter<"result">({
  name: "m3_upload_images_total",
  help: "Image uploads by result: stored, rejected (empty, too large, cancelled) or failed (the store).",
  labelNames: ["result"],
  registers: [metricsRegistry],
});

// Every series from the start, so rates and increases see the first upload of each result.
for (const result of ["stored", "rejected", "failed"]) uploads.inc({ result }, 0);

export function recordUpload(result: UploadResult, bytes: number): void {
  uploads.inc({ result });
  if (result === "stored") uploadedBytes.inc(bytes);
}
