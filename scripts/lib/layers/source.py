# What scripts/check-layers reads of a tree: the Swift files of each module, their code without
# comments and string literals, and their imports; and the Violation it reports.

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from layers.rules import EXTRA_SOURCE_DIRS, GRAPH, RULES


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    rule: int
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: rule {self.rule} ({RULES[self.rule]}): {self.detail}"


def below(module: str) -> set[str]:
    """Every module `module` reaches in GRAPH (what it may import, before rules 1, 4 and 5)."""
    seen: set[str] = set()
    stack = list(GRAPH.get(module, []))
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(GRAPH.get(name, []))
    return seen


STRING_START = re.compile(r'(#*)("""|")')


def code_only(text: str) -> str:
    """`text` with comments and the text of string literals blanked out (line breaks kept), so
    that what remains is code; string interpolations `\\(...)` stay, since they are code."""
    out: list[str] = []
    i, n = 0, len(text)
    # Each entry: ("code", paren depth) inside an interpolation, or ("string", hashes, multiline).
    stack: list[tuple] = []

    def blank(segment: str) -> str:
        return "".join(c if c == "\n" else " " for c in segment)

    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "code":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                out.append(blank(text[i:end]))
                i = end
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append(blank(text[i:j]))
                i = j
                continue
            match = STRING_START.match(text, i)
            if match and (match.group(1) or text[i] == '"'):
                hashes = len(match.group(1))
                out.append(match.group(0))
                stack.append(("string", hashes, match.group(2) == '"""'))
                i = match.end()
                continue
            if top is not None:
                if text[i] == "(":
                    stack[-1] = ("code", top[1] + 1)
                elif text[i] == ")":
                    if top[1] == 0:
                        stack.pop()  # the interpolation ends; back in its string
                    else:
                        stack[-1] = ("code", top[1] - 1)
            out.append(text[i])
            i += 1
            continue
        # Inside a string literal.
        _, hashes, multiline = top
        close = ('"""' if multiline else '"') + "#" * hashes
        if text.startswith(close, i):
            out.append(close)
            stack.pop()
            i += len(close)
            continue
        escape = "\\" + "#" * hashes
        if text.startswith(escape, i):
            j = i + len(escape)
            if j < n and text[j] == "(":
                out.append(" " * (j - i) + "(")
                stack.append(("code", 0))
                i = j + 1
                continue
            out.append(blank(text[i:j + 1]))
            i = j + 1
            continue
        if text[i] == "\n" and not multiline:
            stack.pop()  # an unterminated literal: do not let it swallow the file
        out.append(blank(text[i]))
        i += 1
    return "".join(out)


IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)"
)


def imports(code: str) -> list[tuple[int, str]]:
    """(line number, module) of every import statement in comment-free code."""
    found = []
    for number, line in enumerate(code.split("\n"), start=1):
        for statement in line.split(";"):
            match = IMPORT.match(statement)
            if match:
                found.append((number, match.group(1)))
    return found


def source_files(root: Path) -> tuple[dict[str, list[Path]], list[str]]:
    """Swift files per module, and the folders under Sources/ that are no module of GRAPH."""
    modules: dict[str, list[Path]] = {}
    unknown: list[str] = []
    for folder in sorted(p for p in (root / "Sources").iterdir() if p.is_dir()):
        if folder.name not in GRAPH:
            unknown.append(folder.name)
            continue
        modules[folder.name] = sorted(folder.rglob("*.swift"))
    for module, relative in EXTRA_SOURCE_DIRS.items():
        folder = root / relative
        if folder.is_dir():
            modules.setdefault(module, []).extend(sorted(folder.glob("*.swift")))
    return modules, unknown
