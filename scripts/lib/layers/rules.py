# The tables of scripts/check-layers: the module graph, the rules and their owners, and what
# rule 31 counts. A new module, an allowed import or an exception is one line here.

from __future__ import annotations

import re

# --------------------------------------------------------------------------------------------
# The module graph: each project module and the project modules it may import directly. A module
# may also import everything those modules may import (what is below it in the graph), unless
# rules 1, 4 or 5 say otherwise. Imports of modules that are not in this table and not under
# Sources/ (Foundation, Hummingbird, Logging, ...) are third-party and free, except for rules 2
# and 4. A folder under Sources/ that is not in this table is a violation of rule 3.
# --------------------------------------------------------------------------------------------
GRAPH: dict[str, list[str]] = {
    "debrief":        ["DebriefApp", "DebriefExport", "DebriefStore", "PQ", "LocalPostgres"],  # executable
    "DebriefApp":     ["DebriefHTTP", "DebriefWeb", "DebriefActions", "DebriefExport", "DebriefStore", "PQ",
                       "Debrief", "Mail"],  # composition root and the integrations' adapters
    "DebriefWeb":     ["DebriefHTTP", "DebriefActions", "DebriefCharts", "Debrief", "DebriefStore"],
    "DebriefHTTP":    ["DebriefActions", "DebriefExport", "DebriefCharts", "QRCode", "Debrief", "DebriefStore"],
    "DebriefExport":  ["DebriefStore", "Debrief"],
    "DebriefActions": ["DebriefStore", "Debrief"],  # use cases
    "DebriefStore":   ["Debrief", "PQ", "DebriefSQL"],
    "DebriefCharts":  ["Debrief"],
    "Debrief":        ["TextFormats"],  # the domain
    "PQ":             ["CLibPQ", "TextFormats"],
    "TextFormats":    [],  # what the domain and PQ both write: days from 1970-01-01, a UUID's text
    "QRCode":         ["CQREncode", "DebriefZlib"],
    "Mail":           ["CCurl"],  # MIME and SMTP (docs/decisions/0041-smtp-client.md)
    "LocalPostgres":  [],
    "DebriefSQL":     [],
    "MigrationEmbedder": [],  # the EmbedMigrations build plugin's tool (Plugins/): nothing imports it
    "ThemeAgreement": ["Debrief"],  # scripts/theme-agreement's tool: the themes' agreement with hand labels
    "CLibPQ":         [],  # system library: libpq-fe.h
    "CQREncode":      [],  # system library: qrencode.h
    "DebriefZlib":    [],  # system library: zlib.h
    "CCurl":          [],  # system library: curl/curl.h
}

# The executable: the one module that may read the environment (rule 6).
EXECUTABLE = "debrief"

# Modules whose sources live outside Sources/<Module>/ (read non-recursively, relative to the root).
EXTRA_SOURCE_DIRS: dict[str, str] = {
    "DebriefSQL": "SQL",
    "MigrationEmbedder": "Plugins/MigrationEmbedder",
}

# Rule 1: a C library module and the only modules that may import it.
C_MODULE_OWNERS: dict[str, set[str]] = {
    "CLibPQ":    {"PQ"},
    "CQREncode": {"QRCode"},
    "DebriefZlib": {"QRCode"},
    "CCurl":     {"Mail"},
}

# Rule 2: modules that may import nothing but these.
IMPORT_ONLY: dict[str, set[str]] = {
    "Debrief": {"Foundation", "TextFormats"},
}

# Rule 4: modules below the HTTP layer, and the imports (shell-style patterns) that are HTTP layer.
HTTP_FREE_MODULES: set[str] = {"DebriefStore", "Debrief", "DebriefActions", "DebriefExport", "PQ"}
HTTP_LAYER_IMPORTS: list[str] = [
    "Hummingbird*", "HTTPTypes", "NIOHTTP1", "NIOHTTPTypes*", "Mustache", "DebriefHTTP", "DebriefWeb",
]
# Imports that match a pattern above but are no HTTP layer, each with its reason.
HTTP_LAYER_EXCEPTIONS: dict[str, str] = {
    "HummingbirdBcrypt": "bcrypt only (hummingbird-auth's target depends on nothing but its C bcrypt); "
                         "see docs/decisions/0007-bcrypt-cost.md",
}

