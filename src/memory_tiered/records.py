"""The field table (FIELDS, LEVEL_FIELDS), read_config, rows and export formats.

Uses: base, text, safety, checks, indexing, queries.
"""

import collections
import contextlib
import datetime
import functools
import json
import os
import sqlite3

from .base import (
    ISO_TIME_RE, iso, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MAX_ID, MAX_SHORT, now_utc, parse_time,
    TUNABLES, ValidationError)
from .text import CJK_RUN_RE, short, WORD_RE, check_text, EN_STOP_WORDS
from .safety import instruction_flag
from .checks import check_importance, check_origin, load_ids, load_list, parse_ids, split_items
from .indexing import cjk_bigrams
from .queries import light_stem


def read_config(db):
    """The tunable settings: the defaults (TUNABLES) with the values stored in ``config``."""
    values = {name: spec[0] for name, spec in TUNABLES.items()}
    for row in db.execute("SELECT key, value FROM config"):
        if row["key"] in values:
            values[row["key"]] = json.loads(row["value"])
    return values


def check_level(level):
    value = str(level or "").strip().lower()
    if value not in LEVELS:
        raise ValidationError("level must be one of: l1, l2, l3 (got %r)" % (level,))
    return value


def _optional_short(name):
    return lambda value, level: check_text(value, name, MAX_SHORT, required=False) or None


class Field(collections.namedtuple("Field", "name rule schema help edit_help required cli tool "
                                                "editable")):
    """One field of a record, in one place; everything else is derived from ``FIELDS``: the
    check every write shares (``rule(value, level)``), the JSON schema of the agent tools
    (``schema``; ``tool``: a tool may set it), the help of the CLI's ``add-lN`` option (``help``,
    a text or one per level; ``cli``: the CLI has the option), the levels where it is
    ``required``, and whether a record's field may be corrected (``editable``: ``edit``,
    ``memory_edit`` and, in its frontmatter, the vault note) with ``edit_help``.  Which levels
    have it, and in what order the commands list it, is ``LEVEL_FIELDS``.  A new field: a
    migration that adds its column, a ``Field`` here, its name in ``LEVEL_FIELDS``."""


_TEXT_LIST = {"type": "array", "items": {"type": "string"}}
_ID_LIST = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": MAX_ID}}


def _field(name, rule, schema=None, help=None, edit_help=None, required=(), cli=True, tool=True,
           editable=False):
    return Field(name, rule, schema or {"type": "string"}, help, edit_help, required, cli, tool,
                 editable)


# The fields people and agents give a record.  The order of the editable ones is the order of
# `edit`'s options.
FIELDS = {f.name: f for f in (
    _field("session_id", lambda value, level: check_text(value, "session_id", MAX_SHORT),
           help="the conversation this summarises (the hook gives it)", required=("l1",)),
    _field("summary", lambda value, level: check_text(value, "summary"),
           help="2-4 sentences: what was decided and why, what changed", required=("l1",)),
    _field("knowledge", lambda value, level: check_text(value, "knowledge"),
           help="the knowledge, one or two sentences", required=("l2",)),
    _field("insight", lambda value, level: check_text(value, "insight"),
           help="the core insight, one sentence", required=("l3",)),
    _field("key_points", lambda value, level: split_items(value, "key_points"), _TEXT_LIST,
           help="split on , ， 、 and ;",
           edit_help="L1 only; replaces them (split on , ， 、 and ;)", editable=True),
    _field("importance", lambda value, level: check_importance(value),
           {"type": "number", "minimum": 0, "maximum": 1, "default": 0.5},
           help="0 to 1, default 0.5", edit_help="0 to 1", editable=True),
    _field("tags", lambda value, level: split_items(value, "tags", MAX_SHORT), _TEXT_LIST,
           help="comma-separated", edit_help="replaces them (comma-separated)", editable=True),
    _field("category", lambda value, level: " ".join((check_text(
               value, "category", MAX_SHORT, required=level == "l2") or "").split()) or None,
           help={"l2": "e.g. habits-preferences, decisions, skills-career",
                 "l3": "e.g. values, decision-style"},
           edit_help="L2 and L3", required=("l2",), editable=True),
    _field("source_ids", lambda value, level: parse_ids(value, "source_ids"), _ID_LIST,
           help={"l2": "L1 ids, comma-separated", "l3": "L2 ids, comma-separated"}),
    _field("parent_session", _optional_short("parent_session"),
           help="the session this one continued"),
    _field("project", _optional_short("project"), help=None,  # (the CLI's --project/--global)
           edit_help="move it to this project (a repository path, a name or a key)",
           editable=True),
    _field("agent", _optional_short("agent"), help="which agent wrote it", tool=False),
    _field("created_at", lambda value, level: iso(parse_time(value, "created_at")),
           help="ISO 8601 date or date-time, UTC assumed", tool=False),
    _field("origin", lambda value, level: check_origin(value), cli=False, tool=False),
)}
# Each level's fields, in the order its `add-lN` command and `memory_add_lN` tool list them.
LEVEL_FIELDS = {
    "l1": ("session_id", "summary", "key_points", "importance", "parent_session", "project",
           "agent", "tags", "created_at", "origin"),
    "l2": ("category", "knowledge", "source_ids", "tags", "importance", "project", "agent",
           "created_at", "origin"),
    "l3": ("insight", "source_ids", "category", "tags", "importance", "project", "agent",
           "created_at", "origin"),
}
# what `edit` may change on each level: its text, then the editable fields it has
EDITABLE = {level: ("text",) + tuple(name for name in FIELDS if FIELDS[name].editable
                                     and name in LEVEL_FIELDS[level]) for level in LEVELS}
