# How scripts/kind-files tells a kind's names from the English word (docs/decisions/0065).

from __future__ import annotations

import re
from pathlib import Path

from kind_files.sources import (
    IDENTIFIER, JSON_SHAPE, MEMBER_DECLARATION, QUESTION_WORDS, SCHEMA_TYPE_LINE, TYPE_DECLARATION,
    code_lines, structural_lines,
)


class Vocabulary:
    """How one kind is named, derived from its case and its own files (docs/decisions/0065):

    - in Swift, outside its files: its types (every type declared in Sources/ whose name is the
      kind's capitalized name followed by another word: `NumberSpec`, `RankingRow`, and its
      descriptor); in a file that deals with questions, its case as a value (`.number`, `case
      .a, .number`, `QuestionKind.number`, never `Self.number` or `x.number`) and as a string
      (`"number"`, SQL's `'number'`); its members (declared in such a file, named `number…`
      or `isNumber`/`hasNumber`: `numberCounts`, `numberMin`); its storage columns (`number_value`);
      its partials' names (`question-number`); the members and phrases declared elsewhere
      that only its own files use (`kindRanking`, `rankEach`); and, in the JSON shapes (the
      inputs, `Question`, `Answer`), the fields only its descriptor claims (`minimum`, `unit`);
    - in templates and scripts: those members, its partials' names, the classes its own templates
      give their elements and contain the kind's name (`number-unit`), and in scripts its string;
    - in API parts and migrations: its word outside prose (JSON Schema's `type: number` aside),
      its storage columns and its SQL string.
    """

    def __init__(self, root: Path, kind: str, swift: list[Path]):
        self.root, self.kind = root, kind
        self.cap = kind[0].upper() + kind[1:]
        self.type = f"{self.cap}Kind"
        self.own = [p for p in swift if p.name == f"{self.type}.swift" or p.name.startswith(f"{self.type}+")]
        if not self.own:
            raise SystemExit(f"error: no {self.type}.swift under Sources/ for the kind `{kind}`")
        self.code = {p: code_lines(p) for p in swift}
        self.about_questions = {p for p, lines in self.code.items() if any(QUESTION_WORDS.search(line) for line in lines)}
        own_name = re.compile(r"(?:^|[/-])%s\.\w+$" % re.escape(kind))
        self.others = sorted(p for folder in ("Sources", "SQL") for p in (root / folder).rglob("*")
                             if p.is_file() and p.suffix in {".mustache", ".yaml", ".sql", ".css", ".js"})
        self.own_parts = [p for p in self.others if own_name.search(p.as_posix()) and p.suffix != ".sql"]
        # Its types: those named after it that its own files declare or use. A type of the same
        # name elsewhere that its files never use is a homonym (`DateText` is not the date kind's).
        types = {self.type}
        type_name = re.compile(r"^%s[A-Z]\w*$" % self.cap)
        declared_at = {}
        for path, lines in self.code.items():
            for line in lines:
                for name in TYPE_DECLARATION.findall(line):
                    if type_name.match(name):
                        declared_at.setdefault(name, set()).add(path)
        own_tokens = set(IDENTIFIER.findall("\n".join(line for path in self.own for line in self.code[path])))
        types.update(name for name in declared_at if name in own_tokens)
        self.types = types
        named_after = re.compile(r"^%s[A-Z]\w*\.swift$" % self.cap)
        self.settings = [p for p in swift if p not in self.own and named_after.match(p.name)
                         and any(p in where for name, where in declared_at.items() if name in types)]
        # Its storage columns: the columns the migrations add (or rename to) named after it (`number_value`).
        column = re.compile(r"\b(?:ADD\s+COLUMN|RENAME\s+COLUMN\s+\w+\s+TO)\s+(%s_[a-z]\w*)" % re.escape(kind), re.I)
        self.columns = {name for p in self.others if p.suffix == ".sql"
                        for name in column.findall(p.read_text(encoding="utf-8", errors="replace"))}
        members = set()
        member_name = re.compile(r"^(?:%s[A-Z]\w*|(?:is|has)%s)$" % (re.escape(kind), self.cap))
        for path in self.about_questions:
            for line in self.code[path]:
                for name in self.declared(line):
                    if member_name.match(name):
                        members.add(name)
        self.exclusive = self.only_its_own(swift)
        self.members = members | self.exclusive
        self.classes = set()
        for path in self.own_parts:
            if path.suffix == ".mustache":
                for attribute in re.findall(r'class="([^"]*)"', path.read_text(encoding="utf-8")):
                    self.classes.update(c for c in attribute.split() if re.search(r"(?:^|-)%s(?:-|$)" % re.escape(kind), c))
        self.fields = self.own_fields(swift)
        # A field in a JSON shape: a stored property, a coding key's case, or a `JSONKey` constant.
        self.field_lines = re.compile(r"^\s*(?:public\s+)?(?:var\s+(?:%s)\b|case\b.*\b(?:%s)\b|static\s+let\b.*\b(?:%s)\s*:)"
                                      % (("|".join(sorted(self.fields)),) * 3)) \
            if self.fields else None
        self.json_shapes = {p for p, lines in self.code.items() if any(JSON_SHAPE.search(line) for line in lines)}
        k = re.escape(kind)
        words = "|".join(sorted(map(re.escape, types)))
        columns = "".join(r"|\b%s\b" % re.escape(c) for c in sorted(self.columns))
        self.swift_anywhere = re.compile(r"\b(?:%s)\b%s|(?<![\w-])question-%s\b" % (words, columns, k))
        self.swift_in_questions = re.compile(
            r"(?<![\w)\]?!>\\])\.%s\b|\b(?:QuestionKind|QuestionBody|AnswerValue)\.%s\b|\"%s\"(?!\s*:)|'%s'" % (k, k, k, k))
        self.member_words = re.compile(r"\b(?:%s)\b" % "|".join(sorted(map(re.escape, self.members)))) if self.members else None
        self.exclusive_words = re.compile(r"\b(?:%s)\b" % "|".join(sorted(map(re.escape, self.exclusive)))) if self.exclusive else None
        self.class_words = re.compile(r"(?<![\w-])(?:%s)(?![\w-])" % "|".join(sorted(map(re.escape, self.classes)))) if self.classes else None
        # In an API part: the kind as a question's `kind` (`const: number`), a member named after
        # it (`number:`), or its schemas; not the word elsewhere (`format: date-time`, an enum's `date`).
        self.word = re.compile(r"\b(?:kind|const)\s*:\s*%s\b|^\s*(?:-\s+)?%s\s*:|#/\w+/%s[A-Z]\w*" % (k, k, re.escape(self.cap)))
        # In a migration: its SQL string or its storage columns; the word alone is SQL's (`due_on date`).
        self.sql = re.compile(r"'%s'%s" % (k, columns))
        self.prose = re.compile(r"\b%s\b" % k, re.I)

    def own_fields(self, swift: list[Path]) -> set[str]:
        """The JSON fields only this kind's descriptor claims (`definitionFields`, `translationFields`,
        `answerMembers`): the inputs and the stored JSON declare them for it."""
        claimed = {}
        for path in swift:
            match = re.match(r"^(\w+)Kind\.swift$", path.name)
            if not match:
                continue
            for line in self.code[path]:
                if re.search(r"\b(?:definition|translation)Fields\s*:\s*Set<String>|\banswerMembers\s*:\s*\[KindMembers", line):
                    for field in re.findall(r'"(\w+)"', line):
                        claimed.setdefault(field, set()).add(match.group(1))
        return {field for field, kinds in claimed.items() if kinds == {self.cap}}

    @staticmethod
    def declared(line: str, values_only: bool = False) -> list[str]:
        """The members a line declares; `values_only`: only cases and `var`s (a phrase, a view's
        field), not functions and constants, which a kind may borrow from another's file."""
        names = []
        for member, cases in MEMBER_DECLARATION.findall(line):
            if member and not (values_only and not re.search(r"\bvar\s+%s\b" % re.escape(member), line)):
                names.append(member)
            if cases:
                names.extend(name.strip() for name in cases.split(","))
        return names

    def only_its_own(self, swift: list[Path]) -> set[str]:
        """Members declared outside the kind's files that only its own files (and their
        declaring file) use: a kind's phrases, a view's fields for its partial."""
        own_templates = [p for p in self.own_parts if p.suffix == ".mustache"]
        used_in = {}
        for path, lines in self.code.items():
            for token in set(IDENTIFIER.findall("\n".join(lines))):
                used_in.setdefault(token, set()).add(path)
        for path in self.others:
            if path.suffix == ".mustache":
                for token in set(IDENTIFIER.findall(path.read_text(encoding="utf-8", errors="replace"))):
                    used_in.setdefault(token, set()).add(path)
        own = set(self.own) | set(own_templates)
        # A protocol's requirement is declared in every kind's files: not one kind's member.
        kinds_files = re.compile(r"^\w+Kind(?:\+\w+)?\.swift$|^\w+KindPart\.swift$|^QuestionKind\w*\.swift$")
        declared_in = {}
        for path, lines in self.code.items():
            if path in own or kinds_files.match(path.name):
                continue
            for line in lines:
                for name in self.declared(line, values_only=True):
                    declared_in.setdefault(name, set()).add(path)
        found = set()
        for name, where in declared_in.items():
            users = used_in.get(name, set())
            if len(where) == 1 and users & own and not (users - own - where) and len(name) > 3:
                found.add(name)
        return found

    def names_in_swift(self, path: Path) -> str | None:
        """The first line that names the kind, or None."""
        lines = self.code[path]
        for line in lines:
            if self.swift_anywhere.search(line) or (self.exclusive_words and self.exclusive_words.search(line)):
                return line
            if self.field_lines and path in self.json_shapes and self.field_lines.search(line):
                return line
        if path not in self.about_questions:
            return None
        for line in lines:
            if self.swift_in_questions.search(line) or (self.member_words and self.member_words.search(line)):
                return line
        return None

    def names_outside_prose(self, path: Path) -> str | None:
        """The first line outside prose that names the kind, or None."""
        lines = structural_lines(path)
        if path.suffix == ".sql":
            if re.search(r"(?:^|_)%s(?:_|$)" % re.escape(self.kind), path.stem):
                return path.name
            return next((line for line in lines if self.sql.search(line)), None)
        if path.suffix == ".yaml":
            return next((line for line in lines if not SCHEMA_TYPE_LINE.match(line) and self.word.search(line)), None)
        k = re.escape(self.kind)
        for line in lines:
            if self.member_words and self.member_words.search(line):
                return line
            if self.class_words and self.names_class(path, line):
                return line
            if re.search(r"(?<![\w-])question-%s\b" % k, line):
                return line
            # A script compares a kind with its string (`kind === "number"`); `typeof x === "number"` is JavaScript's.
            if path.suffix == ".js" and re.search(r"""[=!]==?\s*["']%s["']|["']%s["']\s*[=!]==?""" % (k, k),
                                                  re.sub(r"""typeof\s+[\w.\[\]]+\s*[=!]==?\s*["']\w+["']""", "", line)):
                return line
        return None

    def names_class(self, path: Path, line: str) -> bool:
        """One of the classes of the kind's own templates, as a selector, in a `class` attribute or a string."""
        if path.suffix == ".css":
            return any(re.search(r"\.%s(?![\w-])" % re.escape(c), line) for c in self.classes)
        if path.suffix == ".mustache":
            return any(self.class_words.search(attribute) for attribute in re.findall(r'class="([^"]*)"', line))
        return any(self.class_words.search(text) for text in re.findall(r"""["']([^"']*)["']""", line))

    def names_in_prose(self, path: Path) -> bool:
        """Prose about the kind: `grid questions`, `a ranking's`, `"number"` (the word alone is English)."""
        text = path.read_text(encoding="utf-8", errors="replace")
        k = re.escape(self.kind)
        return bool(re.search(r"\b%s(?:'s|\s+(?:questions?|kinds?))\b|[`'\"]%s[`'\"]|\b(?:a|each|every|per)\s+%s\b(?!\s+(?:of|from|to|in)\b)" % (k, k, k),
                              text, re.I))
