/** Annotation routes (snake_case): sources are the spec and the annosaurus reference (section 2). */
import { randomUUID } from "node:crypto";
import {
  annotation,
  created,
  fresh,
  richAnnotation,
  videoReferenceInfo,
} from "./required-fields.fixtures.js";
import type { CreatedFixture, RequiredFieldsRow, RowContext } from "./required-fields.types.js";

const A = "/anno/v1";
const WINDOW = { start_timestamp: "2021-03-04T00:00:00Z", end_timestamp: "2021-03-05T00:00:00Z" };

/** An annotation whose concept is also an association's to_concept, with ancillary data. */
async function conceptAnnotation(ctx: RowContext): Promise<CreatedFixture> {
  const fx = await richAnnotation(ctx);
  const reply = await created(ctx, "PUT", `${A}/annotations/${fx.observation}`, {
    auth: ctx.apiKeyToken,
    json: { concept: fresh("concept") },
  });
  return { ...fx, concept: String(reply.concept) };
}

/** An annotation with a box as vars-localize writes one. */
async function boxAnnotation(ctx: RowContext): Promise<CreatedFixture> {
  const fx = await annotation(ctx);
  const box = await created(ctx, "POST", `${A}/associations`, {
    auth: ctx.apiKeyToken,
    json: {
      observation_uuid: fx.observation,
      link_name: "bounding box",
      to_concept: "self",
      link_value: JSON.stringify({ x: 1, y: 2, width: 30, height: 40, generator: "vars-localize" }),
      mime_type: "application/json",
    },
  });
  return { ...fx, association: String(box.uuid) };
}

const boxReviewRoutes: RequiredFieldsRow[] = [
  {
    method: "POST",
    route: `${A}/boxes/relabel`,
    required: ["association_uuids", "concept"],
    source: "operation",
    setup: boxAnnotation,
    // The concept must be in the kb, which the platform's annotation service asks.
    request: (fx, ctx) => ({
      path: `${A}/boxes/relabel`,
      body: { association_uuids: [fx.association], concept: ctx.kbRoot },
    }),
  },
  {
    method: "POST",
    route: `${A}/boxes/delete`,
    required: ["association_uuids"],
    source: "operation",
    setup: boxAnnotation,
    request: (fx) => ({ path: `${A}/boxes/delete`, body: { association_uuids: [fx.association] } }),
  },
];

const constraintRoutes = ["/fast", "/fast/count", "/fast/georange"].map(
  (path): RequiredFieldsRow => ({
    method: "POST",
    route: `${A}${path}`,
    required: [],
    source: "reference",
    setup: conceptAnnotation,
    request: (fx) => ({ path: `${A}${path}`, body: { concepts: [fx.concept] } }),
  }),
);

const histogramRoutes = ["/histogram/depth", "/histogram/time"].map(
  (path): RequiredFieldsRow => ({
    method: "POST",
    route: `${A}${path}`,
    required: [],
    source: "reference",
    setup: conceptAnnotation,
    request: (fx) => ({ path: `${A}${path}`, body: { concepts: [fx.concept] }, query: { size: "100" } }),
  }),
);

const queryRoutes = (["run", "download", "count"] as const).map(
  (name): RequiredFieldsRow => ({
    method: "POST",
    route: `${A}/query/${name}`,
    required: name === "count" ? ["where"] : ["select"],
    source: "reference",
    setup: conceptAnnotation,
    request: (fx) => ({
      path: `${A}/query/${name}`,
      body: { select: ["concept", "observation_uuid"], where: [{ column: "concept", equals: fx.concept }] },
    }),
  }),
);

