-- The running Debrief instances, each beating every few seconds. Their number turns the
-- documented participant rate limits into each instance's share of them, so N instances behind
-- a load balancer allow the documented rate, not N times it (docs/decisions/0030-global-rate-limits.md).
-- UNLOGGED: a heartbeat is worth nothing after a crash or a failover, and needs no WAL; the
-- instances refill it within seconds.
CREATE UNLOGGED TABLE instance_heartbeats (
    instance_id uuid PRIMARY KEY,
    seen_at     timestamptz NOT NULL DEFAULT now()
);
