-- Seeds one past meeting whose published form (bench/form.json, 5 questions) has :responses
-- responses, about 5 answer rows each, for the export benchmark (scripts/bench-export). Prints
-- the meeting id.
--   psql URL -v responses=1000000 -v form="$(cat bench/form.json)" -f bench/export_seed.sql
\set ON_ERROR_STOP on
SET synchronous_commit = off;
SET maintenance_work_mem = '256MB';

CREATE TEMP TABLE seed_meeting (form_id uuid, meeting_id uuid);
WITH host AS (
    INSERT INTO accounts (email, display_name, password_hash)
    VALUES ('export-bench@example.com', 'Export bench', 'not a bcrypt hash') RETURNING id
), series AS (
    INSERT INTO meeting_series (host_id) SELECT id FROM host RETURNING id, host_id
), meeting AS (
    INSERT INTO meetings (series_id, host_id, session_number, title, starts_at, ends_at)
    SELECT id, host_id, 1, 'Export benchmark', '2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z' FROM series
    RETURNING id
), form AS (
    INSERT INTO forms (meeting_id, version, definition, code, published_at)
    SELECT id, 1, :'form'::jsonb, 'EXPORT01', '2026-01-05T09:50:00Z' FROM meeting
    RETURNING id, meeting_id
)
INSERT INTO seed_meeting SELECT id, meeting_id FROM form;

CREATE TEMP TABLE seed_responses AS
SELECT n, gen_random_uuid() AS id FROM generate_series(1, :responses) AS n;

INSERT INTO responses (id, form_id, submitted_at)
SELECT s.id, m.form_id, timestamptz '2026-01-05T10:00:00Z' + s.n * interval '10 milliseconds'
FROM seed_responses s CROSS JOIN seed_meeting m;

INSERT INTO answers (response_id, form_id, question_key, position, option_id, other_text, rating, text_value)
SELECT s.id, m.form_id, a.question_key, a.position, a.option_id, a.other_text, a.rating, a.text_value
FROM seed_responses s CROSS JOIN seed_meeting m
CROSS JOIN LATERAL (VALUES
    ('useful', 0, NULL, NULL, 1 + s.n % 5, NULL),
    ('topic', 0, 'roadmap', NULL, NULL, NULL),
    ('topic', 1, CASE WHEN s.n % 3 = 0 THEN 'hiring' END, NULL, NULL, NULL),
    ('topic', 2, NULL, CASE WHEN s.n % 7 = 0 THEN 'Other, "quoted"' END, NULL, NULL),
    ('notes', 0, NULL, NULL, NULL, CASE WHEN s.n % 2 = 0 THEN 'Comment ' || s.n || ', with "quotes" and 한국어' END),
    ('nps', 0, NULL, NULL, s.n % 11, NULL),
    ('pace', 0, (ARRAY['slow', 'ok', 'fast'])[1 + s.n % 3], NULL, NULL, NULL)
) AS a(question_key, position, option_id, other_text, rating, text_value)
WHERE num_nonnulls(a.option_id, a.other_text, a.rating, a.text_value) = 1;

-- Vacuumed as well as analysed: autovacuum would otherwise come for the new rows during the
-- measurements and spend the CPU they count (scripts/bench-export reads the cluster's).
VACUUM ANALYZE responses;
VACUUM ANALYZE answers;
SELECT meeting_id FROM seed_meeting;
