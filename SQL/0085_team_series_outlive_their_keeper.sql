-- A team's series outlive their keeper's account (issue 70; docs/decisions/0096-team-series-outlive-their-keeper.md).
--
-- meeting_series.host_id and meetings.host_id reference accounts ON DELETE CASCADE (0002): right
-- for a person's series, which go with their owner, but on a team's series the host is only the
-- keeper (0080) and deleting that account deleted the team's series and every answer in them.
-- This trigger runs before every deletion of an account, whatever path issues it (psql, a future
-- command, several accounts in one statement), and first hands each team series the account
-- keeps to another member of the team, so the cascade that follows finds none of them:
--
--   * the new keeper is the team's longest-standing admin (team_members.created_at, then the
--     account id), else its longest-standing editor: a viewer may not edit the series, so it
--     cannot keep its calendar;
--   * the candidate must still be an account (one deleted earlier in the same statement is not)
--     and its calendar must take every session (meetings_no_overlap); when it does not, the next
--     candidate in that order is tried;
--   * when no candidate can, the whole deletion is refused (SQLSTATE 23001, restrict_violation,
--     the message naming the team and what to do) and nothing is deleted.
--
-- Every team series the account keeps in one team goes to the same new keeper. The sessions
-- follow their series' keeper (a session of a team series hosted by the account takes its
-- series' host). A person's series still go with their owner, as before.
CREATE FUNCTION hand_over_team_series() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    team record;
    candidate uuid;
    handed boolean;
BEGIN
    FOR team IN
        SELECT t.id, t.name FROM teams t
        WHERE EXISTS (
            SELECT 1 FROM meeting_series s
            WHERE s.team_id = t.id
              AND (s.host_id = OLD.id
                   OR EXISTS (SELECT 1 FROM meetings m WHERE m.series_id = s.id AND m.host_id = OLD.id)))
        ORDER BY t.id
        FOR UPDATE OF t
    LOOP
        handed := false;
        FOR candidate IN
            SELECT tm.account_id FROM team_members tm
            JOIN accounts a ON a.id = tm.account_id
            WHERE tm.team_id = team.id AND tm.account_id <> OLD.id AND tm.role IN ('admin', 'editor')
            ORDER BY (tm.role = 'admin') DESC, tm.created_at, tm.account_id
        LOOP
            BEGIN
                UPDATE meeting_series SET host_id = candidate WHERE team_id = team.id AND host_id = OLD.id;
                UPDATE meetings m SET host_id = s.host_id, updated_at = now()
                FROM meeting_series s
                WHERE m.series_id = s.id AND s.team_id = team.id AND m.host_id = OLD.id;
                handed := true;
            EXCEPTION WHEN exclusion_violation THEN
                -- A session overlaps one of the candidate's meetings: nothing of this attempt stays.
                handed := false;
            END;
            EXIT WHEN handed;
        END LOOP;
        IF NOT handed THEN
            RAISE EXCEPTION 'the account keeps series of the team "%" (%), and no other admin or editor of that team can keep them', team.name, team.id
                USING ERRCODE = 'restrict_violation',
                      DETAIL = format('team_id=%s', team.id),
                      HINT = 'make another member of the team an admin or editor whose calendar has no overlapping meeting, or move the series out of the team, then delete the account';
        END IF;
    END LOOP;
    RETURN OLD;
END
$$;

CREATE TRIGGER hand_over_team_series BEFORE DELETE ON accounts
    FOR EACH ROW EXECUTE FUNCTION hand_over_team_series();
