"""Session cards (what a session asked, changed, ran and concluded) and the importers of
transcripts, rule files and other tools' memories.

Uses: base, text, scrubbing, safety, projects, tombstones, store, vault, operations, context, agents.
"""

import contextlib
import datetime
import json
import os

from .base import (
    LazyRe, iso, MAX_IMPORT_NOTES, MAX_ITEMS, MAX_SHORT, MAX_TEXT, MemoryTieredError, parse_time,
    ValidationError)
from .text import short, clean_name
from .scrubbing import contains_any, scrub
from .safety import open_regular, user_words
from .projects import project_key, project_root
from .tombstones import Tombstones
from .store import MemoryStore
from .vault import parse_note
from .operations import add_memory, edit_memory
from .context import is_conversational
from .agents import card_text, hashable_id, transcript_lines, transcript_project_folder, MEMORY_NOTE_END, MEMORY_NOTE_START


_SHELL_SPLIT_RE = LazyRe(r"&&|\|\||[;|\n]")
_EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit", "Create", "str_replace_editor")


_SHELL_PREFIXES = ("export", "env", "set", "sudo", "time", "nohup", "exec", "then", "do")
# programs that only look at things: a session that ran them is not about them
_LOOKING_PROGRAMS = frozenset("ls cat head tail echo pwd which true printf wc less more clear tree "
                              "file stat".split())


def command_programs(command):
    """The programs a shell command line runs (``cd web && pnpm test`` -> ["pnpm"]): the first
    word of each part, past builtins that only set the scene (cd, export, env) and VAR=value."""
    out = []
    for part in _SHELL_SPLIT_RE.split(command or ""):
        for word in part.split():
            if word in ("cd", "pushd", "source", "."):
                break  # changes the folder or reads a file: runs no program
            if "=" in word.split("/")[0] or word in _SHELL_PREFIXES or word.startswith("-"):
                continue
            name = os.path.basename(word.strip("'\"()"))
            if name and name not in out:
                out.append(name)
            break
    return out


_SUBCOMMAND_RE = LazyRe(r"[a-z][a-z0-9_:-]*")
_SCENE_SPLIT_RE = LazyRe(r"&&|;")


def command_actions(command):
    """What a command line runs: each part's program and its subcommand, when the word after
    the program is a bare word (``cd web && pnpm test -- x`` -> [("pnpm", "test")];
    ``pytest tests/x.py`` -> [("pytest",)])."""
    out = []
    for part in _SHELL_SPLIT_RE.split(command or ""):
        program = command_programs(part)[:1]
        if not program:
            continue
        words = part.split()
        names = [os.path.basename(w.strip("'\"()")) for w in words]
        after = words[names.index(program[0]) + 1:][:1] if program[0] in names else []
        action = tuple(program) + (
            (after[0],) if after and _SUBCOMMAND_RE.fullmatch(after[0]) else ())
        if action not in out:
            out.append(action)
    return out


def command_core(command):
    """A command line without the parts that only set the scene (``cd web && export X=1 &&
    pytest -q`` -> ``pytest -q``), for a card's Ran: line."""
    parts = [p.strip() for p in _SCENE_SPLIT_RE.split(command or "") if p.strip()]
    while len(parts) > 1:
        first = parts[0].split()[0]
        if first in ("cd", "pushd", "export", "set", "source", ".") or "=" in first:
            parts.pop(0)
        else:
            break
    return " && ".join(parts)


def _call_kind(name, given):
    """What makes two tool calls "the same" for a failure and its fix, as a set: the tool with
    the programs and subcommands its command line runs (Bash: a failed ``pnpm test`` is not
    fixed by ``pnpm lint``, and is by ``pnpm build && pnpm test``), or the tool and its file."""
    name = name if isinstance(name, str) else None
    if name == "Bash" and isinstance(given.get("command"), str):
        return frozenset((name,) + action for action in command_actions(given["command"]))
    target = given.get("file_path") or given.get("notebook_path") or given.get("path")
    return frozenset([(name, target if isinstance(target, str) else None)])


_FIXED_WORDS = ("fixed", "resolved", "now pass", "all tests pass", "tests pass now", "works now",
                "已修复", "已解决",
                "修好了", "测试通过", "全部通过", "现在通过")
_STILL_WORDS = ("still", "not ", "n't", "cannot", "unable", "仍", "还是", "没有", "未", "无法", "不能")


