import type { Logger } from "pino";
import { refuseUnsupportedEngines } from "../migrate/domain-engines.js";
import type { AllInOneConfig } from "./config.js";
import { allInOneDomains } from "./domains.js";
import { loadGeneratedSecrets } from "./secrets.js";

type Env = Record<string, string | undefined>;

export interface PreparedStart {
  /** The environment with the generated secrets filled in where it sets none. */
  env: Env;
  /** The generated API key (the banner shows it unless the environment sets one). */
  generatedApiKey: string;
  secretsCreated: boolean;
  /** Where the generated secrets are kept, for the banner. */
  secretsWhere: string;
}

/**
 * What a start does before anything serves, once per `npm start` (in the primary of several
 * workers): the generated secrets read or created, then the real kb imported when asked.
 * Exits the process on failure, with the reason logged.
 */
export async function prepareStart(config: AllInOneConfig, logger: Logger): Promise<PreparedStart> {
  // Before anything is kept or imported: a domain given a database it does not run on fails the start whole.
  try {
    refuseUnsupportedEngines(
      allInOneDomains.map((domain) => domain.module.name),
      config.env,
      config.dataDir,
    );
  } catch (error) {
    logger.fatal({ err: error }, "a domain cannot use the database it was given");
    process.exit(1);
  }
  const { secrets, created, where } = await loadGeneratedSecrets(
    config.env.M3_DATABASE_URL,
    config.dataDir,
  ).catch((error: unknown) => {
    logger.fatal({ err: error }, "could not read or keep the generated secrets");
    process.exit(1);
  });
  // Settings from the environment win over the generated ones; empty values count as unset.
  const env = { ...config.env };
  env.M3_API_KEY ||= secrets.apiKey;
  env.M3_SIGNING_SECRET ||= secrets.signingSecret;
  env.M3_ADMIN_USER ||= "admin";
  env.M3_ADMIN_PASSWORD ||= secrets.adminPassword;

  // --demo implies it: the demo annotates concepts of the real kb.
  if (config.importKb) {
    const { importKbOnStart } = await import("./kb-import-on-start.js");
    await importKbOnStart(env, config.dataDir, logger).catch((error: unknown) => {
      logger.fatal({ err: error }, "the kb import failed");
      process.exit(1);
    });
  }
  return { env, generatedApiKey: secrets.apiKey, secretsCreated: created, secretsWhere: where };
}
