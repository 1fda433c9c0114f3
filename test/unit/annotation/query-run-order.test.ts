import test from "ava";
import { runOrderPlan } from "../../../services/annotation/query/repositories/run-order.sql.js";
import type { TabularQuery } from "../../../services/annotation/query/services/tabular-query.js";
import { findViewColumn, type ViewColumn } from "../../../services/annotation/query/view/annotations-view.js";

function column(name: string): ViewColumn {
  const found = findViewColumn(name);
  if (!found) throw new Error(`no column ${name}`);
  return found;
}

function query(select: string[], orderBy: string[], fields: Partial<TabularQuery> = {}): TabularQuery {
  return {
    columns: select.map(column),
    distinct: false,
    conditions: [],
    scope: { concurrentObservations: false, relatedAssociations: false },
    orderBy: orderBy.map(column),
    ...fields,
  };
}

test("a download ordered by recorded time then observation is sorted by the database on the time only", (t) => {
  const plan = runOrderPlan(
    query(["concept", "observation_uuid"], ["index_recorded_timestamp", "observation_uuid"]),
  );
  t.deepEqual(
    plan?.query.orderBy.map((c) => c.name),
    ["index_recorded_timestamp"],
  );
  // The time is not printed, so it is selected after the printed columns.
  t.deepEqual(
    plan?.query.columns.map((c) => c.name),
    ["concept", "observation_uuid", "index_recorded_timestamp"],
  );
  t.deepEqual(plan?.runOrder, { leadIndex: 2, tieIndexes: [1] });
});

test("pages, DISTINCT, one order column, text columns and other tables' columns keep the database's full order", (t) => {
  const order = ["index_recorded_timestamp", "observation_uuid"];
  t.is(runOrderPlan(query(["concept"], order, { limit: 10 })), undefined);
  t.is(runOrderPlan(query(["concept"], order, { offset: 10 })), undefined);
  t.is(runOrderPlan(query(["concept"], order, { distinct: true })), undefined);
  t.is(runOrderPlan(query(["concept"], ["index_recorded_timestamp"])), undefined);
  t.is(runOrderPlan(query(["concept"], ["index_timecode", "observation_uuid"])), undefined);
  t.is(runOrderPlan(query(["concept"], ["index_recorded_timestamp", "concept"])), undefined);
  t.is(runOrderPlan(query(["concept"], ["observation_timestamp", "observation_uuid"])), undefined);
});
