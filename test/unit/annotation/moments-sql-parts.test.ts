import test from "ava";
import {
  likeLiteral,
  pageClause,
  placeholders,
} from "../../../services/annotation/moments/repositories/sql-parts.js";

test("pageClause adds nothing for an unbounded page and a huge limit for an offset alone", (t) => {
  t.deepEqual(pageClause({}), { sql: "", params: [] });
  t.deepEqual(pageClause({ limit: 5 }), { sql: " LIMIT ? OFFSET ?", params: [5, 0] });
  t.deepEqual(pageClause({ offset: 3 }), { sql: " LIMIT ? OFFSET ?", params: [Number.MAX_SAFE_INTEGER, 3] });
});

test("likeLiteral escapes the LIKE wildcards and the escape character", (t) => {
  t.is(likeLiteral("a%b_c!d"), "a!%b!_c!!d");
});

test("placeholders lists one marker per value", (t) => {
  t.is(placeholders(3), "?, ?, ?");
});
