# The self-test of scripts/check-layers: a small synthetic tree that follows the graph, and one
# planted violation per rule, each run through the real script.

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from layers.rules import C_MODULE_OWNERS, EXECUTABLE, EXTRA_SOURCE_DIRS, GRAPH, IMPORT_ONLY, MAX_LINES

# Third-party imports the synthetic modules use, so the clean tree exercises what is free.
SYNTHETIC_THIRD_PARTY: dict[str, list[str]] = {
    "debrief": ["ArgumentParser", "Logging"],
    "DebriefApp": ["Hummingbird", "ServiceLifecycle"],
    "DebriefWeb": ["Hummingbird", "Mustache"],
    "DebriefHTTP": ["Hummingbird", "HTTPTypes", "NIOHTTPTypes"],
    "DebriefStore": ["Foundation", "HummingbirdBcrypt", "Logging"],
    "DebriefExport": ["Foundation"],
    "DebriefActions": ["Foundation"],
    "DebriefCharts": ["Foundation"],
    "Debrief": ["Foundation"],
    "PQ": ["Glibc", "NIOPosix"],
    "QRCode": ["Glibc"],
    "LocalPostgres": ["Foundation", "Logging"],
}

# What must pass although it looks like a violation: comments, strings, doc comments.
SYNTHETIC_DECOYS = '''
// import CLibPQ -- a comment, not an import; getenv("HOME") neither
/* import Hummingbird
   /* nested */ ProcessInfo.processInfo.environment */
/// ```
/// import PQ
/// ```
let text = "import PQ; getenv(\\"X\\") environ"
let raw = #"ProcessInfo.processInfo.environment \\(not an interpolation)"#
let block = """
    import CLibPQ
    setenv("A", "B", 1)
    """
let interpolated = "count: \\(text.count)"
// form.privacyThreshold in a comment, and "privacyThreshold" in a string, are no reads
// credentials_generation, used_at IS NULL and series_shares in a comment are no SQL
// login_failures and now() - interval '1 hour' in a comment count nothing
let words = "privacyThreshold"
// Task { } and DispatchQueue.global() in a comment start nothing
let tasks: [Task<Void, Never>] = []
let pool = NIOThreadPool.singleton
'''


# Rule 30's one list, as the application has it: a feature with its controllers and its service,
# the list that builds it, the router and the pages that build its groups, the core services.
SYNTHETIC_FEATURE_FILES: dict[str, str] = {
    "Sources/DebriefHTTP/Server/Feature.swift":
        "public protocol Feature: Sendable {\n    func addRoutes(to api: APIRoutes)\n}\n",
    "Sources/DebriefWeb/Webhooks/WebhooksFeature.swift":
        "import DebriefHTTP\n\n"
        "/// Builds its controllers and names its service: they are its own.\n"
        "public struct WebhooksFeature: Sendable, Feature {\n"
        "    let webhooks: WebhookActions\n"
        "    let delivery: WebhookDeliveryService\n"
        "    public func addRoutes(to api: APIRoutes) {\n"
        "        WebhookController(webhooks: self.webhooks).addRoutes(to: api.authenticated)\n"
        "    }\n"
        "    public func addPages(to pages: PageRoutes) {\n"
        "        WebhookPagesController(webhooks: self.webhooks).addRoutes(to: pages.signedIn)\n"
        "    }\n"
        "    public var services: [any Service] { [self.delivery] }\n"
        "}\n",
    "Sources/DebriefApp/AppServices.swift":
        "import DebriefWeb\n\n"
        "struct AppServices {\n"
        "    let features: [any Feature]\n"
        "    init(webhooks: WebhookActions) {\n"
        "        // A feature's service may be built before the list, in the list's file.\n"
        "        let delivery = WebhookDeliveryService(queue: WebhookQueue())\n"
        "        self.features = [\n"
        "            WebhooksFeature(webhooks: webhooks, delivery: delivery),\n"
        "        ]\n"
        "    }\n"
        "}\n",
    "Sources/DebriefApp/Application+build.swift":
        "import DebriefHTTP\n\n"
        "func buildApplication(_ services: AppServices) {\n"
        "    app.addServices(TallyFoldService(interval: .seconds(1)))\n"
        "    app.addServices(services.features.flatMap(\\.services))\n"
        "}\n",
    "Sources/DebriefHTTP/Server/JSONAPI.swift":
        "func buildRouter(_ api: JSONAPI, features: [any Feature]) {\n"
        "    HealthController(isDatabaseReady: api.isDatabaseReady).addRoutes(to: router)\n"
        "    let routes = APIRoutes(v1: v1, authenticated: authenticated)\n"
        "    for feature in features { feature.addRoutes(to: routes) }\n"
        "}\n",
    "Sources/DebriefWeb/Pages.swift":
        "import DebriefHTTP\n\n"
        "struct Pages {\n"
        "    func addRoutes(to router: Router<AppRequestContext>, features: [any Feature]) {\n"
        "        SignInController(accounts: self.accounts).addRoutes(to: router)\n"
        "        let pages = PageRoutes(router: router, signedIn: signedIn)\n"
        "        for feature in features { feature.addPages(to: pages) }\n"
        "    }\n"
        "}\n",
}


