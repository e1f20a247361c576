-- Co-hosts: a series' owner (meeting_series.host_id) shares it with other hosts as editor or
-- viewer (docs/decisions/0033-co-hosts.md). No row means no access: the series stays a 404.
CREATE TABLE series_shares (
    series_id   uuid NOT NULL REFERENCES meeting_series (id) ON DELETE CASCADE,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('editor', 'viewer')),
    shared_by   uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (series_id, account_id)
);

-- "Which series are shared with me" (meetings lists, visibility checks by account).
CREATE INDEX series_shares_account ON series_shares (account_id, series_id);
