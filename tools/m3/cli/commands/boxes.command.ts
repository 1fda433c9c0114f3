import type { Command } from "commander";
import { openAnnotationStorage } from "../../../../services/annotation/annotation-domain.js";
import { BoxIndexRepository } from "../../../../services/annotation/boxes/repositories/box-index.repository.js";
import { BoxIndexService } from "../../../../services/annotation/boxes/services/box-index.service.js";
import { cliSettings, domainTarget, printResult } from "../cli-settings.js";

/** `m3 boxes reindex`: the box index's triggers made when missing, and its rows rebuilt. */
export function registerBoxes(program: Command): void {
  const boxes = program.command("boxes").description("the annotation box index (bounding boxes)");
  boxes
    .command("reindex")
    .description(
      "make the box index's triggers when missing and rebuild its rows from the `bounding box` associations; counts the values that are not boxes",
    )
    .option("--database-url <url>", "the annotation database (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { databaseUrl?: string; json?: boolean }) => {
      const storage = await openAnnotationStorage(domainTarget(cliSettings(options), "annotation"));
      try {
        const result = await new BoxIndexService(new BoxIndexRepository(storage)).reindex();
        const kept = result.kept ? "kept by its triggers" : "NOT kept: the database refused its triggers";
        printResult(
          options.json === true,
          result,
          `${result.indexed} boxes indexed, ${result.notBoxes} 'bounding box' values left out as not boxes; the index is ${kept}`,
        );
      } finally {
        await storage.close();
      }
    });
}
