import test from "ava";
import { parseSqlDateTime } from "../../../services/kit/time/sql-datetime.js";

function dateSeconds(text: string): number {
  return Date.parse(`${text.slice(0, 10)}T${text.slice(11, 19)}Z`) / 1000;
}

test("database timestamps read by arithmetic agree with Date on 5,000 instants across years 1000..9999", (t) => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const low = Date.UTC(1000, 0, 1);
  const high = Date.UTC(9999, 11, 31, 23, 59, 59);
  for (let index = 0; index < 5000; index++) {
    const millis = Math.floor(low + random() * (high - low));
    const micros = Math.floor(random() * 1_000_000);
    const text = `${new Date(millis).toISOString().slice(0, 19).replace("T", " ")}.${String(micros).padStart(6, "0")}`;
    const parts = parseSqlDateTime(text);
    if (parts?.epochSeconds !== dateSeconds(text) || parts.micros !== micros) {
      t.fail(`${text} read as ${JSON.stringify(parts)}`);
      return;
    }
  }
  t.pass();
});

test("short fractions count from the left and a missing fraction is zero", (t) => {
  t.deepEqual(parseSqlDateTime("2016-07-11 01:23:45.12"), {
    epochSeconds: dateSeconds("2016-07-11 01:23:45"),
    micros: 120_000,
  });
  t.is(parseSqlDateTime("1970-01-01 00:00:00")?.epochSeconds, 0);
  t.is(parseSqlDateTime("2024-02-29 23:59:59.5")?.micros, 500_000);
});

test("text that is not an exact, valid database timestamp is left to the general parser", (t) => {
  for (const text of [
    "2023-02-29 00:00:00",
    "2023-13-01 00:00:00",
    "2023-04-31 00:00:00",
    "2023-01-01 24:00:00",
    "2023-01-01T00:00:00",
    "2023-01-01 00:00:00.",
    "2023-01-01 00:00:00.1234567",
    "0999-12-31 00:00:00",
    "2023-01-01 0a:00:00",
  ]) {
    t.is(parseSqlDateTime(text), undefined, text);
  }
});
