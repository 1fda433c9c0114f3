import type {
  ConceptMetadata,
  Link,
  Rank,
  RawConcept,
  RawConceptName,
  RawLink,
  RawMedia,
  Reference,
} from "../../../../proto/gen/m3/kb/v1/resources.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { toMedia } from "../../attachments/handlers/attachments.mapper.js";
import type { LinkRecord, MediaRecord } from "../../contracts/concept-attachments.js";
import type { ConceptNameEntity } from "../entities/concept-name.entity.js";
import type { ConceptView } from "../services/concept-view.js";
import { joinedRank, type RankPair } from "../services/rank.rules.js";

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

export function toConceptMetadata(view: ConceptView): ConceptMetadata {
  const { concept, attachments, primaryName } = view;
  const primary = view.names.find((name) => name.name === primaryName);
  const rank: RankPair = {
    rankLevel: orUndefined(concept.rankLevel),
    rankName: orUndefined(concept.rankName),
  };
  return {
    name: primaryName,
    alternateNames: view.names.filter((name) => name !== primary).map((name) => name.name),
    media: attachments.media.map((media) => toMedia(media, primaryName)),
    linkRealizations: attachments.linkRealizations.map(toLink),
    rank: joinedRank(rank),
    rankName: rank.rankName,
    rankLevel: rank.rankLevel,
    author: orUndefined(primary?.author ?? null),
    aphiaId: orUndefined(concept.aphiaId),
    references: attachments.references.map(
      (reference): Reference => ({
        citation: reference.citation,
        doi: reference.doi,
        concepts: [primaryName],
        id: reference.id,
        lastUpdated: reference.lastUpdated.toTimestamp(),
      }),
    ),
    id: concept.id,
  };
}

/** The database view of a concept; raw views never include children. */
export function toRawConcept(view: ConceptView): RawConcept {
  const { concept, attachments } = view;
  return {
    names: view.names.map(toRawConceptName),
    metadata: {
      linkRealizations: sortedLinks(attachments.linkRealizations).map(toRawLink),
      linkTemplates: sortedLinks(attachments.linkTemplates).map(toRawLink),
      media: [...attachments.media].sort((a, b) => compareText(a.url, b.url)).map(toRawMedia),
      id: concept.id,
    },
    children: [],
    aphiaId: orUndefined(concept.aphiaId),
    rankLevel: orUndefined(concept.rankLevel),
    rankName: orUndefined(concept.rankName),
    id: concept.id,
  };
}

export function toRawConceptName(name: ConceptNameEntity): RawConceptName {
  return { name: name.name, nameType: name.nameType, author: orUndefined(name.author), id: name.id };
}

export function toRank(rank: RankPair): Rank {
  return { rankLevel: rank.rankLevel, rankName: rank.rankName };
}

function toLink(link: LinkRecord): Link {
  return { linkName: link.linkName, toConcept: link.toConcept, linkValue: link.linkValue, id: link.id };
}

function toRawLink(link: LinkRecord): RawLink {
  return toLink(link);
}

function toRawMedia(media: MediaRecord): RawMedia {
  return {
    url: media.url,
    caption: media.caption,
    credit: media.credit,
    primaryMedia: media.isPrimary,
    type: media.mediaType,
    id: media.id,
  };
}

function sortedLinks(links: readonly LinkRecord[]): LinkRecord[] {
  const key = (link: LinkRecord) => [link.linkName, link.toConcept, link.linkValue];
  return [...links].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) {
      const order = compareText(ka[i] ?? "", kb[i] ?? "");
      if (order !== 0) return order;
    }
    return 0;
  });
}
