-- Issue 70 goal 4: a team's read record (docs/decisions/0097-a-teams-read-record.md). An event
-- about a team itself (its export, its look, a member's role) names no series, so it names the
-- team. A series' rows keep no team: they are the team's while the team owns the series
-- (meeting_series.team_id, read at read time), and follow the series when it moves.
--
-- No foreign key, for the reason of the others (SQL/0081_audit_record.sql): the record outlives
-- the team it names.
ALTER TABLE audit_record ADD COLUMN team_id uuid;

CREATE INDEX audit_record_team ON audit_record (team_id, id) WHERE team_id IS NOT NULL;
