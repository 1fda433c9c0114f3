import test from "ava";
import { columnList, prefixedColumnList } from "../../../services/kit/storage/column-lists.js";
import {
  columnNames,
  dataTables,
  isNullable,
  kindOf,
  table,
  valuesInOrder,
} from "../../../services/kit/storage/table-catalogue.js";

const CATALOGUE = {
  things: table(["uuid"], { uuid: "uuid", name: "text", size: "integer?", seen: "instant" }),
  thing_counts: table(["name"], { name: "text", things: "integer" }, "counts"),
  thing_version: table(["id"], { id: "integer", version: "integer" }, "version"),
};

test("a table's columns come in the order they are declared, with their kinds and nullability", (t) => {
  t.deepEqual(columnNames(CATALOGUE.things), ["uuid", "name", "size", "seen"]);
  t.deepEqual(Object.values(CATALOGUE.things.columns).map(kindOf), ["uuid", "text", "integer", "instant"]);
  t.deepEqual(Object.values(CATALOGUE.things.columns).map(isNullable), [false, false, true, false]);
});

test("the tables of rows leave out the tables of counts and versions", (t) => {
  t.deepEqual(
    dataTables(CATALOGUE).map(([name]) => name),
    ["things"],
  );
});

test("a column list names the table's columns in order, under an alias when given, but those excepted", (t) => {
  t.is(columnList(CATALOGUE.things), "uuid, name, size, seen");
  t.is(columnList(CATALOGUE.things, "t"), "t.uuid, t.name, t.size, t.seen");
  t.is(columnList(CATALOGUE.things, "t", ["size"]), "t.uuid, t.name, t.seen");
});

test("a prefixed column list names each column under its alias's prefix, but those excepted", (t) => {
  t.is(prefixedColumnList(CATALOGUE.things, "t", ["name", "size"]), "t.uuid AS t_uuid, t.seen AS t_seen");
});

test("a row's values by name come in the columns' order, NULL for those left out", (t) => {
  t.deepEqual(valuesInOrder(columnNames(CATALOGUE.things), { seen: "2025", uuid: "u", name: "n" }), [
    "u",
    "n",
    null,
    "2025",
  ]);
});
