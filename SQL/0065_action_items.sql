-- Action items (issue 50; docs/decisions/0074-action-items.md): what the host decided at a
-- session, carried to the next one and reviewed there (done, not done, dropped).
--
-- An action is the host's words. It stores no answer text: when an answer prompted it, only the
-- question's key (`question_key`) links it, so an action can never quote a withheld answer.
-- The owner is a roster member of the series or an account (the series' host or a co-host),
-- never both; either one removed leaves the action without an owner. `due_on` NULL means "by the
-- next session". At most 50 per session (ActionItemRules.maxPerSession, counted by the store
-- inside the transaction that locks the meeting row).
CREATE TABLE action_items (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    meeting_id        uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    owner_member_id   uuid REFERENCES roster_members (id) ON DELETE SET NULL,
    owner_account_id  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    due_on            date,
    status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'dropped')),
    question_key      text CHECK (question_key ~ '^[a-z0-9_-]{1,40}$'),
    created_by        uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT action_items_one_owner CHECK (owner_member_id IS NULL OR owner_account_id IS NULL)
);

-- A session's actions in the order they were recorded (the dashboard, the review, the export).
CREATE INDEX action_items_meeting ON action_items (meeting_id, created_at, id);
-- The owners' ON DELETE SET NULL finds their actions without a scan.
CREATE INDEX action_items_owner_member ON action_items (owner_member_id) WHERE owner_member_id IS NOT NULL;
CREATE INDEX action_items_owner_account ON action_items (owner_account_id) WHERE owner_account_id IS NOT NULL;
