import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password digests. New passwords are stored as `scrypt$<N>$<r>$<p>$<salt>$<key>` (Base64
 * parts). Accounts imported from the legacy kb carry a jasypt BasicPasswordEncryptor digest,
 * Base64(salt(8) || MD5^1000(salt || UTF-8(NFC(password)))); they still verify, and the
 * login upgrades them to scrypt.
 */
const SCRYPT_PREFIX = "scrypt";
const SCRYPT_COST = { N: 16_384, r: 8, p: 1 } as const;
const SCRYPT_KEY_BYTES = 32;
const SCRYPT_SALT_BYTES = 16;
const JASYPT_SALT_BYTES = 8;
const JASYPT_DIGEST_BYTES = 16;
const JASYPT_ITERATIONS = 1000;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const key = await scryptKey(password, salt, SCRYPT_COST);
  const { N, r, p } = SCRYPT_COST;
  return [SCRYPT_PREFIX, N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when `password` matches the stored digest (either format); false for unknown formats. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(`${SCRYPT_PREFIX}$`)) return verifyScrypt(password, stored);
  return verifyJasypt(password, stored);
}

/** True when the digest is not in the current format, so a successful login should re-hash it. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`${SCRYPT_PREFIX}$`);
}

/** The legacy jasypt digest of a password with the given salt (used to verify, and by tests). */
export function jasyptDigest(password: string, salt: Buffer): string {
  let digest = createHash("md5").update(salt).update(normalised(password)).digest();
  for (let round = 1; round < JASYPT_ITERATIONS; round++) digest = createHash("md5").update(digest).digest();
  return Buffer.concat([salt, digest]).toString("base64");
}

function verifyJasypt(password: string, stored: string): boolean {
  const bytes = Buffer.from(stored, "base64");
  if (bytes.length !== JASYPT_SALT_BYTES + JASYPT_DIGEST_BYTES) return false;
  const expected = Buffer.from(jasyptDigest(password, bytes.subarray(0, JASYPT_SALT_BYTES)), "base64");
  return timingSafeEqual(expected, bytes);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText, keyText] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!saltText || !keyText || !Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) {
    return false;
  }
  const expected = Buffer.from(keyText, "base64");
  const actual = await scryptKey(password, Buffer.from(saltText, "base64"), cost, expected.length);
  return expected.length > 0 && timingSafeEqual(expected, actual);
}

function scryptKey(
  password: string,
  salt: Buffer,
  cost: ScryptOptions,
  keyBytes = SCRYPT_KEY_BYTES,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(normalised(password), salt, keyBytes, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function normalised(password: string): Buffer {
  return Buffer.from(password.normalize("NFC"), "utf8");
}
