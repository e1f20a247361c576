-- Open actions stay in every review until done or dropped (issue 68, goal 6;
-- docs/decisions/0085-open-actions-stay-in-review.md). A review lists the series' open actions
-- and those closed since the previous session, so an action records when it was closed and, when
-- a session's review closed it, which session that was.
--
-- `closed_at`: when it was marked done or dropped (the app's clock); NULL exactly while it is open.
-- `closed_in_meeting_id`: the session whose review marked it; NULL when it was marked elsewhere
-- (its own session's list, the API's PATCH), and then the series clock names the review by
-- `closed_at`. Removing that session leaves the action closed, named by the clock again.
ALTER TABLE action_items
    ADD COLUMN closed_at timestamptz,
    ADD COLUMN closed_in_meeting_id uuid REFERENCES meetings (id) ON DELETE SET NULL;

-- Actions closed before this file: their last change is the best instant there is.
UPDATE action_items SET closed_at = updated_at WHERE status <> 'open';

ALTER TABLE action_items
    ADD CONSTRAINT action_items_closed_when_not_open CHECK ((status = 'open') = (closed_at IS NULL)),
    ADD CONSTRAINT action_items_closed_in_when_closed CHECK (closed_in_meeting_id IS NULL OR closed_at IS NOT NULL),
    ADD CONSTRAINT action_items_closed_in_a_later_review CHECK (closed_in_meeting_id <> meeting_id);

-- The foreign key's ON DELETE SET NULL finds its actions without a scan.
CREATE INDEX action_items_closed_in ON action_items (closed_in_meeting_id) WHERE closed_in_meeting_id IS NOT NULL;
