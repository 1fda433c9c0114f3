/**
 * The addresses a gRPC target names, in the forms grpc-js takes (its naming doc): `dns:///name:port`
 * (or `dns:name:port`, or a bare `name:port`: every address the name resolves to, resolved again
 * when asked), `ipv4:host:port,host:port`, `ipv6:[addr]:port,...` and `unix:path` (fixed lists).
 * The port defaults to 443, gRPC's.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

/** One address to connect to: a TCP host and port, or a unix socket's path. */
export type TargetAddress = { host: string; port: number } | { path: string };

export interface GrpcTarget {
  /** The `:authority` the calls carry: the name as the target wrote it. */
  readonly authority: string;
  /** Whether the addresses come from a name that may resolve differently later. */
  readonly resolved: boolean;
  addresses(): Promise<TargetAddress[]>;
}

const DEFAULT_PORT = 443;

export function parseGrpcTarget(target: string): GrpcTarget {
  if (target.startsWith("unix:")) {
    const path = target.startsWith("unix://") ? target.slice("unix://".length) : target.slice("unix:".length);
    return fixed("localhost", [{ path }]);
  }
  for (const scheme of ["ipv4:", "ipv6:"]) {
    if (target.startsWith(scheme)) {
      const addresses = target.slice(scheme.length).split(",").map(hostAndPort);
      return fixed(target.slice(scheme.length).split(",")[0] ?? "localhost", addresses);
    }
  }
  const name = target.startsWith("dns:///")
    ? target.slice("dns:///".length)
    : target.startsWith("dns:")
      ? target.slice("dns:".length)
      : target;
  const { host, port } = hostAndPort(name);
  if (isIP(host) !== 0) return fixed(name, [{ host, port }]);
  return {
    authority: name,
    resolved: true,
    async addresses() {
      const found = await lookup(host, { all: true });
      return found.map((entry) => ({ host: entry.address, port }));
    },
  };
}

/** A label for an address in messages and as a key. */
export function addressKey(address: TargetAddress): string {
  if ("path" in address) return `unix:${address.path}`;
  return isIP(address.host) === 6 ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

function fixed(authority: string, addresses: TargetAddress[]): GrpcTarget {
  return { authority, resolved: false, addresses: async () => addresses };
}

/** `host:port`, `[v6]:port`, or a host alone (port 443). */
function hostAndPort(text: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1] ?? "", port: Number(bracketed[2] ?? DEFAULT_PORT) };
  const colon = text.lastIndexOf(":");
  if (colon < 0 || isIP(text) === 6) return { host: text, port: DEFAULT_PORT };
  return { host: text.slice(0, colon), port: Number(text.slice(colon + 1)) };
}