LIST_FIELDS = tuple(name for name, f in FIELDS.items() if f.schema["type"] == "array")


def check_fields(level, values, now=None, partial=False, future_ok=False):
    """The checked fields of a ``level`` record from ``values`` (field -> raw value): the one
    validator of every write.  A new record gets defaults (importance 0.5, created now, origin
    "cli"); with ``partial`` (an edit) only the fields given (not None) are checked.  A creation
    time more than a day after ``now`` is refused (it would head every list by date), unless
    ``future_ok`` (another device's record: its clock is its own).  An error names its field
    (``field``), so each caller can name it its own way."""
    out = {}
    for name in LEVEL_FIELDS[level]:
        value = values.get(name)
        if value is None and partial:
            continue
        if name == "created_at" and not value:
            out[name] = iso(now or now_utc())
            continue
        if name == "origin" and value is None:
            out[name] = "cli"
            continue
        try:
            out[name] = FIELDS[name].rule(value, level)
        except ValidationError as exc:
            raise ValidationError(str(exc), exc.field or name)
    created = out.get("created_at")
    if created and not future_ok and (
            parse_time(created) > (now or now_utc()) + datetime.timedelta(days=1)):
        raise ValidationError("created_at %s is in the future (now %s): give when it happened, "
                              "or leave it out" % (created, iso(now or now_utc())), "created_at")
    return out


def _flag_text(text, points=None, category=None, tags=None):
    """Everything of a record that reaches an agent, for instruction_flag: its text, key points,
    category and tags (a category is printed in commands the session-start block suggests)."""
    return " ".join([text or ""] + list(points or []) + [category or ""] + list(tags or []))


def judge_flag(text, points=None, category=None, tags=None, cleared=None):
    """Why everything of a record that reaches an agent (its text, key points, category and
    tags) reads as instructions, or None; also None when a person cleared exactly that flag
    (``cleared``: the flag they read and cleared; a changed text is judged again)."""
    flag = instruction_flag(_flag_text(text, points, category, tags))
    return None if flag and flag == cleared else flag