# Rule 5: the adapters reach the database through the store and the use cases, not through PQ.
PQ_FREE_MODULES: set[str] = {"DebriefHTTP", "DebriefWeb"}
# Files of those modules that may still import PQ, each with its reason (path from the root).
PQ_ALLOWED_FILES: dict[str, str] = {
    "Sources/DebriefHTTP/Middleware/ProblemMiddleware.swift":
        "tells a database that is down or too slow (PQError: 503 with Retry-After) from an internal error",
}

# Rule 6: what reading the environment looks like in code (comments and strings are ignored).
ENVIRONMENT_READS: list[tuple[str, str]] = [
    (r"\bProcessInfo\s*(?:\.\s*processInfo|\(\s*\))\s*\.\s*environment\b", "ProcessInfo.processInfo.environment"),
    (r"\b(?:secure_)?getenv\s*\(", "getenv"),
    (r"\b(?:un)?setenv\s*\(", "setenv"),
    (r"\benviron\b", "environ"),
]

# Rule 10: one owner of "does this account's address count" (docs/decisions/0054). The column
# `email_verified_at` (in SQL text) and the account's `emailVerifiedAt` (in code) are read and
# written by `AddressProof` alone; every path that trusts an address asks it.
ADDRESS_PROOF_CODE = r"\bemailVerifiedAt\b"
ADDRESS_PROOF_SQL = r"\bemail_verified_at\b"
ADDRESS_PROOF_FILES: dict[str, str] = {
    "Sources/DebriefStore/Accounts/AddressProof.swift": "the owner",
    "Sources/DebriefStore/Accounts/Account.swift": "decodes the column into the account value AddressProof reads",
}

# Rule 11: one owner of ending an account's sessions (docs/decisions/0062). The column
# `credentials_generation` is advanced by `TokenStore.Revoker.endSessions` alone; the files below
# may read it (never write it), each with its reason.
CREDENTIALS_GENERATION_SQL = r"\bcredentials_generation\b"
CREDENTIALS_GENERATION_OWNER = "Sources/DebriefStore/Accounts/SessionEnding.swift"
CREDENTIALS_GENERATION_READERS: dict[str, str] = {
    "Sources/DebriefStore/Accounts/Account.swift": "decodes the column into the account value",
    "Sources/DebriefStore/Accounts/TokenStore.swift": "issues a token only while the generation it was checked against holds",
}

# Rule 12: one predicate of a one-time link (password resets, invitations, address confirmations;
# docs/decisions/0062). Whether a link is unused, and marking it used, are `OneTimeLink`'s.
ONE_TIME_LINK_SQL = r"\bused_at\s+is\s+null\b|\bused_at\s*=\s*now\s*\(\s*\)"
ONE_TIME_LINK_OWNER = "Sources/DebriefStore/Security/OneTimeLink.swift"

# Rule 13: one rule of who sees a meeting (docs/decisions/0062). The shares and team memberships
# (decision 90) that make a meeting visible are read by `MeetingVisibility.swift` alone; the files
# below write or list them themselves, each with its reason.
MEETING_VISIBILITY_SQL = r"\bseries_shares\b|\bteam_members\b"
MEETING_VISIBILITY_OWNER = "Sources/DebriefStore/Meetings/MeetingVisibility.swift"
MEETING_VISIBILITY_ALLOWED: dict[str, str] = {
    "Sources/DebriefStore/Meetings/SeriesShareStore.swift": "adds, removes and lists a series' shares",
    "Sources/DebriefStore/Meetings/SeriesTransferStore.swift": "moves the shares when a series changes hands",
    "Sources/DebriefStore/Teams/SeriesTransferStore+Teams.swift": "leaves the previous owner a share when a team takes a series",
    "Sources/DebriefStore/Teams/TeamStore.swift": "adds, removes and lists a team's members",
    "Sources/DebriefStore/Teams/TeamAccess.swift": "reads a member's role in the team itself (not in its series)",
    "Sources/DebriefStore/Teams/TeamStore+Provider.swift": "adds, changes and removes the members company sign-in gives",
}

