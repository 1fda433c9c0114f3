import { join } from "node:path";
import type { BoxWriter, ExportedBox } from "./export-types.js";
import { TextSink } from "./text-sink.js";

export const FATHOMNET_FILE = "fathomnet.csv";

/** The columns of FathomNet's upload CSV, as MBARI's vars_generate_fathomnet_csv.py prints them. */
export const FATHOMNET_COLUMNS = [
  "concept",
  "url",
  "x",
  "y",
  "width",
  "height",
  "timestamp",
  "userdefinedkey",
  "depth",
  "pressure",
  "latitude",
  "longitude",
  "observer",
  "oxygen_ml_l",
  "salinity",
  "temperature",
] as const;

/** A CSV cell: empty for none; quoted (RFC 4180) when it holds a comma, a quote or a line break. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * FathomNet's upload CSV: a row per box with its concept, its image's URL, the box in pixels,
 * the moment's recorded time, the association's UUID as the user-defined key, the moment's
 * ancillary data and the observer. Categories are FathomNet's to map: nothing is written for them.
 */
export class FathomNetWriter implements BoxWriter {
  private readonly sink: TextSink;
  private started = false;

  constructor(folder: string) {
    this.sink = new TextSink(join(folder, FATHOMNET_FILE));
  }

  async write(boxes: readonly ExportedBox[]): Promise<void> {
    if (!this.started) {
      await this.sink.write(`${FATHOMNET_COLUMNS.join(",")}\n`);
      this.started = true;
    }
    const rows = boxes.map(({ box, image, context }) =>
      [
        box.concept,
        image.url,
        box.x,
        box.y,
        box.width,
        box.height,
        box.recordedTimestamp?.toString(),
        box.associationUuid,
        context?.depthMeters,
        context?.pressureDbar,
        context?.latitude,
        context?.longitude,
        context?.observer,
        context?.oxygenMlL,
        context?.salinity,
        context?.temperatureCelsius,
      ]
        .map(cell)
        .join(","),
    );
    if (rows.length > 0) await this.sink.write(`${rows.join("\n")}\n`);
  }

  async finish(): Promise<void> {
    if (!this.started) await this.sink.write(`${FATHOMNET_COLUMNS.join(",")}\n`);
    await this.sink.close();
  }
}
