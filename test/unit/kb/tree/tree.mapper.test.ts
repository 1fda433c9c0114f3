import test from "ava";
import type { Attachments } from "../../../../services/kb/contracts/concept-attachments.js";
import type { ConceptEntity } from "../../../../services/kb/tree/entities/concept.entity.js";
import type { ConceptNameEntity } from "../../../../services/kb/tree/entities/concept-name.entity.js";
import { toConceptMetadata, toRawConcept } from "../../../../services/kb/tree/handlers/tree.mapper.js";
import type { ConceptView } from "../../../../services/kb/tree/services/concept-view.js";
import { Instant } from "../../../../services/kit/time/instant.js";

const now = Instant.parse("2024-05-01T12:34:56.789Z") as Instant;

function name(id: number, text: string, nameType: string, author: string | null = null): ConceptNameEntity {
  return { id, conceptId: 5, name: text, nameType, author, lastUpdatedTime: now };
}

function view(attachments: Partial<Attachments> = {}): ConceptView {
  const concept: ConceptEntity = {
    id: 5,
    parentId: 1,
    rankLevel: "sub",
    rankName: "genus",
    aphiaId: null,
    lastUpdatedTime: now,
  };
  return {
    concept,
    primaryName: "Aa",
    names: [name(2, "Aa", "Primary", "me"), name(3, "b", "common")],
    attachments: { media: [], linkRealizations: [], linkTemplates: [], references: [], ...attachments },
  };
}

const link = (id: number, linkName: string, toConcept: string) => ({
  id,
  conceptId: 5,
  linkName,
  toConcept,
  linkValue: "nil",
  lastUpdated: now,
});

test("ConceptMetadata joins the rank, names the primary author and lists the other names", (t) => {
  t.like(toConceptMetadata(view()), {
    name: "Aa",
    alternateNames: ["b"],
    rank: "subgenus",
    rankLevel: "sub",
    rankName: "genus",
    author: "me",
    aphiaId: undefined,
    id: 5,
    media: [],
    linkRealizations: [],
    references: [],
  });
});

test("RawConcept sorts links by name, to-concept and value and media by url, without children", (t) => {
  const media = (id: number, url: string) => ({
    id,
    conceptId: 5,
    url,
    caption: undefined,
    credit: undefined,
    mediaType: "Image",
    isPrimary: false,
    lastUpdated: now,
  });
  const raw = toRawConcept(
    view({
      linkTemplates: [link(1, "b", "x"), link(2, "a", "z"), link(3, "a", "y")],
      media: [media(1, "http://b"), media(2, "http://a")],
    }),
  );
  t.deepEqual(
    raw.metadata?.linkTemplates.map((l) => l.id),
    [3, 2, 1],
  );
  t.deepEqual(
    raw.metadata?.media.map((m) => m.url),
    ["http://a", "http://b"],
  );
  t.deepEqual(raw.children, []);
  t.like(raw.names[0], { name: "Aa", nameType: "Primary", author: "me", id: 2 });
  t.like(raw, { rankLevel: "sub", rankName: "genus", id: 5 });
});
