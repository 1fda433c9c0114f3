import type { Command } from "commander";
import { TokenService } from "../../../../services/kit/auth/token-service.js";
import { readDomainConfig } from "../../../../services/kit/config/domain-config.js";
import { loadGeneratedSecrets } from "../../all-in-one/secrets.js";
import { cliSettings, printResult } from "../cli-settings.js";

const DOMAINS = ["kb", "annotation", "registry", "config", "upload"];

/**
 * `m3 token`: a bearer token for scripts, the one `POST <base>/v1/auth` gives for the API key,
 * signed here with the domain's signing secret (from the environment, else the secrets
 * `m3 start` generated: ./data/secrets.json, or the shared MySQL database).
 */
export function registerToken(program: Command): void {
  program
    .command("token")
    .description("mint a bearer token for scripts, as the API key exchange would")
    .option("--domain <name>", `whose token (${DOMAINS.join(", ")})`, "registry")
    .option("--database-url <url>", "where m3 start keeps its generated secrets, when shared")
    .option("--json", 'print {"token_type","access_token"}')
    .action(async (options: { domain: string; databaseUrl?: string; json?: boolean }) => {
      if (!DOMAINS.includes(options.domain)) throw new Error(`--domain must be one of ${DOMAINS.join(", ")}`);
      const { env, dataDir } = cliSettings(options);
      const { secrets } = await loadGeneratedSecrets(env.M3_DATABASE_URL, dataDir);
      const config = readDomainConfig(
        {
          ...env,
          M3_API_KEY: env.M3_API_KEY || secrets.apiKey,
          M3_SIGNING_SECRET: env.M3_SIGNING_SECRET || secrets.signingSecret,
        },
        options.domain,
        { grpcPort: 0 },
      );
      const tokens = new TokenService({ signingSecret: config.signingSecret, issuer: config.jwtIssuer });
      const accessToken = await tokens.issue();
      printResult(options.json === true, { token_type: "Bearer", access_token: accessToken }, accessToken);
    });
}
