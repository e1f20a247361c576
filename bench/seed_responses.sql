-- Adds :n responses (5 answers each, like bench/submit.lua's, with random values) to form
-- :'form_id', submitted within two hours after the meeting's end, through the same tables and
-- triggers as submissions. Run by scripts/bench-results: psql -v form_id=… -v n=… -f this file.
WITH f AS (
    SELECT f.id, m.ends_at FROM forms f JOIN meetings m ON m.id = f.meeting_id WHERE f.id = :'form_id'
), r AS (
    INSERT INTO responses (id, form_id, submitted_at)
    SELECT gen_random_uuid(), f.id, f.ends_at + random() * interval '2 hours' FROM f, generate_series(1, :n)
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
