-- Adds :n check-ins to the meeting of form :'form_id' (participants who said "I am here", as
-- POST /v1/f/{code}/check-in stores them: a token's hash, no name on an anonymous form) and links
-- the oldest :linked responses of the form that have none to one of them each, so the report's
-- attendance and response rate are counted (scripts/bench-targets: the seeded forms get
-- check-ins, as a real session's do). psql -v form_id=… -v n=… -v linked=… -f this file.
WITH f AS (
    SELECT id, meeting_id FROM forms WHERE id = :'form_id'
), c AS (
    INSERT INTO check_ins (form_id, meeting_id, token_hash, checked_in_at)
    SELECT f.id, f.meeting_id, md5(random()::text || i), now() - interval '1 hour'
    FROM f, generate_series(1, :n) AS i
    RETURNING id
), numbered AS (
    SELECT id, row_number() OVER () AS k FROM c
), oldest AS (
    SELECT r.id, row_number() OVER (ORDER BY r.submitted_at) AS k FROM responses r
    WHERE r.form_id = :'form_id' AND r.check_in_id IS NULL
    ORDER BY r.submitted_at LIMIT :linked
)
UPDATE responses r SET check_in_id = numbered.id
FROM oldest JOIN numbered USING (k)
WHERE r.id = oldest.id;
