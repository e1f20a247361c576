-- Company sign-in with OpenID Connect (docs/decisions/0046-company-sign-in.md).

-- The provider's account an account is linked to: the issuer and its `sub`, which never change,
-- so a later e-mail change at the provider still signs in the same account. One account may be
-- linked to one subject per issuer.
CREATE TABLE oidc_identities (
    issuer          text NOT NULL,
    subject         text NOT NULL,
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- The verified e-mail the link was made by (for the admin's eyes, never to sign in by).
    linked_email    text NOT NULL,
    linked_at       timestamptz NOT NULL DEFAULT now(),
    last_sign_in_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issuer, subject),
    CONSTRAINT oidc_identities_one_per_issuer UNIQUE (account_id, issuer)
);

-- One started sign-in: what the callback needs back (PKCE verifier, nonce, where to go next).
-- Keyed by the SHA-256 of `state`; the browser holds `state` itself in a short-lived HttpOnly
-- cookie, so a callback only counts in the browser that started it. Consumed once
-- (consumed_at), so a replayed callback is told apart from an unknown one.
CREATE TABLE oidc_sign_in_attempts (
    state_hash    text PRIMARY KEY,
    nonce         text NOT NULL,
    code_verifier text NOT NULL,
    next_path     text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    consumed_at   timestamptz
);

CREATE INDEX oidc_sign_in_attempts_expiry ON oidc_sign_in_attempts (expires_at);
