/** Values printed as the legacy (Java) service printed them, from the databases' text forms. */

/**
 * A double as Java's Double.toString prints it: always a fraction (`25.0`), and scientific
 * notation (`1.0E-4`, `1.0E7`) outside [10^-3, 10^7).
 */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes(".") ? text : `${text}.0`;
  }
  const [mantissa = "", exponent = ""] = value.toExponential().split("e");
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${exponent.replace("+", "")}`;
}

/** Plain decimal text in [10^-3, 10^7) (or zero), which Java prints as is (with a fraction). */
const PLAIN_DOUBLE = /^-?(?:[1-9][0-9]{0,6}|0)(?:\.[0-9]+)?$/;
const BELOW_A_THOUSANDTH = /^-?0\.000/;

/**
 * A double the database printed as text (MySQL's shortest digits, those JavaScript prints)
 * in Java's form: plain text in Java's plain range only gains its `.0`; anything else (powers
 * of ten, tiny or huge values) goes through javaDouble. Printing doubles was a fifth of a
 * download's time; the text costs the database nothing, as its protocol is text anyway.
 */
export function javaDoubleOfText(text: string): string {
  if (!PLAIN_DOUBLE.test(text) || BELOW_A_THOUSANDTH.test(text)) return javaDouble(Number(text));
  return text.includes(".") ? text : `${text}.0`;
}

/**
 * The database form `YYYY-MM-DD HH:MM:SS[.ffffff]` as Java's Instant prints it: `T`, `Z`,
 * the fraction only when non-zero, in groups of three digits. String work only: this runs
 * once per timestamp of every row.
 */
export function instantText(sql: string): string {
  const fraction = sql.length > 20 ? sql.slice(20, 26).padEnd(6, "0") : "000000";
  const base = `${sql.slice(0, 10)}T${sql.slice(11, 19)}`;
  if (fraction === "000000") return `${base}Z`;
  return fraction.endsWith("000") ? `${base}.${fraction.slice(0, 3)}Z` : `${base}.${fraction}Z`;
}
