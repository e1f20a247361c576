# The per-file rules of scripts/check-layers (1-6, 8-30), the feature list (rule 30) and the
# file sizes (rule 31).

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

from layers.rules import (
    ACTION_ITEMS_FILE, ACTION_ITEMS_SQL, ADDRESS_PROOF_CODE, ADDRESS_PROOF_FILES, ADDRESS_PROOF_SQL,
    ANSWERED_FILES, ANSWERED_SQL, ANSWERS_INSERT_FILES, ANSWERS_INSERT_SQL, BLOCKING_ELSEWHERE,
    CAP_CODE, CAP_OWNER, CAP_SQL, CREDENTIALS_GENERATION_OWNER, CREDENTIALS_GENERATION_READERS,
    CREDENTIALS_GENERATION_SQL, C_MODULE_OWNERS, DELIVERY_GATE_FILE, DELIVERY_GATE_SQL,
    ENVIRONMENT_READS, EXCLUDED_DIRS, EXECUTABLE, FEATURE_CONTROLLER, FEATURE_GROUP_FILES,
    FEATURE_LIST_FILE, FEATURE_LIST_START, FEATURE_PROTOCOL, FEATURE_SERVICE, FEATURE_TYPE_DECL,
    FRAMING_FILES, FRAMING_TEXT, GRAPH, HOST_SESSION_ADDED, HOST_SESSION_GROUP_FILE, HTTP_FREE_MODULES,
    HTTP_LAYER_EXCEPTIONS, HTTP_LAYER_IMPORTS, IMPORT_ONLY, LATEST_SESSION_ALLOWED, LATEST_SESSION_SQL,
    LOCAL_TIME_FILE, LOCAL_TIME_STYLE, MAX_LINES, MEETING_VISIBILITY_ALLOWED, MEETING_VISIBILITY_OWNER,
    MEETING_VISIBILITY_SQL, MEMORY_CAP_ALLOWED, MEMORY_CAP_CODE, MEMORY_CAP_FOLDER, ONE_TIME_LINK_OWNER,
    ONE_TIME_LINK_SQL, OTHER_SESSION_CLOCK_SQL, PORT_ONLY_IMPORTS, PQ_ALLOWED_FILES, PQ_FREE_MODULES,
    PRIVACY_RULE_FILES, PRIVACY_RULE_FOLDER, PRIVACY_RULE_PARTS, PRIVACY_THRESHOLD_ALLOWED,
    PRIVACY_THRESHOLD_CODE, PRIVACY_THRESHOLD_SQL, ROOM_QUESTIONS_OWNER, ROOM_QUESTIONS_READERS,
    ROOM_QUESTIONS_SQL, ROOM_VISIBLE_SQL, ROOM_VOTES_FILE, ROOM_VOTES_SQL, ROSTER_SEND_FILE,
    ROSTER_SEND_SQL, SERIES_CLOCK_OWNER, SERIES_FORM_FILES, SERIES_FORM_SQL, SESSION_INSERT_FILE,
    SESSION_INSERT_SQL, SHEBANG_ROOTS, SIZED_ROOTS, SIZED_SUFFIXES, TASK_OWNERS, UNOWNED_TASK,
)
from layers.source import Violation, below, code_only, imports, source_files
from layers.manifest import balanced


