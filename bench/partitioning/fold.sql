-- The fold: pending deltas summed into the tallies, in one statement as ResultTallies does.
WITH pending AS (DELETE FROM result_tally_deltas RETURNING *)
INSERT INTO result_tallies (form_id, question_key, kind, value, count)
SELECT form_id, question_key, kind, value, sum(delta) FROM pending GROUP BY 1, 2, 3, 4
ON CONFLICT (form_id, question_key, kind, value) DO UPDATE SET count = result_tallies.count + excluded.count;