_STILL_FAILING = ("still fail", "still broken", "still error", "still doesn't", "still does not",
                  "still not pass", "still red", "not fixed", "isn't fixed", "not resolved",
                  "still crash", "还是失败", "仍然失败", "仍失败", "还没修好", "没有修好", "未修复",
                  "没有执行成功", "没有成功", "还是报错", "仍然报错", "还是不行", "未通过",
                  "没通过", "没有通过")


def _says_fixed(answer):
    lowered = (answer or "").lower()
    return contains_any(lowered, _FIXED_WORDS) and not contains_any(lowered, _STILL_WORDS)


def _says_still_failing(answer):
    """The final answer says the error stands ("the theme test still fails", "迁移还是失败")."""
    return contains_any((answer or "").lower(), _STILL_FAILING)


CARD_ACK_REPLY = 80  # characters under which a reply to an acknowledgement is not an outcome
_PLEASANTRIES = ("you're welcome", "you are welcome", "glad", "happy to help", "anytime",
                 "any time", "no problem",
                 "my pleasure", "have a great", "have a good", "good luck", "let me know if", "不客气",
                 "很高兴",
                 "随时", "祝你", "有问题再", "客气")


def _is_pleasantry(text):
    """A closing nicety of the assistant ("You're welcome!", "不客气，有问题随时找我"), not an outcome."""
    lowered = text.lower()
    return len(text) < 160 and "`" not in text and contains_any(lowered, _PLEASANTRIES)


_PROJECT_CONTAINERS = frozenset("home users code src source projects project repos repo work "
                                "workspace dev git github gitlab sites www".split())


def project_name(cwd):
    """The name of a session's project: its repository's folder where that exists here, else the
    first folder under the home folder and containers such as ~/code (/home/dev/shop/src ->
    shop), not the subfolder the session ran in."""
    cwd = cwd.rstrip("/\\")
    if os.path.isdir(cwd):
        return os.path.basename(project_root(cwd).rstrip("/\\")) or cwd
    parts = [p for p in cwd.replace("\\", "/").split("/") if p]
    if len(parts) > 2 and parts[0].lower() in ("home", "users"):
        parts = parts[2:]  # past /home/USER
    while len(parts) > 1 and parts[0].lower() in _PROJECT_CONTAINERS:
        parts = parts[1:]
    return parts[0] if parts else os.path.basename(cwd)


CARD_ITEMS_MAX = 200  # requests, files, commands and errors a card keeps of each


def _keep(items, seen, item):
    """Add ``item`` to a card list once (``seen`` its set), at most CARD_ITEMS_MAX of them."""
    if item and item not in seen and len(items) < CARD_ITEMS_MAX:
        seen.add(item)
        items.append(item)


def card_from_lines(lines):
    """A transcript card (see transcript_card) from transcript lines in Claude Code's form: a
    transcript's, or a session's buffered turns as lines (said_line)."""
    card = {"session_id": None, "cwd": None, "started": None, "requests": [], "files": [],
            "commands": [], "errors": [], "resolved": True, "answer": "", "turns": 0}
    seen = {name: set() for name in ("requests", "files", "commands")}
    uses, failing = {}, set()  # tool_use id -> its kind; kinds whose last call failed
    after_ack = False  # the last user turn was an acknowledgement or "continue"
    for line in lines:
        for key, field in (("session_id", "sessionId"), ("cwd", "cwd"), ("started", "timestamp")):
            if card[key] is None and isinstance(line.get(field), str):
                card[key] = card_text(line[field], 4096) or None
        message = line.get("message") if isinstance(line.get("message"), dict) else {}
        role = message.get("role") or line.get("type")
        content = message.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}] \
            if isinstance(content, str) else []
        for block in blocks:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text" and isinstance(block.get("text"), str) and block["text"].strip():
                text = card_text(user_words(block["text"]) if role == "user" else block["text"],
                                  MAX_TEXT)
                if not text or text.startswith(("<command-", "<local-command")):
                    continue
                card["turns"] += 1
                if role == "user":
                    after_ack = is_conversational(text)  # (thanks and "continue" are not requests)
                    if not after_ack:
                        _keep(card["requests"], seen["requests"], text[:200])
                elif role == "assistant" and not _is_pleasantry(text) and not (
                        after_ack and card["answer"] and len(text) < CARD_ACK_REPLY):
                    # the last substantive statement: a one-line reply to "ok, continue" ("next
                    # I can write the refund tests") does not replace the answer it followed
                    card["answer"] = text[:600]
            elif kind == "tool_use" and isinstance(block.get("input"), dict):
                given, name = block["input"], block.get("name")
                uses[hashable_id(block.get("id"))] = _call_kind(name, given)
                target = given.get("file_path") or given.get("notebook_path") or given.get("path")
                if name in _EDIT_TOOLS and isinstance(target, str):
                    _keep(card["files"], seen["files"], card_text(target, 500))
                if name == "Bash" and isinstance(given.get("command"), str):
                    _keep(card["commands"], seen["commands"], card_text(given["command"], 300))
            elif kind == "tool_result" and block.get("is_error"):
                detail = block.get("content")
                if isinstance(detail, list):
                    detail = " ".join(str(p.get("text") or "") for p in detail
                                      if isinstance(p, dict))
                if len(card["errors"]) < CARD_ITEMS_MAX:
                    card["errors"].append(card_text(str(detail or "error"), 120) or "error")
                failing.add(uses.get(hashable_id(block.get("tool_use_id")), frozenset([("?",)])))
            elif kind == "tool_result":
                done = uses.get(hashable_id(block.get("tool_use_id")))
                failing = {kind_ for kind_ in failing if not (done and kind_ <= done)}
    card["resolved"] = (not failing or _says_fixed(card["answer"])) and not (
        card["errors"] and _says_still_failing(card["answer"]))
    return card


