-- Issue 67: an unsubscribe suppresses the MAILBOX, not one spelling of it. `alice@example.org`
-- unsubscribed and `alice+x@example.org` was still mailed: the same person's inbox, reached by a
-- sub-address a host (or anyone filling a roster) can invent at will.
--
-- One key, `mailbox_key(address)`, owns what "the same mailbox" means, and both sides use it:
-- `mail_suppressed(address, series)` compares keys, and the table stores keys (a trigger turns
-- whatever a writer inserts into its key, so no writer can record a spelling the test misses).
-- The rules, and whose they are:
--   * case: the whole address is folded to lower case (domains are case-insensitive, RFC 5321
--     2.4; local parts are in practice, and EmailAddress already stores addresses lower-cased);
--   * sub-addresses: everything from the first `+` of the local part is a tag (RFC 5233's
--     `user+detail`, as Gmail, Outlook.com, iCloud, Fastmail, Proton and Postfix/Exim's default
--     recipient_delimiter treat it), for every domain. A local part that starts with `+` keeps it
--     (there is no user before the tag). Other delimiters (`-` at Yahoo or qmail) are not
--     folded: `john-smith@` is a different person far more often than a tag;
--   * dots: ignored in the local part only at gmail.com and googlemail.com, one mailbox for
--     Google (https://support.google.com/mail/answer/7436150); googlemail.com is gmail.com.
CREATE FUNCTION mailbox_key(address text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE
        WHEN parts.domain IS NULL THEN parts.whole
        WHEN parts.domain IN ('gmail.com', 'googlemail.com') THEN replace(parts.mailbox, '.', '') || '@gmail.com'
        ELSE parts.mailbox || '@' || parts.domain
    END
    FROM (
        SELECT whole, local, domain,
            CASE WHEN strpos(local, '+') > 1 THEN split_part(local, '+', 1) ELSE local END AS mailbox
        FROM (
            SELECT whole,
                substring(whole FROM '^(.*)@[^@]*$') AS local,
                substring(whole FROM '@([^@]*)$') AS domain
            FROM (SELECT lower(btrim(address)) AS whole) AS trimmed
        ) AS split
    ) AS parts
$$;

-- Suppressions recorded so far, as keys; two spellings of one mailbox become one row (the
-- earliest kept).
DELETE FROM mail_suppressions later
USING mail_suppressions earlier
WHERE mailbox_key(later.email) = mailbox_key(earlier.email)
    AND later.series_id IS NOT DISTINCT FROM earlier.series_id
    AND (later.created_at, later.ctid) > (earlier.created_at, earlier.ctid);
UPDATE mail_suppressions SET email = mailbox_key(email) WHERE email <> mailbox_key(email);

-- Whatever records a suppression records the key.
CREATE FUNCTION mail_suppressions_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.email := mailbox_key(NEW.email);
    RETURN NEW;
END
$$;

CREATE TRIGGER mail_suppressions_key BEFORE INSERT OR UPDATE OF email ON mail_suppressions
FOR EACH ROW EXECUTE FUNCTION mail_suppressions_key();

ALTER TABLE mail_suppressions ADD CONSTRAINT mail_suppressions_is_key CHECK (email = mailbox_key(email));

-- The one test every path that writes or sends roster mail asks, now by mailbox.
CREATE OR REPLACE FUNCTION mail_suppressed(address text, series uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1 FROM mail_suppressions
        WHERE email = mailbox_key(address) AND (series_id IS NULL OR series_id = series)
    )
$$;
