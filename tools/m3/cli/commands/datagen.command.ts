import type { Command } from "commander";
import { DATAGEN_DEFAULTS, generateAnnotationData } from "../../datagen/datagen.js";
import { cliSettings, domainTarget, printResult } from "../cli-settings.js";
import { progress } from "../progress.js";

const positive = (name: string) => (text: string) => {
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};

/** `m3 datagen`: a realistic generated data set into empty annotation (and registry) tables. */
export function registerDatagen(program: Command): void {
  program
    .command("datagen")
    .description(
      "fill empty annotation and registry tables of a MySQL/MariaDB or PostgreSQL database with generated annotations",
    )
    .requiredOption("--annotations <n>", "how many annotations", positive("annotations"))
    .option(
      "--database-url <url>",
      "the annotation (and registry) database (default: the settings of m3 start)",
    )
    .option("--seed <n>", "random seed", positive("seed"), DATAGEN_DEFAULTS.seed)
    .option(
      "--annotations-per-video <n>",
      "annotations per video",
      positive("annotations-per-video"),
      DATAGEN_DEFAULTS.annotationsPerVideo,
    )
    .option(
      "--videos-per-dive <n>",
      "videos per dive",
      positive("videos-per-dive"),
      DATAGEN_DEFAULTS.videosPerDive,
    )
    .option("--json", "print the result as JSON")
    .action(
      async (options: {
        annotations: number;
        databaseUrl?: string;
        seed: number;
        annotationsPerVideo: number;
        videosPerDive: number;
        json?: boolean;
      }) => {
        const settings = cliSettings(options);
        const bar = options.json ? undefined : progress("annotations");
        const result = await generateAnnotationData({
          annotationTarget: domainTarget(settings, "annotation"),
          registryTarget: domainTarget(settings, "registry"),
          annotations: options.annotations,
          seed: options.seed,
          annotationsPerVideo: options.annotationsPerVideo,
          videosPerDive: options.videosPerDive,
          onProgress: (done, total) => bar?.update(done, total),
        });
        bar?.stop();
        printResult(
          options.json === true,
          result,
          `${result.totalRows} rows in ${result.seconds.toFixed(1)} s (${Math.round(result.rowsPerSecond)} rows/s)`,
        );
      },
    );
}
