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
