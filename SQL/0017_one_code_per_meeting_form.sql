-- The participant code belongs to the meeting's form for its whole life (decision record 20).
-- A new version is published under the code of the version before it, so a code is no longer
-- unique to one row: it names one meeting, whose latest published version it opens. Codes that
-- earlier versions were printed with stay on their rows and open the current version as well.

ALTER TABLE forms DROP CONSTRAINT forms_code_key;

CREATE INDEX forms_code ON forms (code) WHERE code IS NOT NULL;

-- No code may name two meetings (btree_gist is installed by 0002).
ALTER TABLE forms ADD CONSTRAINT forms_code_one_meeting EXCLUDE USING gist (code WITH =, meeting_id WITH <>);