def transcript_card(path):
    """What a Claude Code session did, from its transcript's structure: {"session_id", "cwd",
    "started", "requests" (deduplicated), "files" (created or edited), "commands" (run), "errors"
    (tool errors met), "resolved" (every failed tool call was followed by a successful call of the
    same kind, the same tool and program, or the final answer says it was fixed), "answer" (the
    final answer), "turns"}.  Side chains, meta lines and broken lines are skipped; text is
    scrubbed of secrets."""
    card = card_from_lines(transcript_lines(path))
    if card["cwd"] is None:  # Gemini CLI and Cursor keep the folder in the transcript's path
        card["cwd"] = transcript_project_folder(path)
    if card["started"] is None:  # (Cursor's lines have no time: the file's is the session's)
        with contextlib.suppress(OSError, ValueError, OverflowError):
            card["started"] = datetime.datetime.fromtimestamp(
                os.stat(path).st_mtime, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return card


def _end_sentence(part):
    """A card's part ending as a sentence: its own ? or ! kept, else a full stop (。 after CJK)."""
    part = part.rstrip(".。 ")
    if part[-1:] in "?!？！…":
        return part
    return part + ("。" if part[-1:] > "\u2e80" else ".")


def session_card(card, cwd=None):
    """A compact automatic L1 from a transcript card: (summary, key points).  Files, commands and
    identifiers become key points, so a question about webhook.py finds the session."""
    where = cwd or card.get("cwd")
    # the title (project and request) and the outcome come first: an injected memory is cut at
    # 200 characters, and the answer must still be in what the agent sees
    title = "Session%s" % (" in %s" % project_name(where) if where else "")
    requests = card["requests"]
    parts = [title + (": " + short(requests[0], 80) if requests else "")]
    if card["answer"]:
        parts.append("Outcome: " + short(card["answer"], 400))
    if len(requests) > 1:
        asked = requests[1:6]
        parts.append("Also asked: " + "; ".join(short(r, 120) for r in asked)
                     + (" (and %d more)" % (len(requests) - 6) if len(requests) > 6 else ""))
    if card["files"]:
        names = [os.path.basename(f) for f in card["files"]]
        parts.append(
            "Changed: " + ", ".join(names[:12])
            + (" and %d more" % (len(names) - 12) if len(names) > 12 else ""))
    if card["commands"]:
        parts.append("Ran: " + "; ".join("`%s`" % short(command_core(c), 60)
                                         for c in card["commands"][:6]))
    if card["errors"]:
        parts.append(
            "Errors: %s (%s)"
            % (
                short(card["errors"][-1], 100),
                "resolved afterwards" if card["resolved"] else "not resolved")
        )
    points = []
    programs = [name for c in card["commands"] for name in command_programs(c)
                if name not in _LOOKING_PROGRAMS]
    for item in [os.path.basename(f) for f in card["files"]] + programs:
        if item not in points:
            points.append(item)
    text = " ".join(_end_sentence(part) for part in parts)
    return text[:MAX_TEXT], points[:20]


# -- Importers: transcripts, standing-rule files, other tools' memories --


def _import_card(db, session_id, card, summary, points, mine, now):
    """Store one transcript's card: rewrite the imported card ``mine`` names, or add one;
    returns "updated" or "added"."""
    if mine:
        edit_memory(db, level="l1", record_id=mine[-1]["id"],
                    changes={"text": summary, "key_points": points}, by="import", now=now)
        return "updated"
    try:
        created = iso(parse_time(card["started"])) if card["started"] else None
    except ValidationError:
        created = None
    add_memory(db, level="l1", origin="import", now=now, values=dict(
        session_id=session_id, summary=summary, key_points=points, importance=0.3,
        project=project_key(card["cwd"]) if card["cwd"] else None, agent="auto",
        created_at=created))
    return "added"


def import_transcripts(db, paths, now, dry_run=False, progress=None):
    """Day one is not empty: an automatic L1 (a session card, importance 0.3, origin import) for
    every transcript in ``paths`` (files, or folders searched for ``*.jsonl`` and Gemini CLI's
    older ``chats/*.json``; Claude Code's, Codex's, Gemini CLI's or Cursor's), dated
    by its own first timestamp, in the project of its working folder.  Idempotent by session id:
    a session the agent summarised is left alone, one imported before whose transcript grew gets
    its card rewritten in place.  One transcript is read at a time.  Returns counts."""
    store = MemoryStore(db)
    counts = {"sessions": 0, "added": 0, "updated": 0, "skipped": 0, "empty": 0, "forgotten": 0,
              "refused": []}
    tombs = Tombstones(db.conn)
    files = []
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d != "subagents")
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".jsonl")
                          or (n.endswith(".json") and os.path.basename(folder) == "chats")]
        else:
            files.append(path)
    for number, path in enumerate(files, 1):
        counts["sessions"] += 1
        if progress and number % 100 == 0:
            progress(number, len(files))
        try:
            card = transcript_card(path)
        except (OSError, MemoryTieredError):  # unreadable, not a regular file, too large
            counts["empty"] += 1
            continue
        session_id = card["session_id"] or os.path.splitext(os.path.basename(path))[0]
        if not card["turns"]:
            counts["empty"] += 1
            continue
        summary, points = session_card(card)
        if tombs.holding("l1", {"session_id": session_id, "summary": scrub(summary)[0],
                                "origin": "import"}):
            counts["forgotten"] += 1  # forget is final: the session stays out
            continue
        known = db.execute("SELECT id, summary, origin, edited_at FROM memory_l1 WHERE session_id "
                           "= ? ORDER BY id",
                           (session_id,)).fetchall()
        if known and (
            known[0]["origin"] != "import" or scrub(summary)[0] in {r["summary"] for r in known}):
            counts["skipped"] += 1  # summarised by the agent or a person, or imported and unchanged
            continue
        # a card a person corrected is theirs: the grown transcript's card goes beside it
        mine = [r for r in known if r["origin"] == "import" and not r["edited_at"]]
        if dry_run:
            counts["updated" if mine else "added"] += 1
            continue
        try:
            counts[_import_card(db, session_id, card, summary, points, mine, now)] += 1
        except ValidationError as exc:  # (one session that cannot be stored never stops the rest)
            counts["refused"].append({"path": path, "why": str(exc)})
    return counts


