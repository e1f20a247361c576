-- Reactions during the meeting (docs/decisions/0100-reactions.md): participants tap a few emoji,
-- the presenter and the host's dashboard show how many of each. What a host can read is the
-- count per meeting and emoji, nothing else: no row names a participant or a time of a reaction.
CREATE TABLE reaction_counts (
    meeting_id uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    reaction text NOT NULL CHECK (reaction IN ('thumbsUp', 'heart', 'laugh', 'surprised', 'clap')),
    count int8 NOT NULL CHECK (count >= 0),
    PRIMARY KEY (meeting_id, reaction)
);

-- What the per-participant caps need, and only that (StoredAdmission+Reactions): a keyed hash
-- (HMAC under a server key) of the room identity, never the identity itself, so these rows
-- cannot be joined to a vote, a question or a response; the reactions of the current minute and
-- in all; and when the row expires (a day after its last reaction), after which the hourly purge
-- deletes it. No API or page reads this table.
CREATE TABLE reaction_senders (
    meeting_id uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    sender text NOT NULL,
    window_started_at timestamptz NOT NULL,
    in_window int4 NOT NULL,
    total int4 NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (meeting_id, sender)
);
CREATE INDEX reaction_senders_expiry ON reaction_senders (expires_at);