def check_file(root: Path, module: str, path: Path) -> list[Violation]:
    relative = path.relative_to(root).as_posix()
    code = code_only(path.read_text(encoding="utf-8", errors="replace"))
    allowed_below = below(module)
    found: list[Violation] = []

    def flag(line: int, rule: int, detail: str) -> None:
        found.append(Violation(relative, line, rule, detail))

    for line, name in imports(code):
        # Rule 19: the use cases import no integration's module (checked before rule 1 moves on).
        if name in PORT_ONLY_IMPORTS.get(module, set()):
            flag(line, 19, f"{module} imports {name}; reach it through its port (MailTransport), "
                           f"with the adapter in DebriefApp")
        # Rule 1: C libraries have one owner.
        if name in C_MODULE_OWNERS:
            if module not in C_MODULE_OWNERS[name]:
                owners = ", ".join(sorted(C_MODULE_OWNERS[name]))
                flag(line, 1, f"{module} imports {name}; only {owners} may")
            continue
        # Rule 2: modules that import only a fixed few.
        if module in IMPORT_ONLY and name not in IMPORT_ONLY[module]:
            only = ", ".join(sorted(IMPORT_ONLY[module]))
            flag(line, 2, f"{module} imports {name}; it may import only {only}")
        # Rule 3: project imports point down the graph.
        if name in GRAPH and name not in allowed_below:
            flag(line, 3, f"{module} imports {name}, which is not below it in the module graph")
        # Rule 4: nothing of the HTTP layer below the adapters.
        if module in HTTP_FREE_MODULES and name not in HTTP_LAYER_EXCEPTIONS:
            if any(fnmatch.fnmatchcase(name, pattern) for pattern in HTTP_LAYER_IMPORTS):
                flag(line, 4, f"{module} imports {name}, which belongs to the HTTP layer")
        # Rule 5: the adapters do not talk to PQ.
        if module in PQ_FREE_MODULES and name == "PQ" and relative not in PQ_ALLOWED_FILES:
            flag(line, 5, f"{module} imports PQ; go through DebriefStore or DebriefActions "
                          f"(or list the file in PQ_ALLOWED_FILES with its reason)")

    # Rule 6: only the executable reads the environment.
    if module != EXECUTABLE:
        lines = code.split("\n")
        for number, text in enumerate(lines, start=1):
            for pattern, label in ENVIRONMENT_READS:
                if re.search(pattern, text):
                    flag(number, 6, f"{module} reads the environment ({label}); "
                                    f"take the value as a setting from the executable")

    # Rule 8: only the privacy rule reads the privacy threshold.
    if relative not in PRIVACY_RULE_FILES and relative not in PRIVACY_THRESHOLD_ALLOWED:
        raw = path.read_text(encoding="utf-8", errors="replace").split("\n")
        for number, text in enumerate(code.split("\n"), start=1):
            sql = re.search(PRIVACY_THRESHOLD_SQL, raw[number - 1]) if number <= len(raw) else None
            if re.search(PRIVACY_THRESHOLD_CODE, text) or sql:
                flag(number, 8, "reads privacyThreshold; take a Disclosure from PrivacyRule instead "
                                "(or list the file in PRIVACY_THRESHOLD_ALLOWED with its reason)")
    # Rule 10: only AddressProof reads or writes whether an address is proven.
    if relative not in ADDRESS_PROOF_FILES:
        raw = path.read_text(encoding="utf-8", errors="replace").split("\n")
        for number, text in enumerate(code.split("\n"), start=1):
            line = raw[number - 1] if number <= len(raw) else ""
            sql = re.search(ADDRESS_PROOF_SQL, line) and not line.lstrip().startswith("//")
            if re.search(ADDRESS_PROOF_CODE, text) or sql:
                flag(number, 10, "reads or writes whether an address is proven; ask AddressProof instead")
    if not relative.startswith(PRIVACY_RULE_FOLDER):
        for number, text in enumerate(code.split("\n"), start=1):
            if re.search(PRIVACY_RULE_PARTS, text):
                flag(number, 8, "decides k from a count of its own (PrivacyRule.shows / withheldReason); "
                                "take a Disclosure from PrivacyRule instead")
    # Rule 14: only LocalTime gives a date a reader's style.
    if relative != LOCAL_TIME_FILE:
        for number, text in enumerate(code.split("\n"), start=1):
            if re.search(LOCAL_TIME_STYLE, text):
                flag(number, 14, "styles a date for a reader itself; call LocalTime.text(_:zone:language:) "
                                 "(or DateText on a page) with the zone to show")
    # Rule 9: the delivery gate's SQL function is called through SeriesDeliveryGate only (the
    # call sits in SQL text, so the raw lines are read; comments may name it).
    if relative != DELIVERY_GATE_FILE:
        raw_lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        for number, text in enumerate(raw_lines, start=1):
            if re.search(DELIVERY_GATE_SQL, text) and not text.lstrip().startswith("//"):
                flag(number, 9, "calls series_delivery_allowed itself; use SeriesDeliveryGate.allows(maker:series:)")
    # Rules 11 to 13: SQL text that only one file may write (comment lines may name it).
    raw_lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    sql_owners = [
        (11, CREDENTIALS_GENERATION_SQL, {CREDENTIALS_GENERATION_OWNER, *CREDENTIALS_GENERATION_READERS},
         "names credentials_generation; end an account's sessions with TokenStore.Revoker.endSessions "
         "(or list a reader in CREDENTIALS_GENERATION_READERS with its reason)"),
        (12, ONE_TIME_LINK_SQL, {ONE_TIME_LINK_OWNER},
         "decides or marks a one-time link's use itself; use OneTimeLink (usable, use, endUnused)"),
        (13, MEETING_VISIBILITY_SQL, {MEETING_VISIBILITY_OWNER, *MEETING_VISIBILITY_ALLOWED},
         "reads series_shares or team_members itself; ask SQLQuery.visible(to:), seriesVisible(to:), listed(by:) or role(of:) "
         "in MeetingVisibility.swift (or list the file in MEETING_VISIBILITY_ALLOWED with its reason)"),
    ]
    for rule, pattern, allowed, detail in sql_owners:
        if relative in allowed:
            continue
        for number, text in enumerate(raw_lines, start=1):
            if text.lstrip().startswith("//"):
                continue
            if re.search(pattern, text, re.IGNORECASE):
                flag(number, rule, detail)
    # Rule 20: a cap is decided by its owner (SQL text: the raw lines are read, comments skipped).
    if relative != CAP_OWNER:
        raw_lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        code_lines = code.split("\n")
        for number, text in enumerate(raw_lines, start=1):
            if text.lstrip().startswith("//"):
                continue
            if re.search(CAP_SQL, text, re.IGNORECASE):
                flag(number, 20, "counts a cap itself (its table or a hard-coded hour); ask StoredAdmission, "
                                 "the one owner of the database-backed caps")
        for number, text in enumerate(code_lines, start=1):
            if re.search(CAP_CODE, text):
                flag(number, 20, "hard-codes a cap's wait; take it from StoredAdmission (or Admission)")
    if not relative.startswith(MEMORY_CAP_FOLDER) and relative not in MEMORY_CAP_ALLOWED:
        for number, text in enumerate(code.split("\n"), start=1):
            if re.search(MEMORY_CAP_CODE, text):
                flag(number, 20, "makes a rate limiter or slot table of its own; ask Admission, "
                                 "the one owner of the in-memory caps")
    # Rule 21: blocking work on NIO's thread pool only; no unstructured task outside its owners
    # (an owner may start as many as it lists, so a new one beside them fails too).
    allowed_tasks = TASK_OWNERS.get(relative, (0, ""))[0]
    for number, text in enumerate(code.split("\n"), start=1):
        for pattern, label in BLOCKING_ELSEWHERE:
            if re.search(pattern, text):
                flag(number, 21, f"runs blocking work on {label}; use NIOThreadPool.runIfActive "
                                 f"(the one way, docs/decisions/0067)")
        for _ in re.finditer(UNOWNED_TASK, text):
            if allowed_tasks > 0:
                allowed_tasks -= 1
                continue
            flag(number, 21, "starts a task nobody owns; run it as a child task of a service's run() "
                             "(a task group), or start it through BackgroundTasks (its owner's), "
                             "or list the file in TASK_OWNERS with its reason")
        if relative != HOST_SESSION_GROUP_FILE and re.search(HOST_SESSION_ADDED, text):
            flag(number, 21, "adds the host's session check itself; register the routes under the signed-in "
                             "group Pages.addRoutes hands every host page controller")
    # Rule 15: the host's send step is recorded in one place (SQL text: the raw lines are read).
    if relative != ROSTER_SEND_FILE:
        raw_lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        for number, text in enumerate(raw_lines, start=1):
            if re.search(ROSTER_SEND_SQL, text, re.IGNORECASE) and not text.lstrip().startswith("//"):
                flag(number, 15, "writes who is sent roster mail itself; go through RosterSendStore (the send page's step)")
    # Rule 24: action items are written in one place (SQL text: the raw lines are read).
    if relative != ACTION_ITEMS_FILE:
        for number, text in enumerate(path.read_text(encoding="utf-8", errors="replace").split("\n"), start=1):
            if re.search(ACTION_ITEMS_SQL, text, re.IGNORECASE) and not text.lstrip().startswith("//"):
                flag(number, 24, "writes action items itself; go through ActionItemStore (the gate, the cap, the owner check)")
    # Rule 25: the room's questions are read in their stores only, and "visible" is decided once
    # (SQL text: the raw lines are read, comment lines skipped).
    if relative != ROOM_QUESTIONS_OWNER:
        readers = relative in ROOM_QUESTIONS_READERS
        for number, text in enumerate(raw_lines, start=1):
            if text.lstrip().startswith("//"):
                continue
            if not readers and re.search(ROOM_QUESTIONS_SQL, text, re.IGNORECASE):
                flag(number, 25, "reads room_questions itself; ask RoomQuestionStore (roomView for the room, "
                                 "hostList for the host), whose visibleToRoom decides what the room sees")
            elif re.search(ROOM_VISIBLE_SQL, text, re.IGNORECASE):
                flag(number, 25, "restates which room questions are visible; use RoomQuestionStore.visibleToRoom")
    # Rule 27: the room's votes and the counts kept from them have one writer.
    if relative != ROOM_VOTES_FILE:
        for number, text in enumerate(raw_lines, start=1):
            if re.search(ROOM_VOTES_SQL, text, re.IGNORECASE) and not text.lstrip().startswith("//"):
                flag(number, 27, "writes the room's votes or a question's count itself; vote through RoomQuestionStore.vote "
                                 "(its batch moves the count by the rows it stored)")
    # Rule 28: answers are inserted only where their response is held.
    if relative not in ANSWERS_INSERT_FILES:
        for number, text in enumerate(raw_lines, start=1):
            if re.search(ANSWERS_INSERT_SQL, text, re.IGNORECASE) and not text.lstrip().startswith("//"):
                flag(number, 28, "inserts answers itself; build them with AnswerRows.insert in the statement that inserts "
                                 "the response or after locking its row (docs/decisions/0080)")
    # Rule 29: no second "latest session" query (SQL text over several lines; comment lines blanked).
    if relative != SERIES_CLOCK_OWNER and relative not in LATEST_SESSION_ALLOWED:
        sql_text = "\n".join("" if line.lstrip().startswith("//") else line for line in raw_lines)
        for pattern in [LATEST_SESSION_SQL, *OTHER_SESSION_CLOCK_SQL]:
            for match in re.finditer(pattern, sql_text, re.IGNORECASE | re.DOTALL):
                flag(sql_text.count("\n", 0, match.start()) + 1, 29,
                     "picks a series' latest, current or next session itself; ask the series clock (SeriesClockStore, "
                     "SeriesClock) which session is now, next or previous (or list the file in LATEST_SESSION_ALLOWED "
                     "with its reason)")
    # Rule 26: the answered flag, personal links and reminder rounds each have one writer.
    for number, text in enumerate(raw_lines, start=1):
        match = re.search(ANSWERED_SQL, text, re.IGNORECASE)
        if match and not text.lstrip().startswith("//") and relative != ANSWERED_FILES[match.group(2).lower()]:
            flag(number, 26, f"writes {match.group(2)} itself; go through {Path(ANSWERED_FILES[match.group(2).lower()]).stem}")
    # Rule 16: one way a session is made, one owner of the series' form.
    for number, text in enumerate(raw_lines, start=1):
        if text.lstrip().startswith("//"):
            continue
        if relative != SESSION_INSERT_FILE and re.search(SESSION_INSERT_SQL, text, re.IGNORECASE):
            flag(number, 16, "inserts a session itself; use SessionInsert.insert, which starts it with the series' form")
        if relative not in SERIES_FORM_FILES and re.search(SERIES_FORM_SQL, text, re.IGNORECASE):
            flag(number, 16, "writes or reads the series' form itself; go through SeriesFormStore")
    # Rule 22: framing is decided by FramePolicy alone (strings included: the raw lines are read).
    if relative not in FRAMING_FILES:
        for number, text in enumerate(raw_lines, start=1):
            if not text.lstrip().startswith("//") and re.search(FRAMING_TEXT, text, re.IGNORECASE):
                flag(number, 22, "sets framing itself (frame-ancestors or X-Frame-Options); FramePolicy decides "
                                 "it for every response (or list the file in FRAMING_FILES with its reason)")
    return found


