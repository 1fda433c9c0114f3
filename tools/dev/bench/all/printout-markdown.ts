/** npm's own banner lines ("> m3@… bench:kb", "> tsx …") say nothing about the results. */
const NPM_BANNER = /^> /;

/**
 * A benchmark's printout as markdown: its tables (lines starting with `|`) stay tables, the
 * other lines between them become text blocks, printed as they were.
 */
export function printoutAsMarkdown(output: string): string {
  const blocks: string[] = [];
  let text: string[] = [];
  let table: string[] = [];
  const flushText = () => {
    const kept = trimBlank(text);
    if (kept.length > 0) blocks.push(["```text", ...kept, "```"].join("\n"));
    text = [];
  };
  const flushTable = () => {
    if (table.length > 0) blocks.push(table.join("\n"));
    table = [];
  };
  for (const line of output.replaceAll("\r", "").split("\n")) {
    if (NPM_BANNER.test(line)) continue;
    if (line.startsWith("|")) {
      flushText();
      table.push(line);
    } else {
      flushTable();
      text.push(line);
    }
  }
  flushText();
  flushTable();
  return blocks.join("\n\n");
}

function trimBlank(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== "");
  const last = lines.findLastIndex((line) => line.trim() !== "");
  return first === -1 ? [] : lines.slice(first, last + 1);
}
