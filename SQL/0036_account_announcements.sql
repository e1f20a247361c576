-- Every change to an account or to its tokens is announced on `debrief_accounts`, with the
-- account's id as payload, so each instance drops what its token cache remembers of that account
-- (docs/decisions/0038-token-cache.md). This covers changes made by another instance, by
-- `debrief admin` and by hand-written SQL alike. Issuing a token announces nothing: the cache only
-- remembers tokens it found. Recording a host's last write position (`last_write_lsn`, once per
-- write when a standby serves reads) announces nothing either: it changes no one's rights, and
-- would otherwise empty every instance's cache of that host on each write.
-- NOTIFY sends one message per distinct payload per transaction, however many rows change.
CREATE FUNCTION debrief_announce_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- TG_ARGV[0]: the column holding the account's id in this table.
    PERFORM pg_notify('debrief_accounts', to_jsonb(OLD) ->> TG_ARGV[0]);
    RETURN NULL;
END
$$;

CREATE TRIGGER accounts_announce_update AFTER UPDATE ON accounts FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_write_lsn') IS DISTINCT FROM (to_jsonb(NEW) - 'last_write_lsn'))
    EXECUTE FUNCTION debrief_announce_account_change('id');
CREATE TRIGGER accounts_announce_delete AFTER DELETE ON accounts FOR EACH ROW
    EXECUTE FUNCTION debrief_announce_account_change('id');
CREATE TRIGGER access_tokens_announce AFTER UPDATE OR DELETE ON access_tokens FOR EACH ROW
    EXECUTE FUNCTION debrief_announce_account_change('account_id');
