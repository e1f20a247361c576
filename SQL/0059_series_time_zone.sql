-- The series owns its zone and its schedule (issue 48 items 1 and 3, docs/decisions/0059).
--
-- time_zone: the IANA zone the series' sessions happen in. Participants read every time in it
-- with the zone named (form page, series link, thanks page, mail, calendar feed). Existing series
-- take their owner's zone (accounts.time_zone, chosen on /account), UTC when the owner chose none.
-- The application checks the name (HostTimeZone); the database only keeps it short and non-empty.
ALTER TABLE meeting_series ADD COLUMN time_zone text;
UPDATE meeting_series s SET time_zone = coalesce(
    (SELECT nullif(btrim(a.time_zone), '') FROM accounts a WHERE a.id = s.host_id), 'UTC');
ALTER TABLE meeting_series
    ALTER COLUMN time_zone SET NOT NULL,
    ADD CONSTRAINT meeting_series_time_zone_text CHECK (length(time_zone) BETWEEN 1 AND 64);

-- A series inserted without a zone takes its owner's, UTC when none: the same rule as above, in
-- one place for every path that creates a series (NOT NULL is checked after this trigger).
CREATE FUNCTION meeting_series_zone_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.time_zone IS NULL THEN
        NEW.time_zone := coalesce(
            (SELECT nullif(btrim(a.time_zone), '') FROM accounts a WHERE a.id = NEW.host_id), 'UTC');
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER meeting_series_zone_default BEFORE INSERT ON meeting_series
    FOR EACH ROW EXECUTE FUNCTION meeting_series_zone_default();

-- schedule: the RRULE a series was planned from (a calendar event or a typed rule), NULL for a
-- series whose sessions were added one by one. "Next session" proposes its next occurrence after
-- the latest session, in time_zone's wall clock. Existing series were planned without keeping it.
ALTER TABLE meeting_series ADD COLUMN schedule text
    CONSTRAINT meeting_series_schedule_text CHECK (length(schedule) BETWEEN 1 AND 500);
