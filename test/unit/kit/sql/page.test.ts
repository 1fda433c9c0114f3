import test from "ava";
import { DataSource } from "typeorm";
import { type Page, pageClause, paged } from "../../../../services/kit/sql/page.js";

/** Unconnected data sources: TypeORM writes a query builder's SQL without a database. */
const ENGINES = {
  mysql: new DataSource({ type: "mysql" }),
  postgres: new DataSource({ type: "postgres" }),
  sqlite: new DataSource({ type: "better-sqlite3", database: ":memory:" }),
};

function pagedSql(engine: keyof typeof ENGINES, page: Page): string {
  const query = ENGINES[engine].createQueryBuilder().select("t.a").from("t", "t");
  return paged(query, page).getQuery();
}

test("pageClause adds nothing for an unbounded page and a huge limit for an offset alone", (t) => {
  t.deepEqual(pageClause({}), { sql: "", params: [] });
  t.deepEqual(pageClause({ limit: 5 }), { sql: " LIMIT ? OFFSET ?", params: [5, 0] });
  t.deepEqual(pageClause({ offset: 3 }), { sql: " LIMIT ? OFFSET ?", params: [Number.MAX_SAFE_INTEGER, 3] });
});

test("pageClause binds a given limit and offset as values, in that order", (t) => {
  t.deepEqual(pageClause({ limit: 10, offset: 20 }), { sql: " LIMIT ? OFFSET ?", params: [10, 20] });
});

test("pageClause treats a zero offset without a limit as the whole list", (t) => {
  t.deepEqual(pageClause({ offset: 0 }), { sql: "", params: [] });
});

for (const engine of Object.keys(ENGINES) as (keyof typeof ENGINES)[]) {
  test(`paged leaves the ${engine} query whole for an unbounded page`, (t) => {
    t.notRegex(pagedSql(engine, {}), /LIMIT|OFFSET/);
    t.notRegex(pagedSql(engine, { offset: 0 }), /LIMIT|OFFSET/);
  });

  test(`paged gives an offset alone the largest safe limit on ${engine}, as no OFFSET goes without a LIMIT`, (t) => {
    t.regex(pagedSql(engine, { offset: 3 }), / LIMIT 9007199254740991 OFFSET 3$/);
  });

  test(`paged writes a bounded page's limit and offset on ${engine}`, (t) => {
    t.regex(pagedSql(engine, { limit: 10, offset: 20 }), / LIMIT 10 OFFSET 20$/);
    t.regex(pagedSql(engine, { limit: 10 }), / LIMIT 10 OFFSET 0$/);
  });
}
