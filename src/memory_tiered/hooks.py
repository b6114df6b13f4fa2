"""Each agent event answered: session start, each prompt, compaction, session end.

Uses: base, text, safety, projects, db, records, sessions, store, recall, operations, context, agents, importers.
"""

import contextlib
import datetime
import json
import os
import sqlite3
import sys

from .base import (
    HOOK_BUSY_MS, iso, MAX_SHORT, MemoryTieredError, PENDING_HINT_MAX, PENDING_OPEN_HOURS,
    ValidationError)
from .text import short, shell_quote
from .safety import CONTROL_RE
from .projects import path_project_key, project_key, project_root
from .db import MemoryDB
from .records import read_config
from .sessions import buffered_turns, pending_sessions
from .store import MemoryStore
from .operations import adopt_project_keys, end_session, store_session_card
from .context import (
    quoted_line, build_context, consolidation_block, HOOK_OUTPUT_MAX, HOOK_STDIN_MAX, launcher,
    NO_TRANSCRIPT_TAG)
from .recall import pause_recall, pause_scope, paused_for, prompt_marker, resume_recall
from .agents import said_line, capture_transcript
from .importers import card_from_lines, project_name, session_card, transcript_card


def no_turns_summary(session):
    """The automatic L1 of a session nothing of which was kept: when and where it ended (tagged
    NO_TRANSCRIPT_TAG: a session-start block never lists it among the recent ones)."""
    where = " in %s" % project_name(session["cwd"]) if session.get("cwd") else ""
    return ("Session %s%s ended (%s); no transcript was available to summarise."
            % (session["session_id"], where, session.get("reason") or "unknown"), [])


def _pending_here(db, session_id, project, most=20):
    """The other pending sessions of ``project`` (of no project when it is None), newest first:
    the ones the agent of this session can summarise."""
    out = []
    for pending in sorted(pending_sessions(db), key=lambda p: p["recorded_at"], reverse=True):
        if pending["session_id"] == session_id or len(out) >= most:
            continue
        if (project_key(pending["cwd"]) if pending.get("cwd") else None) == project:
            out.append(pending)
    return out


def summarise_pending(db, now, older_than_hours=None, only=None):
    """Write a low-importance L1 (agent "auto") for each session pending too long (or for the
    session ``only``); return their ids.  A session that ended waits ``pending_hours`` (the
    index job runs this every five minutes, so its card comes within the hour); one only
    captured (compacted, perhaps still going) waits PENDING_OPEN_HOURS at least."""
    store = MemoryStore(db)
    hours = store.config()["pending_hours"] if older_than_hours is None else older_than_hours
    ended_cutoff = iso(now - datetime.timedelta(hours=hours))
    open_cutoff = iso(now - datetime.timedelta(hours=hours if older_than_hours is not None
                                               else max(hours, PENDING_OPEN_HOURS)))
    made = []
    for session in pending_sessions(db):
        cutoff = ended_cutoff if session.get("reason") else open_cutoff
        if session["recorded_at"] > cutoff or (only is not None and session["session_id"] != only):
            continue
        card = None
        if session["transcript_path"] and os.path.isfile(session["transcript_path"]):
            with contextlib.suppress(OSError, MemoryTieredError, ValueError):
                card = transcript_card(session["transcript_path"])
        if not (card and card["turns"]):  # no transcript: the turns kept in the buffer
            card = card_from_lines(said_line(role, text) for role, text in
                                   buffered_turns(db, session["session_id"]))
        tags = None
        if card["turns"]:
            summary, points = session_card(card, session.get("cwd"))  # the transcript's structure
        else:
            (summary, points), tags = no_turns_summary(session), [NO_TRANSCRIPT_TAG]
        project = project_key(session["cwd"]) if session.get("cwd") else None
        try:
            new_id = store_session_card(db, session_id=session["session_id"], summary=summary,
                                        key_points=points, project=project, tags=tags,
                                        created_at=session["recorded_at"], now=now)
        except ValidationError:  # (one session that cannot be stored never holds up the rest)
            continue
        made.append({"session_id": session["session_id"], "l1_id": new_id})
    return made


