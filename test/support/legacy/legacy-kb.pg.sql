-- The legacy knowledge base (MBARI's oni, formerly vars-kb-server) as MBARI's public quickstart
-- lays it out in PostgreSQL: every table, column name and type the quickstart's init scripts
-- create in the one database `M3_VARS`, with their keys and the indexes the reads use.
--
-- Written for m3 from reading the public scripts in GitHub mbari-org/m3-quickstart, folder
-- docker/postgres/docker-entrypoint-initdb.d/ (01_m3_oni.sql), and oni's own migrations
-- (mbari-org/oni, oni/src/main/resources/db/migrations/postgres/); no file of theirs is copied.
-- docs/legacy-schema.md maps every column to m3's tables.
--
-- Load order: legacy-kb.pg.sql, legacy-registry.pg.sql, legacy-annotation.pg.sql (one database);
-- then, to get the layout a site has once current oni and annosaurus have started against it,
-- legacy-first-start.pg.sql.
--
-- Names: the quickstart writes the kb's names in CamelCase without quotes, so PostgreSQL folds
-- them to lower case. The table is `concept`, the column `conceptid_fk`, `last_updated_time`;
-- a reader must use the folded names (or no quotes). This file keeps the unquoted CamelCase
-- spelling so the result is the same catalogue the quickstart makes.
--
-- Times: every LAST_UPDATED_TIME here is `timestamp` without time zone, written by JVMs that
-- run in UTC; legacy-first-start.pg.sql turns them into `timestamptz`, as oni's migration 1.0.1
-- does. Ids are bigints oni draws from the UniqueID table (a JPA table generator), not from
-- sequences.

-- A node of the concept tree. The quickstart gives ParentConceptID_FK no foreign key (oni's own
-- migration adds one); Originator, StructureType, Reference, NodcCode and TaxonomyType are old
-- columns current oni neither reads nor writes.
CREATE TABLE Concept (
  id                  bigint        NOT NULL PRIMARY KEY,
  ParentConceptID_FK  bigint        NULL,
  Originator          varchar(255)  NULL,
  StructureType       varchar(10)   NULL,
  Reference           varchar(1024) NULL,
  NodcCode            varchar(20)   NULL,
  RankName            varchar(20)   NULL,
  RankLevel           varchar(20)   NULL,
  TaxonomyType        varchar(20)   NULL,
  AphiaId             bigint        NULL,
  LAST_UPDATED_TIME   timestamp     NOT NULL DEFAULT now()
);

-- The holder of a concept's media, links, history and references (oni's ConceptMetadata).
-- One per concept in practice; the quickstart does not enforce it (oni's migration does).
CREATE TABLE ConceptDelegate (
  id                 bigint    NOT NULL PRIMARY KEY,
  ConceptID_FK       bigint    NOT NULL,
  LAST_UPDATED_TIME  timestamp NULL,
  CONSTRAINT fk_ConceptDelegage__Concept_id FOREIGN KEY (ConceptID_FK) REFERENCES Concept (id)
);

-- Unused by current oni (a Maven-style artifact attached to a concept).
CREATE TABLE Artifact (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NOT NULL,
  GroupId               varchar(64)   NOT NULL,
  ArtifactId            varchar(256)  NOT NULL,
  Version               varchar(64)   NOT NULL,
  Classifier            varchar(64)   NULL,
  Description           varchar(2048) NULL,
  MimeType              varchar(32)   NULL,
  Caption               varchar(1024) NULL,
  Reference             varchar(1024) NOT NULL,
  Credit                varchar(1024) NULL,
  LAST_UPDATED_TIME     timestamp     NOT NULL DEFAULT now(),
  CreationDate          timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_Artifact__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- A name of a concept; names are unique over the whole tree. NameType holds primary, synonym,
-- common, former or alternate, in whatever case it was stored ('Primary' and 'primary' both occur).
CREATE TABLE ConceptName (
  id                 bigint       NOT NULL PRIMARY KEY,
  ConceptName        varchar(128) NULL,
  ConceptID_FK       bigint       NULL,
  Author             varchar(255) NULL,
  NameType           varchar(10)  NULL,
  LAST_UPDATED_TIME  timestamp    NOT NULL DEFAULT now(),
  UNIQUE (ConceptName),
  CONSTRAINT fk_ConceptName__Concept_id FOREIGN KEY (ConceptID_FK) REFERENCES Concept (id)
);

-- A change to the kb awaiting or past approval. Approved is 0 or 1; a row is pending while
-- ProcessedDTG is NULL, rejected when processed with Approved = 0. Action is ADD, DELETE or
-- REPLACE; Field names what changed (ConceptName, LinkRealization, Media, Concept.parent, ...).
-- Description and Comment exist only in the quickstart's layout; oni no longer maps them.
CREATE TABLE History (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NULL,
  ProcessedDTG          timestamp     NULL,
  CreationDTG           timestamp     NULL,
  Description           varchar(1000) NULL,
  CreatorName           varchar(50)   NULL,
  ProcessorName         varchar(50)   NULL,
  Field                 varchar(50)   NULL,
  OldValue              varchar(2048) NULL,
  NewValue              varchar(2048) NULL,
  Action                varchar(16)   NULL,
  Comment               varchar(2048) NULL,
  Approved              smallint      NOT NULL,
  LAST_UPDATED_TIME     timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_History__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- A property asserted of one concept: (LinkName, ToConcept, LinkValue), 'self' and 'nil' by
-- convention when there is no target or value.
CREATE TABLE LinkRealization (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NULL,
  LinkName              varchar(50)   NULL,
  ToConcept             varchar(128)  NULL,
  LinkValue             varchar(2048) NULL,
  LAST_UPDATED_TIME     timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_LinkRealization__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- A property declared on a concept and offered for its descendants; same columns.
CREATE TABLE LinkTemplate (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NULL,
  LinkName              varchar(50)   NULL,
  ToConcept             varchar(128)  NULL,
  LinkValue             varchar(2048) NULL,
  LAST_UPDATED_TIME     timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_LinkTempate__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- An image, icon or video of a concept. MediaType is 'Image', 'Icon' or 'Video'; PrimaryMedia is
-- 0 or 1 (NULL read as 0).
CREATE TABLE Media (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NULL,
  Url                   varchar(1024) NULL,
  MediaType             varchar(5)    NULL,
  PrimaryMedia          smallint      NULL,
  Credit                varchar(255)  NULL,
  Caption               varchar(1000) NULL,
  LAST_UPDATED_TIME     timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_Media__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- Java-Preferences-style settings of the VARS tools: a node path and key per value.
CREATE TABLE Prefs (
  NodeName   varchar(255) NOT NULL,
  PrefKey    varchar(50)  NOT NULL,
  PrefValue  varchar(255) NOT NULL,
  PRIMARY KEY (NodeName, PrefKey)
);

-- Unused by current oni (free-text sections of a concept's page).
CREATE TABLE SectionInfo (
  id                    bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK  bigint        NOT NULL,
  Header                varchar(30)   NOT NULL,
  Label                 varchar(50)   NOT NULL,
  Information           varchar(5000) NULL,
  CONSTRAINT fk_SectionInfo__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- A literature reference. The quickstart leaves doi without the unique constraint oni's own
-- migration gives it.
CREATE TABLE Reference (
  id                 bigint        NOT NULL PRIMARY KEY,
  LAST_UPDATED_TIME  timestamp     NOT NULL DEFAULT now(),
  citation           varchar(2048) NOT NULL,
  doi                varchar(2048) NULL
);

-- Which references cite which concepts (through the concept's delegate).
CREATE TABLE Reference_ConceptDelegate (
  ConceptDelegateID_FK  bigint NOT NULL,
  ReferenceID_FK        bigint NOT NULL,
  PRIMARY KEY (ConceptDelegateID_FK, ReferenceID_FK),
  CONSTRAINT fk_RCD__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id),
  CONSTRAINT fk_RCD__Reference_id FOREIGN KEY (ReferenceID_FK) REFERENCES Reference (id)
);

-- The id generator's state: the next id per table (the users' row is named 'UserName').
CREATE TABLE UniqueID (
  tablename  varchar(200) NOT NULL PRIMARY KEY,
  nextid     bigint       NULL
);

-- Unused by current oni (an embargo on a concept's use).
CREATE TABLE Usage (
  id                     bigint        NOT NULL PRIMARY KEY,
  ConceptDelegateID_FK   bigint        NULL,
  EmbargoExpirationDate  timestamp     NULL,
  Specification          varchar(1000) NULL,
  LAST_UPDATED_TIME      timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_Usage__ConceptDelegate_id
    FOREIGN KEY (ConceptDelegateID_FK) REFERENCES ConceptDelegate (id)
);

-- A kb user. Password holds jasypt's BasicPasswordEncryptor digest (Base64 of an 8-byte salt and
-- MD5 iterated 1000 times: 32 characters). Role is 'Admin', 'Maint' or 'ReadOnly' (the KB Editor
-- also writes 'User'); oni issues tokens only to Admin and Maint.
CREATE TABLE UserAccount (
  id                 bigint      NOT NULL PRIMARY KEY,
  UserName           varchar(50) NOT NULL,
  Password           varchar(50) NULL,
  Role               varchar(10) NULL,
  LAST_UPDATED_TIME  timestamp   NOT NULL DEFAULT now(),
  Affiliation        varchar(50) NULL,
  FirstName          varchar(50) NULL,
  LastName           varchar(50) NULL,
  Email              varchar(50) NULL,
  UNIQUE (UserName)
);

CREATE UNIQUE INDEX idx_Artifact__special1
  ON Artifact (ConceptDelegateID_FK, GroupId, ArtifactId, Version, Classifier);
CREATE INDEX idx_Artifact__ConceptDelegateID_FK ON Artifact (ConceptDelegateID_FK);
CREATE INDEX idx_Artifact__LAST_UPDATED_TIME ON Artifact (LAST_UPDATED_TIME);
CREATE INDEX idx_Concept__ParentConceptID_FK ON Concept (ParentConceptID_FK);
CREATE INDEX idx_Concept__LAST_UPDATED_TIME ON Concept (LAST_UPDATED_TIME);
CREATE INDEX idx_ConceptDelegate__ConceptID_FK ON ConceptDelegate (ConceptID_FK);
CREATE INDEX idx_ConceptDelegate__LAST_UPDATED_TIME ON ConceptDelegate (LAST_UPDATED_TIME);
CREATE INDEX idx_ConceptName__ConceptID_FK ON ConceptName (ConceptID_FK);
CREATE INDEX idx_ConceptName__LAST_UPDATED_TIME ON ConceptName (LAST_UPDATED_TIME);
CREATE INDEX idx_ConceptName__ConceptName ON ConceptName (ConceptName);
CREATE INDEX idx_History__ConceptDelegateID_FK ON History (ConceptDelegateID_FK);
CREATE INDEX idx_History__LAST_UPDATED_TIME ON History (LAST_UPDATED_TIME);
CREATE INDEX idx_LinkRealization__ConceptDelegateID_FK ON LinkRealization (ConceptDelegateID_FK);
CREATE INDEX idx_LinkRealization__LAST_UPDATED_TIME ON LinkRealization (LAST_UPDATED_TIME);
CREATE INDEX idx_LinkTemplate__ConceptDelegateID_FK ON LinkTemplate (ConceptDelegateID_FK);
CREATE INDEX idx_LinkTemplate__LAST_UPDATED_TIME ON LinkTemplate (LAST_UPDATED_TIME);
CREATE INDEX idx_Media__LAST_UPDATED_TIME ON Media (LAST_UPDATED_TIME);
CREATE INDEX idx_Prefs ON Prefs (NodeName, PrefKey);
CREATE INDEX idx_SectionInfo__ConceptDelegateID_FK ON SectionInfo (ConceptDelegateID_FK);
CREATE INDEX idx_Usage__ConceptDelegateID_FK ON Usage (ConceptDelegateID_FK);
CREATE INDEX idx_Usage__LAST_UPDATED_TIME ON Usage (LAST_UPDATED_TIME);
CREATE INDEX idx_UserAccount__UserName ON UserAccount (UserName);
