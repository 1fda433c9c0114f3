import test from "ava";
import { progressBar } from "../../../../tools/kb-import/progress-bar.js";

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

test("draws one rewritten line on a terminal and ends it when done", (t) => {
  const { stream, written } = fakeStream(true);
  const draw = progressBar(stream);
  draw({ table: "concepts", done: 0, total: 200 });
  draw({ table: "concept_names", done: 100, total: 200 });
  draw({ table: "link_realizations", done: 200, total: 200 });
  t.true(written[1]?.startsWith(`\r[${"#".repeat(15)}${"-".repeat(15)}] 50% 100/200 rows (concept_names)`));
  t.deepEqual(written.slice(-1), ["\n"]);
});

test("writes nothing when stderr is not a terminal", (t) => {
  const { stream, written } = fakeStream(false);
  progressBar(stream)({ table: "concepts", done: 1, total: 1 });
  t.deepEqual(written, []);
});
