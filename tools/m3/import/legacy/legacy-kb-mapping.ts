import {
  approval,
  delegate,
  flag,
  instant,
  instantOr,
  instantOrImportTime,
  integer,
  kept,
  required,
  textOr,
} from "./legacy-conversions.js";
import { type ColumnPair, type LegacyTableMapping, legacyTable } from "./legacy-mapping.js";

const ID: ColumnPair = { legacy: "id", m3: "id", convert: integer };
const CONCEPT: ColumnPair = { legacy: "conceptdelegateid_fk", m3: "concept_id", convert: delegate };
const LAST_UPDATED: ColumnPair = {
  legacy: "last_updated_time",
  m3: "last_updated_time",
  convert: instantOrImportTime,
};
const UPDATED = { lastUpdated: "last_updated_time", m3LastUpdated: "last_updated_time" } as const;
const BY_ID = { legacyKey: ["id"], identity: ["id"] } as const;

/**
 * The roles as oni spells them (it compares them exactly). m3 compares in any case: an account
 * spelled otherwise (`admin`) could not log in to oni and can in m3, so the import lists them.
 */
export const ONI_ROLES: readonly string[] = ["Admin", "Maint", "ReadOnly", "User"];

/** LinkTemplate and LinkRealization: NULLs become what the kb-dump import gives them. */
const LINK_COLUMNS: readonly ColumnPair[] = [
  ID,
  CONCEPT,
  { legacy: "linkname", m3: "link_name", convert: textOr("") },
  { legacy: "toconcept", m3: "to_concept", convert: textOr("self") },
  { legacy: "linkvalue", m3: "link_value", convert: textOr("nil") },
  LAST_UPDATED,
];

/**
 * oni's tables (docs/legacy-schema.md, "Knowledge base"), in the order they are imported:
 * ConceptDelegate first, as it places the attachments of the tables after it. kb ids are kept.
 */
export const LEGACY_KB_TABLES: readonly LegacyTableMapping[] = [
  legacyTable({
    domain: "kb",
    legacy: "conceptdelegate",
    spelled: "ConceptDelegate",
    m3: "concepts",
    role: "delegates",
    ...BY_ID,
    columns: [ID, { legacy: "conceptid_fk", m3: "id", convert: integer }],
    legacyOnly: [
      { legacy: "last_updated_time", fromM3: (row) => instant.toLegacy(row.last_updated_time ?? null, row) },
    ],
  }),
  legacyTable({
    domain: "kb",
    legacy: "concept",
    spelled: "Concept",
    m3: "concepts",
    ...BY_ID,
    ...UPDATED,
    columns: [
      ID,
      { legacy: "parentconceptid_fk", m3: "parent_id", convert: integer },
      { legacy: "ranklevel", m3: "rank_level", convert: kept },
      { legacy: "rankname", m3: "rank_name", convert: kept },
      { legacy: "aphiaid", m3: "aphia_id", convert: integer },
      LAST_UPDATED,
    ],
    legacyOnly: ["originator", "structuretype", "reference", "nodccode", "taxonomytype"].map(
      (legacy) => ({ legacy, optional: true }) as const,
    ),
  }),
  legacyTable({
    domain: "kb",
    legacy: "conceptname",
    spelled: "ConceptName",
    m3: "concept_names",
    ...BY_ID,
    ...UPDATED,
    columns: [
      ID,
      { legacy: "conceptid_fk", m3: "concept_id", convert: required("its concept", integer) },
      { legacy: "conceptname", m3: "name", convert: required("the name") },
      { legacy: "nametype", m3: "name_type", convert: textOr("synonym") },
      { legacy: "author", m3: "author", convert: kept },
      LAST_UPDATED,
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "media",
    spelled: "Media",
    m3: "concept_media",
    ...BY_ID,
    ...UPDATED,
    columns: [
      ID,
      CONCEPT,
      { legacy: "url", m3: "url", convert: required("the URL") },
      { legacy: "mediatype", m3: "media_type", convert: kept },
      { legacy: "primarymedia", m3: "is_primary", convert: flag },
      { legacy: "caption", m3: "caption", convert: kept },
      { legacy: "credit", m3: "credit", convert: kept },
      LAST_UPDATED,
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "linktemplate",
    spelled: "LinkTemplate",
    m3: "link_templates",
    ...BY_ID,
    ...UPDATED,
    columns: LINK_COLUMNS,
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "linkrealization",
    spelled: "LinkRealization",
    m3: "link_realizations",
    ...BY_ID,
    ...UPDATED,
    columns: LINK_COLUMNS,
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "reference",
    spelled: "Reference",
    m3: "literature_references",
    ...BY_ID,
    ...UPDATED,
    columns: [
      ID,
      { legacy: "citation", m3: "citation", convert: kept },
      { legacy: "doi", m3: "doi", convert: kept },
      LAST_UPDATED,
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "reference_conceptdelegate",
    spelled: "Reference_ConceptDelegate",
    m3: "concept_references",
    legacyKey: ["conceptdelegateid_fk", "referenceid_fk"],
    identity: ["reference_id", "concept_id"],
    columns: [{ legacy: "referenceid_fk", m3: "reference_id", convert: integer }, CONCEPT],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "history",
    spelled: "History",
    m3: "concept_history",
    ...BY_ID,
    lastUpdated: "last_updated_time",
    columns: [
      ID,
      CONCEPT,
      { legacy: "creationdtg", m3: "creation_time", convert: instantOr("last_updated_time") },
      { legacy: "creatorname", m3: "creator_name", convert: textOr("") },
      { legacy: "processeddtg", m3: "processed_time", convert: instant },
      { legacy: "processorname", m3: "processor_name", convert: kept },
      { legacy: "approved", m3: "approved", convert: approval },
      { legacy: "action", m3: "action", convert: textOr("") },
      { legacy: "field", m3: "field", convert: textOr("") },
      { legacy: "oldvalue", m3: "old_value", convert: kept },
      { legacy: "newvalue", m3: "new_value", convert: kept },
    ],
    legacyOnly: [
      { legacy: "description", optional: true },
      { legacy: "comment", optional: true },
      {
        legacy: "last_updated_time",
        fromM3: (row) => instant.toLegacy(row.processed_time ?? row.creation_time ?? null, row),
      },
    ],
  }),
  legacyTable({
    domain: "kb",
    legacy: "useraccount",
    spelled: "UserAccount",
    m3: "user_accounts",
    ...BY_ID,
    ...UPDATED,
    columns: [
      ID,
      { legacy: "username", m3: "username", convert: kept },
      // The jasypt digest, verbatim: m3 verifies it and re-hashes it at the first login.
      { legacy: "password", m3: "password_hash", convert: textOr("") },
      { legacy: "role", m3: "role", convert: textOr("ReadOnly") },
      { legacy: "firstname", m3: "first_name", convert: kept },
      { legacy: "lastname", m3: "last_name", convert: kept },
      { legacy: "email", m3: "email", convert: kept },
      { legacy: "affiliation", m3: "affiliation", convert: kept },
      LAST_UPDATED,
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "kb",
    legacy: "prefs",
    spelled: "Prefs",
    m3: "preferences",
    legacyKey: ["nodename", "prefkey"],
    identity: ["node_name", "pref_key"],
    columns: [
      { legacy: "nodename", m3: "node_name", convert: kept },
      { legacy: "prefkey", m3: "pref_key", convert: kept },
      { legacy: "prefvalue", m3: "pref_value", convert: kept },
    ],
    legacyOnly: [],
  }),
];
