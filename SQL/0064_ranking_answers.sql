-- Rankings (docs/decisions/0070-ranking-questions.md): a ranking's answer is one row per option,
-- in rank order (`position` 0 is the first, so the respondents tally of SQL/0004 needs no change),
-- with the option's id in both `option_id` and `statement_key` and its rank (1 = first) in
-- `rating`. The tallies then count it with no new code: 'option' counts who ranked each option,
-- and 'statement' counts '<option id>:<rank>', from which the results compute the average rank,
-- Borda points and first choices; 'rating' leaves rows with a statement key out.
-- Only that one shape may have two values; every other row still has exactly one.
ALTER TABLE answers DROP CONSTRAINT answers_one_value;
ALTER TABLE answers ADD CONSTRAINT answers_one_value CHECK (
    num_nonnulls(option_id, other_text, rating, text_value) = 1
    OR (option_id = statement_key AND rating BETWEEN 1 AND 10 AND other_text IS NULL AND text_value IS NULL));
