"""The Obsidian vault, both ways (VaultSync): notes written, edits read back through the
operations.

Uses: base, text, scrubbing, safety, projects, checks, files, records, decay, store.
"""

import contextlib
import functools
import json
import math
import os

from .base import (
    LazyRe, O_NOFOLLOW, LEVEL, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MemoryTieredError, now_utc,
    ValidationError)
from .text import check_text, clean_name, sha1_hex
from .scrubbing import scrub
from .safety import open_regular
from .projects import resolve_project
from .checks import check_importance, load_ids, split_items
from .files import (
    JobLock, atomic_file, make_private_dirs, remove_stale_temp_files, write_atomic_lines)
from .records import FIELDS, LEVEL_FIELDS, read_config, record_dict
from .decay import DecayEngine
from .store import MemoryStore


# Per level, the editable fields (FIELDS) a note keeps in its frontmatter and reads back as they
# are; the text and key points live in its body, and importance, tags and the project have their
# own handling.
NOTE_FIELDS = {level: tuple(name for name, f in FIELDS.items()
                            if f.editable and name in LEVEL_FIELDS[level]
                            and name not in ("key_points", "importance", "tags", "project"))
               for level in LEVELS}


def _shown_values(values, names):
    """Field values for a conflict report (printed, and logged by cron): secrets scrubbed."""
    def shown(value):
        if isinstance(value, str):
            return scrub(value)[0]
        if isinstance(value, list):
            return [shown(v) for v in value]
        return value
    return {name: shown(values.get(name)) for name in names}


VAULT_FOLDERS = {"l1": "L1-关键摘要", "l2": "L2-结构知识", "l3": "L3-核心洞察", "session": "对话树"}
VAULT_ARCHIVE = "归档"
VAULT_ASIDE = "_aside"  # notes a restore moved out of the way: kept for the person, never read back
VAULT_TEMPLATE_FOLDER = "模板"  # the templates a person makes notes from (never read back as memories)
INSIGHT_INDEX = "核心洞察索引"
NOTE_STEM_MAX = 80  # characters in a note's name, without .md
KEY_POINTS_HEADING = "## 要点 Key points"
LINKS_HEADING = "## 关联 Links"
RELATED_HEADING = "## 相关 Related"
_TAG_BAD_RE = LazyRe(r"[^\w/-]")


_FIRST_SENTENCE_RE = LazyRe(r"(?<=[。！？])|(?<=[.!?])\s+")


def safe_title(text, limit):
    """A readable title: the first sentence of the first line, cleaned for a file name."""
    first = (text or "").strip().split("\n", 1)[0]
    first = _FIRST_SENTENCE_RE.split(first, maxsplit=1)[0]
    return clean_name(first, limit).rstrip("。！？!?")


def note_prefix(level, record_id, uid=None):
    """What a tool-written note's name starts with: the level and the local id, or in a vault
    shared by several devices (``vault_shared``) the end of the record's uid, the same on all."""
    return "%s-%s" % (level.upper(), uid[-8:]) if uid else "%s-%06d" % (level.upper(), record_id)


def note_stem(level, record_id, text, uid=None):
    prefix = note_prefix(level, record_id, uid)
    title = safe_title(text, NOTE_STEM_MAX - len(prefix) - 1)
    return prefix + (" " + title if title else "")


def session_stem(session_id):
    clean = clean_name(session_id, NOTE_STEM_MAX - 12).replace(" ", "_")
    stem = "S-" + clean
    if clean != session_id:
        import hashlib
        stem += "-" + hashlib.sha1(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:6]
    return stem


def obsidian_tag(tag):
    """A valid Obsidian tag: letters, digits, _, -, / only, not all digits."""
    value = _TAG_BAD_RE.sub("", "-".join(str(tag).split())).strip("/")
    if value and value.replace("/", "").isdigit():
        value = "_" + value
    return value


