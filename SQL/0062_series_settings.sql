-- A series' settings (issue 48, docs/decisions/0073-series-settings.md): the length and the place
-- a new session of the series starts with ("Next session" proposes them). NULL: as the latest
-- session's, which is what every existing series did.
ALTER TABLE meeting_series
    ADD COLUMN default_duration_seconds integer
        CONSTRAINT meeting_series_default_duration CHECK (default_duration_seconds BETWEEN 300 AND 86400),
    ADD COLUMN default_place text
        CONSTRAINT meeting_series_default_place CHECK (length(default_place) BETWEEN 1 AND 200);
