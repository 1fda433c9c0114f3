import test from "ava";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { NOT_IN_TABLE, REQUIRED_FIELDS_TABLE } from "../../e2e/required-fields/required-fields.table.js";

const routes = allServiceRoutes.flatMap((service) =>
  service.routes.map((route) => ({ ...route, key: `${route.method} ${service.basePath}${route.path}` })),
);
const rows = REQUIRED_FIELDS_TABLE.map((row) => `${row.method} ${row.route}`);

test("every route that takes a body has a row in the required-fields table, or a reason it has none", (t) => {
  const missing = routes
    .filter((route) => route.body !== undefined)
    .map((route) => route.key)
    .filter((key) => !rows.includes(key) && !(key in NOT_IN_TABLE));
  t.deepEqual(missing, [], "add a row to test/e2e/required-fields for each of these routes");
});

test("every row and every reason names a route of the route tables, once", (t) => {
  const keys = new Set(routes.map((route) => route.key));
  t.deepEqual(
    [...rows, ...Object.keys(NOT_IN_TABLE)].filter((key) => !keys.has(key)),
    [],
  );
  t.is(new Set(rows).size, rows.length);
  t.deepEqual(
    rows.filter((key) => key in NOT_IN_TABLE),
    [],
  );
});

test("required fields are named once per row, as the error names them", (t) => {
  for (const row of REQUIRED_FIELDS_TABLE) {
    t.is(new Set(row.required).size, row.required.length, `${row.method} ${row.route}`);
    for (const field of row.required) t.regex(field, /^\w+(\[\d+\]\.\w+)?$/, `${row.method} ${row.route}`);
  }
});
