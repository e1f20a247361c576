# The self-test of scripts/kind-files: planted files that name the number kind or only the word.

from __future__ import annotations

import sys
from pathlib import Path

from kind_files.listing import files_of


# The self-test's tree: a registry of two kinds, and files that name the number kind or only the
# English word, each planted with the answer `--files` must give.
PLANTED = {
    "Sources/Debrief/Forms/QuestionKind.swift": (True, "public enum QuestionKind: String {\n    case grid\n    case number\n}\n"),
    "Sources/Debrief/Answers/Answer.swift": (True, "public enum AnswerValue {\n    case number(Decimal)\n}\n"),
    "Sources/Debrief/Kinds/QuestionKinds.swift": (True, "// the registry\n"),
    "Sources/Debrief/Kinds/GridKind.swift": (False, "enum GridKind: QuestionKindDescriptor {}\n"),
    "Sources/Debrief/Kinds/NumberKind.swift": (True, "enum NumberKind: QuestionKindDescriptor {\n    static let definitionFields: Set<String> = [\"minimum\"]\n}\npublic struct NumberSpec {}\n"),
    "Sources/DebriefWeb/Kinds/NumberKind+Page.swift": (True, "extension NumberKind: PageKindPart {\n    let x = t(.numberOnly)\n}\n"),
    "Sources/DebriefWeb/Templates/question-number.mustache": (True, '<span class="number-unit">{{unit}}</span>\n'),
    # Named after the kind: its settings type, its case in a question file, its string, its column,
    # its member, a phrase only its files use, its partial's class.
    "Sources/Debrief/Uses/Spec.swift": (True, "func f(_ s: NumberSpec) {}\n"),
    # A JSON shape's coding key for a field only the number claims.
    "Sources/Debrief/Forms/Question.swift": (True, 'public struct Question {}\nextension JSONKey {\n    static let minimum: JSONKey = "minimum"\n}\n'),
    "Sources/Debrief/Uses/Switch.swift": (True, "func f(_ q: Question) { if q.kind == .number {} }\n"),
    "Sources/Debrief/Uses/CaseList.swift": (True, "func f(_ q: QuestionKind) { switch q { case .grid, .number: break } }\n"),
    "Sources/Debrief/Uses/Literal.swift": (True, 'func f(_ q: AnswerInput) -> String { "number" }\n'),
    "Sources/DebriefStore/Uses/Column.swift": (True, 'let sql = "SELECT number_value FROM answers"\n'),
    "Sources/DebriefWeb/Uses/Member.swift": (True, "struct QuestionField { var numberMin: String? }\n"),
    "Sources/DebriefWeb/Uses/Phrases.swift": (True, "enum Phrase {\n    case numberOnly, other\n}\n"),
    "Sources/DebriefWeb/Assets/style.css": (True, ".number-unit { color: gray; }\n"),
    "SQL/0063_number_answers.sql": (True, "ALTER TABLE answers ADD COLUMN number_value numeric;\n"),
    # The English word, and homonyms: none of these names the kind.
    "Sources/Debrief/Uses/Prose.swift": (False, "// a number of answers\nlet numberOfThreads = 2\nfunc g() { Self.number(1); x.number }\n"),
    "Sources/debrief/Settings.swift": (False, "enum SettingKind { case number(Double) }\nlet k: SettingKind = .number(1)\n"),
    "Sources/DebriefWeb/Assets/room.js": (False, 'if (typeof value === "number") { show(value); }\n'),
    "Sources/DebriefWeb/Assets/table.css": (False, "td.number { text-align: right; }\n.choices { display: grid; }\n"),
    "Sources/DebriefWeb/Templates/table.mustache": (False, '<td class="number">{{count}}</td><input type="number">\n'),
    "Sources/DebriefHTTP/OpenAPI/components/results.yaml": (False, "mean:\n  type: number\n  description: The number of answers.\n"),
    "Sources/Debrief/Uses/Character.swift": (False, "func f(_ c: Character) -> Bool { c.isNumber }\n"),
    # Homonyms of a kind named with a common word (the date's): a type of that name its files never
    # use, an SQL function, a phrase's placeholder, the SQL type and an API enum's value.
    "Sources/DebriefWeb/Localization/NumberText.swift": (False, "enum NumberText { static func f() {} }\n"),
    "Sources/DebriefWeb/Uses/Formatting.swift": (False, 'func f(_ q: Question) { NumberText.f(); t(.x, ["number": "1"]) }\n'),
    "Sources/DebriefStore/Uses/Function.swift": (False, 'let sql = "SELECT number_trunc(1)"\n'),
    "SQL/0065_action_items.sql": (False, "CREATE TABLE items (due number, kind text DEFAULT 'x');\n"),
    "Sources/DebriefHTTP/OpenAPI/paths/items.yaml": (False, "due:\n  type: string\n  enum: [nextSession, number]\n"),
}


def self_test() -> int:
    """Plants the files above in a temporary tree and compares `--files` for the number kind."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for relative, (_, text) in PLANTED.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")
        found = {path.relative_to(root).as_posix() for path, _ in files_of(root, "number")}
    expected = {relative for relative, (names, _) in PLANTED.items() if names}
    missed, wrong = sorted(expected - found), sorted(found - expected)
    for relative in missed:
        print(f"self-test: {relative} names the number kind but was not counted", file=sys.stderr)
    for relative in wrong:
        print(f"self-test: {relative} does not name the number kind but was counted", file=sys.stderr)
    if missed or wrong:
        return 1
    print(f"kind-files self-test: {len(expected)} files that name the kind counted, {len(PLANTED) - len(expected)} that do not left out")
    return 0