def write_synthetic_tree(root: Path) -> None:
    sources = root / "Sources"
    for module, direct in GRAPH.items():
        if module in EXTRA_SOURCE_DIRS:
            folder = root / EXTRA_SOURCE_DIRS[module]
        else:
            folder = sources / module
        folder.mkdir(parents=True, exist_ok=True)
        if module in C_MODULE_OWNERS:
            (folder / "module.modulemap").write_text(f'module {module} [system] {{ header "shim.h" }}\n')
            continue
        names = [name for name in direct if name != module]
        if module in IMPORT_ONLY:
            names = [name for name in names if name in IMPORT_ONLY[module]]
        names += SYNTHETIC_THIRD_PARTY.get(module, [])
        body = "".join(f"import {name}\n" for name in names)
        (folder / f"{module}.swift").write_text(body + f"\npublic enum {module}Marker {{}}\n")
        sub = folder / "Support"
        sub.mkdir(exist_ok=True)
        first = f"import {names[0]}\n" if names else ""
        (sub / "Decoys.swift").write_text(first + SYNTHETIC_DECOYS)
    targets = "".join(
        f'        .target(name: "{module}", dependencies: [{", ".join(chr(34) + name + chr(34) for name in direct)}]),\n'
        for module, direct in GRAPH.items())
    (root / "Package.swift").write_text(f"let package = Package(\n    targets: [\n{targets}    ]\n)\n")
    (sources / EXECUTABLE / "Environment.swift").write_text(
        "import Foundation\n\n"
        "/// The executable is the one module that reads the environment.\n"
        'let databaseURL = ProcessInfo.processInfo.environment["DATABASE_URL"]\n'
        'let home = getenv("HOME")\n')
    for relative, text in SYNTHETIC_FEATURE_FILES.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    # Rule 31 counts sources only: what a run writes (artifacts), a file at exactly the limit and a
    # file without an extension nor a shebang under scripts/ (data, not a script) pass.
    for relative, count in (("Tests/e2e/artifacts/bad-input-cases.txt.py", 900), ("Tests/e2e/at_the_limit.py", MAX_LINES),
                            ("scripts/word-list", 900)):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text("x = 1\n" * count)


@dataclass
class Plant:
    rule: int
    description: str
    path: str  # relative to the root; appended to (created if missing)
    text: str
    reported: str = ""  # the path the violation is reported at, when not `path`