# Rule 8: one decider for privacy (docs/decisions/0009). The threshold k of an anonymous form
# is read by the privacy rule alone: every output takes its `Disclosure` instead of comparing
# counts with k itself. What reading k looks like in code (comments and strings are ignored),
# and in SQL text (the form's JSON key inside a string literal).
PRIVACY_THRESHOLD_CODE = r"\bprivacyThreshold\b"
PRIVACY_THRESHOLD_SQL = r"->>?\s*'privacyThreshold'"
# Deciding from a count outside the domain's results (the rule's parts, not a Disclosure).
PRIVACY_RULE_PARTS = r"\bPrivacyRule\s*\.\s*(?:shows|withheldReason)\b"
PRIVACY_RULE_FOLDER = "Sources/Debrief/Results/"
# The privacy rule's own files.
PRIVACY_RULE_FILES: set[str] = {
    "Sources/Debrief/Results/PrivacyRule.swift",
    "Sources/Debrief/Results/Disclosure.swift",
}
# Other files that may name the threshold, each with its reason: the form's own setting, which
# they carry or check, never compare a count with.
PRIVACY_THRESHOLD_ALLOWED: dict[str, str] = {
    "Sources/Debrief/Forms/FormDefinition.swift": "the form's own field, its default, range and JSON encoding",
    "Sources/Debrief/Forms/FormInput.swift": "the field of a form as the host sends it",
    "Sources/Debrief/Forms/FormValidation.swift": "checks the setting's range when a form is saved",
    "Sources/Debrief/Forms/FormRevision.swift": "versions with another k are not counted together (comparability, not withholding)",
    "Sources/DebriefHTTP/Responses/ParticipantFormResponse.swift": "tells participants the form's k (the form's encoding)",
    "Sources/DebriefWeb/Builder/BuilderDraft.swift": "the form builder's field",
    "Sources/DebriefWeb/Builder/BuilderPage.swift": "the form builder's field",
    "Sources/DebriefWeb/Participant/ParticipantFormPage.swift": "tells participants the form's k before they answer",
}

# Rule 9: one decider for deliveries of a series' data (docs/decisions/0055). The SQL function
# that says whether a credential's maker may still have a series delivered is called through
# SeriesDeliveryGate alone, so a feed, a digest or a delivery cannot grow a check of its own.
DELIVERY_GATE_SQL = r"\bseries_delivery_allowed\s*\("
DELIVERY_GATE_FILE = "Sources/DebriefStore/Meetings/SeriesDeliveryGate.swift"

