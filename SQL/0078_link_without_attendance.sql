-- Issue 68 (b): "sorry we missed you" went to everyone when no attendance was taken for the
-- session — nobody checked in or was marked present, so everybody counted as absent. The wording
-- of a link send is now one of three, chosen when the host pressed Send: present ("thank you for
-- coming"), absent ("sorry we missed you", only when someone was checked in or marked present),
-- or NULL: no attendance was taken, so the link goes with plain words and nobody is told they
-- were missed. Rows written before keep their wording.
ALTER TABLE roster_link_sends ALTER COLUMN present DROP NOT NULL;
