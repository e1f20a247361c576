-- A series' live sheet (docs/decisions/0101-live-sheet.md): a secret CSV address a spreadsheet
-- (Google Sheets' IMPORTDATA, Excel's Power Query) polls for the series' results summary. Like
-- the calendar feed (0044), one row per series, only the token's SHA-256 kept (SecretToken.hash);
-- rotating replaces the hash, revoking deletes the row, and the old address then answers 404.
-- `created_by` is its maker: the sheet answers only while the maker may still edit the series
-- (series_delivery_allowed, 0055); a deleted maker leaves NULL, and the sheet stops.
CREATE TABLE series_live_sheets (
    series_id   uuid PRIMARY KEY REFERENCES meeting_series (id) ON DELETE CASCADE,
    token_hash  text NOT NULL UNIQUE,
    created_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX series_live_sheets_created_by ON series_live_sheets (created_by);
