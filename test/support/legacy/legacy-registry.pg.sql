-- The legacy video registry (MBARI's vampire-squid) as MBARI's public quickstart lays it out in
-- PostgreSQL: its three tables, the unique_videos view and the Hibernate Envers audit tables,
-- with keys and indexes, in the one database `M3_VARS` the kb and the annotations share.
--
-- Written for m3 from reading the public scripts in GitHub mbari-org/m3-quickstart, folder
-- docker/postgres/docker-entrypoint-initdb.d/ (02_m3_vampiresquid.sql), and vampire-squid's JPA
-- entities and migration (mbari-org/vampire-squid, vampire-squid/src/main/); no file of theirs
-- is copied. docs/legacy-schema.md maps every column to m3's tables.
--
-- Load after legacy-kb.pg.sql and before legacy-annotation.pg.sql (whose audit tables refer to
-- REVINFO, and whose annotations view joins these tables).
--
-- Identity: uuids are PostgreSQL `uuid` (printed lower case). Times: videos.start_time is
-- `timestamptz` with microseconds; last_updated_time is `timestamp` without time zone, written
-- by a JVM running in UTC (vampire-squid's own migration makes start_time plain `timestamp` too,
-- so an importer must look at the column's type). sha512 is the file's SHA-512 digest in hex:
-- lower case from current vampire-squid, upper case in rows older versions wrote.

-- The quickstart fills defaults with uuid-ossp; vampire-squid itself makes version 7 uuids.
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";

-- A deployment or camera run (for ROVs, a dive).
CREATE TABLE video_sequences (
  uuid               uuid          NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  camera_id          varchar(256)  NOT NULL,
  description        varchar(2048) NULL,
  name               varchar(512)  NOT NULL,
  last_updated_time  timestamp     NOT NULL DEFAULT now(),
  UNIQUE (name)
);

-- One stretch of recorded time within a sequence; duration_millis is its length.
CREATE TABLE videos (
  uuid                 uuid                       NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  video_sequence_uuid  uuid                       NOT NULL,
  description          varchar(2048)              NULL,
  duration_millis      bigint                     NULL,
  name                 varchar(512)               NOT NULL,
  start_time           timestamp(6) with time zone NOT NULL,
  last_updated_time    timestamp                  NOT NULL DEFAULT now(),
  UNIQUE (name),
  CONSTRAINT fk__videos__video_sequences__uuid
    FOREIGN KEY (video_sequence_uuid) REFERENCES video_sequences (uuid)
);

-- A file (or stream) holding a video: where it is and how it is encoded.
CREATE TABLE video_references (
  uuid               uuid             NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  video_uuid         uuid             NOT NULL,
  audio_codec        varchar(128)     NULL,
  container          varchar(128)     NULL,
  description        varchar(2048)    NULL,
  frame_rate         double precision NULL,
  height             integer          NULL,
  sha512             varchar(128)     NULL,
  size_bytes         bigint           NULL,
  uri                varchar(1024)    NOT NULL,
  video_codec        varchar(128)     NULL,
  width              integer          NULL,
  last_updated_time  timestamp        NOT NULL DEFAULT now(),
  UNIQUE (uri),
  CONSTRAINT fk__videos_references__videos__uuid
    FOREIGN KEY (video_uuid) REFERENCES videos (uuid)
);

CREATE INDEX idx__video_references__uri ON video_references (uri);
CREATE INDEX idx__video_references__video_uuid ON video_references (video_uuid);
CREATE INDEX idx__video_sequences__camera_id ON video_sequences (camera_id);
CREATE INDEX idx__video_sequences__name ON video_sequences (name);
CREATE INDEX idx__videos__name ON videos (name);
CREATE INDEX idx__videos__start_time ON videos (start_time);
CREATE INDEX idx__videos__video_sequence_uuid ON videos (video_sequence_uuid);

-- Every sequence with its videos and their files, one row per file (NULLs where a sequence has
-- no video or a video no file).
CREATE VIEW unique_videos AS
SELECT
  seq.uuid               AS video_sequence_uuid,
  seq.name               AS video_sequence_name,
  vid.uuid               AS video_uuid,
  vid.name               AS video_name,
  ref.uuid               AS video_reference_uuid,
  ref.uri,
  seq.camera_id,
  vid.duration_millis,
  vid.start_time,
  ref.container,
  ref.width,
  ref.height,
  ref.size_bytes,
  ref.last_updated_time,
  ref.sha512
FROM video_sequences seq
  LEFT JOIN videos vid ON vid.video_sequence_uuid = seq.uuid
  LEFT JOIN video_references ref ON ref.video_uuid = vid.uuid;

-- Hibernate Envers. One REVINFO row per audited transaction (REVTSTMP: Unix milliseconds);
-- each *_AUD row is the audited columns of one entity as that revision left it, REVTYPE 0 for
-- an insert, 1 for an update, 2 for a delete. The names are unquoted, so they are stored as
-- revinfo, video_sequences_aud, rev, revtype, ... The sequence hands out blocks of 50.
CREATE SEQUENCE REVINFO_SEQ START WITH 1 INCREMENT BY 50;

CREATE TABLE REVINFO (
  REV       integer NOT NULL PRIMARY KEY,
  REVTSTMP  bigint  NULL
);

CREATE TABLE video_sequences_AUD (
  REV          integer       NOT NULL,
  REVTYPE      smallint      NULL,
  uuid         uuid          NOT NULL,
  camera_id    varchar(256)  NULL,
  name         varchar(512)  NULL,
  description  varchar(2048) NULL,
  PRIMARY KEY (REV, uuid),
  CONSTRAINT fk__video_seqs_aud__revinfo FOREIGN KEY (REV) REFERENCES REVINFO (REV)
);

CREATE TABLE videos_AUD (
  REV                  integer                     NOT NULL,
  REVTYPE              smallint                    NULL,
  duration_millis      bigint                      NULL,
  start_time           timestamp(6) with time zone NULL,
  uuid                 uuid                        NOT NULL,
  video_sequence_uuid  uuid                        NULL,
  name                 varchar(512)                NULL,
  description          varchar(2048)               NULL,
  PRIMARY KEY (REV, uuid),
  CONSTRAINT fk__videos_aud__revinfo FOREIGN KEY (REV) REFERENCES REVINFO (REV)
);

CREATE TABLE video_references_AUD (
  REV          integer       NOT NULL,
  REVTYPE      smallint      NULL,
  frame_rate   float(53)     NULL,
  height       integer       NULL,
  width        integer       NULL,
  size_bytes   bigint        NULL,
  uuid         uuid          NOT NULL,
  video_uuid   uuid          NULL,
  audio_codec  varchar(128)  NULL,
  container    varchar(128)  NULL,
  sha512       varchar(128)  NULL,
  video_codec  varchar(128)  NULL,
  uri          varchar(1024) NULL,
  description  varchar(2048) NULL,
  PRIMARY KEY (REV, uuid),
  CONSTRAINT fk__video_refs_aud__revinfo FOREIGN KEY (REV) REFERENCES REVINFO (REV)
);