def stored_number(value, default):
    """A stored number, or ``default`` for a value no write of ours stores (text, a blob)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else (
        default if value is None or not isinstance(value, (int, float)) else value)


# the columns of a row that must hold numbers, and those that must hold times (with what a
# damaged one reads as)
_NUMBER_COLUMNS = {"importance": 0.5, "decay_score": 0.0, "stability": 1.0, "access_count": 0}
_TIME_COLUMNS = ("created_at", "updated_at", "decay_applied_at", "last_accessed_at")


def record_dict(level, row):
    """A database row as a plain dict with lists decoded and the level named.  A value no write
    of ours stores (importance as text, a NULL creation time: another program wrote the row) is
    read as a neutral one and named in ``damaged``, so the record is shown, not a traceback."""
    record = {"level": level}
    record.update(zip(row.keys(), row) if isinstance(row, sqlite3.Row) else row)
    damaged = [name for name, default in _NUMBER_COLUMNS.items()
               if name in record and record[name] is not None
               and stored_number(record[name], None) is None]
    for name in damaged:
        record[name] = _NUMBER_COLUMNS[name]
    for name in _TIME_COLUMNS:
        value = record.get(name)
        if name == "created_at" and name in record and not value or value and not (
                isinstance(value, str) and ISO_TIME_RE.match(value)):
            record[name] = None
            damaged.append(name)
    if damaged:
        record["damaged"] = damaged
    for name in LIST_FIELDS:
        if name in record:
            record[name] = load_list(record[name])
    if record.get("related") is not None:
        record["related"] = load_ids(record["related"])
    record["text"] = record.get(LEVEL_TEXT[level])
    return record


@functools.lru_cache(maxsize=64)
def insert_sql(table, names):
    return ("INSERT INTO %s (%s) VALUES (%s)"
            % (table, ", ".join(names), ", ".join("?" * len(names))))


def similarity_tokens(text):
    """Words (lightly stemmed, stop words dropped) and CJK bigrams, for overlap measures."""
    lowered = (text or "").lower()
    words = {
        light_stem(w) for w in WORD_RE.findall(CJK_RUN_RE.sub(" ", lowered))
        if w not in EN_STOP_WORDS}
    for run in CJK_RUN_RE.findall(lowered):
        words.update(cjk_bigrams(run))
    return words


def jaccard(a, b):
    return len(a & b) / float(len(a | b)) if a or b else 0.0


def union_items(first, second):
    out = []
    for item in list(first) + list(second):
        if item not in out:
            out.append(item)
    return out


def mark_promoted(conn, level, ids, target_id):
    """Record that ``ids`` (of ``level``) were distilled into ``target_id`` one level up, so
    promotion never makes a second record from them; an existing link is kept."""
    if ids:
        conn.execute("UPDATE %s SET promoted_to = ? WHERE promoted_to IS NULL AND id IN "
                     "(SELECT value FROM json_each(?))" % LEVEL_TABLE[level],
                     (target_id, json.dumps(ids)))


def delete_notes(notes):
    """Delete the vault notes (vault, relative path) of forgotten records: regular files inside
    their vault only, never through a symlink.  Returns the paths deleted."""
    deleted = []
    for vault, rel in notes:
        path = os.path.join(vault, *rel.split("/"))
        real_vault = os.path.realpath(vault)
        if os.path.islink(path) or not os.path.isfile(path) or \
                not os.path.realpath(os.path.dirname(path)).startswith(real_vault):
            continue
        with contextlib.suppress(OSError):
            os.unlink(path)
            deleted.append(path)
    return deleted


def iter_jsonl(lines):
    """(line number, object) for each non-blank JSON Lines line; ValidationError on a bad one."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except RecursionError:
            raise ValidationError("line %d is nested too deeply to be a record (about 1,000 levels "
                                  "or more)"
                                  % number)
        except ValueError as exc:
            raise ValidationError("line %d is not valid JSON: %s" % (number, exc))
        if not isinstance(obj, dict):
            raise ValidationError("line %d must be a JSON object" % number)
        yield number, obj


_EXPORT_ORDER = ("level", "id", "session_id", "summary", "knowledge", "insight", "category",
                 "key_points", "tags", "source_ids", "importance", "access_count", "decay_score",
                 "created_at", "updated_at", "decay_applied_at", "last_accessed_at", "archived_at",
                 "promoted_to", "superseded_by", "parent_session", "project", "agent", "stability",
                 "origin", "flagged", "related", "pinned", "uid")
# the columns of an export, a field added later at the end (older exports still read)
EXPORT_COLUMNS = _EXPORT_ORDER + tuple(name for name in FIELDS if name not in _EXPORT_ORDER)


def _fields_of_type(kind):
    return tuple(name for name, f in FIELDS.items() if f.schema["type"] == kind)


