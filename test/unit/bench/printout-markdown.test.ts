import test from "ava";
import { printoutAsMarkdown } from "../../../tools/dev/bench/all/printout-markdown.js";

test("a benchmark's tables stay tables and the text around them becomes text blocks, without npm's banner", (t) => {
  const printout = [
    "",
    "> m3@0.1.0 bench:kb",
    "> tsx tools/dev/bench/kb/kb.bench.ts",
    "",
    "deep leaf: Sebastes (depth 12)",
    "",
    "| scenario | req/s |",
    "|---|---|",
    "| find | 3100 |",
    "goal met: yes",
    "",
  ].join("\n");
  t.is(
    printoutAsMarkdown(printout),
    [
      "```text",
      "deep leaf: Sebastes (depth 12)",
      "```",
      "",
      "| scenario | req/s |",
      "|---|---|",
      "| find | 3100 |",
      "",
      "```text",
      "goal met: yes",
      "```",
    ].join("\n"),
  );
});

test("a printout of blank lines gives nothing", (t) => {
  t.is(printoutAsMarkdown("\n\n  \n"), "");
});
