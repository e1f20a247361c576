-- A host marks a roster member present by hand (the member came without a phone, or the meeting
-- has no form yet): a check-in with no participant token and, before a form is published, no
-- form. A member is marked at most once per meeting.

ALTER TABLE check_ins ALTER COLUMN form_id DROP NOT NULL;
ALTER TABLE check_ins ALTER COLUMN token_hash DROP NOT NULL;
ALTER TABLE check_ins ADD COLUMN marked_by_host boolean NOT NULL DEFAULT false;
ALTER TABLE check_ins ADD CONSTRAINT check_ins_participant_or_host
    CHECK (marked_by_host OR (token_hash IS NOT NULL AND form_id IS NOT NULL));
ALTER TABLE check_ins ADD CONSTRAINT check_ins_marked_member
    CHECK (NOT marked_by_host OR roster_member_id IS NOT NULL);

CREATE UNIQUE INDEX check_ins_marked_once ON check_ins (meeting_id, roster_member_id) WHERE marked_by_host;
