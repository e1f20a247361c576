-- Questions from the room (docs/decisions/0075-questions-from-the-room.md): during a session
-- participants post questions or topics and upvote each other's; the host moderates.
-- A meeting's settings; a meeting without a row has the feature off.
CREATE TABLE room_question_settings (
    meeting_id uuid PRIMARY KEY REFERENCES meetings (id) ON DELETE CASCADE,
    enabled boolean NOT NULL,
    moderation text NOT NULL CHECK (moderation IN ('approveFirst', 'postThenHide')),
    names text NOT NULL CHECK (names IN ('anonymous', 'named')),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- `author` is the poster's voter identity (the uuid inside the signed voter token), counted
-- against the per-participant cap; it is never shown.
CREATE TABLE room_questions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    meeting_id uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    author uuid NOT NULL,
    body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 280),
    display_name text CHECK (char_length(display_name) BETWEEN 1 AND 100),
    status text NOT NULL CHECK (status IN ('pending', 'visible', 'hidden')),
    answered boolean NOT NULL DEFAULT false,
    pinned boolean NOT NULL DEFAULT false,
    posted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX room_questions_by_meeting ON room_questions (meeting_id, author);
-- At most one pinned question per meeting, whatever races.
CREATE UNIQUE INDEX room_questions_one_pinned ON room_questions (meeting_id) WHERE pinned;

-- One vote per voter and question: the key makes a second vote impossible to store.
CREATE TABLE room_question_votes (
    question_id uuid NOT NULL REFERENCES room_questions (id) ON DELETE CASCADE,
    voter uuid NOT NULL,
    voted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (question_id, voter)
);
