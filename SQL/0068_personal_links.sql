-- Issue 50: each roster member's personal link for a session, and "this member has answered"
-- (docs/decisions/0077-personal-links-and-reminders.md).

-- A personal link's secret is minted by `SecretToken.newPersonalLinkToken()` when a roster message
-- is written (every message carries a fresh one: the raw token exists only in that message), and
-- only its SHA-256 is kept. A link belongs to one member and one session: opening it on another
-- session's form proves nothing.
CREATE TABLE roster_personal_links (
    token_hash       text PRIMARY KEY,
    meeting_id       uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    roster_member_id uuid NOT NULL REFERENCES roster_members (id) ON DELETE CASCADE,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX roster_personal_links_member ON roster_personal_links (roster_member_id);
CREATE INDEX roster_personal_links_meeting ON roster_personal_links (meeting_id);

-- "This member has answered this session": set in the transaction that stores the response sent
-- through a personal link, and nothing else. Deliberately no time and no response id, and the
-- response row names no member: on an anonymous form the flag says THAT a member answered, never
-- WHICH answers are theirs. The primary key makes a link answer once.
CREATE TABLE roster_answered (
    meeting_id       uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    roster_member_id uuid NOT NULL REFERENCES roster_members (id) ON DELETE CASCADE,
    PRIMARY KEY (meeting_id, roster_member_id)
);

CREATE INDEX roster_answered_member ON roster_answered (roster_member_id);
