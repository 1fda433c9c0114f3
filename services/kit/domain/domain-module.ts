import type { Logger } from "pino";
import type { TokenService } from "../auth/token-service.js";
import type { DomainConfig } from "../config/domain-config.js";
import type { ServiceBinding } from "../grpc/bind-service.js";
import type { DependencyProbe } from "../grpc/dependency-check.js";

export type Env = Record<string, string | undefined>;

/** What a domain opens for its gRPC server: its service bindings and what to close on stop. */
export interface OpenedDomain {
  bindings: readonly ServiceBinding[];
  /** What the domain depends on, by name ("database"), for its health checks. */
  dependencies?: Readonly<Record<string, DependencyProbe>>;
  close(): Promise<void>;
}

export interface DomainOpenContext {
  env: Env;
  config: DomainConfig;
  tokens: TokenService;
  logger: Logger;
  /** Folder for embedded storage (SQLite files) when no database URL is configured. */
  dataDir: string;
}

/**
 * One domain as the launchers see it: the standalone process (services/<domain>/main.ts)
 * and the all-in-one process start every domain through this same description.
 */
export interface DomainModule {
  /** Lowercase domain name; also the M3_<DOMAIN>_* prefix of its settings. */
  name: string;
  defaultGrpcPort: number;
  /** .proto files (relative to proto/) served by reflection. */
  protoFiles: readonly string[];
  /** What the legacy health record names the service. */
  health: { application: string; description: string };
  /**
   * Settings that name the domain's API key ahead of the kit's M3_<DOMAIN>_API_KEY and
   * M3_API_KEY, first set wins (capture's legacy CAPTURE_API_KEY). The config service lists
   * the key the domain really accepts.
   */
  ownApiKeySettings?: readonly string[];
  open(context: DomainOpenContext): Promise<OpenedDomain>;
}
