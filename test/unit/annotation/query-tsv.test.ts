import test from "ava";
import {
  instantText,
  javaDouble,
  javaDoubleOfText,
} from "../../../services/annotation/query/services/java-text.js";
import {
  DOWNLOAD_STYLE,
  encodeTsv,
  RUN_STYLE,
  type TsvStyle,
} from "../../../services/annotation/query/services/tsv.encoder.js";
import { findViewColumn, type ViewColumn } from "../../../services/annotation/query/view/annotations-view.js";
import { cellBatchesOf } from "../../support/text-protocol-rows.js";

const columns = [
  "observation_uuid",
  "concept",
  "depth_meters",
  "image_height",
  "index_recorded_timestamp",
].map((name) => findViewColumn(name) as ViewColumn);

/** The rows as value arrays in the columns' order, in batches of two (as the repository streams them). */
async function* rowsOf(
  rows: Record<string, unknown>[],
  of: readonly ViewColumn[] = columns,
): AsyncGenerator<unknown[][]> {
  for (let start = 0; start < rows.length; start += 2) {
    yield rows.slice(start, start + 2).map((row) => of.map((column) => row[column.name]));
  }
}

async function tsv(rows: Record<string, unknown>[], style: TsvStyle, of = columns): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of encodeTsv(of, rowsOf(rows, of), style)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const row = {
  observation_uuid: "0190a1b2-0000-7000-8000-000000000001",
  concept: "Aurelia",
  depth_meters: 25,
  image_height: null,
  index_recorded_timestamp: "2024-01-02 03:04:05.120000",
};

test("run prints a header, Java-style values and nulls as null", async (t) => {
  t.is(
    await tsv([row], RUN_STYLE),
    "observation_uuid\tconcept\tdepth_meters\timage_height\tindex_recorded_timestamp\n" +
      "0190a1b2-0000-7000-8000-000000000001\tAurelia\t25.0\tnull\t2024-01-02T03:04:05.120Z\n",
  );
});

test("download prints nulls as empty values", async (t) => {
  const text = await tsv([row], DOWNLOAD_STYLE);
  t.is(
    text.split("\n")[1],
    "0190a1b2-0000-7000-8000-000000000001\tAurelia\t25.0\t\t2024-01-02T03:04:05.120Z",
  );
});

test("without rows, run prints a lone newline and download the header", async (t) => {
  t.is(await tsv([], RUN_STYLE), "\n");
  t.is(
    await tsv([], DOWNLOAD_STYLE),
    "observation_uuid\tconcept\tdepth_meters\timage_height\tindex_recorded_timestamp\n",
  );
});

test("large results come out in several chunks that join to every line", async (t) => {
  const concept = findViewColumn("concept") as ViewColumn;
  const many = Array.from({ length: 20_000 }, (_, index) => ({ concept: `c${index}` }));
  const chunks: Buffer[] = [];
  for await (const chunk of encodeTsv([concept], rowsOf(many, [concept]), RUN_STYLE)) chunks.push(chunk);
  t.true(chunks.length > 1);
  const lines = Buffer.concat(chunks).toString("utf8").split("\n");
  t.is(lines.length, 20_002);
  t.is(lines[20_000], "c19999");
});

test("repeated and changing values on consecutive rows each print their own text", async (t) => {
  const depth = findViewColumn("depth_meters") as ViewColumn;
  const values = [25, 25, 26.5, null, 26.5, 0.0001, 25];
  const text = await tsv(
    values.map((depth_meters) => ({ depth_meters })),
    RUN_STYLE,
    [depth],
  );
  t.deepEqual(text.split("\n").slice(1, -1), ["25.0", "25.0", "26.5", "null", "26.5", "1.0E-4", "25.0"]);
});

test("doubles print as Java's Double.toString does", (t) => {
  t.is(javaDouble(25), "25.0");
  t.is(javaDouble(25.345), "25.345");
  t.is(javaDouble(0.0001), "1.0E-4");
  t.is(javaDouble(12_345_678.5), "1.23456785E7");
  t.is(javaDouble(1e7), "1.0E7");
  t.is(javaDouble(-0.001), "-0.001");
  t.is(javaDouble(0), "0.0");
});