export const annotationRows: RequiredFieldsRow[] = [
  {
    method: "PUT",
    route: `${A}/annotations/bulk`,
    required: [],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/annotations/bulk`,
      body: [{ observation_uuid: fx.observation, concept: "x" }],
    }),
  },
  {
    method: "POST",
    route: `${A}/annotations/bulk`,
    required: ["annotations[0].video_reference_uuid"],
    source: "operation",
    request: () => ({
      path: `${A}/annotations/bulk`,
      body: [{ video_reference_uuid: randomUUID(), concept: fresh("c"), elapsed_time_millis: 5 }],
    }),
  },
  {
    method: "POST",
    route: `${A}/annotations/concurrent/count`,
    required: ["start_timestamp", "end_timestamp", "video_reference_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/annotations/concurrent/count`,
      body: { ...WINDOW, video_reference_uuids: [fx.video] },
    }),
  },
  {
    method: "POST",
    route: `${A}/annotations/multi/count`,
    required: ["video_reference_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/annotations/multi/count`, body: { video_reference_uuids: [fx.video] } }),
  },
  {
    method: "PUT",
    route: `${A}/annotations/{observation_uuid}`,
    required: [],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/annotations/${fx.observation}`, body: { observer: "someone" } }),
  },
  {
    method: "POST",
    route: `${A}/annotations`,
    required: ["video_reference_uuid", "concept"],
    source: "reference",
    request: () => ({
      path: `${A}/annotations`,
      body: { video_reference_uuid: randomUUID(), concept: fresh("c"), timecode: "01:02:03:04" },
    }),
  },
  {
    method: "PUT",
    route: `${A}/videoreferences/{uuid}`,
    required: [],
    source: "reference",
    setup: videoReferenceInfo,
    request: (fx) => ({ path: `${A}/videoreferences/${fx.info}`, body: { mission_contact: "someone" } }),
  },
  {
    method: "POST",
    route: `${A}/videoreferences`,
    required: ["video_reference_uuid", "platform_name", "mission_id"],
    source: "reference",
    request: () => ({
      path: `${A}/videoreferences`,
      body: { video_reference_uuid: randomUUID(), platform_name: "Doc Ricketts", mission_id: fresh("dive") },
    }),
  },
  {
    method: "PUT",
    route: `${A}/index/tapetime`,
    required: ["indices[0].uuid"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/index/tapetime`,
      body: [{ uuid: fx.moment, recorded_timestamp: "2021-03-04T05:06:08Z" }],
    }),
  },
  {
    method: "PUT",
    route: `${A}/observations/bulk`,
    required: ["observation_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/observations/bulk`,
      body: { observation_uuids: [fx.observation], observer: "o" },
    }),
  },
  {
    method: "PUT",
    route: `${A}/observations/concept/rename`,
    required: ["old", "new"],
    source: "reference",
    request: () => ({
      path: `${A}/observations/concept/rename`,
      body: { old: fresh("old"), new: fresh("new") },
    }),
  },
  {
    method: "POST",
    route: `${A}/observations/delete`,
    required: ["uuids"],
    source: "operation",
    setup: annotation,
    request: (fx) => ({ path: `${A}/observations/delete`, body: [fx.observation] }),
  },
  {
    method: "PUT",
    route: `${A}/observations/{uuid}`,
    required: [],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/observations/${fx.observation}`, body: { activity: "swimming" } }),
  },
  {
    method: "POST",
    route: `${A}/associations/delete`,
    required: ["uuids"],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({ path: `${A}/associations/delete`, body: [fx.association] }),
  },
  {
    method: "PUT",
    route: `${A}/associations/bulk`,
    // An item without its uuid is skipped, as the legacy service did.
    required: ["associations[0].link_name", "associations[0].to_concept", "associations[0].link_value"],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({
      path: `${A}/associations/bulk`,
      body: [{ uuid: fx.association, link_name: "eating", to_concept: "prey", link_value: "nil" }],
    }),
  },
  {
    method: "POST",
    route: `${A}/associations/conceptassociations`,
    required: ["video_reference_uuids", "link_name"],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({
      path: `${A}/associations/conceptassociations`,
      body: { video_reference_uuids: [fx.video], link_name: "eating" },
    }),
  },
  {
    method: "PUT",
    route: `${A}/associations/toconcept/rename`,
    required: ["old", "new"],
    source: "reference",
    request: () => ({
      path: `${A}/associations/toconcept/rename`,
      body: { old: fresh("old"), new: fresh("new") },
    }),
  },
  {
    method: "PUT",
    route: `${A}/associations/{uuid}`,
    required: [],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({ path: `${A}/associations/${fx.association}`, body: { link_value: "changed" } }),
  },
  {
    method: "POST",
    route: `${A}/associations`,
    required: ["observation_uuid", "link_name", "to_concept", "link_value"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/associations`,
      body: { observation_uuid: fx.observation, link_name: "near", to_concept: "rock", link_value: "nil" },
    }),
  },
  {
    method: "PUT",
    route: `${A}/imagedmoments/bulk/move`,
    required: ["video_reference_uuid", "imaged_moment_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/imagedmoments/bulk/move`,
      body: { video_reference_uuid: randomUUID(), imaged_moment_uuids: [fx.moment] },
    }),
  },
  {
    method: "PUT",
    route: `${A}/imagedmoments/tapetime`,
    required: ["annotations[0].observation_uuid", "annotations[0].recorded_timestamp"],
    source: "spec",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/imagedmoments/tapetime`,
      body: [
        {
          observation_uuid: fx.observation,
          recorded_timestamp: "2021-03-04T05:06:09Z",
          associations: [],
          image_references: [],
        },
      ],
    }),
  },
  {
    method: "POST",
    route: `${A}/imagedmoments/windowrequest`,
    required: ["video_reference_uuids", "imaged_moment_uuid", "window_millis"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/imagedmoments/windowrequest`,
      body: { video_reference_uuids: [fx.video], imaged_moment_uuid: fx.moment, window_millis: 5000 },
    }),
  },
  {
    method: "PUT",
    route: `${A}/imagedmoments/{uuid}`,
    required: [],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/imagedmoments/${fx.moment}`, body: { timecode: "02:00:00:00" } }),
  },
  {
    method: "PUT",
    route: `${A}/images/{image_reference_uuid}`,
    required: [],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({ path: `${A}/images/${fx.image}`, body: { description: "changed" } }),
  },
  {
    method: "POST",
    route: `${A}/images`,
    required: ["video_reference_uuid", "url"],
    source: "reference",
    request: () => ({
      path: `${A}/images`,
      body: {
        video_reference_uuid: randomUUID(),
        url: `http://example.org/${fresh("img")}.jpg`,
        timecode: "01:00:00:00",
      },
    }),
  },
  {
    method: "PUT",
    route: `${A}/imagereferences/{uuid}`,
    // The legacy decoder wanted url, but an update of the other fields needs none (partial updates).
    required: [],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({
      path: `${A}/imagereferences/${fx.image}`,
      body: { url: `http://example.org/${fresh("moved")}.png`, description: "moved" },
    }),
  },
  {
    method: "POST",
    route: `${A}/ancillarydata/bulk`,
    required: ["data[0].imaged_moment_uuid"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/ancillarydata/bulk`,
      body: [{ imaged_moment_uuid: fx.moment, depth_meters: 12 }],
    }),
  },
  {
    method: "PUT",
    route: `${A}/ancillarydata/merge/{video_reference_uuid}`,
    required: [],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/ancillarydata/merge/${fx.video}`,
      body: [{ recorded_timestamp: "2021-03-04T05:06:07Z", depth_meters: 40 }],
    }),
  },
  {
    method: "PUT",
    route: `${A}/ancillarydata/{uuid}`,
    required: [],
    source: "reference",
    setup: richAnnotation,
    request: (fx) => ({ path: `${A}/ancillarydata/${fx.datum}`, body: { depth_meters: 7 } }),
  },
  {
    method: "POST",
    route: `${A}/ancillarydata`,
    required: ["imaged_moment_uuid"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/ancillarydata`, body: { imaged_moment_uuid: fx.moment, salinity: 34 } }),
  },
  {
    method: "POST",
    route: `${A}/fast/concurrent`,
    required: ["start_timestamp", "end_timestamp", "video_reference_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({
      path: `${A}/fast/concurrent`,
      body: { ...WINDOW, video_reference_uuids: [fx.video] },
    }),
  },
  {
    method: "POST",
    route: `${A}/fast/multi`,
    required: ["video_reference_uuids"],
    source: "reference",
    setup: annotation,
    request: (fx) => ({ path: `${A}/fast/multi`, body: { video_reference_uuids: [fx.video] } }),
  },
  ...constraintRoutes,
  ...histogramRoutes,
  ...queryRoutes,
  ...boxReviewRoutes,
];
