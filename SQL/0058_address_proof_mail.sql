-- The address-proof link's message (issue 47, docs/decisions/0054-verified-addresses.md,
-- "Revision: the confirmation link"): a new outbox kind. The links themselves live in
-- `email_verifications` (migration 0054), unchanged.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
    CHECK (kind IN ('password_reset', 'invitation', 'participant_link', 'reminder', 'address_proof'));