_DAILY_NOTE_RE = LazyRe(r"^(\d{4})-(\d{2})-(\d{2})\.md$")


STANDING_FILES = ("CLAUDE.MD", "CLAUDE.LOCAL.MD", "AGENTS.MD", "MEMORY.MD", "USER.MD", "GEMINI.MD")
IMPORT_FORMATS = ("claude-md", "openclaw", "hermes", "markdown", "mem0", "mcp-memory")


def _mcp_memory_records(text):
    """One L2 per entity of the MCP reference memory server's JSON Lines graph."""
    records = []
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(obj, dict) and obj.get("type") == "entity" and obj.get("name"):
            facts = [str(o) for o in obj.get("observations") or [] if str(o).strip()]
            records.append(
                {
                    "level": "l2",
                    "category": str(obj.get("entityType") or "entity")[:MAX_SHORT],
                    "knowledge": (
                        "%s: %s" % (obj["name"], "; ".join(facts) if facts else "(no observations)")
                    ),
                    "tags": ["mcp-memory", str(obj["name"])[:MAX_SHORT]],
                }
            )
    return "mcp-memory-graph", records


def _mem0_records(text):
    """One L2 per memory of a mem0 export (a JSON list, or {"results": [...]})."""
    data = json.loads(text)
    items = data.get("results") or data.get("memories") or [] if isinstance(data, dict) else data
    records = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item,
                      dict) and isinstance(item.get("memory"), str) and item["memory"].strip():
            record = {"level": "l2",
                      "category": str((item.get("categories") or ["mem0"])[0])[:MAX_SHORT],
                      "knowledge": item["memory"], "tags": ["mem0"]}
            if isinstance(item.get("created_at"), str):
                record["created_at"] = item["created_at"]
            records.append(record)
    return "mem0", records


