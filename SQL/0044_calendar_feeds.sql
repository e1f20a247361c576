-- Calendars (issue 34, docs/decisions/0040-calendar.md).

-- A series' private iCalendar feed: one per series, its token kept only as a SHA-256 like every
-- other token (SecretToken.hash). Rotating replaces the row's hash, revoking deletes the row; the
-- old URL then answers 404. It goes with its series.
CREATE TABLE series_calendar_feeds (
    series_id   uuid PRIMARY KEY REFERENCES meeting_series (id) ON DELETE CASCADE,
    token_hash  text NOT NULL UNIQUE,
    created_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- The SEQUENCE of a session's calendar event: advanced by every change a calendar must follow
-- (its time, title or place, moving it to the trash or back), whichever code path or instance
-- makes it, so one trigger owns the rule.
ALTER TABLE meetings ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;

CREATE FUNCTION meetings_calendar_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
       OR NEW.title IS DISTINCT FROM OLD.title OR NEW.place IS DISTINCT FROM OLD.place
       OR (NEW.trashed_at IS NULL) <> (OLD.trashed_at IS NULL) THEN
        NEW.calendar_sequence := OLD.calendar_sequence + 1;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER meetings_calendar_sequence BEFORE UPDATE ON meetings
    FOR EACH ROW EXECUTE FUNCTION meetings_calendar_sequence();
