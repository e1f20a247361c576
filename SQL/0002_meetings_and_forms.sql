-- Meetings grouped into recurring series, and their feedback forms.

CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE meeting_series (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    host_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX meeting_series_host ON meeting_series (host_id);

CREATE TABLE meetings (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    series_id           uuid NOT NULL REFERENCES meeting_series (id) ON DELETE CASCADE,
    host_id             uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    session_number      integer NOT NULL CHECK (session_number > 0),
    title               text NOT NULL,
    starts_at           timestamptz NOT NULL,
    ends_at             timestamptz NOT NULL,
    place               text,
    expected_head_count integer CHECK (expected_head_count > 0),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT meetings_time_order CHECK (starts_at < ends_at),
    CONSTRAINT meetings_session_number_key UNIQUE (series_id, session_number),
    -- A host cannot be in two meetings at once; enforced here so concurrent requests cannot race.
    CONSTRAINT meetings_no_overlap EXCLUDE USING gist (
        host_id WITH =, tstzrange(starts_at, ends_at) WITH &&
    )
);

CREATE INDEX meetings_host_start ON meetings (host_id, starts_at DESC, id DESC);

-- Each meeting has at most one current form: the highest version. A published form is frozen;
-- a host who needs different questions closes it and starts a new version.
CREATE TABLE forms (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    meeting_id    uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    version       integer NOT NULL CHECK (version > 0),
    -- The validated FormDefinition (title, settings and questions) as the API shows it.
    definition    jsonb NOT NULL,
    -- The public code participants use; set when the form is first published.
    code          text UNIQUE,
    published_at  timestamptz,
    closed_at     timestamptz,
    closes_at     timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT forms_meeting_version_key UNIQUE (meeting_id, version),
    CONSTRAINT forms_code_when_published CHECK ((published_at IS NULL) = (code IS NULL)),
    CONSTRAINT forms_closed_after_publish CHECK (closed_at IS NULL OR published_at IS NOT NULL)
);
