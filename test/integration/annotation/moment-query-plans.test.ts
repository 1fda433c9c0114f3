/**
 * The moment searches by link name, concept and modification time on SQLite, which keeps no
 * statistics: each runs its subquery once, not once per moment. A correlated subquery per moment
 * let SQLite walk every association of a common link name for each of 100,000 moments, and
 * `GET /anno/v1/imagedmoments/count/linkname/{name}` ran for minutes holding the database.
 */
import test from "ava";
import { MomentQueryRepository } from "../../../services/annotation/moments/repositories/moment-query.repository.js";
import { Instant } from "../../../services/kit/time/instant.js";
import {
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { statementsSent } from "../../support/annotation/statement-recorder.js";

test.after.always(closeAnnotationTestStorages);

/** The statements a repository call sends, with their parameters, answered with no rows. */
function statementsOf(call: (repository: MomentQueryRepository) => Promise<unknown>) {
  return statementsSent((manager) => call(new MomentQueryRepository(manager)));
}

function instant(text: string): Instant {
  const parsed = Instant.parse(text);
  if (!parsed) throw new Error(`not an instant: ${text}`);
  return parsed;
}
const FROM = instant("2024-01-01T00:00:00Z");
const TO = instant("2025-01-01T00:00:00Z");

const SEARCHES: [string, (repository: MomentQueryRepository) => Promise<unknown>][] = [
  ["count by link name", (r) => r.countByLinkName("eating")],
  ["page by link name", (r) => r.pageByLinkName("eating", { limit: 10, offset: 0 })],
  ["page by concept", (r) => r.pageByConcept("Nanomia", false, { limit: 10 })],
  ["page by concept with images", (r) => r.pageByConcept("Nanomia", true, { limit: 10 })],
  ["page modified", (r) => r.pageModified(FROM, TO, {})],
  ["count modified", (r) => r.countModified(FROM, TO)],
];

for (const [name, search] of SEARCHES) {
  test(`sqlite: the moment search "${name}" runs no subquery per moment`, async (t) => {
    const storage = await openAnnotationTestStorage("sqlite");
    const [statement] = await statementsOf(search);
    if (!statement) throw new Error("no statement sent");
    const plan = (await storage.dataSource.query(
      `EXPLAIN QUERY PLAN ${statement.sql}`,
      statement.params,
    )) as {
      detail: string;
    }[];
    const details = plan.map((row) => row.detail);
    t.false(
      details.some((detail) => detail.startsWith("CORRELATED")),
      details.join(" | "),
    );
  });
}

/** The plan of the statement a search sends, on a migrated SQLite database. */
async function sqlitePlanOf(search: (repository: MomentQueryRepository) => Promise<unknown>) {
  const storage = await openAnnotationTestStorage("sqlite");
  const [statement] = await statementsOf(search);
  if (!statement) throw new Error("no statement sent");
  const plan = (await storage.dataSource.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)) as {
    detail: string;
  }[];
  return plan.map((row) => row.detail);
}

for (const [name, search] of [
  ["page by link name", (r: MomentQueryRepository) => r.pageByLinkName("eating", { limit: 100, offset: 0 })],
  ["count by link name", (r: MomentQueryRepository) => r.countByLinkName("eating")],
] as const) {
  test(`sqlite: the moment search "${name}" reads the link name's moments from indexes alone`, async (t) => {
    const details = await sqlitePlanOf(search);
    const reads = details.filter((detail) => /^(SEARCH|SCAN) /.test(detail));
    t.deepEqual(
      reads,
      [
        "SEARCH a USING COVERING INDEX idx_associations__link_name_observation (link_name=?)",
        "SEARCH o USING COVERING INDEX idx_observations__uuid_moment (uuid=?)",
      ],
      details.join(" | "),
    );
  });
}

test("sqlite: a page of moments with images is read in the order of the images' moment index", async (t) => {
  const details = await sqlitePlanOf((r) => r.pageWithImages({ limit: 100, offset: 0 }));
  t.deepEqual(
    details,
    ["SCAN ir USING COVERING INDEX idx_image_references__imaged_moment_uuid"],
    details.join(" | "),
  );
});

test("sqlite: a page of moments by concept is read from the concept's index, not from the moments", async (t) => {
  const details = await sqlitePlanOf((r) => r.pageByConcept("Nanomia", false, { limit: 100, offset: 0 }));
  const reads = details.filter((detail) => /^(SEARCH|SCAN) /.test(detail));
  t.deepEqual(
    reads,
    ["SEARCH o USING INDEX idx_observations__concept_uuid (concept=?)"],
    details.join(" | "),
  );
});
