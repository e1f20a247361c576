-- A co-host's share that changes or ends is announced on `debrief_accounts` like any other change
-- to that account's rights (migration 0036), from whichever instance, `debrief admin` or hand-written
-- SQL made it: every instance's live streams of that account check their access at once and end
-- with `access_revoked` (a revoked viewer kept receiving until the next periodic check), and the
-- token caches forget the account.
CREATE TRIGGER series_shares_announce AFTER UPDATE OR DELETE ON series_shares FOR EACH ROW
    EXECUTE FUNCTION debrief_announce_account_change('account_id');
