import type { RouteSpec } from "../engine/route-spec.js";

const MEDIA = "m3.kb.v1.MediaService";
const REFERENCES = "m3.kb.v1.ReferenceService";
const LINKS = "m3.kb.v1.LinkService";
const PAGE = ["limit", "offset"] as const;

/** The .proto files behind the kb's media, reference and link routes. */
export const KB_ATTACHMENTS_PROTO_FILES = [
  "m3/kb/v1/media_service.proto",
  "m3/kb/v1/reference_service.proto",
  "m3/kb/v1/link_service.proto",
  "m3/kb/v1/link_template_service.proto",
  "m3/kb/v1/link_realization_service.proto",
] as const;

const mediaRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/media/search/concept/{name}",
    rpc: `${MEDIA}/ListConceptMedia`,
    responseBody: "media",
    summary: "Media of the concept owning a name, sorted by url",
  },
  { method: "GET", path: "/v1/media/{id}", rpc: `${MEDIA}/GetMedia`, summary: "One media record" },
  {
    method: "POST",
    path: "/v1/media",
    rpc: `${MEDIA}/CreateMedia`,
    body: "*",
    summary: "Add a media record to a concept (writers only)",
  },
  {
    method: "PUT",
    path: "/v1/media/{id}",
    rpc: `${MEDIA}/UpdateMedia`,
    body: "*",
    summary: "Change a media record (only the fields present; writers only)",
  },
  {
    method: "DELETE",
    path: "/v1/media/{id}",
    rpc: `${MEDIA}/DeleteMedia`,
    summary: "Delete a media record (a non-admin's delete waits for approval)",
  },
];

const referenceRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/references",
    rpc: `${REFERENCES}/ListReferences`,
    query: PAGE,
    summary: "A page of references ordered by citation (defaults limit 100, offset 0)",
  },
  {
    method: "POST",
    path: "/v1/references/query/citation",
    rpc: `${REFERENCES}/SearchReferencesByCitation`,
    body: "*",
    query: PAGE,
    summary: "A page of references whose citation contains the text (literally, ignoring case)",
  },
  {
    method: "POST",
    path: "/v1/references/query/doi",
    rpc: `${REFERENCES}/FindReferenceByDoi`,
    body: "*",
    summary: "The reference with this DOI",
  },
  {
    method: "PUT",
    path: "/v1/references/add/{id}/to/{concept}",
    rpc: `${REFERENCES}/AddReferenceConcept`,
    summary: "Link a reference to a concept (any of its names)",
  },
  {
    method: "PUT",
    path: "/v1/references/remove/{id}/from/{concept}",
    rpc: `${REFERENCES}/RemoveReferenceConcept`,
    summary: "Unlink a reference from a concept",
  },
  { method: "GET", path: "/v1/references/{id}", rpc: `${REFERENCES}/GetReference`, summary: "One reference" },
  {
    method: "POST",
    path: "/v1/references",
    rpc: `${REFERENCES}/CreateReference`,
    body: "*",
    summary: "Create a reference (a DOI is unique)",
  },
  {
    method: "PUT",
    path: "/v1/references/{id}",
    rpc: `${REFERENCES}/UpdateReference`,
    body: "*",
    summary: "Change a reference's citation or DOI",
  },
  {
    method: "DELETE",
    path: "/v1/references/{id}",
    rpc: `${REFERENCES}/DeleteReference`,
    summary: "Unlink a reference from every concept and delete it",
  },
];

const linkViewRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/links",
    rpc: `${LINKS}/ListLinks`,
    responseBody: "links",
    summary: "Every link template (up to 20,000), case-insensitively by link name",
  },
  {
    method: "GET",
    path: "/v1/links/query/linkrealizations/{link_name}",
    rpc: `${LINKS}/ListRealizationsByLinkName`,
    responseBody: "links",
    summary: "Link realizations with this link name",
  },
  {
    method: "GET",
    path: "/v1/links/{name}/using/{link_name}",
    rpc: `${LINKS}/ListApplicableLinks`,
    responseBody: "links",
    summary: "Templates applicable to a concept (own and inherited) with this link name",
  },
  {
    method: "GET",
    path: "/v1/links/{name}",
    rpc: `${LINKS}/ListApplicableLinks`,
    responseBody: "links",
    summary: "Templates applicable to a concept: its own and every ancestor's",
  },
];

