-- Team chat digests (issue 35): a series' Slack or Teams channel is a webhook endpoint of the
-- outbox with a chat kind, so its digests share the outbox's retries, address guard, caps and
-- delivery log (docs/decisions/0045-chat-digests.md).

ALTER TABLE webhook_endpoints
    -- NULL: a Standard Webhooks endpoint; otherwise the chat its digests are written for.
    ADD COLUMN chat_kind text CHECK (chat_kind IN ('slack', 'teams')),
    ADD COLUMN chat_language text NOT NULL DEFAULT 'en' CHECK (chat_language IN ('en', 'ko')),
    -- Also a digest once a day while a form of the series takes answers.
    ADD COLUMN chat_daily boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT webhook_endpoints_chat_series CHECK (chat_kind IS NULL OR series_id IS NOT NULL);

-- One chat channel per series.
CREATE UNIQUE INDEX webhook_endpoints_chat ON webhook_endpoints (series_id) WHERE chat_kind IS NOT NULL;

-- What a digest delivery is for: 'closed:<form>', 'daily:<form>:<day>', 'test:<uuid>'. Unique per
-- endpoint, so a close seen twice (by the host and by the sweep of scheduled closes) or a daily
-- sweep run by two instances queues one digest (NULL for every other delivery: NULLs are distinct).
ALTER TABLE webhook_deliveries ADD COLUMN digest_key text;
CREATE UNIQUE INDEX webhook_deliveries_digest ON webhook_deliveries (endpoint_id, digest_key);
