-- The series owns its form (issue 48 item 1, docs/decisions/0063-the-series-owns-its-form.md).
--
-- form: the series' current FormDefinition (questions, settings, language, translations) as the
-- API shows it, with no `closesAt`: an absolute date belongs to one session, never to the series.
-- form_closes_after_seconds: the close rule, relative to each session ("closes 24 hours after the
-- session ends"); NULL when the form does not close by itself. At most a year either way.
ALTER TABLE meeting_series
    ADD COLUMN form jsonb,
    ADD COLUMN form_closes_after_seconds integer
        CONSTRAINT meeting_series_close_rule_range CHECK (form_closes_after_seconds BETWEEN -31622400 AND 31622400),
    ADD CONSTRAINT meeting_series_close_rule_needs_form CHECK (form IS NOT NULL OR form_closes_after_seconds IS NULL);

-- follows_series: this draft is the series' form for this session (written by the series, not
-- by the host on this session). When the series' form changes, such drafts follow; publishing
-- freezes the version (it keeps the form it was published with) and a host who edits only this
-- session's copy ends it. Only a draft can follow.
ALTER TABLE forms
    ADD COLUMN follows_series boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT forms_follows_series_draft CHECK (NOT follows_series OR published_at IS NULL);

-- Today's series take the form of their latest session that has one (a session in the trash
-- only when no other has one), its latest version with its translations; its close time becomes
-- the rule "that long after the session ends" when the session had one within a year.
WITH latest AS (
    SELECT DISTINCT ON (m.series_id) m.series_id, f.definition, m.ends_at,
        extract(epoch FROM ((f.definition ->> 'closesAt')::timestamptz - m.ends_at))::bigint AS closes_after
    FROM forms f JOIN meetings m ON m.id = f.meeting_id
    ORDER BY m.series_id, (m.trashed_at IS NULL) DESC, m.session_number DESC, f.version DESC
)
UPDATE meeting_series s SET
    form = l.definition - 'closesAt',
    form_closes_after_seconds = CASE WHEN l.closes_after BETWEEN -31622400 AND 31622400 THEN l.closes_after::integer END
FROM latest l WHERE l.series_id = s.id;

-- A draft that is already the series' form, word for word, follows it from now on; any other
-- draft was written or changed by its host and stays that session's own.
UPDATE forms f SET follows_series = true
FROM meetings m JOIN meeting_series s ON s.id = m.series_id
WHERE m.id = f.meeting_id AND f.published_at IS NULL AND s.form IS NOT NULL
  AND f.definition - 'closesAt' = s.form
  AND f.version = (SELECT max(g.version) FROM forms g WHERE g.meeting_id = f.meeting_id);

-- Sessions that have not ended and have no form (sessions 2–8 of a series planned from a
-- calendar) start with the series' form, closing by the rule after their own end.
INSERT INTO forms (meeting_id, version, definition, follows_series)
SELECT m.id, 1,
    CASE WHEN s.form_closes_after_seconds IS NULL THEN s.form
         ELSE s.form || jsonb_build_object('closesAt', to_char(
            (m.ends_at + make_interval(secs => s.form_closes_after_seconds)) AT TIME ZONE 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) END,
    true
FROM meetings m JOIN meeting_series s ON s.id = m.series_id
WHERE s.form IS NOT NULL AND m.trashed_at IS NULL AND m.ends_at > now()
  AND NOT EXISTS (SELECT 1 FROM forms f WHERE f.meeting_id = m.id);
