/**
 * Reads that SQLite, which keeps no statistics, planned from the wrong end (bench:routes, 100,000
 * annotations): each must start from the few rows its route asks for, not walk a whole table or
 * every row of a common value.
 */
import test from "ava";
import type { EntityManager } from "typeorm";
import { matchingObservationsSql } from "../../../services/annotation/fast/repositories/fast-annotation.repository.js";
import { AssociationRepository } from "../../../services/annotation/observations/repositories/association.repository.js";
import { videoPageSelection } from "../../../services/annotation/shared/graph-selection.sql.js";
import { MomentGraphRepository } from "../../../services/annotation/shared/moment-graph.repository.js";
import {
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { type SentStatement, statementsSent } from "../../support/annotation/statement-recorder.js";

test.after.always(closeAnnotationTestStorages);

/** The first statement a call sends, answered with no rows. */
async function firstStatement(call: (manager: EntityManager) => Promise<unknown>): Promise<SentStatement> {
  const [statement] = await statementsSent(call);
  if (!statement) throw new Error("no statement sent");
  return statement;
}

async function sqlitePlan(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const storage = await openAnnotationTestStorage("sqlite");
  const plan = (await storage.dataSource.query(`EXPLAIN QUERY PLAN ${statement.sql}`, statement.params)) as {
    detail: string;
  }[];
  return plan.map((row) => row.detail);
}

const VIDEO = "01a217f6-9fb5-7f9d-b828-53692d446180";

test("sqlite: a page of a video's annotations reads the page's moments, not every moment", async (t) => {
  const statement = await firstStatement((manager) =>
    new MomentGraphRepository(manager).read(videoPageSelection(VIDEO, { limit: 100, offset: 0 }), true),
  );
  const plan = await sqlitePlan(statement);
  t.false(
    plan.some((detail) => /^SCAN im\b/.test(detail)),
    plan.join(" | "),
  );
});

test("sqlite: a page of a video's annotations joins and sorts the video's observations once", async (t) => {
  const statement = await firstStatement((manager) =>
    new MomentGraphRepository(manager).read(videoPageSelection(VIDEO, { limit: 100, offset: 0 }), false),
  );
  const plan = await sqlitePlan(statement);
  t.is(plan.filter((detail) => /\bo1\b/.test(detail)).length, 1, plan.join(" | "));
  t.true(
    plan.some((detail) => /^SEARCH o1 USING COVERING INDEX idx_observations__moment_uuid/.test(detail)),
    `the observations' UUIDs come from the index: ${plan.join(" | ")}`,
  );
});

test("sqlite: the associations of a video and link name are read from the video's moments", async (t) => {
  for (const concept of [undefined, "squid"]) {
    const statement = await firstStatement((manager) =>
      new AssociationRepository(manager).listByVideoAndLinkName(VIDEO, "eating", concept),
    );
    const plan = await sqlitePlan(statement);
    t.regex(
      plan[0] ?? "",
      /^SEARCH im USING .*INDEX idx_imaged_moment__video_reference_uuid/,
      plan.join(" | "),
    );
    // The link name's index may probe one observation's associations, never list the name's.
    t.false(
      plan.some((detail) => detail.includes("(link_name=?)")),
      plan.join(" | "),
    );
  }
});

test("sqlite: annotations by an association's to-concept start from the to-concept index", async (t) => {
  const statement = matchingObservationsSql(
    { toConcept: "Nanomia", withImages: true },
    { limit: 100 },
    "sqlite",
  );
  const plan = await sqlitePlan(statement);
  t.false(
    plan.some((detail) => /^SCAN o\b/.test(detail)),
    plan.join(" | "),
  );
  t.true(
    plan.some((detail) => detail.includes("idx_associations__to_concept_observation (to_concept=?)")),
    plan.join(" | "),
  );
});

/** The plan's lines that choose a page (the derived table `p`), before the page's rows are read. */
function pageChoice(plan: readonly string[]): string[] {
  return plan.slice(plan.indexOf("CO-ROUTINE p") + 1, plan.indexOf("SCAN p"));
}

test("sqlite: a page of a concept's annotations walks the concept's index in UUID order, unsorted", async (t) => {
  const plan = await sqlitePlan(
    matchingObservationsSql({ concept: "Nanomia" }, { limit: 100, offset: 0 }, "sqlite"),
  );
  const choice = pageChoice(plan);
  t.true(
    choice.some((detail) =>
      /^SEARCH o USING COVERING INDEX idx_observations__concept_uuid \(concept=\?\)/.test(detail),
    ),
    plan.join(" | "),
  );
  t.false(
    choice.some((detail) => /TEMP B-TREE/.test(detail)),
    plan.join(" | "),
  );
});

test("sqlite: a page of a video's fast annotations is chosen from the indexes, then only its rows are read", async (t) => {
  const plan = await sqlitePlan(
    matchingObservationsSql({ videoReferenceUuids: [VIDEO] }, { limit: 100, offset: 0 }, "sqlite"),
  );
  const choice = pageChoice(plan);
  t.true(choice.length > 0, plan.join(" | "));
  // Sorting the video's observations to keep 100 reads their keys only, never their rows.
  t.true(
    choice.every((detail) => !/^(SEARCH|SCAN) /.test(detail) || detail.includes("COVERING INDEX")),
    plan.join(" | "),
  );
  t.true(
    plan
      .slice(plan.indexOf("SCAN p"))
      .some((detail) => /^SEARCH o USING INDEX sqlite_autoindex_observations_1/.test(detail)),
    plan.join(" | "),
  );
});

test("sqlite: a page of every fast annotation reads the page's keys first, then only its rows", async (t) => {
  const plan = await sqlitePlan(matchingObservationsSql({}, { limit: 100, offset: 0 }, "sqlite"));
  // The outer query walks the page, then finds each of its observations and moments by key.
  const outer = plan.slice(plan.indexOf("SCAN p"));
  t.true(plan.includes("SCAN p"), plan.join(" | "));
  t.true(
    outer.some((detail) => /^SEARCH o USING INDEX sqlite_autoindex_observations_1 \(uuid=\?\)/.test(detail)),
    plan.join(" | "),
  );
  t.false(
    plan.some((detail) => /AUTOMATIC/.test(detail) || /^SCAN o USING INDEX idx_/.test(detail)),
    plan.join(" | "),
  );
});

test("sqlite: a link's annotations are read from the link's moments, not by walking every observation", async (t) => {
  const link = { momentLink: { linkName: "population-quantity", linkValue: "12" } };
  const plan = await sqlitePlan(matchingObservationsSql(link, { offset: 0 }, "sqlite"));
  t.false(
    plan.some((detail) => /^SCAN o\b/.test(detail)),
    plan.join(" | "),
  );
  t.true(
    plan.some((detail) => /^SEARCH o USING INDEX idx_observations__moment_uuid/.test(detail)),
    plan.join(" | "),
  );
});
