import test from "ava";
import { BACKENDS } from "../../support/annotation/annotation-http-stack.js";
import { useFastDatasetStacks } from "../../support/annotation/fast-dataset-stacks.js";

const { stack, dataset } = useFastDatasetStacks(test);

interface ColumnJson {
  columnName: string;
  columnType: string;
  columnSize: number;
  columnLabel: string;
  columnClassName: string;
}

for (const backend of BACKENDS) {
  const post = (path: string, json: unknown) =>
    stack(backend).http.post(`/anno/v1/query/${path}`, { json, auth: false });
  const count = async (where: unknown[]) => {
    const reply = await post("count", { where });
    if (reply.status !== 200) throw new Error(`count answered ${reply.status}: ${reply.text}`);
    return (reply.json as { count: number }).count;
  };

  test(`${backend}: GET /v1/query/columns lists the view's columns in camelCase`, async (t) => {
    const reply = await stack(backend).http.get("/anno/v1/query/columns");
    t.is(reply.status, 200);
    const columns = reply.json as ColumnJson[];
    t.is(columns[0]?.columnName, "imaged_moment_uuid");
    t.deepEqual(
      columns.find((column) => column.columnName === "concept"),
      {
        columnName: "concept",
        columnType: "varchar",
        columnSize: 256,
        columnLabel: "concept",
        columnClassName: "java.lang.String",
      },
    );
    t.true(columns.some((column) => column.columnName === "video_name"));
    t.is(new Set(columns.map((column) => column.columnName)).size, columns.length);
  });

  test(`${backend}: POST /v1/query/run prints the distinct concepts as text`, async (t) => {
    const reply = await post("run", { select: ["concept"], distinct: true });
    t.is(reply.status, 200);
    t.regex(reply.headers.get("content-type") ?? "", /^text\/plain/);
    t.is(reply.headers.get("content-disposition"), null);
    t.is(reply.text, "concept\nAegina\nBathochordaeus\nNanomia\n");
  });

  test(`${backend}: POST /v1/query/run with notlike leaves a concept out; no match prints a newline`, async (t) => {
    const reply = await post("run", {
      select: ["concept"],
      distinct: true,
      where: [{ column: "concept", notlike: "Bath%" }],
    });
    t.is(reply.text, "concept\nAegina\nNanomia\n");
    const none = await post("run", {
      select: ["concept"],
      where: [{ column: "concept", equals: "Nothing" }],
    });
    t.is(none.status, 200);
    t.is(none.text, "\n");
  });

  test(`${backend}: POST /v1/query/run prints values the legacy way, nulls as null`, async (t) => {
    const reply = await post("run", {
      select: ["concept", "depth_meters", "index_recorded_timestamp", "observer", "camera_platform"],
      where: [{ column: "video_reference_uuid", equals: dataset(backend).videoA }],
      orderBy: ["index_recorded_timestamp"],
    });
    t.is(
      reply.text,
      "concept\tdepth_meters\tindex_recorded_timestamp\tobserver\tcamera_platform\n" +
        "Aegina\t100.0\t2020-01-01T00:00:00Z\tobs1\tVentana\n" +
        "Nanomia\t200.0\t2020-01-01T00:01:00Z\tobs2\tVentana\n" +
        "Aegina\tnull\t2020-01-01T00:02:00Z\tobs2\tVentana\n",
    );
  });

  test(`${backend}: POST /v1/query/download sends results.tsv with a header and empty nulls`, async (t) => {
    const reply = await post("download", {
      select: ["concept", "observer"],
      where: [{ column: "concept", equals: "Nanomia" }],
      orderBy: ["observer"],
    });
    t.is(reply.status, 200);
    t.regex(reply.headers.get("content-type") ?? "", /^text\/tab-separated-values/);
    t.regex(reply.headers.get("content-disposition") ?? "", /^attachment; filename="?results\.tsv"?$/);
    t.deepEqual(
      reply.text.split("\n").sort(),
      ["", "Nanomia\t", "Nanomia\tobs2", "concept\tobserver"].sort(),
    );
  });

  test(`${backend}: POST /v1/query/count counts rows of the view under each constraint`, async (t) => {
    t.is(await count([{ column: "link_name", isnull: false }]), 3);
    t.is(
      await count([
        { column: "index_recorded_timestamp", between: ["2020-01-01T00:00:00Z", "2020-01-02T00:00:00Z"] },
      ]),
      5,
    );
    t.is(
      await count([
        { column: "concept", in: ["Aegina", "Nanomia"] },
        { column: "depth_meters", minmax: [0, 150] },
      ]),
      1,
    );
    t.is(
      await count([
        { column: "chief_scientist", equals: "bob" },
        { column: "image_url", isnull: true },
      ]),
      1,
    );
  });

  test(`${backend}: concurrentObservations widens to the rows of the matching imaged moments`, async (t) => {
    const reply = await post("run", {
      select: ["concept"],
      where: [{ column: "concept", equals: "Bathochordaeus" }],
      concurrentObservations: true,
    });
    const rows = reply.text.trim().split("\n");
    t.is(rows[0], "observation_uuid\tindex_recorded_timestamp\tconcept");
    t.deepEqual(
      rows
        .slice(1)
        .map((row) => row.split("\t")[2])
        .sort(),
      ["Aegina", "Bathochordaeus"],
    );
  });

  test(`${backend}: invalid queries are 400 with the JSON error body`, async (t) => {
    const invalid: Array<[string, unknown]> = [
      ["run", { distinct: true }],
      ["download", { select: [] }],
      ["count", { select: ["concept"] }],
      ["run", { select: ["concept"], where: [{ column: "concept" }] }],
      [
        "run",
        {
          select: ["concept"],
          where: [{ column: "index_recorded_timestamp", between: ["yesterday", "today"] }],
        },
      ],
      ["run", { select: ["concept"], strict: true }],
    ];
    for (const [path, body] of invalid) {
      const reply = await post(path, body);
      t.is(reply.status, 400, `${path} ${JSON.stringify(body)}`);
      t.is((reply.json as { responseCode: number }).responseCode, 400);
    }
  });

  test(`${backend}: SQL in column names is refused and SQL in values matches nothing`, async (t) => {
    const attacks: unknown[] = [
      { select: ["concept FROM annotations; DROP TABLE observations; --"] },
      { select: ["concept"], orderBy: ["concept; DELETE FROM observations"] },
      { select: ["concept"], where: [{ column: "1=1) OR (concept", equals: "x" }] },
    ];
    for (const body of attacks) t.is((await post("run", body)).status, 400);
    for (const value of ["x' OR '1'='1", 'x"; DROP TABLE observations; --']) {
      t.is(await count([{ column: "concept", equals: value }]), 0);
      t.is(await count([{ column: "concept", like: value }]), 0);
    }
    t.is(await count([{ column: "observation_uuid", isnull: false }]), 6, "every annotation is still there");
  });
}
