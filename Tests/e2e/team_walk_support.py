"""What the team walk (test_team_walk.py) needs beside the walk itself: a real PNG to upload, the
read record's rows of a walk, and a CSV as LibreOffice Calc opens it (read back with openpyxl).
"""
from __future__ import annotations

import csv
import io
import math
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import openpyxl
import pytest

from conftest import Host


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain, valid PNG of one colour (8-bit RGB, no filter): what any image tool would write."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def read_record(installation_admin: Host, since: str) -> list[dict]:
    """Every row of the read record at or after `since`, following `nextCursor` to the end."""
    rows: list[dict] = []
    cursor: str | None = None
    while True:
        params = {"since": since, "limit": 100, **({"cursor": cursor} if cursor else {})}
        page = installation_admin.request("GET", "/v1/audit", params=params)
        assert page.status_code == 200, page.text
        body = page.json()
        rows += body["items"]
        cursor = body.get("nextCursor")
        if not cursor:
            return rows


def calc_rows(csv_bytes: bytes, folder: Path) -> list[list[object]]:
    """The first sheet of `csv_bytes` as LibreOffice Calc opens it (comma, double quote, UTF-8),
    saved as xlsx and read back with openpyxl. Calc runs with a profile of its own in `folder`,
    so runs side by side never share (and never wait on) one profile's lock."""
    if shutil.which("soffice") is None:
        if os.environ.get("CI"):
            pytest.fail("soffice (libreoffice-calc-nogui) is missing in CI")
        pytest.skip("soffice is not installed (scripts/lib/postgres.sh installs libreoffice-calc-nogui)")
    source = folder / "team.csv"
    source.write_bytes(csv_bytes)
    done = subprocess.run(
        ["soffice", f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless", "--norestore",
         "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx", "--outdir", str(folder), str(source)],
        capture_output=True, text=True, timeout=180, check=False, env={**os.environ, "HOME": str(folder)})
    converted = folder / "team.xlsx"
    assert converted.exists(), done.stdout + done.stderr
    sheet = openpyxl.load_workbook(converted, read_only=True).worksheets[0]
    cells = [list(row) for row in sheet.iter_rows()]
    formulas = [cell.coordinate for row in cells for cell in row if getattr(cell, "data_type", None) == "f"]
    assert not formulas, f"Calc computes formulas in {formulas}: the export's neutralizing failed"
    rows = [[cell.value for cell in row] for row in cells]
    # openpyxl pads every row to the sheet's width; the CSV's rows end at their last field.
    return [row[:len(row) - next((i for i, v in enumerate(reversed(row)) if v is not None), len(row))] for row in rows]


def csv_rows(csv_bytes: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(csv_bytes.decode("utf-8-sig"), newline="")))


def same_value(text: str, cell: object) -> bool:
    """Whether Calc's cell holds the CSV field's value: the text itself, or the number or truth
    value Calc recognised in it (a percentage as its fraction). The summary has no dates: a cell
    Calc turned into one fails here."""
    if cell is None:
        return text == ""
    if isinstance(cell, bool):
        return text.upper() == str(cell).upper()
    if isinstance(cell, (int, float)):
        digits = text.lstrip("-")
        if digits.startswith("0") and digits != "0" and not digits.startswith("0."):
            return False  # "007" opened as 7: the text's leading zeros are lost
        try:
            number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
        except ValueError:
            return False
        # Calc keeps 15 significant digits (1.8257418583505538 opens as 1.82574185835055).
        return math.isclose(number, float(cell), rel_tol=1e-14, abs_tol=0)
    return str(cell) == text
