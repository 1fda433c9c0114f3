/** kb routes (camelCase): sources are the spec (section 4) and the oni reference (section 1). */
import { concept, fresh, kbMedia, link, preference, reference, user } from "./required-fields.fixtures.js";
import type { RequiredFieldsRow } from "./required-fields.types.js";

const enc = encodeURIComponent;

function linkRows(family: "linktemplates" | "linkrealizations"): RequiredFieldsRow[] {
  return [
    {
      method: "PUT",
      route: `/kb/v1/${family}/toconcept/rename`,
      required: ["old", "new"],
      source: "reference",
      setup: (ctx) => link(ctx, family),
      request: () => ({
        path: `/kb/v1/${family}/toconcept/rename`,
        body: { old: fresh("gone"), new: "self" },
      }),
    },
    {
      method: "POST",
      route: `/kb/v1/${family}/prototype`,
      required: ["linkName", "toConcept", "linkValue"],
      source: "reference",
      setup: (ctx) => link(ctx, family),
      request: (fx) => ({
        path: `/kb/v1/${family}/prototype`,
        body: { linkName: fx.linkName, toConcept: "self", linkValue: "nil" },
      }),
    },
    {
      method: "POST",
      route: `/kb/v1/${family}`,
      required: ["concept", "linkName"],
      source: "reference",
      setup: concept,
      request: (fx) => ({
        path: `/kb/v1/${family}`,
        body: { concept: fx.concept, linkName: fresh("link"), toConcept: "self", linkValue: "nil" },
      }),
    },
    {
      method: "PUT",
      route: `/kb/v1/${family}/{id}`,
      required: [],
      source: "reference",
      setup: (ctx) => link(ctx, family),
      request: (fx) => ({ path: `/kb/v1/${family}/${fx.link}`, body: { linkValue: "changed" } }),
    },
  ];
}

export const kbRows: RequiredFieldsRow[] = [
  {
    method: "POST",
    route: "/kb/v1/concept",
    required: ["name"],
    source: "reference",
    request: (_fx, ctx) => ({
      path: "/kb/v1/concept",
      body: { name: fresh("Concept"), parentName: ctx.kbRoot },
    }),
  },
  {
    method: "PUT",
    route: "/kb/v1/concept/{name}",
    required: [],
    source: "reference",
    setup: concept,
    request: (fx) => ({ path: `/kb/v1/concept/${enc(fx.concept)}`, body: { rankName: "genus" } }),
  },
  {
    method: "POST",
    route: "/kb/v1/names",
    required: ["name", "newName", "nameType"],
    source: "reference",
    setup: concept,
    request: (fx) => ({
      path: "/kb/v1/names",
      body: { name: fx.concept, newName: fresh("Synonym"), nameType: "synonym", author: "Me" },
    }),
  },
  {
    method: "PUT",
    route: "/kb/v1/names/{name}",
    required: [],
    source: "reference",
    setup: concept,
    request: (fx) => ({ path: `/kb/v1/names/${enc(fx.concept)}`, body: { author: "Someone" } }),
  },
  {
    method: "POST",
    route: "/kb/v1/media",
    required: ["conceptName", "url"],
    source: "reference",
    setup: concept,
    request: (fx) => ({
      path: "/kb/v1/media",
      body: { conceptName: fx.concept, url: `http://example.org/${fresh("kb")}.png`, caption: "a" },
    }),
    watch: (fx) => [`/kb/v1/media/search/concept/${enc(fx.concept)}`],
  },
  {
    method: "PUT",
    route: "/kb/v1/media/{id}",
    required: [],
    source: "reference",
    setup: kbMedia,
    request: (fx) => ({ path: `/kb/v1/media/${fx.media}`, body: { caption: "changed" } }),
    watch: (fx) => [`/kb/v1/media/${fx.media}`],
  },
  {
    method: "POST",
    route: "/kb/v1/references/query/citation",
    required: ["citation"],
    source: "reference",
    setup: reference,
    request: (fx) => ({ path: "/kb/v1/references/query/citation", body: { citation: fx.citation } }),
  },
  {
    method: "POST",
    route: "/kb/v1/references/query/doi",
    required: ["doi"],
    source: "reference",
    setup: reference,
    request: (fx) => ({ path: "/kb/v1/references/query/doi", body: { doi: fx.doi } }),
  },
  {
    method: "POST",
    route: "/kb/v1/references",
    required: ["citation"],
    source: "reference",
    request: () => ({
      path: "/kb/v1/references",
      body: { citation: fresh("Citation"), doi: `https://doi.org/10.1000/${fresh("doi")}` },
    }),
  },
  {
    method: "PUT",
    route: "/kb/v1/references/{id}",
    required: [],
    source: "reference",
    setup: reference,
    request: (fx) => ({ path: `/kb/v1/references/${fx.reference}`, body: { citation: fresh("Changed") } }),
  },
  ...linkRows("linktemplates"),
  ...linkRows("linkrealizations"),
  {
    method: "POST",
    route: "/kb/v1/users",
    required: ["username", "password"],
    source: "reference",
    request: () => {
      const username = fresh("user").replace("-", "");
      return { path: "/kb/v1/users", body: { username, password: `pw-${username}`, role: "ReadOnly" } };
    },
  },
  {
    method: "PUT",
    route: "/kb/v1/users/{name}",
    required: [],
    source: "reference",
    setup: user,
    request: (fx) => ({ path: `/kb/v1/users/${fx.username}`, body: { affiliation: "MBARI" } }),
  },
  {
    method: "POST",
    route: "/kb/v1/prefs",
    required: ["name", "key", "value"],
    source: "reference",
    request: () => ({ path: "/kb/v1/prefs", body: { name: fresh("node"), key: "colour", value: "red" } }),
  },
  {
    method: "PUT",
    route: "/kb/v1/prefs",
    required: ["name", "key", "value"],
    source: "spec",
    setup: preference,
    request: (fx) => ({ path: "/kb/v1/prefs", body: { name: fx.prefName, key: fx.prefKey, value: "green" } }),
  },
  {
    method: "DELETE",
    route: "/kb/v1/prefs",
    required: ["name", "key"],
    source: "spec",
    setup: preference,
    request: (fx) => ({ path: "/kb/v1/prefs", query: { name: fx.prefName, key: fx.prefKey } }),
  },
];
