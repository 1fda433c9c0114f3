import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { join, parse, resolve } from "node:path";
import type { BoxWriter, Category, ExportedBox } from "./export-types.js";

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const fixed = (value: number) => clamp(value).toFixed(6);

/**
 * YOLO (Ultralytics) detection layout: images/<name>, labels/<name>.txt with one line per box,
 * `class cx cy w h` normalised to the image's size (the box clipped to the image first),
 * classes.txt (one name a line, the class its line number from 0) and data.yaml.
 */
export class YoloWriter implements BoxWriter {
  private readonly labels: string;

  constructor(private readonly folder: string) {
    this.labels = join(folder, "labels");
  }

  async write(boxes: readonly ExportedBox[]): Promise<void> {
    await mkdir(this.labels, { recursive: true });
    const lines = new Map<string, string[]>();
    for (const { box, image, categoryId } of boxes) {
      const left = Math.max(0, box.x);
      const top = Math.max(0, box.y);
      const right = Math.min(image.width, box.x + box.width);
      const bottom = Math.min(image.height, box.y + box.height);
      if (right <= left || bottom <= top) continue;
      const line = [
        categoryId - 1,
        fixed((left + right) / 2 / image.width),
        fixed((top + bottom) / 2 / image.height),
        fixed((right - left) / image.width),
        fixed((bottom - top) / image.height),
      ].join(" ");
      const file = `${parse(image.fileName).name}.txt`;
      lines.set(file, [...(lines.get(file) ?? []), line]);
    }
    for (const [file, text] of lines) await appendFile(join(this.labels, file), `${text.join("\n")}\n`);
  }

  async finish(categories: readonly Category[]): Promise<void> {
    await mkdir(this.labels, { recursive: true });
    const names = categories.map((category) => category.name);
    await writeFile(join(this.folder, "classes.txt"), names.map((name) => `${name}\n`).join(""));
    const yaml = [
      `path: ${JSON.stringify(resolve(this.folder))}`,
      "train: images",
      "val: images",
      `nc: ${names.length}`,
      `names: [${names.map((name) => JSON.stringify(name)).join(", ")}]`,
    ];
    await writeFile(join(this.folder, "data.yaml"), `${yaml.join("\n")}\n`);
  }
}
