import { type TableCatalogue, table } from "../kit/storage/table-catalogue.js";

const LINK = {
  id: "serial",
  concept_id: "integer",
  link_name: "text",
  to_concept: "text",
  link_value: "text",
  last_updated_time: "instant",
} as const;

/**
 * Every kb table (of all its parts) and its columns, parents first: the one list that the
 * backup and restore and the kb import take their column lists from.
 * test/integration/house/table-catalogues.test.ts holds it to the tables every engine's
 * migrations create, test/unit/house/table-catalogues.test.ts to the entities.
 */
export const KB_TABLES = {
  concepts: table(["id"], {
    id: "serial",
    parent_id: "integer?",
    rank_level: "text?",
    rank_name: "text?",
    aphia_id: "integer?",
    last_updated_time: "instant",
  }),
  concept_names: table(["id"], {
    id: "serial",
    concept_id: "integer",
    name: "text",
    name_type: "text",
    author: "text?",
    last_updated_time: "instant",
  }),
  concept_media: table(["id"], {
    id: "serial",
    concept_id: "integer",
    url: "text",
    media_type: "text?",
    is_primary: "boolean",
    caption: "text?",
    credit: "text?",
    last_updated_time: "instant",
  }),
  link_templates: table(["id"], LINK),
  link_realizations: table(["id"], LINK),
  literature_references: table(["id"], {
    id: "serial",
    citation: "text",
    doi: "text?",
    last_updated_time: "instant",
  }),
  concept_references: table(["reference_id", "concept_id"], {
    reference_id: "integer",
    concept_id: "integer",
  }),
  concept_history: table(["id"], {
    id: "serial",
    concept_id: "integer",
    creation_time: "instant",
    creator_name: "text",
    processed_time: "instant?",
    processor_name: "text?",
    approved: "boolean?",
    action: "text",
    field: "text",
    old_value: "text?",
    new_value: "text?",
  }),
  user_accounts: table(["id"], {
    id: "serial",
    username: "text",
    password_hash: "text",
    role: "text",
    first_name: "text?",
    last_name: "text?",
    email: "text?",
    affiliation: "text?",
    last_updated_time: "instant",
  }),
  preferences: table(["id"], { id: "serial", node_name: "text", pref_key: "text", pref_value: "text" }),
  kb_tree_version: table(["id"], { id: "integer", version: "integer" }, "version"),
  login_failures: table(
    ["counter_key"],
    { counter_key: "text", failures: "integer", window_end_millis: "integer" },
    "transient",
  ),
} as const satisfies TableCatalogue;

export type KbTableName = keyof typeof KB_TABLES;
