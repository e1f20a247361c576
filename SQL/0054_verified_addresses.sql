-- Whether an account has proven that it holds its e-mail address (issue 47; decision
-- docs/decisions/0054-verified-addresses.md). Only a proven address counts for what trusts it:
-- linking a company identity by e-mail, receiving a series transfer or a share offered to it.
-- `AddressProof` (DebriefStore/Accounts) is the one reader of this column.
ALTER TABLE accounts ADD COLUMN email_verified_at timestamptz;

-- Existing accounts count as proven only where the installation holds evidence:
-- - admins (the first account of the installation, or made by an admin on the command line);
-- - accounts the company sign-in created (same transaction: the link's and the account's
--   timestamps are equal), whose provider vouched for the address (`email_verified: true`);
-- - accounts whose password was set by a reset link, which only the address's holder received.
-- Everything else (open sign-ups, invitation sign-ups, accounts linked to a company identity
-- after someone else had registered the address) stays unproven: that is the squatting this
-- migration closes, and accounts can prove their address afterwards.
UPDATE accounts a SET email_verified_at = now()
WHERE a.role = 'admin'
   OR EXISTS (SELECT 1 FROM oidc_identities i WHERE i.account_id = a.id AND i.linked_at = a.created_at)
   OR EXISTS (SELECT 1 FROM password_resets r WHERE r.account_id = a.id AND r.used_at IS NOT NULL);

-- One-time links that prove an address: only the SHA-256 of the link's token is kept, with the
-- address it was sent to (a link for an address the account no longer has proves nothing).
CREATE TABLE email_verifications (
    token_hash  text PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);

CREATE INDEX email_verifications_account ON email_verifications (account_id, created_at DESC);
