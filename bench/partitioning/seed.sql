-- Adds :n responses (numbers :offset + 1 … :offset + :n) spread over :forms forms, three answers
-- each (a rating, an option, a short text), submitted over the last 90 days. Form k's id is
-- md5(k)::uuid, so the benchmark scripts can name any form without a lookup.
INSERT INTO responses (id, form_id, submitted_at)
SELECT md5('r' || g)::uuid, md5((g % :forms)::text)::uuid, now() - (g % 7776000) * interval '1 second'
FROM generate_series(:offset + 1, :offset + :n) AS g;
INSERT INTO answers (response_id, form_id, question_key, position, option_id, rating, text_value)
SELECT md5('r' || g)::uuid, md5((g % :forms)::text)::uuid, q.key, 0, q.option_id, q.rating, q.text_value
FROM generate_series(:offset + 1, :offset + :n) AS g
CROSS JOIN LATERAL (VALUES
    ('useful', NULL, (g % 11)::smallint, NULL),
    ('topic', (ARRAY['roadmap', 'hiring', 'budget', 'other'])[1 + g % 4], NULL, NULL),
    ('notes', NULL, NULL, 'note ' || g)
) AS q (key, option_id, rating, text_value);
