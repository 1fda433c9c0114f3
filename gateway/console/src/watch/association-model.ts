/**
 * The rules of an annotation's associations on the Watch screen, free of Vue and the DOM: which
 * ones the associations editor shows (boxes are the box editor's), how the concept's link
 * templates are filtered as one types, and what brings a deleted annotation back whole.
 */
import { BOUNDING_BOX_LINK, type WatchAnnotation } from "./watch-model.js";

/** A link: what an association says, or a link template offers (the kb's "nil" and "self" as they are). */
export interface Link {
  linkName: string;
  toConcept: string;
  linkValue: string;
}

/** A stored association of an annotation. */
export interface StoredAssociation extends Link {
  uuid: string;
  mimeType: string;
}

/** What a link template's to-concept or value says when it has none (VARS and the kb write it so). */
export const NIL = "nil";
/** A to-concept naming the annotation's own concept. */
export const SELF = "self";
/** The mime type of an association that is plain text. */
export const TEXT_MIME_TYPE = "text/plain";
/** The most templates the editor lists at once. */
const MOST_OFFERED = 50;

/** A link as one line, as VARS lists link templates: `link name | to concept | link value`. */
export const linkText = (link: Link) => `${link.linkName} | ${link.toConcept} | ${link.linkValue}`;

/** The associations the editor shows: all but the boxes, which the box editor owns. */
export function editableAssociations(associations: readonly StoredAssociation[]): StoredAssociation[] {
  return associations.filter((association) => association.linkName !== BOUNDING_BOX_LINK);
}

/** How many boxes an annotation has among its associations. */
export const boxCount = (associations: readonly StoredAssociation[]) =>
  associations.length - editableAssociations(associations).length;

/**
 * The templates a person typing `typed` may mean: those whose line holds every word typed, in any
 * case, in the order given (the concept's own first, as the kb lists them); each line once; at
 * most MOST_OFFERED. Nothing typed offers them all.
 */
export function offeredTemplates(typed: string, templates: readonly Link[]): Link[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const offered: Link[] = [];
  for (const template of templates) {
    const line = linkText(template);
    if (seen.has(line)) continue;
    seen.add(line);
    const lower = line.toLowerCase();
    if (words.every((word) => lower.includes(word))) offered.push(template);
    if (offered.length === MOST_OFFERED) break;
  }
  return offered;
}

/**
 * The concept whose descendants the to-concept may be, as VARS offers them: none for "nil" and
 * "self"; else the to-concept of the concept's template of the same link name (a template names
 * the most general concept it allows), or the link's own.
 */
export function toConceptRoot(link: Link, templates: readonly Link[]): string | undefined {
  const named = (concept: string) => concept !== NIL && concept !== SELF && concept.trim() !== "";
  if (!named(link.toConcept)) return undefined;
  return (
    templates.find((template) => template.linkName === link.linkName && named(template.toConcept))
      ?.toConcept ?? link.toConcept
  );
}

/** Why a link cannot be stored, or undefined when it can: it needs a name, and "nil" is none. */
export function linkProblem(link: Link): string | undefined {
  const name = link.linkName.trim();
  if (name === "" || name === NIL) return "An association needs a link name.";
  if (name === BOUNDING_BOX_LINK) return "Boxes are drawn on the frame, not typed.";
  return undefined;
}

/** A link as it is stored: trimmed, an empty to-concept or value written as "nil". */
export function storedLink(link: Link): Link {
  const or = (text: string) => (text.trim() === "" ? NIL : text.trim());
  return { linkName: link.linkName.trim(), toConcept: or(link.toConcept), linkValue: or(link.linkValue) };
}

/**
 * The item of `POST /anno/v1/annotations/bulk` that makes a deleted annotation again: its concept,
 * observer, details and observation time, its moment's indices (so it lands on the same imaged
 * moment, whose images stayed), every association, boxes included, with their values as they
 * were (a box's value names its image by UUID, which the moment kept), and the moment's
 * measurements (a moment without images is deleted with its last observation, and its datum
 * with it; on a kept moment they replace the same values).
 */
export function restoreItem(annotation: WatchAnnotation, videoReferenceUuid: string) {
  const stored = annotation.stored;
  return {
    video_reference_uuid: videoReferenceUuid,
    concept: annotation.concept,
    observer: annotation.observer,
    activity: annotation.activity,
    group: annotation.group,
    duration_millis: annotation.durationMillis,
    observation_timestamp: stored?.observationTimestamp,
    timecode: stored?.timecode,
    elapsed_time_millis: stored ? stored.elapsedTimeMillis : Math.round(annotation.seconds * 1000),
    recorded_timestamp: stored?.recordedTimestamp,
    associations: (annotation.associations ?? []).map((association) => ({
      link_name: association.linkName,
      to_concept: association.toConcept,
      link_value: association.linkValue,
      mime_type: association.mimeType,
    })),
    image_references: (stored?.images ?? []).map((image) => ({ ...image })),
    ancillary_data: stored?.ancillaryData,
  };
}

/**
 * An annotation read again, keeping the moment's measurements it was shown with when the read
 * carried none (list reads leave them out; the moment is the same, so they still hold).
 */
export function withKnownAncillary(
  now: WatchAnnotation,
  before: WatchAnnotation | undefined,
): WatchAnnotation {
  const known = before?.stored?.ancillaryData;
  if (!known || !now.stored || now.stored.ancillaryData) return now;
  return { ...now, stored: { ...now.stored, ancillaryData: known } };
}
