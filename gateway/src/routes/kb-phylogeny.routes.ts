import type { RouteSpec } from "../engine/route-spec.js";

const PHYLOGENY = "m3.kb.v1.PhylogenyService";

/** The phylogeny service's .proto file, relative to proto/. */
export const KB_PHYLOGENY_PROTO_FILES = ["m3/kb/v1/phylogeny_service.proto"] as const;

/** The legacy phylogeny printer drops nulls and empty lists, so these routes do too. */
export const kbPhylogenyRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/phylogeny/up/{name}",
    rpc: `${PHYLOGENY}/GetPhylogenyUp`,
    nulls: "omit-empty",
    summary: "The branch from the root down to the concept",
  },
  {
    method: "GET",
    path: "/v1/phylogeny/down/{name}",
    rpc: `${PHYLOGENY}/GetPhylogenyDown`,
    nulls: "omit-empty",
    summary: "The concept with its whole subtree",
  },
  {
    method: "GET",
    path: "/v1/phylogeny/basic/{name}",
    rpc: `${PHYLOGENY}/ListPhylogenyBasic`,
    responseBody: "concepts",
    nulls: "omit-empty",
    summary: "The path from the root to the concept, root first, without children",
  },
  {
    method: "GET",
    path: "/v1/phylogeny/taxa/{name}",
    rpc: `${PHYLOGENY}/ListPhylogenyTaxa`,
    responseBody: "concepts",
    nulls: "omit-empty",
    summary: "The concept and every descendant, sorted by name, without children",
  },
  {
    method: "GET",
    path: "/v1/phylogeny/siblings/{name}",
    rpc: `${PHYLOGENY}/ListPhylogenySiblings`,
    responseBody: "concepts",
    nulls: "omit-empty",
    summary: "The children of the concept's parent, the concept included ([] for the root)",
  },
];