# Rule 15: roster mail goes only where a host asked (docs/decisions/0060). Who is sent a
# session's link (`roster_link_sends`) and whether a series is reminded (`roster_reminders`)
# are written by RosterSendStore alone — the page's Send and reminder choice — so no other path
# can decide that someone gets roster mail; the one writer of the outbox rows reads them.
ROSTER_SEND_SQL = r"\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(roster_link_sends|roster_reminders)\b"
ROSTER_SEND_FILE = "Sources/DebriefStore/Mail/RosterSendStore.swift"
# Rule 24: one writer of action items (docs/decisions/0074). Every write to `action_items` passes
# the meeting's gate, the per-session cap and the owner and question checks in ActionItemStore,
# inside one transaction; a second writer could skip any of them.
ACTION_ITEMS_SQL = r"\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+action_items\b"
ACTION_ITEMS_FILE = "Sources/DebriefStore/ActionItems/ActionItemStore.swift"
# Rule 25: one decider of what the room sees of its questions (docs/decisions/0075). Which rows of
# `room_questions` a participant may see is `RoomQuestionStore.visibleToRoom`, and every reading of
# the table is SQL in the files below (the room's list and votes through that predicate, the host's
# list, the caps' counts); a second reader could show the room a question waiting for approval or
# hidden. Outputs (pages, presenter, exports) call these stores, never SQL of their own.
ROOM_QUESTIONS_SQL = r"\b(FROM|JOIN)\s+room_questions\b"
ROOM_VISIBLE_SQL = r"\bstatus\s*=\s*'visible'"
ROOM_QUESTIONS_OWNER = "Sources/DebriefStore/RoomQuestions/RoomQuestionStore.swift"
ROOM_QUESTIONS_READERS: dict[str, str] = {
    "Sources/DebriefStore/RoomQuestions/RoomQuestionStore+Host.swift":
        "the host's list and moderation (every status, gated by the meeting's visibility)",
    "Sources/DebriefStore/Admission/StoredAdmission+RoomQuestions.swift":
        "counts posts for the caps (hidden ones only in the author's), never lists them",
    "Sources/DebriefStore/RoomQuestions/RoomQuestionStore+Votes.swift":
        "stores a batch of votes, each through visibleToRoom, and moves the questions' counts",
}
# Rule 28: answers are inserted only where their response is held (docs/decisions/0080): by the
# statement that inserts the response (SubmissionBatch; AnswerRows.insert in ResponseInsert), or
# after the edit locked the response row (AnswerRows.insert in ResponseWriter). No foreign key
# checks an answer's response any longer, so an insert anywhere else could leave an answer behind
# a response deleted meanwhile.
ANSWERS_INSERT_SQL = r"\bINSERT\s+INTO\s+answers\b"
ANSWERS_INSERT_FILES = {
    "Sources/DebriefStore/Participants/AnswerRows.swift",
    "Sources/DebriefStore/Participants/SubmissionBatch.swift",
}
# Rule 29: one owner of a series' clock (docs/decisions/0083). Which session of a series is now,
# next or previous is ``SeriesClock``'s, read by SeriesClockStore alone: a query that picks "the
# latest session" itself (an `ORDER BY … starts_at DESC` or `session_number DESC` taking one row,
# by `LIMIT 1` or `[1]`) is a second clock. The files below pick a latest session for another
# reason than "now", each with that reason.
LATEST_SESSION_SQL = (r"\bORDER\s+BY\b[^;]{0,200}?\b(?:starts_at|session_number)\s+DESC\b[^;]{0,80}?"
                      r"(?:\bLIMIT\s+1\b|\)\s*\[1\])")
