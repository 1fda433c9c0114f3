/**
 * The fast path of reading a database timestamp: the exact `YYYY-MM-DD HH:MM:SS[.f{1,6}]` text
 * both databases print, read digit by digit with calendar arithmetic (H. Hinnant's
 * days_from_civil). A read of one video converts tens of thousands of them; a regex, six
 * Number() calls and a Date each showed in profiles. Anything else returns undefined and
 * the caller falls back to the general parser.
 */
const ZERO = 48;

export interface SqlDateTimeParts {
  epochSeconds: number;
  micros: number;
}

export function parseSqlDateTime(text: string): SqlDateTimeParts | undefined {
  const length = text.length;
  if (length < 19 || length === 20 || length > 26) return undefined;
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") {
    return undefined;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  let micros = 0;
  if (length > 19) {
    if (text[19] !== ".") return undefined;
    const fraction = digits(text, 20, length - 20);
    if (fraction < 0) return undefined;
    micros = fraction * 10 ** (26 - length);
  }
  const epochSeconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
  return { epochSeconds, micros };
}

/** The number the `count` digits at `start` spell, or -1 when one is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function daysFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
