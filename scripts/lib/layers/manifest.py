# Rule 7 of scripts/check-layers: Package.swift declares the same module graph.

from __future__ import annotations

import re
from pathlib import Path

from layers.rules import GRAPH
from layers.source import Violation, below


TARGET_START = re.compile(r'\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"')


def balanced(text: str, start: int, opening: str, closing: str) -> str:
    """The text from `start` (just after an `opening`) to its matching `closing`."""
    depth = 1
    for index in range(start, len(text)):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return text[start:index]
    return text[start:]


def check_manifest(root: Path) -> list[Violation]:
    """Rule 7: every non-test target of Package.swift is in GRAPH, depends only on project
    modules its layer may import, and every module of GRAPH is a target."""
    manifest = root / "Package.swift"
    if not manifest.is_file():
        return []
    text = manifest.read_text(encoding="utf-8")
    violations: list[Violation] = []
    declared: set[str] = set()
    for match in TARGET_START.finditer(text):
        name = match.group(1)
        block = balanced(text, match.end(), "(", ")")
        if 'path: "Tests/' in block:
            continue  # test support, not a layer of the application
        line = text.count("\n", 0, match.start()) + 1
        declared.add(name)
        if name not in GRAPH:
            violations.append(Violation("Package.swift", line, 7, f"target {name} is not in the module graph"))
            continue
        found = re.search(r"dependencies:\s*\[", block)
        if not found:
            continue
        dependencies = re.sub(r"\.product\((?:[^()]|\([^()]*\))*\)", "", balanced(block, found.end(), "[", "]"))
        for dependency in re.findall(r'"([A-Za-z0-9_]+)"', dependencies):
            if dependency not in below(name):
                violations.append(Violation(
                    "Package.swift", line, 7, f"target {name} depends on {dependency}, which is not below it in the graph"))
    for name in sorted(set(GRAPH) - declared):
        violations.append(Violation("Package.swift", 0, 7, f"module {name} of the graph is no target"))
    return violations
