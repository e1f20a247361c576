-- Attendance counts people, not check-ins.
--
-- A check-in whose name repeats one already checked in to the meeting points at that first
-- check-in (`duplicate_of`):
--   'merged'   the same person: a roster member's repeat (a known person checks in once), or an
--              unlisted name the host merged. It counts once, and its token answers for the
--              first check-in (one response per person).
--   'possible' an unlisted name checked in again by another participant: maybe a second person
--              with a common name, maybe the same one twice. Left out of attendance and rates
--              until the host confirms it (the status is cleared: another person) or merges it.
-- A participant who checks in again with their token gets that same check-in back (no new row).
ALTER TABLE check_ins
    ADD COLUMN duplicate_of uuid REFERENCES check_ins (id) ON DELETE CASCADE,
    ADD COLUMN duplicate_status text,
    ADD CONSTRAINT check_ins_duplicate_status CHECK (
        (duplicate_status IS NULL AND duplicate_of IS NULL)
        OR (duplicate_status IN ('possible', 'merged') AND duplicate_of IS NOT NULL));

CREATE INDEX check_ins_meeting_name ON check_ins (meeting_id, name_key) WHERE name_key IS NOT NULL;
