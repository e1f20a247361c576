-- Adds :n responses (5 answers each, like bench/submit.lua's, with random values) to form
-- :'form_id', through the same tables and triggers as submissions. Response number k (counting
-- the :offset already there) arrives 7.2 ms × k after the meeting's end, so a million span two
-- hours, in insertion order as real ones do, with time-ordered (version 7) ids as the service
-- makes them. Run by scripts/bench-results: psql -v form_id=… -v n=… -v offset=… -f this file.
WITH f AS (
    SELECT f.id, m.ends_at FROM forms f JOIN meetings m ON m.id = f.meeting_id WHERE f.id = :'form_id'
), t AS (
    SELECT f.id AS form_id, f.ends_at + (:offset + i) * interval '7.2 milliseconds' AS at
    FROM f, generate_series(1, :n) AS i
), r AS (
    INSERT INTO responses (id, form_id, submitted_at)
    SELECT (lpad(to_hex(floor(extract(epoch FROM t.at) * 1000)::bigint), 12, '0') || '7'
            || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
           t.form_id, t.at
    FROM t ORDER BY t.at
    RETURNING id, form_id
)
INSERT INTO answers (response_id, form_id, question_key, position, option_id, other_text, rating, text_value)
SELECT r.id, r.form_id, a.question_key, a.position, a.option_id, a.other_text, a.rating, a.text_value
FROM r CROSS JOIN LATERAL (
    SELECT random() AS x WHERE r.id IS NOT NULL  -- correlated, so drawn once per response
) v CROSS JOIN LATERAL (VALUES
    ('useful', 0, NULL, NULL, (1 + floor(v.x * 5))::smallint, NULL),
    ('topic', 0, (ARRAY['roadmap', 'hiring', 'budget'])[1 + floor(random() * 3)::int], NULL, NULL, NULL),
    ('nps', 0, NULL, NULL, floor(random() * 11)::smallint, NULL),
    ('pace', 0, (ARRAY['slow', 'ok', 'fast'])[1 + floor(random() * 3)::int], NULL, NULL, NULL),
    ('notes', 0, NULL, NULL, NULL, CASE WHEN v.x < 0.3 THEN 'seeded note ' || floor(random() * 1000) END),
    ('topic', 1, NULL, CASE WHEN v.x > 0.98 THEN 'seeded other ' || floor(random() * 100) END, NULL, NULL)
) AS a(question_key, position, option_id, other_text, rating, text_value)
WHERE num_nonnulls(a.option_id, a.other_text, a.rating, a.text_value) = 1;