PLANTS: list[Plant] = [
    Plant(1, "import CLibPQ in a DebriefStore file", "Sources/DebriefStore/DebriefStore.swift", "import CLibPQ\n"),
    Plant(1, "import DebriefZlib in a DebriefHTTP file", "Sources/DebriefHTTP/Support/Decoys.swift", "import DebriefZlib\n"),
    Plant(2, "import Glibc in a Debrief file", "Sources/Debrief/Debrief.swift", "import Glibc\n"),
    Plant(3, "import DebriefHTTP in DebriefActions (upwards)", "Sources/DebriefActions/DebriefActions.swift",
          "import DebriefHTTP\n"),
    Plant(3, "import DebriefWeb in DebriefHTTP (sideways)", "Sources/DebriefHTTP/DebriefHTTP.swift",
          "@preconcurrency import DebriefWeb\n"),
    Plant(3, "a module folder missing from the graph", "Sources/DebriefExtra/Extra.swift", "import Debrief\n",
          reported="Sources/DebriefExtra"),
    Plant(4, "import Hummingbird in a DebriefStore file", "Sources/DebriefStore/Support/Decoys.swift",
          "import Hummingbird\n"),
    Plant(4, "import NIOHTTP1 in PQ", "Sources/PQ/PQ.swift", "import NIOHTTP1\n"),
    Plant(5, "import PQ in a DebriefWeb file", "Sources/DebriefWeb/DebriefWeb.swift", "import PQ\n"),
    Plant(6, "ProcessInfo.processInfo.environment in a DebriefHTTP file", "Sources/DebriefHTTP/DebriefHTTP.swift",
          'let port = ProcessInfo.processInfo.environment["PORT"]\n'),
    Plant(6, "getenv( in a DebriefStore file", "Sources/DebriefStore/DebriefStore.swift",
          'let cost = getenv("DEBRIEF_BCRYPT_COST") // read in the store\n'),
    Plant(6, "an interpolated environment read in LocalPostgres", "Sources/LocalPostgres/LocalPostgres.swift",
          'let user = "\\(ProcessInfo().environment["USER"] ?? "postgres")"\n'),
    Plant(8, "a store compares a count with the form's privacyThreshold", "Sources/DebriefStore/DebriefStore.swift",
          "let hidden = answered < form.definition.privacyThreshold\n"),
    Plant(8, "SQL reads the threshold from the form's JSON", "Sources/DebriefStore/Support/Decoys.swift",
          'let k: SQLQuery = "SELECT (f.definition ->> \'privacyThreshold\')::int FROM forms f"\n'),
    Plant(8, "an adapter decides k with the rule's parts", "Sources/DebriefWeb/Support/Decoys.swift",
          "let shown = PrivacyRule.shows(count, on: form)\n"),
    Plant(9, "a store asks the delivery gate's SQL function itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT 1 FROM series_calendar_feeds f WHERE series_delivery_allowed(f.created_by, f.series_id)"\n'),
    Plant(15, "a store records a roster link send of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "INSERT INTO roster_link_sends (meeting_id, roster_member_id, requested_by, present) VALUES ($1, $2, $3, true)"\n'),
    Plant(15, "a store turns a series' reminder on", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "UPDATE roster_reminders SET lead_hours = 24"\n'),
    Plant(26, "a store marks a member as having answered", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "INSERT INTO roster_answered (meeting_id, roster_member_id) VALUES ($1, $2)"\n'),
    Plant(26, "a store starts a reminder round of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "INSERT INTO roster_reminder_sends (id, meeting_id, requested_by) VALUES ($1, $2, $3)"\n'),
    Plant(29, "a store picks a series' latest session itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT m.id FROM meetings m WHERE m.series_id = \\(id) ORDER BY m.starts_at DESC LIMIT 1"\n'),
    Plant(29, "a current session by number over several lines", "Sources/DebriefStore/DebriefStore.swift",
          'let q: SQLQuery = """\n    SELECT m.id FROM meetings m\n    ORDER BY m.session_number DESC\n    LIMIT 1\n    """\n'),
    Plant(29, "the latest session of each series (DISTINCT ON)", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT DISTINCT ON (m.series_id) m.id FROM meetings m ORDER BY m.series_id, m.starts_at DESC"\n'),
    Plant(29, "a session picked as its series' maximum", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT m.id FROM meetings m WHERE m.session_number = (SELECT max(session_number) FROM meetings)"\n'),
    Plant(29, "the first session not ended (the old next meeting)", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT m.id FROM meetings m WHERE m.ends_at > now() ORDER BY m.starts_at, m.id LIMIT 1"\n'),
    Plant(29, "the first session not begun at an instant", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT m.id FROM meetings m WHERE m.starts_at > \\(at)::timestamptz ORDER BY starts_at LIMIT 1"\n'),
    Plant(24, "a store deletes action items of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "DELETE FROM action_items WHERE meeting_id = \\(id)"\n'),
    Plant(25, "a page's store lists the room's questions with SQL of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT q.body FROM room_questions q WHERE q.meeting_id = \\(id) AND q.status <> \'hidden\'"\n'),
    Plant(25, "a presenter joins the room's questions itself (lower case)", "Sources/DebriefStore/DebriefStore.swift",
          'let q: SQLQuery = "select m.title from meetings m join room_questions q on q.meeting_id = m.id"\n'),
    Plant(25, "the host's side restates what the room sees", "Sources/DebriefStore/RoomQuestions/RoomQuestionStore+Host.swift",
          'let shown: SQLQuery = "q.status = \'visible\'"\n'),
    Plant(27, "a store deletes the room's votes of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "DELETE FROM room_question_votes WHERE voter = \\(voter)"\n'),
    Plant(27, "the host's side resets a question's count", "Sources/DebriefStore/RoomQuestions/RoomQuestionStore+Host.swift",
          'let q: SQLQuery = "UPDATE room_questions SET votes = 0 WHERE id = \\(question)"\n'),
    Plant(28, "a store inserts answers of its own", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "INSERT INTO answers (response_id, form_id, question_key, position) VALUES ($1, $2, $3, 0)"\n'),
    Plant(16, "a store inserts a session without the series' form", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "INSERT INTO meetings (series_id, host_id, session_number) VALUES ($1, $2, 2)"\n'),
    Plant(16, "a store copies a form and marks it as the series'", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "UPDATE forms SET follows_series = true"\n'),
    Plant(10, "a store reads email_verified_at itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT a.id FROM accounts a WHERE a.email_verified_at IS NOT NULL"\n'),
    Plant(10, "a page decides from emailVerifiedAt", "Sources/DebriefWeb/Support/Decoys.swift",
          "let proven = account.emailVerifiedAt != nil\n"),
    Plant(11, "a store advances credentials_generation itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "UPDATE accounts SET credentials_generation = credentials_generation + 1 WHERE id = \\(id)"\n'),
    Plant(11, "an action reads the generation outside the store", "Sources/DebriefActions/Support/Decoys.swift",
          'let q = "SELECT credentials_generation FROM accounts"\n'),
    Plant(12, "a store checks a one-time link's use itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT 1 FROM invitations WHERE token_hash = \\(hash) AND used_at IS NULL AND expires_at > now()"\n'),
    Plant(12, "a store marks a link used itself (lower case)", "Sources/DebriefStore/DebriefStore.swift",
          'let q: SQLQuery = "update password_resets set used_at = now() where account_id = \\(id)"\n'),
    Plant(13, "a store restates who sees a meeting", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "m.host_id = \\(id)::uuid OR EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = m.series_id)"\n'),
    Plant(13, "a store restates who sees a team's meeting", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "EXISTS (SELECT 1 FROM team_members tm JOIN meeting_series s ON s.team_id = tm.team_id)"\n'),
    Plant(14, "a mail styles a date itself", "Sources/DebriefActions/Support/Decoys.swift",
          "let formatter = DateFormatter()\nformatter.dateStyle = .medium\n"),
    Plant(14, "a page formats a date with formatted(date:time:)", "Sources/DebriefWeb/Support/Decoys.swift",
          "let text = closesAt.formatted(date: .abbreviated, time: .shortened)\n"),
    Plant(20, "a store counts failed logins itself", "Sources/DebriefStore/Support/Decoys.swift",
          'let q: SQLQuery = "SELECT count(*) FROM login_failures WHERE throttle_key = \\(key)"\n'),
    Plant(20, "a store caps mail with a hard-coded hour", "Sources/DebriefStore/DebriefStore.swift",
          'let q: SQLQuery = "SELECT count(*) FROM email_outbox WHERE created_at > now() - INTERVAL \'1 hour\'"\n'),
    Plant(20, "an action hard-codes an hour to wait", "Sources/DebriefActions/Support/Decoys.swift",
          'throw DebriefError(.rateLimited, "later", retryAfterSeconds: 3600)\n'),
    Plant(20, "a controller keeps a rate limiter of its own", "Sources/DebriefHTTP/DebriefHTTP.swift",
          "let limiter = RateLimiter(rate: rate, share: { 1 })\n"),
    Plant(21, "an export writes its file on DispatchQueue.global", "Sources/DebriefExport/DebriefExport.swift",
          "DispatchQueue.global(qos: .utility).async { write() }\n"),
    Plant(21, "a trim on a thread of its own", "Sources/DebriefHTTP/Support/Decoys.swift",
          "Thread.detachNewThread { trim() }\n"),
    Plant(21, "a fire-and-forget task in a store", "Sources/DebriefStore/Support/Decoys.swift",
          "if let batch { Task { await self.drain(batch) } }\n"),
    Plant(21, "a detached task with a priority in an action", "Sources/DebriefActions/Support/Decoys.swift",
          "Task.detached(priority: .background) { await work() }\n"),
    Plant(21, "a page controller adds the session middleware itself", "Sources/DebriefWeb/Support/Decoys.swift",
          'let group = router.group("m").add(middleware: HostSessionMiddleware(accounts: self.accounts))\n'),
    Plant(21, "a second task beside an owner's one", "Sources/PQ/Pool/ConnectionPool.swift",
          "let timer = Task { await sleep() }\nTask { await self.fail(waiter: id) }\n"),
    Plant(22, "a page's policy string frames itself", "Sources/DebriefWeb/Support/Decoys.swift",
          'let policy = "default-src \'none\'; frame-ancestors https://intranet.example.com"\n'),
    Plant(22, "a controller sets X-Frame-Options itself", "Sources/DebriefHTTP/Support/Decoys.swift",
          'response.headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"\n'),
    Plant(19, "the use cases import the Mail module", "Sources/DebriefActions/DebriefActions.swift", "import Mail\n"),
    Plant(19, "the use cases import libcurl", "Sources/DebriefActions/Support/Decoys.swift", "import CCurl\n"),
    Plant(30, "the application builds a feature outside the list", "Sources/DebriefApp/Application+build.swift",
          "let extra = WebhooksFeature(webhooks: webhooks, delivery: delivery)\n"),
    Plant(30, "a feature built beside the list, in its file, then added", "Sources/DebriefApp/AppServices.swift",
          "let late = WebhooksFeature(webhooks: webhooks, delivery: delivery)\n"),
    Plant(30, "the JSON API registers a feature's controller itself", "Sources/DebriefHTTP/Server/JSONAPI.swift",
          "WebhookController(webhooks: api.webhooks).addRoutes(to: authenticated)\n"),
    Plant(30, "the pages register a feature's page controller itself", "Sources/DebriefWeb/Pages.swift",
          "WebhookPagesController(webhooks: self.host.webhooks).addRoutes(to: signedIn)\n"),
    Plant(30, "the application runs a feature's service beside the core ones", "Sources/DebriefApp/Application+build.swift",
          "app.addServices(WebhookDeliveryService(queue: WebhookQueue()))\n"),
    Plant(30, "a page builds a feature's groups, a second way to register", "Sources/DebriefWeb/Support/Decoys.swift",
          "let routes = APIRoutes(v1: v1, authenticated: authenticated)\nfeature.addRoutes(to: routes)\n"),
    Plant(30, "a feature adopted in an extension is built outside the list", "Sources/DebriefWeb/DebriefWeb.swift",
          "struct DigestsFeature {}\nextension DigestsFeature: Feature {}\nlet digests = DigestsFeature()\n"),
    Plant(31, "a test helper of 401 lines", "Tests/e2e/long_helper.py", "x = 1\n" * 401),
    Plant(31, "a script of 401 lines", "Sources/DebriefWeb/Assets/long.js", "var x = 1;\n" * 401),
    Plant(31, "a script without an extension of 401 lines (a shebang)", "scripts/long-tool",
          "#!/usr/bin/env python3\n" + "x = 1\n" * 400),
    Plant(7, "Package.swift gives the domain an upward dependency", "Package.swift",
          'let extra = [.target(name: "Debrief", dependencies: ["DebriefHTTP"])]\n'),
]


def run_script(script: Path, root: Path) -> subprocess.CompletedProcess:
    """Runs the real entry script (`script`, scripts/check-layers) on the tree at `root`."""
    return subprocess.run(
        [sys.executable, str(script), "--root", str(root)],
        capture_output=True, text=True, check=False)


def self_test(script: Path) -> int:
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="check-layers-") as temporary:
        base = Path(temporary) / "clean"
        write_synthetic_tree(base)

        result = run_script(script, base)
        if result.returncode == 0:
            passed += 1
            print("ok    the clean synthetic tree passes")
        else:
            failed += 1
            print("FAIL  the clean synthetic tree passes: exit "
                  f"{result.returncode}\n{result.stdout}{result.stderr}".rstrip())

        for index, plant in enumerate(PLANTS):
            tree = Path(temporary) / f"plant-{index}"
            shutil.copytree(base, tree)
            target = tree / plant.path
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("a", encoding="utf-8") as file:
                file.write(plant.text)
            result = run_script(script, tree)
            expected = f"{plant.reported or plant.path}:"
            named = [line for line in result.stdout.splitlines()
                     if line.startswith(expected) and f": rule {plant.rule} (" in line]
            label = f"rule {plant.rule}: {plant.description}"
            if result.returncode == 1 and named:
                passed += 1
                print(f"ok    {label}")
            else:
                failed += 1
                print(f"FAIL  {label}: exit {result.returncode}, output:\n{result.stdout}{result.stderr}".rstrip())
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