def read_hook_input(stream):
    """The hook's JSON from stdin, as a dict; raises ValidationError with a one-line reason."""
    raw = (
        stream.buffer.read(HOOK_STDIN_MAX + 1) if hasattr(stream, "buffer")
        else stream.read().encode("utf-8"))
    if len(raw) > HOOK_STDIN_MAX:
        raise ValidationError("hook input is over %d bytes; ignored" % HOOK_STDIN_MAX)
    if not raw.strip():
        raise ValidationError("hook input is empty; expected the hook's JSON on stdin")
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValidationError("hook input is nested too deeply")
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValidationError("hook input is not JSON (%s)" % short(str(exc), 80))
    if not isinstance(data, dict):
        raise ValidationError("hook input must be a JSON object")
    return data


def _hook_text(data, name, limit=MAX_SHORT):
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError("hook field %r must be text" % name)
    if not value.isprintable():  # (a session id echoed into a command must not drive a terminal)
        value = CONTROL_RE.sub("", value)
    return value[:limit] if limit else value


def _replicate_quietly(db, now):
    """From a hook: start `job replicate` in the background when a replica folder is in use, so
    a large batch from another device never holds up the session (the job takes its lock and
    logs; the next session's block has what it brought).  A failure to start is one line."""
    if (
        not read_config(db)["replica_dir"]
        and not db.execute("SELECT 1 FROM replica_folders").fetchone()):
        return
    import subprocess
    env = dict(os.environ, MEMORY_TIERED_DB=db.path)
    if "MEMORY_TIERED_NOW" in os.environ:
        env["MEMORY_TIERED_NOW"] = iso(now) + "Z"
    try:
        subprocess.Popen([sys.executable, os.path.abspath(__file__), "job", "replicate"], env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL,
                         start_new_session=True, close_fds=True)
    except OSError as exc:
        sys.stderr.write("memory_tiered: replicate not started: %s\n" % (exc.strerror or exc))


def _hook_keep_session(event, data, db_path, now, cwd):
    """pre-compact and session-end: what leaves the agent's view is kept for the summary."""
    session_id = _hook_text(data, "session_id")
    if event == "pre-compact":
        # What was said before compaction leaves the agent's view: keep the turns and queue the
        # session, so its summary (the agent's, or the automatic one) can still use them.
        path = _hook_text(data, "transcript_path", 4096)
        if not session_id or not path:
            raise ValidationError("hook input needs session_id and transcript_path")
        with MemoryDB(db_path) as db:
            capture_transcript(db, path, session_id, now, cwd)
        return ""
    if not session_id:
        raise ValidationError("hook input has no session_id")
    with MemoryDB(db_path) as db:
        end_session(db, session_id=session_id,
                    transcript_path=_hook_text(data, "transcript_path", 4096), cwd=cwd,
                    reason=_hook_text(data, "reason"), now=now)
        _replicate_quietly(db, now)
    return ""


def _hook_prompt(data, db_path, now, project, session, reads_claude_md):
    """user-prompt-submit: the block for this prompt, or nothing (a pause, a marker, a
    database not made yet)."""
    prompt = data.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        raise ValidationError("hook input has no prompt")
    if not os.path.exists(db_path):
        return ""  # no memory yet; reading never creates the database
    marker = prompt_marker(prompt)
    if marker and session:  # "#nomem": nothing for the rest of this session; "#mem": back
        with MemoryDB(db_path, create=False) as db:
            if marker == "pause":
                pause_recall(db, scope=pause_scope(session_id=session), now=now)
            else:
                resume_recall(db, scope=pause_scope(session_id=session))
        if marker == "pause":
            return ""
    with MemoryDB(db_path, create=False) as db:
        if paused_for(db, session_id=session, project=project, now=now):
            return ""
        # the agent waits for this hook: a long write elsewhere (a nightly job) costs it the
        # counting of what was shown, not the block
        db.execute("PRAGMA busy_timeout = %d" % HOOK_BUSY_MS)
        db.write_retry_seconds = HOOK_BUSY_MS / 1000.0
        options = dict(budget=800, project=project, now=now, core=False, way="hook",
                       reads_claude_md=reads_claude_md, session_id=session)
        try:
            text = build_context(db, prompt, touch=True, **options)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            text = build_context(db, prompt, touch=False, **options)
        return text[:HOOK_OUTPUT_MAX]


