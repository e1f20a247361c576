# What scripts/kind-files reads: the page and the kinds it lists, the patterns that find a kind's
# names, and the lines of a file that are code rather than prose.

from __future__ import annotations

import re
from pathlib import Path


PAGE = Path("docs/architecture.md")
BEGIN = "<!-- kind-files:begin -->"
END = "<!-- kind-files:end -->"

# The kind whose files the docs page's list is read from (`--kind` prints another registered kind's).
REFERENCE = "grid"
# The kinds whose totals the page states under the list, measured the same way (issue 49's two, issue 69's date).
TOTALS_IN_PAGE = ("ranking", "number", "date")

# The registry: the one place the kind is opened, and the protocols each layer asks.
REGISTRY = "Sources/Debrief/Kinds/QuestionKinds.swift"
# Where the cases are declared (step 1 of the list).
DECLARATIONS = ("Sources/Debrief/Forms/QuestionKind.swift", "Sources/Debrief/Answers/Answer.swift")
PART_PROTOCOL = re.compile(r"^\s*(?:public\s+)?protocol\s+(\w+)\s*:\s*QuestionKindDescriptor\b", re.M)
ADOPTS = re.compile(r"^\s*extension\s+(\w+)\s*:\s*(\w+)", re.M)
COMMENT = re.compile(r"//.*$")
TYPE_DECLARATION = re.compile(r"\b(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)")
# A member or a case: `var numberMin`, `func isNumber`, `case kindNumber, addNumberButton`.
MEMBER_DECLARATION = re.compile(r"\b(?:var|let|func)\s+(\w+)|^\s*(?:public\s+|indirect\s+)*case\s+(\w+(?:\s*,\s*\w+)*)\s*$")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# A file that deals with questions: only there does an implicit `.number` or a `"number"` mean the
# kind (elsewhere `.number` is, say, a setting's kind).
QUESTION_WORDS = re.compile(r"\b(?:Question[A-Z]\w*|Question|AnswerValue|AnswerInput|ResultsDigest|descriptor)\b")
# The JSON shapes that carry a kind's fields: the inputs and the stored question and answer.
JSON_SHAPE = re.compile(r"^public\s+struct\s+(?:QuestionInput|AnswerInput|QuestionTranslationInput|Question|Answer)\b")
# JSON Schema's own type names, which an API part's `type:` uses whatever the kinds are called.
SCHEMA_TYPE_LINE = re.compile(r"^\s*(?:-\s+)?(?:type|format)\s*:")


def link(root: Path, path: Path) -> str:
    relative = path.relative_to(root).as_posix()
    shown = relative[len("Sources/"):] if relative.startswith("Sources/") else relative
    return f"[`{shown}`](../{relative})"


def code_lines(path: Path) -> list[str]:
    return [COMMENT.sub("", line) for line in path.read_text(encoding="utf-8").splitlines()]


# Lines of a template, style sheet or API part that are not prose: comments, and in YAML the
# values of `description`, `summary`, `example(s)` and `value` (examples) are left out.
PROSE_KEY = re.compile(r"^(\s*)(?:-\s+)?(description|summary|examples?|value)\s*:")


def structural_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix in {".css", ".js"}:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    if path.suffix == ".js":
        text = re.sub(r"//.*$", "", text, flags=re.M)
    if path.suffix == ".mustache":
        text = re.sub(r"\{\{!.*?\}\}", "", text, flags=re.S)
    if path.suffix == ".sql":
        text = re.sub(r"--.*$", "", text, flags=re.M)
    if path.suffix != ".yaml":
        return text.splitlines()
    kept, prose_indent = [], None
    for line in text.splitlines():
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if prose_indent is not None and (not stripped or indent > prose_indent):
            continue
        prose_indent = None
        if stripped.startswith("#"):
            continue
        match = PROSE_KEY.match(line)
        if match:
            prose_indent = len(match.group(1))
            continue
        kept.append(line.split(" #", 1)[0])
    return kept


def registered_kinds(root: Path) -> list[str]:
    """The cases of `QuestionKind`, in their order."""
    text = (root / DECLARATIONS[0]).read_text(encoding="utf-8")
    body = re.search(r"enum\s+QuestionKind\b[^{]*\{(.*?)^\}", text, re.S | re.M)
    if not body:
        raise SystemExit(f"error: no `enum QuestionKind` in {DECLARATIONS[0]}")
    return re.findall(r"^\s*case\s+(\w+)\s*$", COMMENT.sub("", body.group(1)), re.M) or \
        [c for line in code_lines(root / DECLARATIONS[0]) for c in re.findall(r"^\s*case\s+(\w+)\s*$", line)]