def constructions(code: str, name: str) -> list[int]:
    """Offsets in comment-free `code` where the type `name` is called (built): `Name(`."""
    return [match.start() for match in re.finditer(r"(?<![\w.])" + re.escape(name) + r"\s*\(", code)]


def check_features(root: Path, modules: dict[str, list[Path]]) -> list[Violation]:
    """Rule 30, across files: each feature built in the one list, its controllers in its own
    files, its services in the list's file or its own, its groups where the list is iterated."""
    codes: dict[str, str] = {}
    for paths in modules.values():
        for path in paths:
            codes[path.relative_to(root).as_posix()] = code_only(path.read_text(encoding="utf-8", errors="replace"))
    # Each feature type and the files that declare or extend it as one.
    features: dict[str, set[str]] = {}
    for relative, code in codes.items():
        for match in FEATURE_TYPE_DECL.finditer(code):
            adopted = {word.strip().split("<")[0] for word in match.group(2).split(",")}
            if FEATURE_PROTOCOL in adopted:
                features.setdefault(match.group(1), set()).add(relative)
    if not features:
        return []
    for name in list(features):  # an extension of a feature type is one of its files too
        for relative, code in codes.items():
            if re.search(r"\bextension\s+" + re.escape(name) + r"\b", code):
                features[name].add(relative)
    # The span of the one list.
    list_code = codes.get(FEATURE_LIST_FILE, "")
    start = re.search(FEATURE_LIST_START, list_code)
    span = (start.end(), start.end() + len(balanced(list_code, start.end(), "[", "]"))) if start else (0, 0)
    # What each feature's files build or name: its controllers and its services.
    owned: dict[str, tuple[str, str, set[str]]] = {}  # controller or service -> (kind, feature, its files)
    for name, files in features.items():
        for relative in files:
            for match in FEATURE_CONTROLLER.finditer(codes[relative]):
                owned.setdefault(match.group(1), ("controller", name, files))
            for match in FEATURE_SERVICE.finditer(codes[relative]):
                owned.setdefault(match.group(1), ("service", name, files))
    found: list[Violation] = []

    def flag(relative: str, code: str, offset: int, detail: str) -> None:
        found.append(Violation(relative, code.count("\n", 0, offset) + 1, 30, detail))

    for relative, code in sorted(codes.items()):
        for name in features:
            for offset in constructions(code, name):
                if relative == FEATURE_LIST_FILE and span[0] <= offset < span[1]:
                    continue
                flag(relative, code, offset, f"builds the feature {name} outside the one list; build it once in "
                                             f"`features = [ … ]` of {FEATURE_LIST_FILE}")
        for part, (kind, feature, files) in owned.items():
            if relative in files or (kind == "service" and relative == FEATURE_LIST_FILE):
                continue
            for offset in constructions(code, part):
                where = "its routes and pages are registered by" if kind == "controller" else "it runs as a service of"
                flag(relative, code, offset, f"builds {part}, a {kind} of {feature}, outside its feature; {where} "
                                             f"the feature, from the one list")
        for group, owner in FEATURE_GROUP_FILES.items():
            if relative == owner:
                continue
            for offset in constructions(code, group):
                flag(relative, code, offset, f"builds {group}, a feature's groups, outside {owner}; features are "
                                             f"registered where the router and the pages iterate the one list")
    return found


