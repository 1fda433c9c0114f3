import test from "ava";
import { literalMarkers, numberedPlaceholders } from "../../../../services/kit/sql/numbered-placeholders.js";

test("each `?` marker becomes the next numbered marker, in order", (t) => {
  t.is(
    numberedPlaceholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?) LIMIT ? OFFSET ?"),
    "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3) LIMIT $4 OFFSET $5",
  );
});

test("a text without `?` comes back unchanged, numbered markers and all", (t) => {
  const sql = 'SELECT "v"."uuid" FROM "videos" "v" WHERE "v"."name" = $1';
  t.is(numberedPlaceholders(sql), sql);
});

test("a `?` inside a string literal, a doubled quote included, is text, not a marker", (t) => {
  t.is(
    numberedPlaceholders("SELECT 'what?', 'it''s ?' FROM t WHERE a = ?"),
    "SELECT 'what?', 'it''s ?' FROM t WHERE a = $1",
  );
});

test("a `?` inside an escape string (E'…', backslash-quoted quote) is text", (t) => {
  t.is(numberedPlaceholders("SELECT E'\\' ?' , ? "), "SELECT E'\\' ?' , $1 ");
});

test("a `?` inside a dollar-quoted string (with or without a tag) is text", (t) => {
  t.is(numberedPlaceholders("SELECT $$ a ? $$, $fn$ b ? $fn$, ?"), "SELECT $$ a ? $$, $fn$ b ? $fn$, $1");
});

test("a `?` inside a quoted identifier is part of the name", (t) => {
  t.is(numberedPlaceholders('SELECT "odd?name" FROM t WHERE x = ?'), 'SELECT "odd?name" FROM t WHERE x = $1');
});

test("a `?` inside a line comment or a (nested) block comment is left alone", (t) => {
  t.is(
    numberedPlaceholders("SELECT ? -- why?\n, /* a ? /* b ? */ c ? */ ?"),
    "SELECT $1 -- why?\n, /* a ? /* b ? */ c ? */ $2",
  );
});

test("`??` (mysql2's identifier marker) is refused: PostgreSQL has no such marker", (t) => {
  t.throws(() => numberedPlaceholders("SELECT ?? FROM t"), { message: /`\?\?`/ });
});

test("a text mixing `?` and `$n` markers is refused as a mistake", (t) => {
  t.throws(() => numberedPlaceholders("SELECT ? FROM t WHERE a = $1"), { message: /mixes/ });
});

test("a `$1` inside a string beside `?` markers is text, not a mix", (t) => {
  t.is(numberedPlaceholders("SELECT '$1', ?"), "SELECT '$1', $1");
});

test("the same text asked twice gets the same answer (kept, not rewritten again)", (t) => {
  const sql = "UPDATE t SET a = ? WHERE b = ?";
  t.is(numberedPlaceholders(sql), numberedPlaceholders(sql));
  t.is(numberedPlaceholders(sql), "UPDATE t SET a = $1 WHERE b = $2");
});

test("literal markers: each `?` outside quotes and comments takes the next literal, in order", (t) => {
  t.is(
    literalMarkers("SELECT '?', ? /* ? */ FROM t WHERE a = ? -- ?\n", ["'x'", "NULL"]),
    "SELECT '?', 'x' /* ? */ FROM t WHERE a = NULL -- ?\n",
  );
});

test("literal markers: a count of literals other than the markers' is refused", (t) => {
  t.throws(() => literalMarkers("SELECT ?, ?", ["'x'"]), { message: /more markers/ });
  t.throws(() => literalMarkers("SELECT ?", ["'x'", "'y'"]), { message: /1 markers for 2 values/ });
});