_CSV_INT = ("id", "access_count", "promoted_to", "superseded_by") + _fields_of_type("integer")


_CSV_FLOAT = ("decay_score", "stability") + _fields_of_type("number")


_CSV_LIST = LIST_FIELDS + ("related",)
# A cell a spreadsheet would run as a formula starts with one of these; the export writes such a
# text after a ' (shown as text), and the import takes one ' off again
_CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def csv_row(record):
    """A record as CSV cells: lists as JSON, numbers exact (repr), None empty, a text a spreadsheet
    would read as a formula after a ' (_CSV_FORMULA)."""
    out = []
    for name in EXPORT_COLUMNS:
        value = record.get(name)
        if value is None:
            out.append("")
        elif name in _CSV_LIST:
            out.append(json.dumps(value, ensure_ascii=False))
        elif isinstance(value, float):
            out.append(repr(value))
        elif isinstance(value, str) and value.lstrip("'").startswith(_CSV_FORMULA):
            out.append("'" + value)
        else:
            out.append(str(value))
    return out


def iter_csv(handle):
    """(row number, object) from a CSV export; ValidationError on a bad row."""
    import csv
    reader = csv.reader(handle)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        raise ValidationError("line 1 is not valid CSV: %s" % exc)
    if not header or "level" not in header:
        raise ValidationError("line 1 must be the header of an export (with a \"level\" column)")
    unknown = [h for h in header if h not in EXPORT_COLUMNS]
    if unknown:
        raise ValidationError("line 1 has unknown columns: %s" % ", ".join(unknown[:5]))
    twice = sorted({h for h in header if header.count(h) > 1})
    if twice:  # (which of the two would be the record's?)
        raise ValidationError("line 1 names a column twice: %s" % ", ".join(twice[:5]))
    number = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise ValidationError("line %d is not valid CSV: %s" % (reader.line_num, exc))
        number += 1
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(header):
            raise ValidationError("line %d has %d cells; the header has %d"
                                  % (reader.line_num, len(cells), len(header)))
        obj = {}
        for name, cell in zip(header, cells):
            if cell == "":
                continue
            try:
                if name in _CSV_LIST:
                    obj[name] = json.loads(cell)
                elif name in _CSV_INT:
                    obj[name] = int(cell)
                elif name in _CSV_FLOAT:
                    obj[name] = float(cell)
                elif cell.startswith("'") and cell.lstrip("'").startswith(_CSV_FORMULA):
                    obj[name] = cell[1:]  # (written so by the export: see _CSV_FORMULA)
                else:
                    obj[name] = cell
            except ValueError:
                raise ValidationError("line %d: %s is not valid (%r)"
                                      % (reader.line_num, name, short(cell, 40)))
        yield reader.line_num, obj


def markdown_export(records):
    """A readable Markdown document of the records (not for import)."""
    yield "# Memory export"
    current = None
    for r in records:
        if r["level"] != current:
            current = r["level"]
            yield ""
            yield "## %s" % {"l1": "L1 sessions", "l2": "L2 knowledge",
                             "l3": "L3 insights"}[current]
        where = " · session %s" % r["session_id"] if r.get("session_id") else (
            " · %s" % r["category"] if r.get("category") else "")
        yield ""
        yield "### %s #%d%s · %s · importance %.2f · strength %.3f" % (
            r["level"].upper(), r["id"], where, (r["created_at"] or "")[:10],
            r["importance"] or 0.5, r["decay_score"])
        yield ""
        if r.get("superseded_by"):  # a replaced fact is shown struck through, with what replaced it
            yield "~~%s~~ (superseded by %s #%d)" % (r["text"], r["level"].upper(),
                                                     r["superseded_by"])
        else:
            yield r["text"] + (" (archived)" if r.get("archived_at") else "")
        for p in r.get("key_points") or []:
            yield "- " + p
        if r.get("tags"):
            yield "Tags: " + ", ".join(r["tags"])
        if r.get("source_ids"):
            yield "Sources: " + ", ".join("%s #%d"
                                          % ("L1" if r["level"] == "l2" else "L2",
                                             i) for i in r["source_ids"])
