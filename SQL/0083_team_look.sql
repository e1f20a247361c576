-- A team's look (issue 70 goal 5, decision 95): its logo and its accent colour, shown on the
-- participant page of the team's series.
--
-- The accent is `#rrggbb` in lowercase, as AccentColour writes it once it has passed WCAG AA
-- against every surface the stylesheet puts it on (NULL: Debrief's own colour). The check below
-- holds the shape; the contrast is the domain's rule, decided once in AccentColour.
ALTER TABLE teams ADD COLUMN accent text CONSTRAINT teams_accent CHECK (accent ~ '^#[0-9a-f]{6}$');

-- The logo is an upload like a series' picture (decision 92) and has the same shape and the same
-- bounds: only the domain's reader (`ImageUpload`) makes a row, and the checks repeat its bounds
-- so no other writer can pass them. `id` is the logo's public name (`/team-logos/{id}`), random
-- and new at every upload, so the team's id never shows in a participant's page.
CREATE TABLE team_logos (
    team_id     uuid PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    id          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    media_type  text NOT NULL CONSTRAINT team_logos_media_type CHECK (media_type IN ('image/png', 'image/jpeg')),
    width       integer NOT NULL CONSTRAINT team_logos_width CHECK (width BETWEEN 1 AND 4096),
    height      integer NOT NULL CONSTRAINT team_logos_height CHECK (height BETWEEN 1 AND 4096),
    bytes       bytea NOT NULL CONSTRAINT team_logos_size CHECK (octet_length(bytes) BETWEEN 1 AND 262144),
    sha256      text GENERATED ALWAYS AS (encode(sha256(bytes), 'hex')) STORED,
    updated_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT team_logos_pixels CHECK (width::bigint * height <= 16777216)
);

-- PNG and JPEG are compressed already: TOAST keeps them out of line without trying again.
ALTER TABLE team_logos ALTER COLUMN bytes SET STORAGE EXTERNAL;
