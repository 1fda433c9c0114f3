import { Writable } from "node:stream";
import test from "ava";
import { progress } from "../../../tools/m3/cli/progress.js";

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  const writable = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY?: boolean; columns?: number };
  writable.isTTY = isTTY;
  writable.columns = 120;
  return { writable: writable as unknown as NodeJS.WriteStream, text: () => chunks.join("") };
}

test("without a terminal, progress is a plain line at the start and at the end, not one per step", (t) => {
  const { writable, text } = stream(false);
  const bar = progress("rows", writable);
  for (let done = 0; done <= 1000; done += 10) bar.update(done, 1000, "concepts");
  bar.stop();
  t.deepEqual(text().trim().split("\n"), ["0/1000 rows concepts", "1000/1000 rows concepts"]);
});

test("on a terminal, progress is a bar redrawn in place with the count and the label", (t) => {
  const { writable, text } = stream(true);
  const bar = progress("rows", writable);
  bar.update(0, 200, "names");
  bar.update(200, 200, "names");
  bar.stop();
  t.regex(text(), /100% 200\/200 rows names/);
  t.true(text().includes("\r") || text().includes("\u001b["));
});
