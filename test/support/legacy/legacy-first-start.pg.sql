-- What current oni and annosaurus change in the quickstart's database the first time they start
-- against it. Both run Flyway with baseline-on-migrate: a database the quickstart's scripts made
-- is baselined at version 1, and every later migration of theirs is applied. At the time of
-- writing that is one each (vampire-squid has none past its first):
--
--   oni 1.0.1:        LAST_UPDATED_TIME of nine kb tables becomes `timestamptz` (the stored
--                     values, UTC wall-clock times, keep their instant);
--   annosaurus 1.0.1: observations.observation_timestamp is made `timestamptz` (it already is
--                     in the quickstart's layout), and the annotations view is replaced by one
--                     without the registry's columns.
--
-- Each service also creates its Flyway history table (schema_history_oni,
-- schema_history_annosaurus, schema_history_vampiresquid); they are not modelled here.
--
-- Written for m3 from reading mbari-org/oni and mbari-org/annosaurus (their
-- src/main/resources/db/migrations/postgres/ folders); no file of theirs is copied. Load after
-- legacy-kb.pg.sql, legacy-registry.pg.sql and legacy-annotation.pg.sql. An importer must accept
-- both layouts: before this file, and after it.

ALTER TABLE Concept ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE ConceptDelegate ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE ConceptName ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE History ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE LinkRealization ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE LinkTemplate ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE Media ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE Reference ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';
ALTER TABLE UserAccount ALTER COLUMN LAST_UPDATED_TIME TYPE timestamptz
  USING LAST_UPDATED_TIME AT TIME ZONE 'UTC';

-- oni's migration (re)creates its own last-updated indexes, named idx_<Table>_LUT; the
-- quickstart's idx_<Table>__LAST_UPDATED_TIME indexes stay beside them.
CREATE INDEX IF NOT EXISTS idx_Concept_LUT ON Concept (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_ConceptDelegate_LUT ON ConceptDelegate (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_ConceptName_LUT ON ConceptName (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_History_LUT ON History (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_LinkRealization_LUT ON LinkRealization (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_LinkTemplate_LUT ON LinkTemplate (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_Media_LUT ON Media (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_Reference_LUT ON Reference (LAST_UPDATED_TIME);
CREATE INDEX IF NOT EXISTS idx_UserAccount_LUT ON UserAccount (LAST_UPDATED_TIME);

-- annosaurus's narrower view: no registry columns (the registry may live in another database),
-- and the associations text built with CONCAT_WS, NULL when a row has no association.
DROP VIEW annotations;

CREATE VIEW annotations AS
SELECT
  moment.uuid                 AS imaged_moment_uuid,
  moment.elapsed_time_millis  AS index_elapsed_time_millis,
  moment.recorded_timestamp   AS index_recorded_timestamp,
  moment.timecode             AS index_timecode,
  obs.uuid                    AS observation_uuid,
  obs.activity,
  obs.concept,
  obs.duration_millis,
  obs.observation_group,
  obs.observation_timestamp,
  obs.observer,
  image.uuid                  AS image_reference_uuid,
  image.description           AS image_description,
  image.format                AS image_format,
  image.height_pixels         AS image_height,
  image.width_pixels          AS image_width,
  image.url                   AS image_url,
  assoc.link_name,
  assoc.link_value,
  assoc.to_concept,
  assoc.mime_type             AS association_mime_type,
  NULLIF(CONCAT_WS(' | ', assoc.link_name, assoc.to_concept, assoc.link_value), '') AS associations,
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
  info.mission_contact        AS chief_scientist,
  info.mission_id             AS dive_number,
  info.platform_name          AS camera_platform
FROM imaged_moments moment
  LEFT JOIN observations obs ON obs.imaged_moment_uuid = moment.uuid
  LEFT JOIN image_references image ON image.imaged_moment_uuid = moment.uuid
  LEFT JOIN associations assoc ON assoc.observation_uuid = obs.uuid
  LEFT JOIN ancillary_data anc ON anc.imaged_moment_uuid = moment.uuid
  LEFT JOIN video_reference_information info
    ON info.video_reference_uuid = moment.video_reference_uuid;