def is_script(path: Path, relative: Path) -> bool:
    """A file without an extension under SHEBANG_ROOTS whose first line is a shebang (rule 31)."""
    if path.suffix or relative.parts[0] not in SHEBANG_ROOTS:
        return False
    with path.open("rb") as file:
        return file.read(2) == b"#!"


def check_sizes(root: Path) -> list[Violation]:
    """Rule 31: every source file of SIZED_SUFFIXES under SIZED_ROOTS, and every script without an
    extension under SHEBANG_ROOTS, has at most MAX_LINES lines."""
    violations: list[Violation] = []
    for folder in SIZED_ROOTS:
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root)
            if not path.is_file() or EXCLUDED_DIRS & set(relative.parts[:-1]):
                continue
            if path.suffix not in SIZED_SUFFIXES and not is_script(path, relative):
                continue
            lines = path.read_bytes().count(b"\n")
            if lines > MAX_LINES:
                violations.append(Violation(
                    str(relative), MAX_LINES + 1, 31,
                    f"{lines} lines, more than {MAX_LINES}: split it into files with one purpose each"))
    return violations


def check(root: Path) -> tuple[list[Violation], int, int]:
    """All violations under `root`, the number of files and of modules read."""
    modules, unknown = source_files(root)
    violations = [
        Violation(f"Sources/{name}", 0, 3, f"module {name} is not in the module graph of scripts/check-layers")
        for name in unknown
    ]
    files = 0
    for module, paths in sorted(modules.items()):
        for path in paths:
            files += 1
            violations.extend(check_file(root, module, path))
    violations.extend(check_features(root, modules))
    return violations, files, len(modules)
