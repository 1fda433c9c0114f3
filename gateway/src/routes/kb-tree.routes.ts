import type { RouteSpec } from "../engine/route-spec.js";

const CONCEPTS = "m3.kb.v1.ConceptService";
const NAMES = "m3.kb.v1.ConceptNameService";
const RAW = "m3.kb.v1.RawService";

/** The .proto files of the concept tree's routes, relative to proto/. */
export const KB_TREE_PROTO_FILES = [
  "m3/kb/v1/concept_service.proto",
  "m3/kb/v1/concept_name_service.proto",
  "m3/kb/v1/raw_service.proto",
] as const;

const conceptRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/concept",
    rpc: `${CONCEPTS}/ListAllConceptNames`,
    responseBody: "names",
    summary: "Every concept name (primary and alternate), sorted, at most 10000",
  },
  {
    method: "GET",
    path: "/v1/concept/count",
    rpc: `${CONCEPTS}/CountConcepts`,
    summary: "The number of concepts, each counted once whatever its names (m3's own, not in the legacy API)",
  },
  {
    method: "GET",
    path: "/v1/concept/query/root",
    rpc: `${CONCEPTS}/GetRootConcept`,
    summary: "The root concept",
  },
  {
    method: "GET",
    path: "/v1/concept/ranks",
    rpc: `${CONCEPTS}/ListRanks`,
    responseBody: "ranks",
    summary: "The valid taxonomic ranks (48, the empty rank first)",
  },
  {
    method: "GET",
    path: "/v1/concept/find/{name}",
    rpc: `${CONCEPTS}/FindConcepts`,
    responseBody: "concepts",
    summary: "Concepts having a name that contains the text (ignoring case), sorted by primary name",
  },
  {
    method: "GET",
    path: "/v1/concept/parent/{name}",
    rpc: `${CONCEPTS}/GetParentConcept`,
    summary: "The parent of the concept owning a name",
  },
  {
    method: "GET",
    path: "/v1/concept/children/{name}",
    rpc: `${CONCEPTS}/ListChildConcepts`,
    responseBody: "concepts",
    summary: "The direct children of the concept owning a name, sorted by primary name",
  },
  {
    method: "GET",
    path: "/v1/concept/{name}",
    rpc: `${CONCEPTS}/GetConcept`,
    summary: "The concept owning a name (exact match on any name; send / as %2F)",
  },
  {
    method: "POST",
    path: "/v1/concept",
    rpc: `${CONCEPTS}/CreateConcept`,
    body: "*",
    summary: "Create a concept under parentName, or the root when there is none (a writer)",
  },
  {
    method: "PUT",
    path: "/v1/concept/{name}",
    rpc: `${CONCEPTS}/UpdateConcept`,
    body: "*",
    summary: 'Move a concept, set its rank ("" clears, admin only) or its AphiaID (a writer)',
  },
  {
    method: "DELETE",
    path: "/v1/concept/{name}",
    rpc: `${CONCEPTS}/DeleteConcept`,
    summary: "Delete a concept and its branch (a non-admin's delete waits for approval)",
  },
];

const nameRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/names",
    rpc: `${NAMES}/ListNames`,
    query: ["limit", "offset"],
    // The legacy service ignored limit and returned every name, so clients ask for pages this large.
    maxLimit: 1_000_000,
    summary: "A page of every name, sorted (default limit 10000)",
  },
  {
    method: "GET",
    path: "/v1/names/{name}",
    rpc: `${NAMES}/GetNamedConcept`,
    summary: "The concept owning a name, with all its names",
  },
  {
    method: "POST",
    path: "/v1/names",
    rpc: `${NAMES}/CreateConceptName`,
    body: "*",
    summary: "Add a name to a concept; a new primary name makes the old one former (a writer)",
  },
  {
    method: "PUT",
    path: "/v1/names/{name}",
    rpc: `${NAMES}/UpdateConceptName`,
    body: "*",
    summary: "Rename a name or change its type or author (a writer)",
  },
  {
    method: "DELETE",
    path: "/v1/names/{name}",
    rpc: `${NAMES}/DeleteConceptName`,
    summary: "Remove a non-primary name (a non-admin's delete waits for approval); returns the concept",
  },
];

const rawRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/raw/concept/{name}",
    rpc: `${RAW}/GetRawConcept`,
    summary: "The concept owning a name in its database representation (no children)",
  },
  {
    method: "GET",
    path: "/v1/raw/names/{name}",
    rpc: `${RAW}/ListRawConceptNames`,
    responseBody: "names",
    summary: "Every name of the concept owning a name, sorted by name",
  },
];

/** The concept, concept-name and raw routes of the kb (below its base path /kb). */
export const kbTreeRoutes: RouteSpec[] = [...conceptRoutes, ...nameRoutes, ...rawRoutes];