# The same clock in other shapes (issue 68): the latest session of each series (`DISTINCT ON
# (… series_id …)` ordered by `starts_at DESC`), a session picked as the series' maximum
# (`session_number = (SELECT max(…`), and the first session not ended or not begun at an instant
# (`ends_at > now()` … `ORDER BY starts_at` … `LIMIT 1`: the old "next meeting").
OTHER_SESSION_CLOCK_SQL = [
    r"\bDISTINCT\s+ON\s*\([^)]*\bseries_id\b[^)]*\)[^;]{0,400}?\bORDER\s+BY\b[^;]{0,120}?"
    r"\b(?:starts_at|session_number)\s+DESC\b",
    r"\b(?:starts_at|session_number)\s*=\s*\(\s*SELECT\s+max\s*\(",
    r"\b(?:ends_at|starts_at)\s*>=?\s*(?:now\(\)|\\\([^)]*\)::timestamptz)[^;]{0,200}?\bORDER\s+BY\s+(?:\w+\.)?"
    r"(?:starts_at|session_number)\b(?!\s+DESC)[^;]{0,60}?\bLIMIT\s+1\b",
]
SERIES_CLOCK_OWNER = "Sources/DebriefStore/Meetings/SeriesClockStore.swift"
LATEST_SESSION_ALLOWED: dict[str, str] = {
    "Sources/DebriefStore/ActionItems/SessionOrder.swift":
        "the session before a given session's start (the actions' review), not the one happening now",
    "Sources/DebriefStore/Meetings/MeetingStore+SeriesSettings.swift":
        "the series' title is its last planned session's, whatever is happening now",
    "Sources/DebriefStore/Meetings/MeetingStore+Rhythm.swift":
        "\"Next session\" after the plan's last session (asked only once the clock has no planned one)",
    "Sources/DebriefStore/Export/ExportStore.swift": "an export file takes its series' name from the last session it holds (its date is the export's day)",
    "Sources/DebriefStore/Meetings/SeriesTransferStore.swift": "a transfer offer names the series by its last session's title",
    "Sources/DebriefStore/Teams/TeamStore.swift": "a team's list of series names each by its last session's title and date",
}
# Rule 27: one writer of the room's votes and of the count kept on each question (SQL/0071,
# issue 52). The list reads `room_questions.votes` instead of counting vote rows, so a vote row
# written or a count set anywhere else would make the two disagree for good.
ROOM_VOTES_SQL = r"\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+room_question_votes\b|\bSET\s+votes\s*="
ROOM_VOTES_FILE = "Sources/DebriefStore/RoomQuestions/RoomQuestionStore+Votes.swift"
# Rule 26: one owner of "has answered" and of who is reminded (docs/decisions/0077). The
# personal links and the flag a response through one sets (`roster_personal_links`,
# `roster_answered`) are written by PersonalLink alone, in the message's and the response's
# transactions, so nothing else can tie a member to a response; reminder rounds
# (`roster_reminder_sends`, `roster_reminder_recipients`) by RosterReminderStore alone, which
# chooses only members who have not answered.
ANSWERED_SQL = r"\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(roster_personal_links|roster_answered|roster_reminder_sends|roster_reminder_recipients)\b"
ANSWERED_FILES = {
    "roster_personal_links": "Sources/DebriefStore/Participants/PersonalLink.swift",
    "roster_answered": "Sources/DebriefStore/Participants/PersonalLink.swift",
    "roster_reminder_sends": "Sources/DebriefStore/Mail/RosterReminderStore.swift",
    "roster_reminder_recipients": "Sources/DebriefStore/Mail/RosterReminderStore.swift",
}
# Rule 16: the series owns its form (docs/decisions/0063). A session comes to exist only through
# SessionInsert, which starts it with the series' form, so no path makes a session without it (or
# copies "the latest session's" form instead); the series' form and whether a draft follows it
# are written by SeriesFormStore, read by FormStore (save and publish) and decoded by StoredForm+Row.
SESSION_INSERT_SQL = r"\bINSERT\s+INTO\s+meetings\b"
SESSION_INSERT_FILE = "Sources/DebriefStore/Meetings/SessionInsert.swift"
SERIES_FORM_SQL = r"\b(follows_series|form_closes_after_seconds)\b|\bSET\s+form\s*="
SERIES_FORM_FILES: set[str] = {
    "Sources/DebriefStore/Forms/SeriesFormStore.swift",
    "Sources/DebriefStore/Forms/FormStore.swift",
    "Sources/DebriefStore/Forms/StoredForm+Row.swift",
}
# Rule 14: one formatter of a time a person reads (docs/decisions/0059). `LocalTime` alone gives
# a date its reader's style (`dateStyle`/`timeStyle`, `Date.formatted(date:time:)`): pages, mails
# and digests call it with the zone to show, so no surface grows a format (or a UTC) of its own.
# Machine formats (`dateFormat` for `datetime-local` values, ISO 8601 in JSON) are not this.
LOCAL_TIME_STYLE = r"\.\s*(?:dateStyle|timeStyle)\b|\.formatted\s*\(\s*date\s*:"
LOCAL_TIME_FILE = "Sources/Debrief/Meetings/LocalTime.swift"

# Rule 22: one decider of who may frame a page (docs/decisions/0068). The `frame-ancestors`
# directive and `X-Frame-Options` are written by `FramePolicy` alone, for every response, through
# the outermost header middleware (which names the header field); a page's policy string or a
# controller that frames (or unframes) itself is a second decider. Comment lines may name them.
FRAMING_TEXT = r"frame-ancestors|x-?frame-?options"
FRAMING_FILES: dict[str, str] = {
    "Sources/DebriefHTTP/Middleware/FramePolicy.swift": "the owner",
    "Sources/DebriefHTTP/Middleware/SecurityHeadersMiddleware.swift": "names the header field and applies the policy",
}

