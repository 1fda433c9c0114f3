import type { LegacyDomain } from "../legacy/legacy-mapping.js";
import type { M3Row } from "../legacy/legacy-values.js";
import { differingColumns, normalRow } from "../merge/m3-rows.js";
import type { TableSource } from "../merge/table-source.js";
import type { ImportReport, Mismatch } from "../run/import-report.js";
import type { ImportSource } from "../run/import-run.service.js";
import type { TargetDomains } from "../run/target-domains.js";
import { entityRow, serviceReaders } from "./m3-service-readers.js";

type Kind = Mismatch["kind"];

/**
 * Reads `sample` annotations, videos and concepts of the source back through m3's own
 * services (the reads m3 answers its clients with) and lists every field that differs from
 * the source's row in the report. Records m3 changed after the source (kept by the merge) are left out.
 */
export async function verifySample(
  source: ImportSource,
  targets: TargetDomains,
  report: ImportReport,
  sample: number,
): Promise<void> {
  const table = (domain: LegacyDomain, name: string) =>
    source.domains.includes(domain)
      ? source.tables(domain).find((candidate) => candidate.target.name === name)
      : undefined;
  const storageOf = (domain: LegacyDomain) =>
    source.domains.includes(domain) ? targets.of(domain).storage : undefined;
  const readers = serviceReaders({
    kb: storageOf("kb"),
    registry: storageOf("registry"),
    annotation: storageOf("annotation"),
  });
  const compare = (kind: Kind, record: string, tableSource: TableSource, expected: M3Row, actual: M3Row) => {
    const answered = normalRow(tableSource.target.columns, actual as Record<string, unknown>);
    const updated = tableSource.lastUpdated;
    // m3 changed it after the source did: the merge kept m3's, which rightly differs.
    if (updated && String(answered[updated]) > String(expected[updated])) return;
    for (const field of differingColumns(expected, answered, tableSource.columns)) {
      report.mismatches.push({ kind, record, field, source: expected[field], m3: answered[field] ?? null });
    }
  };
  const missing = (kind: Kind, record: string, error: unknown) =>
    report.mismatches.push({
      kind,
      record,
      field: "(record)",
      source: "present",
      m3: error instanceof Error ? error.message : "absent",
    });

  const observations = table("annotation", "observations");
  const moments = table("annotation", "imaged_moments");
  const annotation = storageOf("annotation");
  if (observations && moments && annotation && readers.annotations) {
    const sampled = await observations.sample(sample);
    const momentRows = new Map(
      (await moments.rowsByIdentity(sampled.map((row) => ({ uuid: row.imaged_moment_uuid ?? null })))).map(
        (row) => [row.uuid, row],
      ),
    );
    for (const row of sampled) {
      const record = String(row.uuid);
      try {
        const graph = await readers.annotations.get(record);
        compare(
          "annotation",
          record,
          observations,
          row,
          entityRow(annotation, "observations", graph.observation.observation),
        );
        const moment = momentRows.get(row.imaged_moment_uuid ?? null);
        if (moment)
          compare(
            "annotation",
            record,
            moments,
            moment,
            entityRow(annotation, "imaged_moments", graph.moment.moment),
          );
      } catch (error) {
        missing("annotation", record, error);
      }
    }
    report.sampled.annotation = sampled.length;
  }

  const videos = table("registry", "videos");
  const registry = storageOf("registry");
  if (videos && registry && readers.videos) {
    const sampled = await videos.sample(sample);
    for (const row of sampled) {
      const record = String(row.uuid);
      try {
        compare(
          "video",
          record,
          videos,
          row,
          entityRow(registry, "videos", await readers.videos.get(record)),
        );
      } catch (error) {
        missing("video", record, error);
      }
    }
    report.sampled.video = sampled.length;
  }

  const names = table("kb", "concept_names");
  const concepts = table("kb", "concepts");
  const kb = storageOf("kb");
  if (names && concepts && kb && readers.concepts) {
    const sampled = await names.sample(sample);
    const conceptRows = new Map(
      (await concepts.rowsByIdentity(sampled.map((row) => ({ id: row.concept_id ?? null })))).map((row) => [
        row.id,
        row,
      ]),
    );
    for (const row of sampled) {
      const record = String(row.name);
      try {
        const view = await readers.concepts.get(record);
        const name = view.names.find((candidate) => candidate.name === row.name);
        if (!name) throw new Error("the concept answered lacks the name");
        compare("concept", record, names, row, entityRow(kb, "concept_names", name));
        const concept = conceptRows.get(row.concept_id ?? null);
        if (concept) compare("concept", record, concepts, concept, entityRow(kb, "concepts", view.concept));
      } catch (error) {
        missing("concept", record, error);
      }
    }
    report.sampled.concept = sampled.length;
  }
}
