/// The `# HELP` text of every metric Debrief records, by name: the one place a metric is
/// described to whoever scrapes it (docs/operating.md lists the same names for operators).
/// ``DescribedMetricsFactory`` reads it for every registration, so one name always gets the same
/// text. A metric missing here is exposed without a `# HELP` line; `MetricHelpTests` fails for
/// every name the sources record that has no entry.
public enum MetricHelp {
    public static let texts: [String: String] = [
        "debrief_http_requests_total": "HTTP requests answered, by route template, method and status class.",
        "debrief_http_request_duration_seconds": "Time from a request to its response head, by route template, method and status class.",
        "debrief_db_pool_connections_in_use": "Pooled database connections leased to a task.",
        "debrief_db_pool_connections_idle": "Pooled database connections open and free.",
        "debrief_db_pool_waiters": "Tasks waiting for a pooled database connection.",
        "debrief_db_pool_wait_seconds": "How long each lease of a pooled database connection waited.",
        "debrief_db_pool_timeouts_total": "Waits for a pooled database connection that gave up (answered 503).",
        "debrief_submissions_accepted_total": "Responses stored, new or edited.",
        "debrief_submissions_refused_total": "Submissions not stored, by reason (a replay is an Idempotency-Key retry answered from the first).",
        "debrief_tally_fold_lag_seconds": "At the last fold, the age of the oldest tally delta it took in.",
        "debrief_tally_fold_duration_seconds": "Duration of each fold of tally deltas into the tallies.",
        "debrief_live_viewers": "Live results streams the hub holds: each host's, and one per meeting and event loop for participants'.",
        "debrief_live_room_viewers": "Participants' live results streams open.",
        "debrief_live_events_sent_total": "Live events written to viewers, by kind.",
        "debrief_live_room_writes_total": "Live events and heartbeats written to participants' streams, one per viewer.",
        "debrief_live_snapshots_total": "Live results snapshots computed (one per change, shared by every viewer of it).",
        "debrief_results_computation_seconds": "Duration of each computation of a meeting's shared unfiltered report (its count: the computations).",
        "debrief_live_slow_viewers_total": "Live viewers ended because they did not keep up with the events.",
        "debrief_notify_sent_total": "Meetings announced with NOTIFY after a write.",
        "debrief_notify_coalesced_total": "Writes whose announcement joined one already pending.",
        "debrief_export_rows_total": "CSV rows exported (not headers), by layout, from the command line and HTTP.",
        "debrief_export_bytes_total": "CSV bytes exported, by layout, from the command line and HTTP.",
        "debrief_background_job_runs_total": "Runs of a background job, by job.",
        "debrief_background_job_failures_total": "Runs of a background job that failed, by job.",
        "debrief_retention_purged_responses_total": "Responses deleted by the retention purge.",
        "debrief_audit_purged_rows_total": "Read-record rows deleted after the installation's retention.",
        "debrief_outbound_http_pinned_clients": "Webhook and chat HTTP clients kept for reuse, one per host and checked address.",
    ]

    /// The help of `name`; empty (no `# HELP` line) for a name without an entry.
    public static func text(for name: String) -> String {
        Self.texts[name] ?? ""
    }
}