# Rule 20: one owner of every cap (docs/decisions/0067). The database-backed caps per account
# and per client address (failed logins, sign-ups, password reset requests and links, mail per
# account, address confirmations) are counted by `StoredAdmission` alone; the in-memory ones
# (rates, slots) by `Admission` in DebriefHTTP. A cap's own table, a cap's hard-coded hour (in
# SQL) or a hard-coded hour to wait (in code) elsewhere is a second decider.
CAP_SQL = r"\b(?:login_failures|password_reset_requests)\b|\bnow\s*\(\s*\)\s*-\s*interval\s*'1\s+hour'"
CAP_CODE = r"\bretryAfterSeconds\s*:\s*3_?600\b"
CAP_OWNER = "Sources/DebriefStore/Admission/StoredAdmission.swift"
# The in-memory half: a rate limiter or a slot table is made in `Admission`'s folder alone.
MEMORY_CAP_CODE = r"(?<![\w.])(?:RateLimiter|SlotTable)\s*\("
MEMORY_CAP_FOLDER = "Sources/DebriefHTTP/Admission/"
MEMORY_CAP_ALLOWED: dict[str, str] = {
    "Sources/DebriefHTTP/Server/OpenConnectionsHandler.swift":
        "counts open connections with no cap (Int.max), to give the heap back when they drain",
}

# Rule 21: one way to run blocking work, and background work owned by services
# (docs/decisions/0067). Blocking calls run on NIO's thread pool (`NIOThreadPool.runIfActive`),
# never on a Dispatch queue or a thread of their own; and no code starts a task nobody owns:
# a service runs its work as child tasks of its `run()` (a task group), and the few types below
# that keep an unstructured `Task` store it, await or cancel it, each with its reason.
BLOCKING_ELSEWHERE: list[tuple[str, str]] = [
    (r"\bDispatchQueue\s*\.\s*global\b", "DispatchQueue.global"),
    (r"\bDispatchQueue\s*\(\s*label\s*:", "a Dispatch queue of its own"),
    (r"\bThread\s*\.\s*(?:detachNewThread|sleep)\b", "a raw Thread"),
    (r"(?<![\w.])Thread\s*\(", "a raw Thread"),
    (r"\bpthread_create\s*\(", "a raw thread"),
]
UNOWNED_TASK = r"(?<![\w.])Task\s*(?:\.\s*detached\s*)?(?:\([^()]*\)\s*)?\{|(?<![\w.])Task\s*\.\s*detached\b"
# And one authenticated page group: the host's session check is added once, by `Pages`, to the
# group every host page registers under; a controller that adds it itself is a second decider.
HOST_SESSION_ADDED = r"\bHostSessionMiddleware\s*\("
HOST_SESSION_GROUP_FILE = "Sources/DebriefWeb/Pages.swift"
# Each owner: how many unstructured tasks the file may start, and why each is owned.
TASK_OWNERS: dict[str, tuple[int, str]] = {
    "Sources/PQ/Tasks/BackgroundTasks.swift": (1, "the owner: holds every task it starts until it ends, cancels them on close"),
    "Sources/PQ/Pool/ConnectionPool.swift": (1, "a waiter's timeout timer, stored and cancelled when the wait ends"),
    "Sources/DebriefActions/Live/LiveResultsHub.swift": (1, "a room's first snapshot, stored in `joining` and awaited by all who join"),
    "Sources/DebriefHTTP/Live/RoomBroadcast.swift": (1, "a room's feed, stored in its entry and cancelled when its last viewer leaves"),
    "Sources/LocalPostgres/LocalPostgresCluster.swift": (1, "the cluster's start, stored and awaited by every caller of start()"),
    "Sources/LocalPostgres/ProgramRunner.swift": (1, "awaited at once: a program runs to its end even when its caller is cancelled (pg_ctl)"),
    "Sources/LocalPostgres/LockFile.swift": (1, "awaited at once: a wait for a data folder's lock ends holding it even when its caller is cancelled"),
    "Sources/debrief/Debrief.swift": (1, "the whole command, awaited by the main thread until it ends (valgrind cannot follow dispatch_main)"),
}

# Rule 19: the use cases reach every integration through a port (docs/decisions/0066): mail
# through `MailTransport`, whose libcurl adapter lives in DebriefApp. Modules and the integration
# modules they may not import, however the graph changes.
PORT_ONLY_IMPORTS: dict[str, set[str]] = {
    "DebriefActions": {"Mail", "CCurl"},
}

