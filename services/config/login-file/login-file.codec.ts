import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { DomainError } from "../../kit/errors/domain-error.js";

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "m3.config.login-file";
const HKDF_INFO = "aes-256-gcm key v1";
const INVALID_FILE = "Invalid login file";

/** What a login file holds once decrypted. */
export interface LoginFileContent {
  url: string;
  username: string;
  password: string;
}

/**
 * The three-line login file: the config URL, then the username and the password, each
 * AES-256-GCM encrypted (base64 of nonce ‖ ciphertext ‖ tag). The URL and the field's role are
 * authenticated data, so a changed URL, swapped lines, a file from another deployment (another
 * key) or any edited byte fails to open.
 */
export class LoginFileCodec {
  private readonly key: Buffer;

  /** keyMaterial: M3_CONFIG_LOGIN_FILE_KEY, or the signing secret; HKDF turns either into the key. */
  constructor(keyMaterial: string) {
    if (keyMaterial === "") throw new Error("the login-file key must not be empty");
    this.key = Buffer.from(hkdfSync("sha256", keyMaterial, HKDF_SALT, HKDF_INFO, 32));
  }

  encode(content: LoginFileContent): string {
    const lines = [
      content.url,
      this.seal(content.username, content.url, "username"),
      this.seal(content.password, content.url, "password"),
    ];
    return `${lines.join("\n")}\n`;
  }

  /** The credentials in a file; UNAUTHENTICATED "Invalid login file" when it does not open. */
  decode(file: string): LoginFileContent {
    const lines = file
      .trim()
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    const [url, username, password] = lines;
    if (lines.length !== 3 || url === undefined || username === undefined || password === undefined) {
      throw DomainError.unauthenticated(INVALID_FILE);
    }
    return {
      url,
      username: this.open(username, url, "username"),
      password: this.open(password, url, "password"),
    };
  }

  private seal(text: string, url: string, role: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    cipher.setAAD(associatedData(url, role));
    const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString("base64");
  }

  private open(line: string, url: string, role: string): string {
    const bytes = Buffer.from(line, "base64");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(line) || bytes.length < NONCE_BYTES + TAG_BYTES) {
      throw DomainError.unauthenticated(INVALID_FILE);
    }
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(associatedData(url, role));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const sealed = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
    } catch {
      throw DomainError.unauthenticated(INVALID_FILE);
    }
  }
}

function associatedData(url: string, role: string): Buffer {
  return Buffer.from(`m3 login file\n${url}\n${role}`, "utf8");
}
