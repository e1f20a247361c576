-- Each room question keeps its own vote count (issue 52; docs/decisions/0075, revision of
-- 2026-11-27): the room's list read it by counting the vote rows of every question on each
-- read — 500 list reads a second over 10,000 votes — which cost PostgreSQL more than the
-- submissions it slowed. The count is written only by the statement that stores a batch of
-- votes (`RoomQuestionStore+Votes.swift`, check-layers rule 27), by exactly the rows that
-- statement inserted or deleted, in the same transaction, so it cannot drift from the rows.
ALTER TABLE room_questions ADD COLUMN votes int8 NOT NULL DEFAULT 0 CHECK (votes >= 0);
UPDATE room_questions q SET votes = (SELECT count(*) FROM room_question_votes v WHERE v.question_id = q.id);
