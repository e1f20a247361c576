-- A picture per series (issue 70 goal 5, decision 92): the seed's meeting image, shown on the
-- participant page, the presenter, the home page and in mails.
--
-- One per series, its bytes here (a picture is at most 256 KB, so a file store would buy a
-- second place to back up and nothing else). Only the domain's reader (`ImageUpload`) makes a
-- row: the format it detected from the bytes, the dimensions the header states, bounded before
-- anything decodes a pixel; the checks below repeat its bounds so no other writer can pass them.
-- `id` is the picture's public name (`/series-pictures/{id}`): random and new at every upload, so
-- a replaced picture is a new address and the series' id never appears in a participant's page.
-- `sha256` is derived from the bytes by PostgreSQL and is the strong ETag.
CREATE TABLE series_pictures (
    series_id   uuid PRIMARY KEY REFERENCES meeting_series (id) ON DELETE CASCADE,
    id          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    media_type  text NOT NULL CONSTRAINT series_pictures_media_type CHECK (media_type IN ('image/png', 'image/jpeg')),
    width       integer NOT NULL CONSTRAINT series_pictures_width CHECK (width BETWEEN 1 AND 4096),
    height      integer NOT NULL CONSTRAINT series_pictures_height CHECK (height BETWEEN 1 AND 4096),
    bytes       bytea NOT NULL CONSTRAINT series_pictures_size CHECK (octet_length(bytes) BETWEEN 1 AND 262144),
    sha256      text GENERATED ALWAYS AS (encode(sha256(bytes), 'hex')) STORED,
    updated_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT series_pictures_pixels CHECK (width::bigint * height <= 16777216)
);

-- PNG and JPEG are compressed already: TOAST keeps them out of line without trying again.
ALTER TABLE series_pictures ALTER COLUMN bytes SET STORAGE EXTERNAL;