def _frontmatter_note_records(text, name):
    """One memory for a Markdown note with frontmatter (basic-memory, an Obsidian vault)."""
    try:
        fields, body = parse_note(text)
    except ValueError:
        fields, body = {}, text
    body = body.strip()
    if body:
        level = str(fields.get("level") or "l2").lower()
        tags = fields.get("tags") if isinstance(fields.get("tags"), list) else []
        category = str(fields.get("category") or fields.get("type") or os.path.splitext(name)[0])[
            :MAX_SHORT]
        record = {"level": "l1" if level == "l1" else "l2",
                  "tags": [str(t) for t in tags][:MAX_ITEMS]}
        if record["level"] == "l1":
            record.update(session_id="note-" + os.path.splitext(name)[0][:150],
                          summary=body[:MAX_TEXT])
        else:
            record.update(category=category, knowledge=body[:MAX_TEXT])
        return "markdown-note", [record]
    return "markdown-note", []


_LIST_ITEM_RE = LazyRe(r"^([-*+]|\d+[.)]) ")


def _markdown_records(text, name):
    """One global L2 per list item or paragraph of a Markdown file, its category the nearest
    heading."""
    records, heading, paragraph = [], "notes", []
    # the block install-agent wrote there tells the agent about this memory: it is not a memory
    start, end = text.find(MEMORY_NOTE_START), text.find(MEMORY_NOTE_END)
    while 0 <= start < end:
        text = text[:start] + text[end + len(MEMORY_NOTE_END):]
        start, end = text.find(MEMORY_NOTE_START), text.find(MEMORY_NOTE_END)
    standing = name.upper() in STANDING_FILES  # rules the agent must keep: they never fade

    def flush():
        if paragraph:
            records.append({"level": "l2", "category": heading,
                            "knowledge": " ".join(paragraph)[:MAX_TEXT],
                            "tags": [os.path.splitext(name)[0].lower()], "pinned": standing})
            del paragraph[:]

    for line in text.splitlines():
        stripped_line = line.strip()
        if stripped_line.startswith("#"):
            flush()
            heading = clean_name(stripped_line.lstrip("#").strip(), MAX_SHORT) or "notes"
        elif _LIST_ITEM_RE.match(stripped_line):
            flush()
            item = _LIST_ITEM_RE.sub("", stripped_line).strip()
            if item:
                records.append({"level": "l2", "category": heading, "knowledge": item[:MAX_TEXT],
                                "tags": [os.path.splitext(name)[0].lower()], "pinned": standing})
        elif not stripped_line or stripped_line.startswith(("```", "@", "<!--")):
            flush()
        else:
            paragraph.append(stripped_line)
    flush()
    return "markdown", records


def notes_records(path, fmt=None):
    """Records from a memory file people already keep, by its shape (no model needed):

    - a daily note (``memory/2026-05-01.md``, OpenClaw): one L1 for that day;
    - Markdown (CLAUDE.md, MEMORY.md, USER.md, AGENTS.md): one global L2 per list item or
      paragraph, its category the nearest heading;
    - JSON Lines of the MCP reference memory server (``{"type": "entity", "name", "entityType",
      "observations"}``): one L2 per entity;
    - a mem0 export (a JSON list, or {"results": [...]}, of {"memory": ...}): one L2 per memory.

    Returns (kind, [record dicts for MemoryStore.import_records]).
    """
    name = os.path.basename(path)
    with open_regular(path, 1 << 40, "memory file") as handle:
        raw = handle.read(MAX_IMPORT_NOTES)
    text = raw.decode("utf-8-sig")
    stripped = text.lstrip()
    if (
        fmt in ("mcp-memory",) or fmt is None
        and (name.endswith(".jsonl") or stripped.startswith("{\"type\""))):
        return _mcp_memory_records(text)
    if fmt == "mem0" or fmt is None and (stripped.startswith("[") or stripped.startswith("{")):
        return _mem0_records(text)
    day = _DAILY_NOTE_RE.match(name)
    if day:
        body = "\n".join(line for line in text.splitlines() if not line.startswith("#")).strip()
        points = [
            line.strip()[2:].strip() for line in text.splitlines()
            if line.strip().startswith(("- ", "* "))]
        return "daily-note", [{"level": "l1", "session_id": "note-" + name[:-3],
                               "summary": body[:MAX_TEXT] or name,
                               "key_points": points[:MAX_ITEMS],
                               "created_at": name[:-3]}] if body else []
    if stripped.startswith("---"):
        return _frontmatter_note_records(text, name)
    return _markdown_records(text, name)
