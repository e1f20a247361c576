-- Questions from the room, revised (issue 67; docs/decisions/0075-questions-from-the-room.md,
-- "Revision 2026-11-28"). A room switched from named to anonymous now erases the names of its
-- questions in the statement that switches it (RoomQuestionStore.setSettings), so a name given
-- in a named room is never kept once the host made the room anonymous. Rooms switched before
-- this revision still keep those names: they are erased here, once.
--
-- Voter identities need no table: they stay signed tokens (RoomVoters), now issued only by
-- `POST /v1/f/{code}/room-questions/voter` and the room's page, under a per-address rate.
UPDATE room_questions q
SET display_name = NULL
FROM room_question_settings s
WHERE s.meeting_id = q.meeting_id AND s.names = 'anonymous' AND q.display_name IS NOT NULL;
