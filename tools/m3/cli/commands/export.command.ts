import type { Command } from "commander";
import { exportBoxes } from "../../export/export-boxes.js";
import { EXPORT_FORMATS, type ExportFormat, IMAGE_MODES, type ImageMode } from "../../export/export-types.js";
import { cliSettings, domainTarget, printResult } from "../cli-settings.js";
import { progress } from "../progress.js";

const oneOf =
  <T extends string>(name: string, values: readonly T[]) =>
  (text: string): T => {
    if (!(values as readonly string[]).includes(text))
      throw new Error(`${name} must be one of ${values.join(", ")}`);
    return text as T;
  };

const positive = (text: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new Error("--concurrency must be a whole number from 1 to 64");
  return value;
};

interface ExportCommandOptions {
  out: string;
  concept?: string;
  descendants?: boolean;
  dive?: string;
  verified?: boolean;
  images?: ImageMode;
  concurrency: number;
  databaseUrl?: string;
  json?: boolean;
}

/** `m3 export coco|yolo|fathomnet`: boxes as ML training sets, with their images and categories. */
export function registerExport(program: Command): void {
  program
    .command("export")
    .description(
      "export bounding boxes as COCO, YOLO or FathomNet's upload CSV, with their images and the kb's categories",
    )
    .argument("<format>", `one of ${EXPORT_FORMATS.join(", ")}`, oneOf("format", EXPORT_FORMATS))
    .requiredOption("--out <dir>", "the folder to write (made when missing)")
    .option("--concept <name>", "only the boxes of this concept")
    .option("--descendants", "with --concept: its descendants' boxes too (from the kb)")
    .option("--dive <name>", "only the boxes of this dive (the registry's video sequence name)")
    .option("--verified", "only verified boxes (those with a verifier)")
    .option(
      "--images <mode>",
      "full: each image under images/; crops: each box's crop under crops/<concept>/; none: no images (default: full, none for fathomnet)",
      oneOf("--images", IMAGE_MODES),
    )
    .option("--concurrency <n>", "images fetched at once", positive, 8)
    .option(
      "--database-url <url>",
      "the annotation, kb and registry database (default: the settings of m3 start)",
    )
    .option("--json", "print the result as JSON")
    .action(async (format: ExportFormat, options: ExportCommandOptions) => {
      if (options.descendants && options.concept === undefined)
        throw new Error("--descendants needs --concept");
      const settings = cliSettings(options);
      const bar = options.json ? undefined : progress("boxes");
      const summary = await exportBoxes({
        format,
        out: options.out,
        concept: options.concept,
        descendants: options.descendants,
        dive: options.dive,
        verified: options.verified,
        images: options.images ?? (format === "fathomnet" ? "none" : "full"),
        concurrency: options.concurrency,
        annotationTarget: domainTarget(settings, "annotation"),
        kbTarget: domainTarget(settings, "kb"),
        registryTarget: domainTarget(settings, "registry"),
        onProgress: (done, total) => bar?.update(done, total),
      }).finally(() => bar?.stop());
      const skipped = summary.skipped.map(
        (box) => `  ${box.associationUuid}: ${box.reason}${box.url ? ` (${box.url})` : ""}`,
      );
      printResult(
        options.json === true,
        summary,
        [
          `${summary.boxes} boxes, ${summary.categories} categories and ${summary.imagesFetched} images written to ${summary.out} in ${summary.seconds.toFixed(1)} s`,
          ...(summary.skippedCount > 0 ? [`${summary.skippedCount} boxes left out:`, ...skipped] : []),
        ].join("\n"),
      );
    });
}
