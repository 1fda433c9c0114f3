/** `!` escapes LIKE's wildcards the same way on MySQL and SQLite; a backslash literal does not. */
const ESCAPE_CHARACTER = "!";

/** What follows `LIKE ?` when the pattern holds text escaped by likeLiteral. */
export const LIKE_ESCAPE = `ESCAPE '${ESCAPE_CHARACTER}'`;

const ESCAPED = new RegExp(`[${ESCAPE_CHARACTER}%_]`, "g");

/** The text with LIKE's wildcards (and the escape character) escaped, so that it matches literally. */
export function likeLiteral(text: string): string {
  return text.replace(ESCAPED, (character) => `${ESCAPE_CHARACTER}${character}`);
}
