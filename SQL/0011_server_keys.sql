-- Secrets the server keeps for itself: HMAC keys for values it hands out and must recognise
-- later (the participant page's "answered from this browser" cookie). Made once, on first use,
-- and shared by every instance through the database.
CREATE TABLE server_keys (
    purpose    text PRIMARY KEY,
    secret     bytea NOT NULL CHECK (octet_length(secret) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);
