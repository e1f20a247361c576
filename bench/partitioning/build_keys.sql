-- Builds the keys, indexes and foreign keys that defer_keys.sql put aside, in that order.
DO $$
DECLARE
    item record;
BEGIN
    FOR item IN SELECT definition FROM bench_deferred ORDER BY stage, position LOOP
        EXECUTE item.definition;
    END LOOP;
END $$;
DROP TABLE bench_deferred;
