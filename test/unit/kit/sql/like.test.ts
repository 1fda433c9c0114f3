import test from "ava";
import Database from "better-sqlite3";
import { LIKE_ESCAPE, likeLiteral } from "../../../../services/kit/sql/like.js";

test("likeLiteral escapes the LIKE wildcards and the escape character", (t) => {
  t.is(likeLiteral("a%b_c!d"), "a!%b!_c!!d");
});

/** Text and its escaped form: each of !, % and _ gets a ! before it, anything else stays. */
const ESCAPED = [
  ["!", "!!"],
  ["%", "!%"],
  ["_", "!_"],
  ["%%__!!", "!%!%!_!_!!!!"],
  ["Nanomia bijuga (1).png", "Nanomia bijuga (1).png"],
  ["", ""],
] as const;

for (const [text, escaped] of ESCAPED) {
  const title =
    text === escaped
      ? `likeLiteral leaves plain text ${JSON.stringify(text)} as it is`
      : `likeLiteral escapes ${JSON.stringify(text)} as ${JSON.stringify(escaped)}`;
  test(title, (t) => {
    t.is(likeLiteral(text), escaped);
  });
}

test("LIKE_ESCAPE names ! as the escape character", (t) => {
  t.is(LIKE_ESCAPE, "ESCAPE '!'");
});

test("an escaped pattern matches its text literally, not as wildcards", (t) => {
  const database = new Database(":memory:");
  const matches = (text: string, literal: string) =>
    database
      .prepare(`SELECT ? LIKE ? ${LIKE_ESCAPE}`)
      .pluck()
      .get(text, `%${likeLiteral(literal)}%`);
  t.is(matches("50%_off!.mp4", "50%_off!"), 1);
  t.is(matches("50x-off!.mp4", "50%_off!"), 0);
  t.is(matches("50%_off.mp4", "%_off!"), 0);
  database.close();
});
