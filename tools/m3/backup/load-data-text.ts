import type { ArchiveValue } from "./archive-format.js";

/** The format loadDataText writes, as a LOAD DATA statement declares it (in SQL, before the column list). */
export const LOAD_DATA_FORMAT =
  "CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'";

const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * Rows as LOAD DATA text (see LOAD_DATA_FORMAT), made from their archive lines: one line per
 * row, its values separated by tabs, NULL as `\N`. PostgreSQL's COPY text format reads the same
 * bytes as the same values: its escapes are a superset of these (`\f` too; a backslash before
 * any other character is that character), and a NUL, `\0` here, is refused there as PostgreSQL
 * text cannot hold one.
 */
export function loadDataText(lines: readonly string[]): Buffer {
  let text = "";
  for (const line of lines) text += `${loadDataLine(line)}\n`;
  return Buffer.from(text, "utf8");
}

/**
 * A row as a LOAD DATA line, made from its archive line: a JSON array of strings, numbers and
 * nulls (the reader checked it). LOAD DATA reads the JSON escapes of a string as the same
 * characters (`\"`, `\\`, `\/`, `\b`, `\n`, `\r`, `\t`), and a JSON string holds no raw tab or
 * newline, so a compact line only loses its brackets, its quotes and its commas between values;
 * most rows thus need no escaping. `\u` and `\f` have no LOAD DATA meaning, and JSON allows
 * spaces between values: such a line is parsed and escaped value by value instead.
 */
export function loadDataLine(line: string): string {
  if (line.includes("\\u") || line.includes("\\f")) return escapedLine(line);
  const end = line.length - 1;
  let text = "";
  let at = 1;
  while (at < end) {
    if (line.charCodeAt(at) === QUOTE) {
      const close = closingQuote(line, at + 1);
      text += line.slice(at + 1, close);
      at = close + 1;
    } else {
      let next = line.indexOf(",", at);
      if (next === -1 || next > end) next = end;
      const token = line.slice(at, next);
      if (token === "null") text += "\\N";
      else if (isCompactNumber(token)) text += token;
      else return escapedLine(line);
      at = next;
    }
    if (at === end) return text;
    if (line.charCodeAt(at) !== COMMA) return escapedLine(line);
    text += "\t";
    at++;
  }
  return escapedLine(line);
}

/** The index of the quote that ends the JSON string whose text starts at `from`. */
function closingQuote(line: string, from: number): number {
  let quote = line.indexOf('"', from);
  for (;;) {
    let backslashes = 0;
    while (line.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = line.indexOf('"', quote + 1);
  }
}

/** A JSON number with no space around it (a checked line's token that is not null is a number). */
function isCompactNumber(token: string): boolean {
  const first = token.charCodeAt(0);
  const last = token.charCodeAt(token.length - 1);
  return (first === MINUS || (first >= DIGIT_0 && first <= DIGIT_9)) && last >= DIGIT_0 && last <= DIGIT_9;
}

function escapedLine(line: string): string {
  return (JSON.parse(line) as ArchiveValue[]).map(loadDataValue).join("\t");
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\\0" };

/** One value as a field of LOAD DATA (and COPY) text: NULL as `\N`, the format's special characters escaped. */
export function loadDataValue(value: ArchiveValue): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  return value.replace(/[\\\t\n\r\0]/g, (character) => ESCAPES[character] as string);
}
