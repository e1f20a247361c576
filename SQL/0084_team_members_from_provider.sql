-- Members from company sign-in (issue 70, goal 2; docs/decisions/0093-team-members-from-sign-in.md).
--
-- A membership is `manual` (a team admin added it, or the team's creator) or `provider` (company
-- sign-in added it from the ID token's groups claim). Each company sign-in adds, changes and
-- removes the account's `provider` memberships to follow the claim; it never touches a `manual`
-- one, and an admin adding a provider member by hand makes the membership theirs (`manual`).
ALTER TABLE team_members
    ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'provider'));