/** The routes templates and realizations share; `Kind` is "Template" or "Realization". */
function linkFamilyRoutes(kind: "Template" | "Realization"): RouteSpec[] {
  const base = `/v1/link${kind.toLowerCase()}s`;
  const service = `m3.kb.v1.Link${kind}Service`;
  const noun = `link ${kind.toLowerCase()}`;
  return [
    {
      method: "PUT",
      path: `${base}/toconcept/rename`,
      rpc: `${service}/RenameLink${kind}sToConcept`,
      body: "*",
      summary: `Replace a to-concept in every ${noun} (writers only; no history)`,
    },
    // The spec counts a concept's own templates only; realizations have no such route.
    ...(kind === "Template"
      ? [
          {
            method: "GET",
            path: `${base}/concept/count/{concept_name}`,
            rpc: `${service}/CountConceptLink${kind}s`,
            responseBody: "count",
            summary: `Number of the concept's own ${noun}s (a bare number)`,
          } satisfies RouteSpec,
        ]
      : []),
    {
      method: "GET",
      path: `${base}/concept/{concept_name}`,
      rpc: `${service}/ListConceptLink${kind}s`,
      responseBody: "links",
      summary: `The concept's own ${noun}s, sorted by "linkName | toConcept | linkValue"`,
    },
    {
      method: "POST",
      path: `${base}/prototype`,
      rpc: `${service}/FindLink${kind}Prototypes`,
      body: "*",
      responseBody: "links",
      summary: `${kind}s with the link's name and value whose to-concept is the given one or its primary name`,
    },
    {
      method: "GET",
      path: `${base}/toconcept/count/{to_concept}`,
      rpc: `${service}/CountLink${kind}sToConcept`,
      responseBody: "count",
      summary: `Number of ${noun}s pointing at a concept (a bare number)`,
    },
    {
      method: "GET",
      path: `${base}/toconcept/{to_concept}`,
      rpc: `${service}/ListLink${kind}sToConcept`,
      responseBody: "links",
      summary: `The ${noun}s pointing at a concept (resolved to its primary name)`,
    },
    {
      method: "GET",
      path: `${base}/count`,
      rpc: `${service}/CountLink${kind}s`,
      summary: `Number of ${noun}s`,
    },
    {
      method: "GET",
      path: base,
      rpc: `${service}/ListLink${kind}s`,
      query: PAGE,
      summary: `A page of ${noun}s (defaults limit 100, offset 0)`,
    },
    {
      method: "POST",
      path: base,
      rpc: `${service}/CreateLink${kind}`,
      body: "*",
      summary: `Add a ${noun} to a concept (writers only)`,
    },
    { method: "GET", path: `${base}/{id}`, rpc: `${service}/GetLink${kind}`, summary: `One ${noun}` },
    {
      method: "PUT",
      path: `${base}/{id}`,
      rpc: `${service}/UpdateLink${kind}`,
      body: "*",
      summary: `Change a ${noun} (writers only)`,
    },
    {
      method: "DELETE",
      path: `${base}/{id}`,
      rpc: `${service}/DeleteLink${kind}`,
      summary: `Delete a ${noun} (a non-admin's delete waits for approval)`,
    },
  ];
}

const templateQueryRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/linktemplates/query/for/{concept_name}/using/{link_name}",
    rpc: "m3.kb.v1.LinkTemplateService/ListApplicableLinkTemplates",
    responseBody: "links",
    summary: "Templates applicable to a concept (own and inherited) with this link name, with their owners",
  },
  {
    method: "GET",
    path: "/v1/linktemplates/query/for/{concept_name}",
    rpc: "m3.kb.v1.LinkTemplateService/ListApplicableLinkTemplates",
    responseBody: "links",
    summary: "Templates applicable to a concept (own and inherited), with their owners",
  },
];

const realizationQueryRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/linkrealizations/query/linkname/{link_name}",
    rpc: "m3.kb.v1.LinkRealizationService/ListLinkRealizationsByLinkName",
    responseBody: "links",
    summary: "Link realizations with this link name",
  },
];

/** The kb's media, reference and link routes (the lead adds them to the kb's ServiceRoutes). */
export const kbAttachmentsRoutes: readonly RouteSpec[] = [
  ...mediaRoutes,
  ...referenceRoutes,
  ...linkViewRoutes,
  ...templateQueryRoutes,
  ...linkFamilyRoutes("Template"),
  ...realizationQueryRoutes,
  ...linkFamilyRoutes("Realization"),
];
