-- Seeding millions of rows into tables whose keys and indexes already exist inserts into every
-- B-tree at a random place (the ids are hashes) and checks a foreign key per answer: hours at
-- 10,000,000 responses. So the seed loads bare tables and builds what this file put aside
-- afterwards (build_keys.sql), in one pass each, as pg_restore does. The layouts' definitions
-- are read back from the catalog, so both schema files stay the only description of each layout.
CREATE TABLE bench_deferred (stage int NOT NULL, position serial, definition text NOT NULL);
-- 1: primary and unique keys; 2: the other indexes; 3: foreign keys (they need the keys). Only
-- the parents' own (conparentid = 0): a partitioned table's are copied to its partitions.
INSERT INTO bench_deferred (stage, definition)
SELECT 1, format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
FROM pg_constraint WHERE conrelid IN ('responses'::regclass, 'answers'::regclass) AND contype IN ('p', 'u') AND conparentid = 0
ORDER BY conrelid::regclass::text DESC, conname;
INSERT INTO bench_deferred (stage, definition)
-- A partitioned parent's definition reads ON ONLY (the parent alone): built on every partition here.
SELECT 2, replace(pg_get_indexdef(indexrelid), ' ON ONLY ', ' ON ')
FROM pg_index WHERE indrelid IN ('responses'::regclass, 'answers'::regclass) AND NOT indisunique
ORDER BY indexrelid::regclass::text;
INSERT INTO bench_deferred (stage, definition)
SELECT 3, format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
FROM pg_constraint WHERE conrelid IN ('responses'::regclass, 'answers'::regclass) AND contype = 'f' AND conparentid = 0;

DO $$
DECLARE
    item record;
BEGIN
    FOR item IN SELECT conrelid::regclass AS tab, conname FROM pg_constraint
                WHERE conrelid IN ('responses'::regclass, 'answers'::regclass) AND contype = 'f' AND conparentid = 0 LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', item.tab, item.conname);
    END LOOP;
    FOR item IN SELECT indexrelid::regclass AS idx FROM pg_index
                WHERE indrelid IN ('responses'::regclass, 'answers'::regclass) AND NOT indisunique LOOP
        EXECUTE format('DROP INDEX %s', item.idx);
    END LOOP;
    FOR item IN SELECT conrelid::regclass AS tab, conname FROM pg_constraint
                WHERE conrelid IN ('responses'::regclass, 'answers'::regclass) AND contype IN ('p', 'u') AND conparentid = 0 LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', item.tab, item.conname);
    END LOOP;
END $$;
