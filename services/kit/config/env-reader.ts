/**
 * Typed readers over an environment object. An empty value counts as unset. Each failure
 * names the variable and the form it expects, so a bad deployment fails at start, clearly.
 */
export type Env = Record<string, string | undefined>;

export interface IntRange {
  min?: number;
  max?: number;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

export function readString(env: Env, name: string, fallback?: string): string {
  const value = rawValue(env, name);
  if (value !== undefined) return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`${name} is required: expected a non-empty string`);
}

export function readInt(env: Env, name: string, fallback: number, range: IntRange = {}): number {
  const min = range.min ?? Number.MIN_SAFE_INTEGER;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const value = rawValue(env, name);
  if (value === undefined) return fallback;
  const number = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return number;
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = rawValue(env, name);
  if (value === undefined) return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new Error(`${name} must be true or false (also 1/0, yes/no, on/off), got "${value}"`);
}

/** The value of the first of names that is set (per-domain overrides before shared settings). */
export function readFirst(env: Env, names: readonly string[], fallback: string): string;
export function readFirst(env: Env, names: readonly string[], fallback?: undefined): string | undefined;
export function readFirst(env: Env, names: readonly string[], fallback?: string): string | undefined {
  for (const name of names) {
    const value = rawValue(env, name);
    if (value !== undefined) return value;
  }
  return fallback;
}

function rawValue(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}
