-- Credentials that deliver a series' data follow their maker (issue 47,
-- docs/decisions/0055-credentials-follow-their-maker.md).
--
-- A calendar feed, a team chat channel and a webhook endpoint each name the account that made
-- them, and every use (a feed read, a delivery queued or sent) asks the one predicate below
-- whether that account may still edit the series: its owner, an editing co-host, or an admin.
-- A maker whose share was removed, or whose account is gone, delivers nothing more.

-- The maker of an endpoint: for a Standard Webhooks endpoint its account, for a chat channel the
-- owner or editor who pasted its URL. Existing channels did not record who pasted them: they are
-- filled with the series' owner (the account they were counted against, who could always see,
-- change and remove them), the account that answers for them today.
ALTER TABLE webhook_endpoints ADD COLUMN created_by uuid REFERENCES accounts (id) ON DELETE SET NULL;
UPDATE webhook_endpoints SET created_by = account_id;

-- Feeds have named their maker since 0044; a feed whose maker's account was deleted (NULL) stays
-- NULL and stops, as a new one would.

-- May a credential made by `maker` still deliver the data of series `series`? The one decider
-- (SeriesDeliveryGate in Swift names it); written in SQL so a feed read, the outbox's queueing
-- statements and the delivery claim each ask it inside their own statement. A NULL maker or
-- series is refused.
CREATE FUNCTION series_delivery_allowed(maker uuid, series uuid) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT COALESCE(
        EXISTS (SELECT 1 FROM meeting_series s WHERE s.id = series AND s.host_id = maker)
        OR EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = series AND sh.account_id = maker AND sh.role = 'editor')
        OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = maker AND a.role = 'admin'),
        false)
$$;