_YAML_UNSAFE_RE = LazyRe("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


def yaml_str(value):
    """A YAML double-quoted scalar that survives any text (JSON escapes are valid YAML); C1
    controls, line separators, BOM, noncharacters and lone surrogates are escaped, since YAML
    1.1 parsers refuse them in a document."""
    return _YAML_UNSAFE_RE.sub(lambda m: "\\u%04x" % ord(m.group(0)),
                               json.dumps(str(value), ensure_ascii=False))


def yaml_value(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and "e" in repr(value):
        # 1e-05 is a string to YAML 1.1 parsers; write it in fixed notation
        fixed = ("%.20f" % value).rstrip("0")
        return fixed + "0" if fixed.endswith(".") else fixed
    if isinstance(value, (int, float)):
        return repr(value)
    return yaml_str(value)


def render_frontmatter(fields):
    lines = ["---"]
    for key, value in fields.items():
        if isinstance(value, list):
            if not value:
                lines.append("%s: []" % key)
                continue
            lines.append("%s:" % key)
            lines += ["  - %s" % yaml_value(item) for item in value]
        elif key in ("created", "updated") and value:
            # UTC, said so: Obsidian and parsers agree on the time
            lines.append("%s: %sZ" % (key, value))
        else:
            lines.append("%s: %s" % (key, yaml_value(value)))
    lines.append("---")
    return "\n".join(lines)


_YAML_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
                 "f": "\f",
                 "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85",
                 "_": "\xa0", "L": "\u2028", "P": "\u2029"}


def _split_flow(inner):
    """The items of a flow list's inside, split at commas outside quotes (no nested lists:
    frontmatter people and Obsidian write has none)."""
    parts, quote, current = [], None, []
    for ch in inner:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch == ",":
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return parts


_YAML_NUMBER_RE = LazyRe(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
_FLOAT_MARK_RE = LazyRe(r"[.eE]")


def _yaml_scalar(text):
    text = text.strip()
    if not text:
        return None
    if text.startswith('"'):
        if not text.endswith('"') or len(text) < 2:
            raise ValueError("unterminated double-quoted string")
        out, i, body = [], 0, text[1:-1]
        while i < len(body):
            ch = body[i]
            if ch == "\\":
                code = body[i + 1: i + 2]
                if code in _YAML_ESCAPES:
                    out.append(_YAML_ESCAPES[code])
                    i += 2
                    continue
                width = {"x": 2, "u": 4, "U": 8}.get(code)
                if not width:
                    raise ValueError("unknown escape \\%s" % code)
                try:
                    out.append(chr(int(body[i + 2: i + 2 + width], 16)))
                except (ValueError, OverflowError):
                    raise ValueError("bad escape \\%s" % body[i + 1: i + 2 + width])
                i += 2 + width
                continue
            if ch == '"':
                raise ValueError("stray quote")
            out.append(ch)
            i += 1
        return "".join(out)
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise ValueError("unterminated single-quoted string")
        return text[1:-1].replace("''", "'")
    if text.startswith("["):
        if not text.endswith("]"):
            raise ValueError("unterminated list")
        inner = text[1:-1].strip()
        return [_yaml_scalar(p) for p in _split_flow(inner)] if inner else []
    if text in ("null", "~", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _YAML_NUMBER_RE.match(text):
        return float(text) if _FLOAT_MARK_RE.search(text) else int(text)
    return text.split(" #", 1)[0].strip()


_YAML_FIELD_RE = LazyRe(r"^([^\s:#][^:]*):(?:\s+(.*)|)$")


def _block_scalar(style, lines):
    """A YAML block scalar's text: ``|`` keeps its lines, ``>`` folds them into one; ``-`` strips
    the final line break, ``+`` keeps trailing blank lines, neither keeps one break."""
    while lines and not lines[-1].strip() and style[1:] != "+":
        lines = lines[:-1]
    indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    body = [l[indent:] for l in lines]
    text = ("\n" if style[0] == "|" else " ").join(body)
    if style[0] == ">":
        text = " ".join(text.split(" ")).replace("  ", "\n")
    return text if style[1:] == "-" else text + "\n"


def parse_note(text):
    """Split a note into (frontmatter dict, body).  Raises ValueError on bad frontmatter.

    Reads the YAML our notes use and what Obsidian's property editor writes:
    `key: value` lines, block lists (`  - item`), flow lists, plain, single-
    and double-quoted scalars, numbers, booleans and null.
    """
    text = text.lstrip("\ufeff")
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        raise ValueError("the note has no frontmatter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip() == "---")
    except StopIteration:
        raise ValueError("the frontmatter is not closed with ---")
    fields, key, block = {}, None, None  # block: [key, style, lines] of a block scalar being read
    for number, line in enumerate(lines[1:end], 2):
        if block is not None:
            if not line.strip() or line[:1].isspace():
                block[2].append(line)
                continue
            fields[block[0]] = _block_scalar(block[1], block[2])
            block = None
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stripped = line.strip()
        if stripped.startswith("- ") or stripped == "-":
            if key is None or not isinstance(fields.get(key), list):
                raise ValueError("line %d: a list item outside a list" % number)
            fields[key].append(_yaml_scalar(stripped[1:]))
            continue
        m = _YAML_FIELD_RE.match(line)
        if not m or line[0].isspace():
            raise ValueError("line %d: expected `key: value`" % number)
        key = m.group(1).strip()
        value = (m.group(2) or "").strip()
        if value[:1] in ("|", ">") and value[1:] in ("", "-", "+"):
            # a block scalar (js-yaml and other editors write multi-line text so)
            block = [key, value, []]
            continue
        fields[key] = [] if value == "" else _yaml_scalar(value)
    if block is not None:
        fields[block[0]] = _block_scalar(block[1], block[2])
    return fields, "\n".join(lines[end + 1:])


def _trailing_section(lines, heading, stop):
    """Index of ``heading`` if lines[heading:stop] is that heading followed only by blank
    lines and ``- `` items (the shape the tool writes), else None."""
    for i in range(stop - 1, -1, -1):
        line = lines[i].strip()
        if line == heading:
            return i
        if line and not line.startswith("- ") and line != "-":
            return None
    return None


def split_body(body, level="l1"):
    """The text of a note body and its key points, by the note's structure: the tool's links
    section and (for an L1) its key-points section are the trailing sections of that shape, so
    the same headings inside the text itself are text."""
    lines = body.split("\n")
    stop = len(lines)
    related = _trailing_section(lines, RELATED_HEADING, stop)
    if related is not None:
        stop = related
    links = _trailing_section(lines, LINKS_HEADING, stop)
    if links is not None:
        stop = links
    points = []
    if level == "l1":
        at = _trailing_section(lines, KEY_POINTS_HEADING, stop)
        if at is not None:
            points = [
                line.strip()[2:].strip() for line in lines[at + 1 : stop]
                if line.strip().startswith("- ")]
            stop = at
    return "\n".join(lines[:stop]).strip(), points


# The decay score a note shows, in half-lives: the nearest of these on a log scale, 0 below 0.042.
# Unrecalled, a note steps once per half-life (69 hours of hourly decay at 0.99), five times in
# all; an exact number would change with every hourly decay and rewrite every note.  `get` shows
# the exact value.
DECAY_SHOWN = (1.0, 0.5, 0.25, 0.12, 0.06)


def decay_shown(strength):
    """``strength`` on the DECAY_SHOWN scale (0.0 below 0.042)."""
    if strength < 0.042:
        return 0.0
    return min(DECAY_SHOWN, key=lambda step: abs(math.log(strength / step)))


def strength_band(strength, threshold=0.05):
    """The coarse strength a note shows: strong (>= 0.5), fading, or weak (a cleanup candidate).
    A number would change with every hourly decay and rewrite every note."""
    if strength >= 0.5:
        return "strong"
    return "fading" if strength >= threshold else "weak"


_FAILED = object()  # a vault step that failed and was reported


_FRONT_ID_RE = LazyRe(r"(?m)^id: (\d+)\s*$")
_FRONT_LEVEL_RE = LazyRe(r"(?m)^level: \"?(l[123])\"?\s*$")
_FRONT_UID_RE = LazyRe(r"(?m)^uid: \"?([0-9A-HJKMNP-TV-Z]{26})\"?\s*$")


VAULT_TEMPLATE = {  # the built-in copy of obsidian_template/ (a test keeps them equal)
    "Home.md": (
        "# 记忆主页 Memory home\n\n"
        "What your agent remembers, synced by `memory_tiered.py sync`. Edit a note's text, "
        "`importance`,\n"
        "`tags` or `category` and the next sync reads it back into the database; notes you create "
        "yourself\n"
        "elsewhere are never touched. To write a memory by hand, use a template from `模板/` inside\n"
        "`L1-关键摘要/` or `L2-结构知识/`.\n\n"
        "| folder | what it holds |\n|---|---|\n"
        "| [[L3-核心洞察/核心洞察索引\\|L3-核心洞察]] | core insights across many pieces of knowledge |\n"
        "| `L2-结构知识/` | structured knowledge distilled from several sessions |\n"
        "| `L1-关键摘要/` | one summary per conversation |\n"
        "| `对话树/` | one note per session, linked to its parent and children |\n"
        "| `报告/` | the daily reports |\n"
        "| `归档/` | notes of archived or forgotten memories (never deleted) |\n"
        "\nThe queries below need the Dataview community plugin. Without it they show as code "
        "blocks; use the\n"
        "folder links above and the graph view (L1 blue, L2 green, L3 orange, sessions grey) "
        "instead.\n\n## 最强的知识 Strongest knowledge (L2)\n"
        "\n```dataview\nTABLE WITHOUT ID file.link AS \"L2\", category, importance, strength\n"
        "FROM \"L2-结构知识\"\nSORT importance DESC\n"
        "LIMIT 15\n```\n\n## 正在淡忘 Fading sessions (L1)\n"
        "\n```dataview\n"
        "TABLE WITHOUT ID file.link AS \"L1\", importance, strength, access_count AS "
        "\"retrieved\"\nFROM \"L1-关键摘要\"\n"
        "WHERE strength != \"strong\"\n"
        "SORT strength DESC\nLIMIT 15\n"
        "```\n\n## 最近的会话 Recent sessions\n\n"
        "```dataview\nTABLE WITHOUT ID file.link AS \"session\", project, created\n"
        "FROM \"对话树\"\nWHERE created\n"
        "SORT created DESC\nLIMIT 15\n"
        "```\n\n## 清理候选 Cleanup candidates\n\n"
        "Strength below 0.05 (the default threshold). Nothing is deleted automatically; run\n"
        "`memory_tiered.py cleanup` to see why, and `cleanup --archive --yes` to archive them.\n"
        "\n```dataview\nTABLE WITHOUT ID file.link AS \"memory\", importance, strength\n"
        "FROM \"L1-关键摘要\" OR \"L2-结构知识\" OR \"L3-核心洞察\"\n"
        "WHERE strength = \"weak\"\nSORT importance ASC\n"
        "```\n"
    ),
    ".obsidian/app.json": "{\n  \"alwaysUpdateLinks\": true,\n  \"userIgnoreFilters\": "
                          "[\"归档/\"]\n}\n",
    ".obsidian/core-plugins.json": (
        "[\"file-explorer\", \"global-search\", \"graph\", \"backlink\", \"outgoing-link\", "
        "\"tag-pane\", \"properties\", \"templates\", \"page-preview\"]\n"),
    ".obsidian/graph.json": (
        "{\n  \"showTags\": false,\n  \"showAttachments\": false,\n"
        "  \"hideUnresolved\": false,\n" "  \"showOrphans\": true,\n  \"colorGroups\": [\n"
        "    {\"query\": \"path:L1-关键摘要\", \"color\": {\"a\": 1, \"rgb\": 4359668}},\n"
        "    {\"query\": \"path:L2-结构知识\", \"color\": {\"a\": 1, \"rgb\": 3450963}},\n"
        "    {\"query\": \"path:L3-核心洞察\", \"color\": {\"a\": 1, \"rgb\": 16750592}},\n"
        "    {\"query\": \"path:对话树\", \"color\": {\"a\": 1, \"rgb\": 10395294}}\n" "  ]\n}\n"),
    ".obsidian/templates.json": (
        "{\n  \"folder\": \"模板\",\n  \"dateFormat\": \"YYYY-MM-DD\",\n"
        "  \"timeFormat\": \"HH:mm\"\n" "}\n"),
    "L1-关键摘要/.gitkeep": "",
    "L2-结构知识/.gitkeep": "",
    "L3-核心洞察/.gitkeep": "",
    "对话树/.gitkeep": "",
    "归档/.gitkeep": "",
    "报告/.gitkeep": "",
    "模板/L1 模板.md": (
        "---\nlevel: \"l1\"\nsession_id: \"obsidian\"\nimportance: 0.5\n"
        "tags: []\n---\n在这里写这次对话的摘要：做了什么、决定了什么、为什么。Write what happened, what was decided and why.\n"
        "\n## 要点 Key points\n- 第一个要点 first key point\n- 第二个要点 second key point\n"
    ),
    "模板/L2 模板.md": (
        "---\nlevel: \"l2\"\ncategory: \"habits\"\nimportance: 0.7\n" "tags: []\n---\n"
        "在这里写一条提炼出的知识，例如一个习惯、偏好或技能。Write one piece of knowledge: a habit, a preference, a skill.\n"
    ),
}


class VaultSync:
    """Writes every level to an Obsidian vault and reads people's edits back.

    The tool remembers, per note, the hash of the file it wrote, the hash of
    what the database rendered, and the editable fields both sides agreed on.
    A note changed only in the database is rewritten; a note changed only in
    the vault is read back; a note changed on both sides in the same field is
    left alone and reported.  Forgotten or archived records have their notes
    moved to the archive folder; files the tool did not create are never
    touched.
    """

    LOCK_WAIT = 30  # seconds a sync waits for another sync of the same vault

    def __init__(self, db, vault, *, add, edit, pin):
        """``add``, ``edit`` and ``pin`` are the operations (add_memory, edit_memory, pin_memory)
        a note a person wrote or changed goes through, as every other front end's write does."""
        self.db = db
        self._add, self._edit, self._pin = add, edit, pin
        self.vault = os.path.abspath(os.path.expanduser(vault))
        self._disk = {}
        self._pending = []
        self._now = now_utc()
        self._decay = DecayEngine(db)
        self._by_id = None
        self._scrubbed = set()
        self._mode = 0o600
        self.shared = bool(read_config(db)["vault_shared"])
        self._uids = None
        self.edited = []  # (level, id) of records a person changed through their notes
        self._template_lines = None  # lines of the vault's templates (read when first needed)
        self._redacted = {}  # kinds of secrets scrubbed from notes during a sync

    # -- paths and rendering --

    def _abs(self, rel):
        return os.path.join(self.vault, *rel.split("/"))

    def _stems(self):
        stems = {}
        for lv in LEVELS:
            for row in self.db.execute("SELECT id, uid, %s AS text FROM %s"
                                       % (LEVEL_TEXT[lv], LEVEL_TABLE[lv])):
                stems[(lv, row["id"])] = note_stem(lv, row["id"], row["text"],
                                                   row["uid"] if self.shared else None)
        return stems

    def _uid_of(self, level, record_id):
        if self._uids is None:
            self._uids = {(lv, r[0]): r[1] for lv in LEVELS
                          for r in self.db.execute("SELECT id, uid FROM %s" % LEVEL_TABLE[lv])}
        return self._uids.get((level, record_id))

    def _editable(self, record):
        level = record["level"]
        values = {"text": record["text"], "importance": record["importance"],
                  "tags": sorted({obsidian_tag(t) for t in record.get("tags") or []} - {""}),
                  "pinned": bool(record.get("pinned"))}
        if level == "l1":
            values["key_points"] = list(record["key_points"])
        for name in NOTE_FIELDS[level]:
            values[name] = record.get(name)
        return values

    def render_record(self, record, stems):
        level = record["level"]
        stem = stems[(level, record["id"])]
        editable = self._editable(record)
        title = stem.split(" ", 1)[1] if " " in stem else stem
        fields = {"level": level} if self.shared else {"id": record["id"], "level": level}
        if record.get("uid"):
            fields["uid"] = record["uid"]  # the record's global id: the same on every device
        if level == "l1":
            fields["session_id"] = record["session_id"]
        fields["importance"] = record["importance"] if record["importance"] is not None else 0.5
        # (a device's own: in a shared vault each device would write its own value)
        if not self.shared:
            fields["decay_score"], fields["strength"] = self._shown(record)
            fields["access_count"] = record["access_count"] or 0
        fields["created"] = record["created_at"]
        if not self.shared:
            fields["updated"] = record["updated_at"]
        fields["tags"] = ["memory/" + level] + editable["tags"]
        fields["aliases"] = [title]
        for name in NOTE_FIELDS[level]:
            fields[name] = record.get(name)
        if record.get("project"):
            fields["project"] = record["project"]
        if record.get("origin"):
            fields["origin"] = record["origin"]
        if record.get("agent"):
            fields["agent"] = record["agent"]
        if record.get("flagged"):
            fields["flagged"] = record["flagged"]
        if record.get("pinned"):
            fields["pinned"] = True  # a standing memory: `unpin LEVEL ID` lets it fade
        if not self.shared:  # (local ids: in a shared vault the links below name the notes)
            if level != "l1":
                fields["source_ids"] = record["source_ids"]
            if level != "l3":
                fields["promoted_to"] = record.get("promoted_to")
            if record.get("superseded_by"):
                fields["superseded_by"] = record["superseded_by"]
        body = [record["text"].strip(), ""]
        own_lines = {line.strip() for line in record["text"].split("\n")}
        if level == "l1" and (record["key_points"] or KEY_POINTS_HEADING in own_lines):
            # (an empty section too when the text has the heading itself, so reading back is exact)
            # a point keeps its tabs and runs of spaces (only a line break would end the item)
            body += (
                [KEY_POINTS_HEADING]
                + ["- " + " ".join(p.split("\n")) for p in record["key_points"]] + [""])
        links = []
        if level == "l1":
            links.append("- 会话 Session: [[%s]]" % session_stem(record["session_id"]))
        if level in ("l2", "l3"):
            src = LEVEL[level].source
            names = ["[[%s]]" % stems[(src, i)] for i in record["source_ids"] if (src, i) in stems]
            if names:
                links.append("- 来源 Sources: " + " · ".join(names))
        up = {"l1": "l2", "l2": "l3"}.get(level)
        if up and record.get("promoted_to") and (up, record["promoted_to"]) in stems:
            links.append("- 提升为 Promoted to: [[%s]]" % stems[(up, record["promoted_to"])])
        if record.get("superseded_by") and (level, record["superseded_by"]) in stems:
            links.append("- 已被取代 Superseded by: [[%s]]" % stems[(level, record["superseded_by"])])
        if links or LINKS_HEADING in own_lines or RELATED_HEADING in own_lines:
            body += [LINKS_HEADING] + links + [""]
        related = [] if self.shared else ["- [[%s]]"
                                          % stems[(level,
                                                   i)] for i in load_ids(record.get("related"))
                                          if (level, i) in stems]
        if related or RELATED_HEADING in own_lines:
            body += [RELATED_HEADING] + related + [""]
        text = render_frontmatter(fields) + "\n" + "\n".join(body)
        return "%s/%s.md" % (VAULT_FOLDERS[level], stem), text, editable

    def _shown(self, row):
        """What a note shows of the record's strength: (decay_score, band)."""
        strength = self._decay.current(row, self._now)
        return decay_shown(strength), strength_band(strength,
                                                    self._decay.config()["cleanup_threshold"])

    def _session_notes(self, stems):
        sessions = {}
        for row in self.db.execute("SELECT id, session_id, parent_session, project, agent, "
                                   "created_at FROM memory_l1 "
                                   "WHERE archived_at IS NULL ORDER BY created_at, %s"
                                   % ("uid" if self.shared else "id")):
            s = sessions.setdefault(row["session_id"],
                                    {"l1": [], "parent": None, "project": None, "agent": None,
                                                        "created": row["created_at"]})
            s["l1"].append(row["id"])
            s["parent"] = s["parent"] or row["parent_session"]
            s["project"] = s["project"] or row["project"]
            s["agent"] = s["agent"] or row["agent"]
        for sid in [s["parent"] for s in sessions.values() if s["parent"]]:
            sessions.setdefault(sid, {"l1": [], "parent": None, "project": None, "agent": None,
                                      "created": None})
        children = {}
        for sid, s in sessions.items():
            if s["parent"]:
                children.setdefault(s["parent"], []).append(sid)
        for sid in sorted(sessions):
            s = sessions[sid]
            links = [stems.get(("l1", i)) for i in s["l1"]]
            print_ = sha1_hex(repr((sid, s["parent"], s["project"], s["agent"], s["created"],
                                    s["l1"], links,
                                 sorted(children.get(sid, [])))))
            yield sid, "%s/%s.md" % (VAULT_FOLDERS["session"],
                                     session_stem(sid)), print_, functools.partial(
                self._render_session, sid, s, children, stems, self.shared)

    @staticmethod
    def _render_session(sid, s, children, stems, shared=False):
        """The text of one session note (in a shared vault without this device's ids)."""
        fields = {"session_id": sid, "level": "session", "parent_session": s["parent"],
                  "project": s["project"], "agent": s["agent"], "created": s["created"],
                  "tags": ["memory/session"]}
        if not shared:
            fields["l1_ids"] = s["l1"]
        body = []
        if s["parent"]:
            body += ["## 上级会话 Parent", "- [[%s]]" % session_stem(s["parent"]), ""]
        if children.get(sid):
            body += ["## 后续会话 Children"] + ["- [[%s]]"
                                            % session_stem(c) for c in sorted(children[sid])] + [""]
        if s["l1"]:
            body += ["## 摘要 Summaries"] + ["- [[%s]]"
                                           % stems[("l1",
                                                    i)] for i in s["l1"] if ("l1", i) in stems]
            body += [""]
        return render_frontmatter(fields) + "\n" + "\n".join(body)

    def _insight_index(self, stems):
        rows = self.db.execute("SELECT id, category, importance FROM memory_l3 WHERE archived_at "
                               "IS NULL ORDER BY importance DESC, %s"
                               % ("uid" if self.shared else "id")).fetchall()
        lines = ["---", "level: \"index\"", "tags:", "  - \"memory/index\"", "---",
                 "# 核心洞察索引 Core insights", ""]
        for r in rows:
            if ("l3", r["id"]) in stems:
                lines.append("- [[%s]]%s" % (stems[("l3", r["id"])],
                                             " (%s)" % r["category"] if r["category"] else ""))
        if not rows:
            lines.append("(none yet)")
        return "%s/%s.md" % (VAULT_FOLDERS["l3"], INSIGHT_INDEX), "\n".join(lines) + "\n"

    # -- sync --

    def check_writable(self):
        try:
            make_private_dirs(self.vault, self._folder_mode())
            for folder in list(VAULT_FOLDERS.values()) + [VAULT_ARCHIVE]:
                make_private_dirs(self._abs(folder), self._folder_mode())
            with atomic_file(os.path.join(self.vault, ".memory_tiered_probe"), root=self.vault):
                pass
            os.unlink(os.path.join(self.vault, ".memory_tiered_probe"))
        except (OSError, MemoryTieredError) as exc:
            raise MemoryTieredError("the vault %s is not writable (%s); fix its permissions or "
                                    "pass --vault"
                                    % (self.vault, getattr(exc, "strerror", None) or exc))

    def _folder_mode(self):
        return 0o700 if self._mode == 0o600 else 0o755

    def sync(self, levels=("l1", "l2", "l3", "tree"), dry_run=False, now=None, resolve=None):
        """Bring the vault and the database in step; return a report of what was done.

        One sync of a vault runs at a time (a lock file in the vault; a second
        run waits up to LOCK_WAIT seconds, then fails with one line).  Each note
        is handled on its own: its read-back and bookkeeping are committed
        together, and a note that cannot be handled is skipped and listed in
        ``errors`` with the reason, while the other notes go on.

        ``resolve`` settles conflicts: "vault" takes the note's fields, "db"
        writes the database version over the note.
        """
        now = now or now_utc()
        self._now, self._by_id, self._scrubbed = now, None, set()
        cfg = self._decay.config()
        self._mode = 0o600 if cfg["vault_private"] else 0o644
        report = {"vault": self.vault, "dry_run": dry_run, "written": [], "renamed": [],
                  "archived": [],
                  "unarchived": [], "read_back": [], "imported": [], "conflicts": [], "errors": [],
                  "kept": [],
                  "unchanged": 0, "redacted": {}}
        self._redacted = report["redacted"]  # secrets scrubbed from what people wrote in notes
        if not dry_run:
            if os.path.isfile(self.vault):
                raise MemoryTieredError("the vault %s is a file, not a folder; pass --vault"
                                        % self.vault)
            try:
                make_private_dirs(self.vault, self._folder_mode())
            except MemoryTieredError as exc:
                raise MemoryTieredError("the vault %s is not writable (%s); fix its permissions or "
                                        "pass --vault"
                                        % (self.vault, exc))
        lock = JobLock(os.path.join(self.vault, ".memory_tiered.lock")) if not dry_run else None
        if lock is not None and not lock.acquire(wait=self.LOCK_WAIT):
            raise MemoryTieredError("another sync of %s has been running for over %d s; try again "
                                    "when it ends" % (self.vault, self.LOCK_WAIT))
        try:
            if not dry_run:
                self.check_writable()
                remove_stale_temp_files(
                    [self.vault]
                    + [self._abs(f) for f in list(VAULT_FOLDERS.values()) + [VAULT_ARCHIVE]], 0,)
            self._sync(levels, dry_run, now, resolve, report)
        finally:
            self._flush()
            if lock is not None:
                lock.release()
        return report

    def _note(self, report, path, action, *args):
        """Run one note's step; a failure is reported for that note and the sync goes on."""
        try:
            return action(*args)
        except (OSError, MemoryTieredError, UnicodeError) as exc:
            # this note's bookkeeping must not be saved as if it had been written
            self._pending = []
            why = "a folder of that name is in the way" if isinstance(exc, IsADirectoryError) else \
                getattr(exc, "strerror", None) or str(exc)
            report["errors"].append(
                {
                    "path": path, "why": why,
                    "fix": "move or fix that file (or its folder), then sync again"}
            )
            return _FAILED

    def _person_stems(self, state, stems):
        """Notes a person named (or wrote) are linked by their own names."""
        for key, row in state.items():
            if (key[0] in LEVELS and row["state"] == "live"
                    and not self._tool_named(key[0], int(key[1]), row["path"])):
                stems[(key[0], int(key[1]))] = row["path"].rsplit("/", 1)[-1][:-3]

    def _sync(self, levels, dry_run, now, resolve, report):
        kinds = [lv for lv in LEVELS if lv in levels] + (["session"] if "tree" in levels else [])
        if "l3" in levels:
            kinds.append("index")
        self._import_hand_written([k for k in kinds if k in LEVELS], report, dry_run, now)
        if not dry_run:
            report["related_filled"] = MemoryStore(self.db).relate_missing()
        self._follow_moves(kinds, report, dry_run, now)
        handled, conflicted = set(), set()
        state = self._state(kinds)
        self._disk = {}
        for key, row in state.items():
            if key[0] in LEVELS and row["state"] == "live":
                outcome = self._note(report, row["path"], self._read_back, key, row, report,
                                     dry_run, resolve, now)
                if outcome == "conflict" or outcome is _FAILED:
                    conflicted.add(key)
                elif outcome:
                    handled.add(key)
                    state.update(self._state(kinds, key))
        stems = self._stems()
        self._person_stems(state, stems)
        seen = set()
        for lv in [k for k in kinds if k in LEVELS]:
            for row in self.db.execute("SELECT * FROM %s WHERE archived_at IS NULL ORDER BY id"
                                       % LEVEL_TABLE[lv]):
                key = (lv, str(row["id"]))
                seen.add(key)
                if key in conflicted:
                    continue
                known = state.get(key)
                known_path = None if known else self._note_carrying(lv, row["id"], row["uid"])
                if known_path:
                    stems[(lv, row["id"])] = known_path.rsplit("/", 1)[-1][:-3]
                if (lv, row["id"]) not in stems:  # added by another process while we sync
                    stems[(lv, row["id"])] = note_stem(lv, row["id"], row[LEVEL_TEXT[lv]],
                                                       row["uid"] if self.shared else None)
                print_ = self._fingerprint(lv, row, stems)
                rel = "%s/%s.md" % (VAULT_FOLDERS[lv], stems[(lv, row["id"])])
                if (known and known["state"] == "live"
                        and not self._tool_named(lv, row["id"], known["path"])):
                    rel = known["path"]  # a person renamed or moved it: the name is theirs
                elif known_path:
                    rel = known_path
                if (known and key not in handled and known["fingerprint"] == print_
                        and known["path"] == rel and known["state"] == "live"
                        and (self._disk.get(key) or (True,))[0] is False):
                    report["unchanged"] += 1
                    continue
                rel_, text, editable = self.render_record(record_dict(lv, row), stems)
                # a note the tool has never written (a hand-written one just imported, render hash
                # ""), or one a secret was scrubbed from, is written as the tool writes it
                scrubbed = key in self._scrubbed or bool(known and known["render_hash"] == "")
                self._note(report, rel, self._reconcile, key, rel, text, editable, known, report,
                           key in handled and not scrubbed, dry_run, "db" if scrubbed else resolve,
                           print_)
        notes = []
        if "session" in kinds:
            notes += [(("session", sid), rel, print_,
                       render) for sid, rel, print_, render in self._session_notes(stems)]
        if "index" in kinds:
            rel, text = self._insight_index(stems)
            notes.append((("index", "l3"), rel, None, lambda text=text: text))
        for key, rel, print_, render in notes:
            seen.add(key)
            known = state.get(key)
            if (print_ and known and known["fingerprint"] == print_ and known["path"] == rel
                    and known["state"] == "live" and known["file_hash"] == known["render_hash"]
                    and self._note(report, rel, self._changed_on_disk,
                                   known) == (False, known["file_hash"], None)):
                report["unchanged"] += 1
                continue
            self._note(report, rel, lambda *a: self._reconcile(*a), key, rel, render(), {}, known,
                       report, False, dry_run, resolve, print_)
        self._flush()
        for key, row in state.items():
            if key not in seen and row["state"] == "live":
                self._note(report, row["path"], self._archive, key, row, report, dry_run)

    def _tool_named(self, level, record_id, rel):
        """True if ``rel`` is where the tool puts such a note (its level folder, its id prefix):
        only such notes are renamed when their text changes."""
        folder, _, name = rel.rpartition("/")
        uid = self._uid_of(level, record_id) if self.shared else None
        return folder == VAULT_FOLDERS[level] and name.startswith(
            note_prefix(level, record_id, uid))

    def _notes_of(self, key):
        """The notes that carry record ``key``'s identity: its uid in a shared vault, else its id.
        """
        if self.shared:
            uid = self._uid_of(key[0], int(key[1]))
            return self._notes_by_id().get(("uid", uid), []) if uid else []
        return self._notes_by_id().get(key, [])

    def _notes_by_id(self):
        """{(level, id): [paths]} of every note in the vault that carries an id: found when a note
        the tool knows is missing where it left it (a person renamed or moved it)."""
        if self._by_id is None:
            self._by_id = {}
            for folder, dirs, names in os.walk(self.vault):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if not name.endswith(".md") or name.startswith("."):
                        continue
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, self.vault).replace(os.sep, "/")
                    try:
                        if os.path.islink(path):
                            continue
                        with open(path, "rb") as handle:
                            head = handle.read(4096).decode("utf-8", "replace")
                    except OSError:
                        continue
                    m_id = _FRONT_ID_RE.search(head)
                    m_level = _FRONT_LEVEL_RE.search(head)
                    m_uid = _FRONT_UID_RE.search(head)
                    if m_id and m_level and head.startswith("---"):
                        self._by_id.setdefault((m_level.group(1), m_id.group(1)), []).append(rel)
                    if m_uid and head.startswith("---"):
                        self._by_id.setdefault(("uid", m_uid.group(1)), []).append(rel)
        return self._by_id

    def _note_carrying(self, level, record_id, uid=None):
        """For a record without bookkeeping here (a moved, copied or newly synced vault): the one
        note outside the archive that carries its global id (or, without one, its id) under a
        name of a person's, or None."""
        notes = self._notes_by_id()
        other = {
            p for key, paths in notes.items() if key[0] == "uid" and key[1] != uid for p in paths}
        by_id = (
            [] if self.shared
            else [p for p in notes.get((level, str(record_id)), []) if p not in other])
        found = [p for p in (notes.get(("uid", uid)) if uid else None) or by_id
                 if not p.startswith(VAULT_ARCHIVE + "/")]
        return (
            found[0] if len(found) == 1 and not self._tool_named(level, record_id, found[0])
            else None)

    def _follow_moves(self, kinds, report, dry_run, now):
        """A note moved or renamed by hand keeps its record (found by its id); one moved out of
        the archive folder brings its record back."""
        missing = [(key, row) for key, row in self._state(kinds).items()
                   if key[0] in LEVELS and self._file_state(row["path"]) is None]
        if not missing:
            return
        tracked = {row["path"] for row in self._state(kinds).values()}
        for key, row in missing:
            found = [p for p in self._notes_of(key) if p not in tracked
                     and not p.startswith(VAULT_ARCHIVE + "/")]
            archived = [p for p in self._notes_of(key) if p not in tracked
                        and p.startswith(VAULT_ARCHIVE + "/")]
            if not found and len(archived) == 1 and row["state"] == "live":
                # a person moved the note into the archive folder: its record is archived
                report["archived"].append({"from": row["path"], "to": archived[0], "by": "person"})
                if not dry_run:
                    with self.db.atomic() as conn:
                        self._decay.archive_one(key[0], int(key[1]), now)
                        conn.execute("UPDATE vault_notes SET state = 'archived', path = ?, "
                                     "mtime_ns = NULL WHERE vault = ? AND kind = ? AND ref = ?",
                                     (archived[0], self.vault, key[0], key[1]))
                tracked.add(archived[0])
                continue
            if len(found) != 1:
                continue
            new = found[0]
            if row["state"] == "archived":
                exists = self.db.execute("SELECT archived_at FROM %s WHERE id = ?"
                                         % LEVEL_TABLE[key[0]],
                                         (int(key[1]),)).fetchone()
                if exists is None:
                    continue  # forgotten: nothing to bring back
                report["unarchived"].append({"from": row["path"], "to": new, "level": key[0],
                                             "id": int(key[1])})
                if dry_run:
                    continue
                with self.db.atomic() as conn:
                    self._decay.unarchive(key[0], int(key[1]), now)
                    conn.execute("UPDATE vault_notes SET state = 'live', path = ?, mtime_ns = NULL "
                                 "WHERE vault = ? "
                                 "AND kind = ? AND ref = ?", (new, self.vault, key[0], key[1]))
            else:
                report["renamed"].append({"from": row["path"], "to": new, "by": "person"})
                if not dry_run:
                    with self.db.atomic() as conn:
                        conn.execute("UPDATE vault_notes SET path = ?, mtime_ns = NULL WHERE vault "
                                     "= ? AND kind = ? "
                                     "AND ref = ?", (new, self.vault, key[0], key[1]))
            tracked.add(new)

    def _import_hand_written(self, levels, report, dry_run, now):
        """Notes a person wrote from a template (``level`` set, no ``id``) become records.

        Each note's record and the bookkeeping that ties the note to it are
        committed in one durable transaction, so a kill at any moment never
        imports a note twice.  Any other file the tool did not write is left alone.
        """
        known = {row["path"] for row in self.db.execute("SELECT path FROM vault_notes WHERE vault "
                                                        "= ?",
                                                        (self.vault,))}
        for level in levels:
            folder = VAULT_FOLDERS[level]
            try:
                names = sorted(os.listdir(self._abs(folder)))
            except OSError:
                continue
            for name in names:
                rel = "%s/%s" % (folder, name)
                if not name.endswith(".md") or name.startswith(".") or rel in known:
                    continue
                try:
                    if os.path.islink(self._abs(rel)):
                        continue  # never read through a link a person or program planted
                    digest, data = self._hash_file(rel)
                    fields, body = parse_note(data.decode("utf-8"))
                except (OSError, ValueError, UnicodeDecodeError):
                    continue
                if (
                    str(fields.get("level") or "").lower() != level
                    or fields.get("id") not in (None, "") or fields.get("uid") not in (None, "")):
                    # (a note with a uid is a record's note, maybe from a device not replicated yet)
                    continue
                body = self._unfilled_removed(body)
                if not any(line.strip() and not line.lstrip().startswith("#")
                           for line in body.splitlines()):
                    continue  # made from a template and not filled in yet
                try:
                    values = self._vault_fields(level, fields, body)
                    if dry_run:
                        report["imported"].append({"path": rel, "level": level, "id": None})
                        continue
                    with self.db.atomic() as conn:
                        if conn.execute("SELECT 1 FROM vault_notes WHERE vault = ? AND path = ?",
                                        (self.vault, rel)).fetchone():
                            continue  # another process imported it a moment ago
                        project = self._note_project(fields.get("project"))
                        pinned = values.pop("pinned")
                        record = {LEVEL_TEXT[level]: values.pop("text"), "project": project}
                        if level == "l1":
                            record["session_id"] = str(fields.get("session_id") or "obsidian")
                        written = self._add(self.db, level=level, values=dict(values, **record),
                                            origin="vault", now=now, embed=False)
                        self._count_redacted(written.redacted)
                        new_id = written.id
                        if pinned:
                            self._pin(self.db, level=level, record_id=new_id, now=now)
                        record = record_dict(level,
                                             conn.execute("SELECT * FROM %s WHERE id = ?"
                                                          % LEVEL_TABLE[level],
                                                                 (new_id,)).fetchone())
                        self._remember((level, str(new_id)), rel, digest, "",
                                       self._editable(record))
                        self._flush()
                    # its render hash "" has the note rewritten as the tool writes it: with its id
                    # (a moved or copied vault knows it) and without any secret scrubbed from the
                    # record
                    self.edited.append((level, new_id))
                except MemoryTieredError as exc:
                    self._pending = []
                    report["conflicts"].append({"path": rel,
                                                "why": "cannot import this hand-written note: %s"
                                                % exc})
                    continue
                report["imported"].append({"path": rel, "level": level, "id": new_id})

    def _count_redacted(self, found):
        for kind, count in (found or {}).items():
            self._redacted[kind] = self._redacted.get(kind, 0) + count

    def _unfilled_removed(self, body):
        """A hand-written note's body without the lines a template holds (its placeholder text
        and example key points), the templates' headings kept."""
        if self._template_lines is None:
            texts = [text for name, text in VAULT_TEMPLATE.items() if name.endswith(".md")]
            folder = os.path.join(self.vault, VAULT_TEMPLATE_FOLDER)
            with contextlib.suppress(OSError):
                for name in sorted(os.listdir(folder))[:50]:
                    if name.endswith(".md") and not os.path.islink(os.path.join(folder, name)):
                        with contextlib.suppress(OSError, UnicodeDecodeError, MemoryTieredError):
                            with open_regular(os.path.join(folder, name), 1 << 20,
                                              "template") as handle:
                                texts.append(handle.read().decode("utf-8"))
            lines = set()
            for text in texts:
                with contextlib.suppress(ValueError):
                    text = parse_note(text)[1]
                lines.update(line.strip() for line in text.splitlines()
                             if line.strip() and not line.lstrip().startswith("#"))
            self._template_lines = lines
        return "\n".join(line for line in body.splitlines()
                         if line.strip() not in self._template_lines)

    _VOLATILE = ("decay_score", "decay_applied_at", "last_accessed_at", "stability")

    def _fingerprint(self, level, row, stems):
        """A cheap hash of everything a record's note is made from: its row (strength as the
        note shows it) and its links' names."""
        links = [self._shown(row)]
        if level != "l1":
            src = LEVEL[level].source
            links += [stems.get((src, i)) for i in load_ids(row["source_ids"])]
        if level != "l3" and row["promoted_to"]:
            links.append(stems.get(({"l1": "l2", "l2": "l3"}[level], row["promoted_to"])))
        if row["superseded_by"]:
            links.append(stems.get((level, row["superseded_by"])))
        links += [stems.get((level, i)) for i in load_ids(row["related"])]
        return sha1_hex(repr(([row[k] for k in row.keys() if k not in self._VOLATILE], links)))

    def _state(self, kinds, key=None):
        """What the tool remembers of each note, keyed by (kind, ref); one key if given."""
        self._flush()
        sql, params = "SELECT * FROM vault_notes WHERE vault = ?", [self.vault]
        if key:
            sql += " AND kind = ? AND ref = ?"
            params += list(key)
        names = None
        out = {}
        for row in self.db.execute(sql, params):
            if row["kind"] in kinds:
                names = names or row.keys()
                out[(row["kind"], row["ref"])] = dict(zip(names, row))
        return out

    def _file_state(self, rel):
        path = self._abs(rel)
        try:
            st = os.stat(path)
        except OSError:
            return None
        return st

    def _hash_file(self, rel):
        import hashlib
        import stat
        try:
            fd = os.open(self._abs(rel), os.O_RDONLY | O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            if os.path.islink(self._abs(rel)):
                raise MemoryTieredError("%s is a symlink; the tool reads only notes it can own"
                                        % rel)
            raise
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO would block the sync for ever
                raise MemoryTieredError("%s is not a regular file (a pipe or a device?); move it "
                                        "away" % rel)
            data = handle.read()
        return hashlib.sha256(data).hexdigest(), data

    @staticmethod
    def _hash(text):
        import hashlib
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _changed_on_disk(self, row):
        """(changed, current hash, bytes) for a note we wrote; None if it is gone."""
        st = self._file_state(row["path"])
        if st is None:
            return None
        if st.st_mtime_ns == row["mtime_ns"] and st.st_size == row["size"]:
            return False, row["file_hash"], None
        digest, data = self._hash_file(row["path"])
        return digest != row["file_hash"], digest, data

    def _read_back(self, key, row, report, dry_run, resolve, now):
        """Read a note the person edited; return "read", "conflict" or None (not edited)."""
        level, ref = key
        disk = self._changed_on_disk(row)
        if not disk or not disk[0]:
            self._disk[key] = disk
            return None
        _, digest, data = disk
        rel = row["path"]
        record_row = self.db.execute("SELECT * FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                                     (int(ref),)).fetchone()
        if record_row is None or resolve == "db":
            return None  # forgotten (archived below) or to be overwritten by request
        record = record_dict(level, record_row)
        try:
            fields, body = parse_note(data.decode("utf-8"))
            vault = self._vault_fields(level, fields, body)
        except (ValueError, UnicodeDecodeError, ValidationError) as exc:
            report["conflicts"].append({"path": rel, "why": "cannot read the note back: %s" % exc})
            return "conflict"
        base = dict({"pinned": False}, **json.loads(row["base"]))
        current = self._editable(record)
        from_vault = {f: v for f, v in vault.items() if v != base.get(f)}
        from_db = {f for f in current if current[f] != base.get(f)}
        if resolve == "vault":
            from_vault = {f: v for f, v in vault.items() if v != current[f]}
        elif from_db and any(current[f] != vault[f] for f in from_db | set(from_vault)):
            fields_both = sorted(from_db | set(from_vault))
            report["conflicts"].append({
                "path": rel, "why": "changed in both the vault and the database (%s); both kept, "
                "run sync --resolve vault or --resolve db" % ", ".join(fields_both),
                "vault": _shown_values(vault, fields_both),
                "database": _shown_values(current, fields_both)})
            return "conflict"
        report["read_back"].append({"path": rel, "fields": sorted(from_vault)})
        if dry_run:
            return "read"
        if from_vault:
            self._apply(level, int(ref), from_vault, now)
            record = record_dict(level,
                                 self.db.execute("SELECT * FROM %s WHERE id = ?"
                                                 % LEVEL_TABLE[level],
                                                        (int(ref),)).fetchone())
            if any(self._editable(record)[f] != v for f, v in from_vault.items()):
                # a secret was scrubbed from what the person wrote: the note must not keep it either
                self._scrubbed.add(key)
        self._remember(key, rel, digest, None, self._editable(record))
        return "read"

    def _note_project(self, value):
        """The project a hand-written note names: a label (its key), an absolute or ~ path (its
        repository's key), or none; a relative path means nothing in a vault."""
        project = str(value or "").strip() or None
        if project and project.startswith(("/", "~")):
            return resolve_project(self.db, os.path.expanduser(project))
        if project and ("/" in project or project in (".", "..")):
            raise ValidationError("project must be a name or an absolute path (got %r)" % project)
        return resolve_project(self.db, project)

    def _vault_fields(self, level, fields, body):
        text, points = split_body(body, level)
        values = {"text": check_text(text, "the note text")}
        values["importance"] = check_importance(fields.get("importance"), "importance")
        tags = fields.get("tags") or []
        if isinstance(tags, str):
            tags = [tags]
        values["tags"] = sorted({obsidian_tag(str(t).lstrip("#")) for t in tags if t is not None}
                                - {"", "memory/" + level})
        # `pinned: true` (or yes) in the frontmatter: a standing memory; the line gone: it fades
        values["pinned"] = str(fields.get("pinned") or "").strip().lower() in ("true", "yes", "1")
        if level == "l1":
            values["key_points"] = split_items(points, "key points")
        for name in NOTE_FIELDS[level]:  # a frontmatter line each, checked as every write is
            raw = fields.get(name)
            if raw is None and level in FIELDS[name].required:
                raw = ""  # (a required line deleted: "must not be empty")
            elif raw is not None and not isinstance(raw, list):
                raw = str(raw)  # (a number or a boolean read from YAML)
            values[name] = FIELDS[name].rule(raw, level)
        return values

    def _apply(self, level, record_id, changes, now):
        """A person's edit of a note, applied as every edit is (checked, scrubbed, flagged,
        marked as a person's); the records whose words changed are related and embedded again
        once the sync is done (``edited``)."""
        changes = dict(changes)
        pinned = changes.pop("pinned", None)
        if pinned is not None:
            self._pin(self.db, level=level, record_id=record_id, pinned=pinned, now=now)
        if not changes:
            return
        edited = self._edit(self.db, level=level, record_id=record_id, changes=changes, by="vault",
                            now=now, embed=False)
        self._count_redacted(edited.redacted)
        if edited.changed:
            self.edited.append((level, record_id))

    def _reconcile(self, key, rel, text, editable, row, report, was_read_back, dry_run, resolve,
                   fingerprint=None):
        """Write, rename or keep one note.  A note the person edited is theirs:
        it is rewritten only when the database changed one of its editable
        fields since both sides last agreed, or with --resolve db."""
        render_hash = self._hash(text)
        if row is not None and row["state"] != "live":
            if (
                key[0] in LEVELS and self._file_state(row["path"]) is not None
                and self._file_state(rel) is None):
                # the record is live again (unarchive): its note comes back from the archive folder
                report["unarchived"].append({"from": row["path"], "to": rel, "level": key[0],
                                             "id": int(key[1])})
                if dry_run:
                    return
                self._move(row["path"], rel)
            row = None
        if row is None:
            if self._file_state(rel) is not None:
                digest, data = self._hash_file(rel)
                if digest == render_hash:
                    report["unchanged"] += 1
                elif not self._adopt(key, rel, data, editable, report, dry_run, resolve):
                    return
                else:
                    report["written"].append(rel)
                    if not dry_run:
                        self._write(rel, text)
            else:
                report["written"].append(rel)
                if not dry_run:
                    self._write(rel, text)
            if not dry_run:
                self._remember(key, rel, render_hash, render_hash, editable, fingerprint)
            return
        disk = self._disk.pop(key) if key in self._disk else self._changed_on_disk(row)
        if disk is None:
            report["written"].append(rel)
            if not dry_run:
                self._write(rel, text)
                self._remember(key, rel, render_hash, render_hash, editable, fingerprint)
            return
        changed, digest, _ = disk
        force = resolve == "db"
        theirs = changed or row["file_hash"] != row["render_hash"]
        if was_read_back or (theirs and not force and digest != render_hash):
            editable_changed = bool(editable) and editable != json.loads(row["base"])
            if was_read_back or changed or not editable_changed:
                if row["path"] != rel:
                    report["renamed"].append({"from": row["path"], "to": rel})
                    if not dry_run:
                        self._move(row["path"], rel)
                elif not was_read_back:
                    report["kept"].append(row["path"])
                if not dry_run and (was_read_back or row["path"] != rel):
                    self._remember(key, rel, digest, render_hash, None, fingerprint)
                return
        if row["render_hash"] == render_hash and row["path"] == rel and not changed:
            report["unchanged"] += 1
            return
        if row["path"] != rel:
            report["renamed"].append({"from": row["path"], "to": rel})
            if not dry_run:
                self._move(row["path"], rel)
        if digest != render_hash:
            report["written"].append(rel)
            if not dry_run:
                self._write(rel, text)
        if not dry_run:
            self._remember(key, rel, render_hash, render_hash, editable, fingerprint)

    def _adopt(self, key, rel, data, editable, report, dry_run, resolve):
        """A note at a record's place that the bookkeeping does not know (its row was lost in a
        kill, or a person put it there).  True if it is the record's own note and may be written:
        it carries the record's id and either shows the database's fields or ``resolve`` says
        which side wins; otherwise a conflict (both values) or a note in the way is reported."""
        level, ref = key
        try:
            fields, body = parse_note(data.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            fields, body = {}, ""
        if (
            level == "session" and fields.get("level") == "session"
            and fields.get("session_id") == ref or level == "index"
            and fields.get("level") == "index"):
            return True  # the tool's own generated note (nothing in it is read back)
        own = (fields.get("uid") == self._uid_of(level, int(ref)) if self.shared and level in LEVELS
               else str(fields.get("id")) == ref)
        if level not in LEVELS or not own or fields.get("level") != level:
            report["conflicts"].append({"path": rel,
                                        "why": "a note the tool did not write is in the way; "
                                               "rename or move it, then sync again"})
            return False
        try:
            vault = self._vault_fields(level, fields, body)
        except ValidationError as exc:
            vault = None
            why = str(exc)
        if vault == editable or resolve == "db":
            return True
        if vault is not None and resolve == "vault":
            if not dry_run:
                with self.db.atomic():
                    self._apply(level, int(ref),
                                {f: v for f, v in vault.items() if v != editable.get(f)}, self._now)
                    # what the record holds now (a secret in the note scrubbed), and a render
                    # hash "" so the note is written again as the tool writes it
                    self._remember(key, rel, self._hash(data.decode("utf-8")), "",
                                   self._editable(record_dict(level, self.db.execute(
                                       "SELECT * FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                                       (int(ref),)).fetchone())))
                    self._flush()
            report["read_back"].append(
                {"path": rel, "fields": sorted(f for f in vault if vault[f] != editable[f])})
            return False
        if vault is None:
            report["conflicts"].append({"path": rel,
                                        "why": "cannot read the note back: %s; fix it or run sync "
                                        "--resolve db" % why})
            return False
        differ = sorted(f for f in vault if vault[f] != editable.get(f))
        report["conflicts"].append({
            "path": rel, "why": "the note differs from the database in %s and the tool has no "
                                "record of writing "
            "it; run sync --resolve vault or --resolve db" % ", ".join(differ),
            "vault": _shown_values(vault, differ), "database": _shown_values(editable, differ)})
        return False

    def _write(self, rel, text):
        path = self._abs(rel)
        make_private_dirs(os.path.dirname(path), self._folder_mode())
        write_atomic_lines(path, [text[:-1] if text.endswith("\n") else text], durable=False,
                           mode=self._mode,
                           root=self.vault)

    def _move(self, old_rel, new_rel):
        target = self._abs(new_rel)
        make_private_dirs(os.path.dirname(target), self._folder_mode())
        if os.path.lexists(target):
            raise MemoryTieredError("cannot move %s to %s: a file is already there; move that one "
                                    "away"
                                    % (old_rel, new_rel))
        real_root = os.path.realpath(self.vault)
        if not os.path.realpath(os.path.dirname(target)).startswith(real_root):
            raise MemoryTieredError("cannot move %s: %s leads outside the vault (a symlink?)"
                                    % (old_rel, new_rel))
        os.rename(self._abs(old_rel), target)

    def _remember(self, key, rel, file_hash, render_hash, editable, fingerprint=None):
        """Record a note's state (None keeps the stored render hash or base); written in batches."""
        st = self._file_state(rel)
        kind, ref = key
        if render_hash is None or editable is None:
            self._flush()
            old = self.db.execute("SELECT render_hash, base FROM vault_notes WHERE vault = ? AND "
                                  "kind = ? AND ref = ?",
                                  (self.vault, kind, ref)).fetchone()
            if render_hash is None:
                render_hash = old["render_hash"] if old else ""
            base = old["base"] if editable is None and old else "{}"
        if editable is not None:
            base = json.dumps(editable, ensure_ascii=False, sort_keys=True)
        self._pending.append((self.vault, kind, ref, rel, file_hash, render_hash, fingerprint, base,
                              st.st_mtime_ns if st else None, st.st_size if st else None))
        if len(self._pending) >= 500:
            self._flush()

    def _flush(self):
        """Write the remembered note states; a crash before this only costs re-hashing those notes.
        """
        if not self._pending:
            return
        # No fsync for this bookkeeping: each fsync would also force out every note written since
        # the last one (ext4 orders data before metadata), and a lost batch only costs re-hashing.
        with self.db.relaxed() as conn:
            conn.executemany(
                "INSERT INTO vault_notes(vault, kind, ref, path, file_hash, render_hash, "
                "fingerprint, base, mtime_ns,"
                " size, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'live') ON CONFLICT(vault, "
                "kind, ref) DO UPDATE SET "
                "path = excluded.path, file_hash = excluded.file_hash, render_hash = "
                "excluded.render_hash, "
                "fingerprint = excluded.fingerprint, base = excluded.base, mtime_ns = "
                "excluded.mtime_ns, size = excluded.size, state = 'live'", self._pending)
        self._pending = []

    def _archive(self, key, row, report, dry_run):
        source = row["path"]
        name = source.rsplit("/", 1)[-1]
        target = "%s/%s" % (VAULT_ARCHIVE, name)
        number = 2
        while self._file_state(target) is not None:
            target = "%s/%s (%d).md" % (VAULT_ARCHIVE, name[:-3], number)
            number += 1
        exists = self._file_state(source) is not None
        if not exists and self._file_state("%s/%s" % (VAULT_ARCHIVE, name)) is not None:
            # moved there by a run that was stopped before noting it
            target = "%s/%s" % (VAULT_ARCHIVE, name)
        report["archived"].append({"from": source, "to": target if exists else None})
        if dry_run:
            return
        if exists:
            self._move(source, target)
        with self.db.atomic() as conn:
            conn.execute("UPDATE vault_notes SET state = 'archived', path = ? WHERE vault = ? AND "
                         "kind = ? AND ref = ?",
                         (target, self.vault, key[0], key[1]))