test("doubles the database printed as text print as Java's Double.toString does", (t) => {
  // MySQL's text (shortest digits, plain notation): plain in Java's range, else as javaDouble.
  const expected: Array<[text: string, java: string]> = [
    ["25", "25.0"],
    ["25.345", "25.345"],
    ["-1234.5678", "-1234.5678"],
    ["0.001", "0.001"],
    ["0.00099", "9.9E-4"],
    ["0.00001", "1.0E-5"],
    ["9999999.999", "9999999.999"],
    ["10000000", "1.0E7"],
    ["12345678.5", "1.23456785E7"],
    ["1.7976931348623157e308", "1.7976931348623157E308"],
    ["0", "0.0"],
    ["-0", "-0.0"],
    ["0.30000000000000004", "0.30000000000000004"],
  ];
  for (const [text, java] of expected) t.is(javaDoubleOfText(text), java, text);
});

test("database timestamps print as Java's Instant does", (t) => {
  t.is(instantText("2024-01-02 03:04:05.000000"), "2024-01-02T03:04:05Z");
  t.is(instantText("2024-01-02 03:04:05.123000"), "2024-01-02T03:04:05.123Z");
  t.is(instantText("2024-01-02 03:04:05.123456"), "2024-01-02T03:04:05.123456Z");
  t.is(instantText("2024-01-02 03:04:05"), "2024-01-02T03:04:05Z");
});

/** Rows given both ways: as the driver's values, and as the text MySQL sent (CellBatches). */
async function bothWays(
  of: readonly ViewColumn[],
  rows: (string | null)[][],
  style: TsvStyle,
): Promise<{ values: string; cells: string }> {
  const collect = async (chunks: AsyncGenerator<Buffer>) => {
    const all: Buffer[] = [];
    for await (const chunk of chunks) all.push(chunk);
    return Buffer.concat(all).toString("utf8");
  };
  async function* valueBatches() {
    yield rows;
  }
  async function* cellBatches() {
    yield* cellBatchesOf(rows, of.length);
  }
  return {
    values: await collect(encodeTsv(of, valueBatches(), style)),
    cells: await collect(encodeTsv(of, cellBatches(), style)),
  };
}

test("rows read as MySQL's text print the same bytes as the driver's values", async (t) => {
  const of = ["observation_uuid", "concept", "depth_meters", "image_height", "index_recorded_timestamp"].map(
    (name) => findViewColumn(name) as ViewColumn,
  );
  const doubles = ["25", "25.345", "-1234.5678", "0.001", "0.00099", "0.00001", "9999999.999", "10000000"];
  const more = [
    "12345678.5",
    "1.7976931348623157e308",
    "0",
    "-0",
    "0.000",
    "0.0",
    "00.5",
    "1.",
    "",
    "-",
    "1e-7",
  ];
  const instants = [
    "2024-01-02 03:04:05.000000",
    "2024-01-02 03:04:05.120000",
    "2024-01-02 03:04:05.123456",
    "2024-01-02 03:04:05.000001",
    "2024-01-02 03:04:05",
    "2024-01-02 03:04:05.12",
    "2024-01-02 03:04:05.",
    "0000-00-00 00:00:00",
    "2024-01-02",
  ];
  const rows = [...doubles, ...more].map((depth, index) => [
    `0190a1b2-0000-7000-8000-${String(index).padStart(12, "0")}`,
    index % 3 === 0 ? null : `Aurelia\taurita ${"é".repeat(index)}\n`,
    depth,
    index % 2 === 0 ? null : String(index * 1000),
    instants[index % instants.length] ?? null,
  ]);
  rows.push(["0190a1b2-0000-7000-8000-000000000000", "x".repeat(70_000), null, "7", null]);
  for (const style of [RUN_STYLE, DOWNLOAD_STYLE]) {
    const { values, cells } = await bothWays(of, rows, style);
    t.is(cells, values);
  }
  t.is((await bothWays(of, [], RUN_STYLE)).cells, "\n");
});
