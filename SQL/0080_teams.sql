-- Teams own series (issue 70, goal 1; docs/decisions/0090-teams-own-series.md).
--
-- A team has a name and members, each an admin, an editor or a viewer. A series belongs to a
-- person or to a team: `meeting_series.team_id` NULL means its owner is its host; set, the team
-- owns it and its host is only its keeper (whose calendar its sessions sit in, as before), with
-- no rights of its own: what anyone may do with it is `role(of:)` in MeetingVisibility.swift.
CREATE TABLE teams (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 120),
    created_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A member's role is what a co-host of that kind may do on each of the team's series; an admin
-- also manages the members (and so may do what a series' owner may).
CREATE TABLE team_members (
    team_id     uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
    added_by    uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (team_id, account_id)
);

-- "Which teams am I in" (the Teams page, visibility by account).
CREATE INDEX team_members_account ON team_members (account_id, team_id);

-- A team that still owns series cannot be deleted from under them.
ALTER TABLE meeting_series ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE RESTRICT;
CREATE INDEX meeting_series_team ON meeting_series (team_id) WHERE team_id IS NOT NULL;

-- An offer of a series goes to an address (a person, as since 0039) or to a team, whose admin
-- accepts it: exactly one of the two.
ALTER TABLE series_transfer_offers
    ALTER COLUMN to_email DROP NOT NULL,
    ADD COLUMN to_team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
    ADD CONSTRAINT series_transfer_offers_one_receiver CHECK (num_nonnulls(to_email, to_team_id) = 1);
CREATE INDEX series_transfer_offers_to_team ON series_transfer_offers (to_team_id) WHERE to_team_id IS NOT NULL;

-- Credentials follow their maker (0055): on a team's series the maker may deliver while a team
-- admin or editor; the keeper's host_id grants nothing there.
CREATE OR REPLACE FUNCTION series_delivery_allowed(maker uuid, series uuid) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT COALESCE(
        EXISTS (SELECT 1 FROM meeting_series s WHERE s.id = series AND s.host_id = maker AND s.team_id IS NULL)
        OR EXISTS (SELECT 1 FROM meeting_series s JOIN team_members tm ON tm.team_id = s.team_id
                   WHERE s.id = series AND tm.account_id = maker AND tm.role IN ('admin', 'editor'))
        OR EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = series AND sh.account_id = maker AND sh.role = 'editor')
        OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = maker AND a.role = 'admin'),
        false)
$$;