# Rule 30: features come from one list (docs/decisions/0088). A feature is a type adopting
# `Feature`; it is built in the list (`features = [ … ]` in AppServices.swift) and nowhere else.
# The controllers its files build are built there alone, so no other file registers its routes
# or pages; the services its files name (…Service, …Scheduler) are built in the list's file or its
# own, never beside the core services; and a feature's groups (`APIRoutes`, `PageRoutes`) are
# built only where the router and the pages iterate the list.
FEATURE_PROTOCOL = "Feature"
FEATURE_LIST_FILE = "Sources/DebriefApp/AppServices.swift"
FEATURE_LIST_START = r"\bfeatures\s*=\s*\["
FEATURE_GROUP_FILES: dict[str, str] = {
    "APIRoutes": "Sources/DebriefHTTP/Server/JSONAPI.swift",
    "PageRoutes": "Sources/DebriefWeb/Pages.swift",
}
FEATURE_TYPE_DECL = re.compile(
    r"\b(?:struct|class|actor|enum|extension)\s+(\w+)(?:\s*<[^>{]*>)?\s*:\s*([^{]*)\{")
FEATURE_CONTROLLER = re.compile(r"(?<![\w.])([A-Z]\w*Controller)\s*\(")
FEATURE_SERVICE = re.compile(r"(?<![\w.])([A-Z]\w+(?:Service|Scheduler))\b")

RULES: dict[int, str] = {
    1: "C libraries have one owner",
    2: "the domain imports only Foundation and TextFormats",
    3: "imports point down the module graph",
    4: "no HTTP layer below the adapters",
    5: "adapters do not import PQ",
    6: "only the executable reads the environment",
    7: "Package.swift declares the same graph",
    8: "only the privacy rule reads the privacy threshold",
    9: "only SeriesDeliveryGate calls series_delivery_allowed",
    10: "only AddressProof decides whether an address is proven",
    11: "only endSessions advances credentials_generation",
    12: "only OneTimeLink decides whether a one-time link may be used",
    13: "only MeetingVisibility decides who sees a meeting",
    14: "only LocalTime styles a time a person reads",
    15: "only RosterSendStore records who is sent roster mail",
    16: "only SessionInsert makes a session; only the series' form owner writes what follows it",
    19: "the use cases reach mail through their port",
    20: "only Admission and StoredAdmission decide a cap",
    21: "one way per infrastructure job: blocking work on NIO's thread pool, no task nobody owns, "
        "one signed-in page group",
    22: "only FramePolicy decides who may frame a response",
    24: "only ActionItemStore writes action items",
    25: "only RoomQuestionStore.visibleToRoom decides what the room sees of its questions",
    26: "only PersonalLink writes the answered flag and personal links, only RosterReminderStore reminder rounds",
    27: "only RoomQuestionStore+Votes writes the room's votes and their counts",
    28: "answers are inserted only beside their response (AnswerRows, SubmissionBatch)",
    29: "only the series clock picks a series' current, next or latest session",
    30: "a feature is built, and its routes, pages and services registered, from the one list",
    31: "no file over 400 lines",
}

# Rule 31: files of these kinds under these folders have at most MAX_LINES lines (lines as `wc -l`
# counts them), so each has one purpose and can be read whole. What a run writes or a tool
# generates (EXCLUDED_DIRS, at any depth below a root) is no source. A file without an extension
# under SHEBANG_ROOTS is a script when its first line is a shebang (`#!`), and is counted too;
# one without a shebang there is data and is not.
MAX_LINES = 400
SIZED_ROOTS: tuple[str, ...] = ("Sources", "Tests", "scripts", "bench")
SIZED_SUFFIXES: set[str] = {".swift", ".py", ".js", ".css", ".mustache", ".sh"}
SHEBANG_ROOTS: tuple[str, ...] = ("scripts", "bench")
EXCLUDED_DIRS: set[str] = {"artifacts", "__pycache__", "node_modules", ".build"}
