-- The legacy annotations (MBARI's annosaurus) as MBARI's public quickstart lays them out in
-- PostgreSQL: the six tables, their indexes, the Hibernate Envers audit tables and the
-- `annotations` view the quickstart defines over them and the registry's tables, all in the one
-- database `M3_VARS`.
--
-- Written for m3 from reading the public scripts in GitHub mbari-org/m3-quickstart, folder
-- docker/postgres/docker-entrypoint-initdb.d/ (03_m3_annosaurus.sql, 99_m3_postinit.sql), and
-- annosaurus's JPA entities and migrations (mbari-org/annosaurus, annosaurus/src/main/); no
-- file of theirs is copied. docs/legacy-schema.md maps every column to m3's tables.
--
-- Load after legacy-registry.pg.sql: the audit tables refer to its REVINFO (the quickstart
-- creates REVINFO once, with the registry), and the annotations view joins its tables.
--
-- Identity: uuids are PostgreSQL `uuid`. There is no foreign key from imaged_moments to the
-- registry: video_reference_uuid names a vampire-squid row, which another service owned.
-- Times: recorded_timestamp and observation_timestamp are `timestamptz` with microseconds;
-- last_updated_timestamp is `timestamp` without time zone written by a JVM running in UTC.
-- Durations are whole milliseconds (annosaurus's own migration makes them numeric(19,0)).

CREATE EXTENSION IF NOT EXISTS "uuid-ossp";

-- A moment of a video: its time indices (elapsed time from the video's start, the recorded
-- date, the tape timecode HH:MM:SS:FF); any of them may be missing.
CREATE TABLE imaged_moments (
  uuid                    uuid                     NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  video_reference_uuid    uuid                     NOT NULL,
  elapsed_time_millis     bigint                   NULL,
  recorded_timestamp      timestamp with time zone NULL,
  timecode                varchar(255)             NULL,
  last_updated_timestamp  timestamp                NOT NULL DEFAULT now()
);

-- Position and physical data at a moment (one per moment in annosaurus's model; the table does
-- not enforce it). The `real` columns are 4-byte floats.
CREATE TABLE ancillary_data (
  uuid                         uuid             NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  imaged_moment_uuid           uuid             NOT NULL,
  altitude                     real             NULL,
  coordinate_reference_system  varchar(32)      NULL,
  depth_meters                 real             NULL,
  latitude                     double precision NULL,
  longitude                    double precision NULL,
  oxygen_ml_per_l              real             NULL,
  phi                          double precision NULL,
  xyz_position_units           varchar(255)     NULL,
  pressure_dbar                real             NULL,
  psi                          double precision NULL,
  salinity                     real             NULL,
  temperature_celsius          real             NULL,
  theta                        double precision NULL,
  x                            double precision NULL,
  y                            double precision NULL,
  z                            double precision NULL,
  light_transmission           real             NULL,
  last_updated_timestamp       timestamp        NOT NULL DEFAULT now(),
  CONSTRAINT fk_ancillary_data__imaged_moments
    FOREIGN KEY (imaged_moment_uuid) REFERENCES imaged_moments (uuid)
);

-- What an observer saw at a moment: a kb concept name (text, not a kb id).
CREATE TABLE observations (
  uuid                    uuid                     NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  imaged_moment_uuid      uuid                     NOT NULL,
  activity                varchar(128)             NULL,
  concept                 varchar(256)             NULL,
  duration_millis         bigint                   NULL,
  observation_group       varchar(128)             NULL,
  observation_timestamp   timestamp with time zone NULL,
  observer                varchar(128)             NULL,
  last_updated_timestamp  timestamp                NOT NULL DEFAULT now(),
  CONSTRAINT fk_observations__imaged_moments
    FOREIGN KEY (imaged_moment_uuid) REFERENCES imaged_moments (uuid)
);

-- A (link_name, to_concept, link_value) detail of an observation; mime_type says how to read
-- link_value (text/plain, application/json, ...).
CREATE TABLE associations (
  uuid                    uuid          NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  observation_uuid        uuid          NOT NULL,
  link_name               varchar(128)  NOT NULL,
  link_value              varchar(1024) NULL,
  to_concept              varchar(128)  NULL,
  mime_type               varchar(64)   NOT NULL,
  last_updated_timestamp  timestamp     NOT NULL DEFAULT now(),
  CONSTRAINT fk_associations__observations
    FOREIGN KEY (observation_uuid) REFERENCES observations (uuid)
);

-- An image (frame grab, still) taken at a moment.
CREATE TABLE image_references (
  uuid                    uuid          NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  imaged_moment_uuid      uuid          NOT NULL,
  description             varchar(256)  NULL,
  format                  varchar(64)   NULL,
  height_pixels           integer       NULL,
  url                     varchar(1024) NOT NULL,
  width_pixels            integer       NULL,
  last_updated_timestamp  timestamp     NOT NULL DEFAULT now(),
  UNIQUE (url),
  CONSTRAINT fk_image_references__imaged_moments
    FOREIGN KEY (imaged_moment_uuid) REFERENCES imaged_moments (uuid)
);

-- Mission details cached per video reference (one per reference in annosaurus's model; the
-- quickstart does not enforce it).
CREATE TABLE video_reference_information (
  uuid                    uuid         NOT NULL PRIMARY KEY DEFAULT uuid_generate_v4(),
  video_reference_uuid    uuid         NOT NULL,
  mission_contact         varchar(64)  NULL,
  mission_id              varchar(256) NOT NULL,
  platform_name           varchar(64)  NOT NULL,
  last_updated_timestamp  timestamp    NOT NULL DEFAULT now()
);

CREATE INDEX idx_ancillary_data__imaged_moment_uuid ON ancillary_data (imaged_moment_uuid);
CREATE INDEX idx_associations__link_name ON associations (link_name);
CREATE INDEX idx_associations__to_concept ON associations (to_concept);
CREATE INDEX idx_associations__link_value ON associations (link_value);
CREATE INDEX idx_associations__observation_uuid ON associations (observation_uuid);
CREATE INDEX idx_image_references__imaged_moment_uuid ON image_references (imaged_moment_uuid);
CREATE INDEX idx_image_references__url ON image_references (url);
CREATE INDEX idx_imaged_moment__video_reference_uuid ON imaged_moments (video_reference_uuid);
CREATE INDEX idx_imaged_moments__elapsed_time ON imaged_moments (elapsed_time_millis);
CREATE INDEX idx_imaged_moments__recorded_timestamp ON imaged_moments (recorded_timestamp);
CREATE INDEX idx_imaged_moments__timecode ON imaged_moments (timecode);
CREATE INDEX idx_observations__concept ON observations (concept);
CREATE INDEX idx_observations__imaged_moment_uuid ON observations (imaged_moment_uuid);
CREATE INDEX idx_video_reference_information__video_reference_uuid
  ON video_reference_information (video_reference_uuid);

-- The quickstart also declares an implicit cast from varchar to uuid (a workaround for JPA
-- binding uuids as text). Only a superuser may create it, and nothing an importer reads depends
-- on it, so it is made here only when allowed and not there already.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_cast
    WHERE castsource = 'character varying'::regtype AND casttarget = 'uuid'::regtype
  ) THEN
    CREATE CAST (varchar AS uuid) WITH INOUT AS IMPLICIT;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'varchar-to-uuid cast not created (needs a superuser)';
END
$$;

-- Hibernate Envers: annosaurus audits observations and associations (REVINFO is the registry's,
-- see legacy-registry.pg.sql). REVTYPE 0 insert, 1 update, 2 delete.
CREATE TABLE associations_AUD (
  REV               integer       NOT NULL,
  REVTYPE           smallint      NULL,
  observation_uuid  uuid          NULL,
  uuid              uuid          NOT NULL,
  mime_type         varchar(64)   NULL,
  link_name         varchar(128)  NULL,
  to_concept        varchar(128)  NULL,
  link_value        varchar(1024) NULL,
  PRIMARY KEY (REV, uuid),
  CONSTRAINT fk_associations_aud__revinfo FOREIGN KEY (REV) REFERENCES REVINFO (REV)
);

CREATE TABLE observations_AUD (
  REV                    integer                     NOT NULL,
  REVTYPE                smallint                    NULL,
  duration_millis        bigint                      NULL,
  observation_timestamp  timestamp(6) with time zone NULL,
  imaged_moment_uuid     uuid                        NULL,
  uuid                   uuid                        NOT NULL,
  activity               varchar(128)                NULL,
  observation_group      varchar(128)                NULL,
  observer               varchar(128)                NULL,
  concept                varchar(256)                NULL,
  PRIMARY KEY (REV, uuid),
  CONSTRAINT fk_observations_aud_refinfo FOREIGN KEY (REV) REFERENCES REVINFO (REV)
);

-- The flat annotation view the quickstart defines last: one row per combination of a moment's
-- observation, image, association and ancillary row, with the video's registry data and the
-- mission details. Current annosaurus replaces it on first start by a narrower one (see
-- legacy-first-start.pg.sql). An importer reads the tables, not this view.
CREATE VIEW annotations AS
SELECT
  moment.uuid                        AS imaged_moment_uuid,
  moment.elapsed_time_millis         AS index_elapsed_time_millis,
  moment.recorded_timestamp          AS index_recorded_timestamp,
  moment.timecode                    AS index_timecode,
  obs.uuid                           AS observation_uuid,
  obs.activity,
  obs.concept,
  obs.duration_millis,
  obs.observation_group,
  obs.observation_timestamp,
  obs.observer,
  image.uuid                         AS image_reference_uuid,
  image.description                  AS image_description,
  image.format                       AS image_format,
  image.height_pixels                AS image_height,
  image.width_pixels                 AS image_width,
  image.url                          AS image_url,
  assoc.link_name,
  assoc.link_value,
  assoc.to_concept,
  assoc.mime_type                    AS association_mime_type,
  assoc.link_name || ' | ' || assoc.to_concept || ' | ' || assoc.link_value AS associations,
  anc.altitude,
  anc.coordinate_reference_system,
  anc.depth_meters,
  anc.latitude,
  anc.longitude,
  anc.oxygen_ml_per_l,
  anc.phi,
  anc.xyz_position_units,
  anc.pressure_dbar,
  anc.psi,
  anc.salinity,
  anc.temperature_celsius,
  anc.theta,
  anc.x,
  anc.y,
  anc.z,
  anc.light_transmission,
  ref.uuid                           AS video_reference_uuid,
  ref.audio_codec,
  ref.container                      AS video_container,
  ref.description                    AS video_reference_description,
  ref.frame_rate,
  ref.height                         AS video_height,
  ref.sha512                         AS video_sha512,
  ref.size_bytes                     AS video_size_bytes,
  ref.uri                            AS video_uri,
  ref.video_codec,
  ref.width                          AS video_width,
  vid.description                    AS video_description,
  vid.duration_millis                AS video_duration_millis,
  vid.name                           AS video_name,
  vid.start_time                     AS video_start_timestamp,
  seq.camera_id,
  seq.description                    AS video_sequence_description,
  seq.name                           AS video_sequence_name,
  info.mission_contact               AS chief_scientist,
  info.mission_id                    AS dive_number,
  info.platform_name                 AS camera_platform
FROM imaged_moments moment
  LEFT JOIN observations obs ON obs.imaged_moment_uuid = moment.uuid
  LEFT JOIN image_references image ON image.imaged_moment_uuid = moment.uuid
  LEFT JOIN associations assoc ON assoc.observation_uuid = obs.uuid
  LEFT JOIN ancillary_data anc ON anc.imaged_moment_uuid = moment.uuid
  LEFT JOIN video_references ref ON ref.uuid = moment.video_reference_uuid
  LEFT JOIN videos vid ON vid.uuid = ref.video_uuid
  LEFT JOIN video_sequences seq ON seq.uuid = vid.video_sequence_uuid
  LEFT JOIN video_reference_information info
    ON info.video_reference_uuid = moment.video_reference_uuid;
