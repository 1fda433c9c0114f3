import test from "ava";
import { deferredDefinitions } from "../../../tools/m3/backup/mysql-table-definition.js";

const CONCEPT_NAMES = `CREATE TABLE \`concept_names\` (
  \`id\` bigint(20) NOT NULL AUTO_INCREMENT,
  \`concept_id\` bigint(20) NOT NULL,
  \`name\` varchar(128) NOT NULL,
  \`url\` varchar(1024) NOT NULL,
  \`url_hash\` binary(32) GENERATED ALWAYS AS (unhex(sha2(\`url\`,256))) STORED,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`uq_concept_names_name\` (\`name\`),
  KEY \`idx_concept_names_concept_id\` (\`concept_id\`),
  KEY \`idx_odd\`\`name\` (\`url\`(255)),
  CONSTRAINT \`fk_concept_names_concept\` FOREIGN KEY (\`concept_id\`) REFERENCES \`concepts\` (\`id\`) ON DELETE CASCADE,
  CONSTRAINT \`ck_name\` CHECK (\`name\` <> '')
) ENGINE=InnoDB AUTO_INCREMENT=5210 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`;

test("a table's secondary indexes and foreign keys are read from SHOW CREATE TABLE, the primary key and checks left in place", (t) => {
  t.deepEqual(deferredDefinitions(CONCEPT_NAMES), {
    secondaryIndexes: [
      { quotedName: "`uq_concept_names_name`", clause: "UNIQUE KEY `uq_concept_names_name` (`name`)" },
      {
        quotedName: "`idx_concept_names_concept_id`",
        clause: "KEY `idx_concept_names_concept_id` (`concept_id`)",
      },
      { quotedName: "`idx_odd``name`", clause: "KEY `idx_odd``name` (`url`(255))" },
    ],
    foreignKeys: [
      "CONSTRAINT `fk_concept_names_concept` FOREIGN KEY (`concept_id`) REFERENCES `concepts` (`id`) ON DELETE CASCADE",
    ],
  });
});

test("a table with only a primary key defers nothing", (t) => {
  t.deepEqual(
    deferredDefinitions(
      "CREATE TABLE `locks` (\n  `uuid` char(36) NOT NULL,\n  PRIMARY KEY (`uuid`)\n) ENGINE=InnoDB",
    ),
    { secondaryIndexes: [], foreignKeys: [] },
  );
});
