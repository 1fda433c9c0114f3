import { apiKeyMatchesAny, parseAuthorization } from "../../kit/auth/authorization-header.js";
import type { TokenService } from "../../kit/auth/token-service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { LoginFileCodec } from "../login-file/login-file.codec.js";
import { type BasicCredentials, basicAuthorization, parseBasic } from "./basic-credentials.js";
import type { KbUser, UserDirectory } from "./kb-user-directory.js";

export interface ConfigAuthOptions {
  /** The master keys accepted in X-Api-Key (several during a rotation). */
  apiKeys: readonly string[];
  /** Issues and verifies the config service's own tokens. */
  tokens: TokenService;
  /** Undefined when no kb is configured: user logins then answer "unavailable". */
  users: UserDirectory | undefined;
  loginFiles: LoginFileCodec;
  /** The config service's public URL, the first line of every login file. */
  publicUrl: string;
}

const MASTER: KbUser = { username: "master", email: "", affiliation: "" };

/** Tokens of the config service (legacy raziel): master key or kb user in, JWT out. */
export class ConfigAuthService {
  constructor(private readonly options: ConfigAuthOptions) {}

  /** The master key wins when given (a wrong one is refused even with good Basic credentials). */
  async createToken(input: {
    apiKey: string | undefined;
    authorization: string | undefined;
    clientAddress: string;
  }): Promise<string> {
    if (input.apiKey !== undefined) {
      if (!apiKeyMatchesAny(this.options.apiKeys, input.apiKey))
        throw DomainError.unauthenticated("Invalid credentials");
      return this.issue(MASTER);
    }
    return this.issue(await this.checkUser(requireBasic(input.authorization), input.clientAddress));
  }

  /** The non-empty string claims of a valid config token. */
  async verifyToken(authorization: string | undefined): Promise<Record<string, string>> {
    const credentials = parseAuthorization(authorization);
    if (credentials?.kind !== "bearer")
      throw DomainError.unauthenticated("Invalid credentials: Missing token");
    const claims = await this.options.tokens.verifyClaims(credentials.token).catch(() => {
      throw DomainError.unauthenticated("Invalid credentials: Invalid token");
    });
    return Object.fromEntries(
      Object.entries(claims).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
      ),
    );
  }

  /** Whether an `authorization` value carries a valid config token (never throws). */
  async isAuthorized(authorization: string | undefined): Promise<boolean> {
    const credentials = parseAuthorization(authorization);
    if (credentials?.kind !== "bearer") return false;
    return this.options.tokens.verifyClaims(credentials.token).then(
      () => true,
      () => false,
    );
  }

  /** A login file for credentials the kb accepts. */
  async encodeLoginFile(authorization: string | undefined, clientAddress: string): Promise<string> {
    const credentials = requireBasic(authorization);
    await this.checkUser(credentials, clientAddress);
    return this.options.loginFiles.encode({ url: this.options.publicUrl, ...credentials });
  }

  /** A token for the user whose credentials a login file holds. */
  async loginWithFile(content: string, clientAddress: string): Promise<string> {
    const { username, password } = this.options.loginFiles.decode(content);
    return this.issue(await this.checkUser({ username, password }, clientAddress));
  }

  private checkUser(credentials: BasicCredentials, clientAddress: string): Promise<KbUser> {
    if (!this.options.users) {
      throw new DomainError("UNAVAILABLE", "USER_SERVICE_UNAVAILABLE", "No user service (kb) is configured");
    }
    return this.options.users.login(basicAuthorization(credentials), clientAddress);
  }

  private issue(user: KbUser): Promise<string> {
    return this.options.tokens.issue({
      username: user.username,
      email: user.email,
      affiliation: user.affiliation,
    });
  }
}

function requireBasic(authorization: string | undefined): BasicCredentials {
  const credentials = parseBasic(authorization);
  if (!credentials) throw DomainError.unauthenticated("Missing or invalid basic credentials");
  return credentials;
}
