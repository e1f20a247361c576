-- The trash: a deleted meeting keeps its forms, responses and check-ins for 30 days, restorable by
-- its host, and is purged by a background job after that (docs/decisions/0015-meeting-trash.md).
--
-- `trashed_at` is set on the meeting and on each of its forms (participants' writes read only the
-- form row, see FormGate), and on the series when its last live meeting goes, so the series and
-- its roster leave and come back with it.

ALTER TABLE meetings ADD COLUMN trashed_at timestamptz;
ALTER TABLE forms ADD COLUMN trashed_at timestamptz;
ALTER TABLE meeting_series ADD COLUMN trashed_at timestamptz;

-- A meeting in the trash no longer blocks its time: the host may plan another one then. A restore
-- that would overlap a live meeting is refused by the same constraint.
ALTER TABLE meetings DROP CONSTRAINT meetings_no_overlap;
ALTER TABLE meetings ADD CONSTRAINT meetings_no_overlap EXCLUDE USING gist (
    host_id WITH =, tstzrange(starts_at, ends_at) WITH &&
) WHERE (trashed_at IS NULL);

CREATE INDEX meetings_trashed ON meetings (host_id, trashed_at) WHERE trashed_at IS NOT NULL;
CREATE INDEX meeting_series_trashed ON meeting_series (trashed_at) WHERE trashed_at IS NOT NULL;
