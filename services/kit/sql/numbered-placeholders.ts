/**
 * The domains write their SQL with `?` markers (mysql2's and better-sqlite3's form); PostgreSQL
 * numbers its markers `$1 … $n`. This rewrites the first form into the second, once per distinct
 * text (kept): every `?` that is neither quoted nor commented out becomes the next `$n`.
 *
 * Left as they are: string literals ('…' with '' inside, E'…' with backslash escapes, $tag$…$tag$),
 * quoted identifiers ("…"), `--` and nested `/* … *\/` comments. Refused with an error: `??`
 * (mysql2's identifier marker; PostgreSQL has none) and a text that already holds `$n` markers
 * beside `?` ones, which could only be a mistake. A `?` outside quotes is always a marker, so
 * PostgreSQL's jsonb operators `?`, `?|` and `?&` cannot be written through here (m3 uses none).
 */

/** Rewritten texts, by original text: the domains' statements are constants, so they stay few. */
const rewritten = new Map<string, string>();
/** Past this many distinct texts the cache starts over (statements built with varying text). */
const MAX_KEPT = 2048;

/** The text with its `?` markers numbered `$1 … $n` (the same text when it has none). */
export function numberedPlaceholders(sql: string): string {
  const kept = rewritten.get(sql);
  if (kept !== undefined) return kept;
  const numbered = rewrite(sql, (count) => `$${count}`);
  if (rewritten.size >= MAX_KEPT) rewritten.clear();
  rewritten.set(sql, numbered);
  return numbered;
}

/**
 * The text with its `?` markers replaced by the literals given, in order: for statements that
 * take no parameters (COPY). Each literal must already be quoted (pg's escapeLiteral) or NULL.
 */
export function literalMarkers(sql: string, literals: readonly string[]): string {
  let used = 0;
  const text = rewrite(sql, (count) => {
    used = count;
    const literal = literals[count - 1];
    if (literal === undefined)
      throw new Error(`a statement has more markers than its ${literals.length} values`);
    return literal;
  });
  if (used !== literals.length)
    throw new Error(`a statement has ${used} markers for ${literals.length} values`);
  return text;
}

function rewrite(sql: string, marker: (count: number) => string): string {
  if (!sql.includes("?")) return sql;
  let out = "";
  let count = 0;
  let numberedSeen = false;
  let i = 0;
  while (i < sql.length) {
    const end = skipQuotedOrComment(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    const character = sql[i] as string;
    if (character === "?") {
      if (sql[i + 1] === "?") throw new Error(`\`??\` (an identifier marker) has no PostgreSQL form: ${sql}`);
      count += 1;
      out += marker(count);
    } else {
      if (character === "$" && /\d/.test(sql[i + 1] ?? "")) numberedSeen = true;
      out += character;
    }
    i += 1;
  }
  if (count > 0 && numberedSeen) throw new Error(`a statement mixes \`?\` and \`$n\` markers: ${sql}`);
  return out;
}

/**
 * Where the quoted string, quoted identifier or comment starting at `start` ends (just past it),
 * or `start` itself when none starts there. An unterminated one runs to the end of the text.
 */
function skipQuotedOrComment(sql: string, start: number): number {
  const character = sql[start];
  const next = sql[start + 1];
  if (character === "'") {
    const escaped = start > 0 && /[eE]/.test(sql[start - 1] ?? "") && !/\w/.test(sql[start - 2] ?? "");
    return closingQuote(sql, start, "'", escaped);
  }
  if (character === '"') return closingQuote(sql, start, '"', false);
  if (character === "-" && next === "-") {
    const newline = sql.indexOf("\n", start);
    return newline === -1 ? sql.length : newline + 1;
  }
  if (character === "/" && next === "*") return closingBlockComment(sql, start);
  if (character === "$") {
    // $tag$ … $tag$ (tag empty or an identifier not starting with a digit; `$1` is a marker).
    const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(start))?.[0];
    if (tag !== undefined) {
      const close = sql.indexOf(tag, start + tag.length);
      return close === -1 ? sql.length : close + tag.length;
    }
  }
  return start;
}

/** Past the quote closing the one at `start`; a doubled quote (or, escaped, a backslash) continues. */
function closingQuote(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const character = sql[i];
    if (backslashEscapes && character === "\\") {
      i += 2;
      continue;
    }
    if (character === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return sql.length;
}

/** Past the `*\/` closing the comment at `start`: PostgreSQL's block comments nest. */
function closingBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === "/" && sql[i + 1] === "*") {
      depth += 1;
      i += 2;
    } else if (sql[i] === "*" && sql[i + 1] === "/") {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
}
