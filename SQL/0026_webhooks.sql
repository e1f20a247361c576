-- Webhooks: endpoints a host registers, and the outbox of deliveries to them.
--
-- A delivery row is written in the same transaction as its event (a response, a publish, a
-- close), so an event that committed is never lost; the delivery service sends the rows of an
-- endpoint one at a time, oldest first, and keeps a row until its receiver answers 2xx.
-- See docs/decisions/0027-webhook-outbox.md.

CREATE TABLE webhook_endpoints (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id       uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- NULL: every meeting of the account; otherwise only the meetings of this series.
    series_id        uuid REFERENCES meeting_series (id) ON DELETE CASCADE,
    url              text NOT NULL,
    events           text[] NOT NULL CHECK (cardinality(events) > 0),
    -- The signing secret, AES-GCM sealed under the server key 'webhook-secrets' (nonce, ciphertext, tag).
    secret_sealed    bytea NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- Set when deliveries failed for the whole retry window; deliveries wait until the host enables it again.
    disabled_at      timestamptz,
    disabled_reason  text,
    -- The first failure since the last success (NULL while the endpoint answers).
    failing_since    timestamptz,
    -- One instance at a time delivers to an endpoint (in order): it holds the lease until then.
    lease_until      timestamptz
);

CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- The order of the endpoint's deliveries (commit order is close enough: one event's rows come together).
    seq              bigserial NOT NULL,
    endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    -- The Standard Webhooks `webhook-id`: the same on every retry and on a manual redelivery.
    message_id       text NOT NULL,
    event            text NOT NULL,
    -- The event's `data`; NULL for results.summary until the first attempt renders the report.
    data             jsonb,
    -- For results.summary: the meeting whose report is rendered.
    meeting_id       uuid,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_attempt_at  timestamptz,
    last_status      integer,
    last_error       text,
    last_response_ms integer,
    delivered_at     timestamptz,
    redelivery_of    uuid REFERENCES webhook_deliveries (id) ON DELETE SET NULL
);

-- The service's question: the oldest undelivered row of each endpoint.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, seq) WHERE delivered_at IS NULL;
-- The host's delivery log, newest first.
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, seq DESC);
