-- CSV exports: the one place that decides which cells a spreadsheet could execute.

-- A text cell as an export writes it: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
-- return is prefixed with a single quote, so Excel, LibreOffice and Google Sheets show it as text
-- instead of running it as a formula (OWASP, "CSV Injection"). NULL stays NULL (an empty cell).
-- PostgreSQL's `COPY … (FORMAT csv)` then does the RFC 4180 quoting.
--
-- Plain SQL, IMMUTABLE and not STRICT, so the planner inlines it: no function call per cell.
CREATE FUNCTION debrief_csv_cell(cell text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT CASE WHEN left(cell, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || cell ELSE cell END
$$;