def _paused_line(pause, command):
    """The session-start block while recall is paused: one line."""
    what = {"all": "everywhere"}.get(pause["scope"], "for this " + pause["scope"].split(":")[0])
    return ("memory_tiered: recall is paused %s%s; nothing is injected%s. `%s resume` turns it "
            "back on.\n" % (what, " until %s UTC" % pause["until"][:16].replace("T", " ")
                            if pause["until"] else "",
                            "" if pause["capture"] else " and sessions are not kept", command))


def run_hook(event, data, db_path, now, agent="claude-code"):
    """Handle one hook of ``agent``; return the text to print (may be empty).  Only Claude Code
    reads CLAUDE.md itself: other agents get the rules imported from it in their blocks too."""
    reads_claude_md = agent == "claude-code"
    cwd = _hook_text(data, "cwd", 4096)
    project = os.environ.get("MEMORY_TIERED_PROJECT") or (project_key(cwd) if cwd else None)
    session = _hook_text(data, "session_id")
    if event in ("pre-compact", "session-end"):
        if os.path.exists(db_path):
            with MemoryDB(db_path, create=False) as db:
                pause = paused_for(db, session_id=session, project=project, now=now)
            if pause and not pause["capture"]:
                return ""  # paused with --no-capture: this session is not kept either
        return _hook_keep_session(event, data, db_path, now, cwd)
    if event == "user-prompt-submit":
        return _hook_prompt(data, db_path, now, project, session, reads_claude_md)
    session_id = session
    command = launcher(db_path)
    text, waiting = "", []
    if os.path.exists(db_path):  # a missing database is not created here
        with MemoryDB(db_path, create=False) as db:
            pause = paused_for(db, session_id=session_id, project=project, now=now)
            if pause:  # one line, and nothing recalled
                return _paused_line(pause, command)
            if cwd and project_key(cwd) != path_project_key(project_root(cwd)):
                # a repository with a remote: its path-keyed records join
                adopt_project_keys(db, folders=[cwd])
            _replicate_quietly(db, now)  # what the other devices learnt, before the block is built
            text = build_context(db, None, budget=1500, project=project, now=now,
                                 reads_claude_md=reads_claude_md)
            waiting = _pending_here(db, session_id, project)
            text += consolidation_block(db, command, now, project,
                                        every_project=read_config(db)["scope"] == "all")
    if data.get("source") in ("compact", "resume") and session_id and os.path.exists(db_path):
        # the agent lost (compact) or never had (resume) what this session already stored
        with MemoryDB(db_path, create=False) as db:
            mine = db.execute("SELECT id, summary FROM memory_l1 WHERE session_id = ? ORDER BY id "
                              "DESC LIMIT 5",
                              (session_id,)).fetchall()
        compacted = data["source"] == "compact"
        text += "\nThis session was %s; %s\n" % (
            "just compacted" if compacted else "resumed",
            "its earlier turns were captured by memory_tiered." if compacted else "welcome back.")
        if mine:
            text += "Already stored for this session:\n" + "".join(
                "- [L1#%d] %s\n" % (r["id"], quoted_line(r["summary"], 300)) for r in mine)
    if session_id:
        text += ("\n## This session (memory_tiered)\nSession id: %s. Before the session ends, "
                 "store one summary "
                 "of it (importance 0.9 for decisions and lasting preferences, 0.3 for routine "
                 "work):\n"
                 "`%s add-l1 --session-id %s%s --summary \"...\" --key-points \"a,b\" --importance "
                 "0.5`\n"
                 % (session_id, command, shell_quote(session_id),
                    " --project %s" % shell_quote(project) if project else ""))
    if waiting:
        # this project's only (another project's waits for a session there, or the nightly job)
        text += ("%d earlier session(s) here have no summary yet; store one for each (`%s pending` "
                 "lists every project's):\n" % (len(waiting), command))
        for pending in waiting[:PENDING_HINT_MAX]:
            key = project_key(pending["cwd"]) if pending.get("cwd") else None
            text += "- `%s add-l1 --session-id %s%s --summary \"...\"`\n" % (
                command, shell_quote(pending["session_id"]),
                " --project %s" % shell_quote(key) if key else "")
    return text[:HOOK_OUTPUT_MAX]
