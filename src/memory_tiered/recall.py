"""The person's control of recall: pausing it (a session, a project, everything; for a while or
until resumed), the log of what each injection showed and why, the verdicts a person or an
agent gives on it, and the gate's candidate weights refitted on those verdicts on this machine.
Owns the tables recall_pauses, recall_log, recall_feedback and gate_weights; nothing here
leaves the machine (replication carries none of them).

Uses: base, scrubbing, safety, files, tombstones, records, gate.
"""

import datetime
import json
import math
import os
import re
import sqlite3

from .base import (
    iso, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MemoryTieredError, now_utc, parse_time, ValidationError)
from .scrubbing import scrub
from .safety import open_regular
from .files import make_private_dirs, write_atomic
from .tombstones import forget_key, text_hash
from .records import read_config
from .gate import FEATURES, fit, GateModel, local_weights, WEIGHTS

# a prompt that starts with one of these pauses recall for the rest of its session (nothing is
# injected for it either); one that starts with a resume marker turns it back on
PAUSE_MARKERS = ("#nomem", "#无记忆", "#不要记忆", "#別記", "#不记")
RESUME_MARKERS = ("#mem", "#记忆", "#要记忆")
_DURATION_RE = re.compile(r"^\s*(\d{1,6})\s*(s|sec|m|min|h|hr|hour|hours|d|day|days|w|week|weeks|"
                          r"秒|分钟|小时|天|周)?\s*$", re.I)
_UNIT_SECONDS = {"s": 1, "sec": 1, "秒": 1, "m": 60, "min": 60, "分钟": 60, "h": 3600, "hr": 3600,
                 "hour": 3600, "hours": 3600, "小时": 3600, "d": 86400, "day": 86400,
                 "days": 86400, "天": 86400, "w": 604800, "week": 604800, "weeks": 604800,
                 "周": 604800}
HELD_BACK_LOGGED = 5  # candidates the gate held back that each log entry keeps (the best)
REFIT_MIN = 20  # verdicts on logged candidates before the gate's weights are refitted here
REFIT_HOLD_OUT = 0.25  # the newest share of them a refit is judged on, never fitted on
VERDICTS = ("irrelevant", "missing", "relevant")


def parse_duration(text):
    """Seconds in "30m", "2h", "1d", "90 min", "3 天" (a plain number is minutes)."""
    m = _DURATION_RE.match(text or "")
    if not m or int(m.group(1)) == 0:
        raise ValidationError("--for takes a duration such as 30m, 2h, 1d or 1w (got %r)" % text)
    return int(m.group(1)) * _UNIT_SECONDS[(m.group(2) or "m").lower()]


def pause_scope(session_id=None, project=None):
    """The key of a pause: session:ID, project:KEY, or all."""
    if session_id:
        return "session:" + session_id
    if project:
        return "project:" + project
    return "all"


def pause_recall(db, *, scope, seconds=None, capture=True, now=None):
    """Pause recall for ``scope`` (see pause_scope) for ``seconds`` or until resumed; with
    ``capture`` False, the sessions it covers are not kept either.  Returns the pause."""
    now = now or now_utc()
    until = iso(now + datetime.timedelta(seconds=seconds)) if seconds else None
    with db.atomic() as conn:
        conn.execute("INSERT INTO recall_pauses(scope, until, capture, created_at) VALUES "
                     "(?, ?, ?, ?) ON CONFLICT(scope) DO UPDATE SET until = excluded.until, "
                     "capture = excluded.capture, created_at = excluded.created_at",
                     (scope, until, int(bool(capture)), iso(now)))
    return {"scope": scope, "until": until, "capture": bool(capture)}


def resume_recall(db, *, scope=None):
    """End the pause of ``scope``, or every pause; returns how many ended."""
    with db.atomic() as conn:
        if scope is None:
            return conn.execute("DELETE FROM recall_pauses").rowcount
        return conn.execute("DELETE FROM recall_pauses WHERE scope = ?", (scope,)).rowcount


def active_pauses(db, now=None):
    """The pauses in force now (one that has run out is over, whether or not it was removed)."""
    stamp = iso(now or now_utc())
    return [dict(r) for r in db.execute(
        "SELECT scope, until, capture, created_at FROM recall_pauses WHERE until IS NULL OR "
        "until > ? ORDER BY scope", (stamp,))]


def paused_for(db, *, session_id=None, project=None, now=None):
    """The pause that covers a session of ``project`` (its own, its project's, or all), or None.
    A database without the table (older than this code, opened read-only) has none."""
    wanted = {"all", pause_scope(session_id=session_id) if session_id else None,
              pause_scope(project=project) if project else None} - {None}
    try:
        return next((p for p in active_pauses(db, now) if p["scope"] in wanted), None)
    except sqlite3.OperationalError:
        return None


def prompt_marker(prompt):
    """"pause", "resume" or None: what a prompt's first word asks of recall (a full-width ＃, as
    a Chinese input method types it, is #)."""
    text = (prompt or "").strip().replace("＃", "#")
    first = text.split(None, 1)[0].lower() if text else ""
    if first in PAUSE_MARKERS:
        return "pause"
    if first in RESUME_MARKERS:
        return "resume"
    return None


def _entry(r):
    gate = r.get("gate") or {}
    out = {"level": r["level"], "id": r["id"], "p": gate.get("probability")}
    if gate.get("features"):
        out["features"] = gate["features"]
    return out


def log_recall(db, *, way, session_id, project, prompt, shown, candidates, now=None):
    """Record one judgement of the gate: when, where, the prompt (its keyed hash always; its text
    only when scrubbing found no secret in it), the memories shown and the best ones held back,
    each with the gate's evidence and probability.  The log is bounded by age and size
    (recall_log_days, recall_log_max)."""
    now = now or now_utc()
    cleaned, found = scrub(prompt or "")
    shown_keys = {(r["level"], r["id"]) for r in shown}
    held = [r for r in candidates if (r["level"], r["id"]) not in shown_keys]
    held.sort(key=lambda r: -((r.get("gate") or {}).get("probability") or 0.0))
    wanted = next(((r.get("gate") or {}).get("prompt") for r in candidates
                   if (r.get("gate") or {}).get("prompt") is not None), None)
    cfg = read_config(db)
    with db.atomic() as conn:
        key = forget_key(conn)
        conn.execute(
            "INSERT INTO recall_log(at, way, session_id, project, prompt_hash, prompt, wanted, "
            "shown, held_back) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (iso(now), way, session_id, project, text_hash(key, prompt or ""),
             None if found else cleaned[:2000], wanted,
             json.dumps([_entry(r) for r in shown]),
             json.dumps([_entry(r) for r in held[:HELD_BACK_LOGGED]])))
        oldest = iso(now - datetime.timedelta(days=cfg["recall_log_days"]))
        conn.execute("DELETE FROM recall_log WHERE at < ?", (oldest,))
        conn.execute("DELETE FROM recall_log WHERE id <= (SELECT max(id) FROM recall_log) - ?",
                     (cfg["recall_log_max"],))


def recall_entries(db, *, session_id=None, since=None, limit=50):
    """The log's entries, newest first."""
    where, params = ["1"], []
    if session_id:
        where.append("session_id = ?")
        params.append(session_id)
    if since:
        where.append("at >= ?")
        params.append(iso(parse_time(since, "--since")))
    rows = db.execute("SELECT * FROM recall_log WHERE %s ORDER BY id DESC LIMIT ?"
                      % " AND ".join(where), params + [limit]).fetchall()
    verdicts = {}  # (the verdicts on all of them, read at once)
    for f in db.execute("SELECT log_id, verdict, level, record_id, source, at FROM recall_feedback "
                        "WHERE log_id IN (SELECT value FROM json_each(?)) ORDER BY id",
                        (json.dumps([r["id"] for r in rows]),)):
        verdicts.setdefault(f["log_id"], []).append(
            {k: f[k] for k in ("verdict", "level", "record_id", "source", "at")})
    return [dict(r, shown=json.loads(r["shown"]), held_back=json.loads(r["held_back"]),
                 feedback=verdicts.get(r["id"], [])) for r in rows]


def parse_memory_ref(text):
    """("l2", 5) from "L2:5", "l2#5" or "L2 5"."""
    m = re.match(r"^\s*(l[123])\s*[:#：\s]\s*(\d{1,12})\s*$", text or "", re.I)
    if not m:
        raise ValidationError("a memory is named LEVEL:ID, such as L2:5 (got %r)" % text)
    return m.group(1).lower(), int(m.group(2))


def record_feedback(db, *, verdicts, session_id=None, log_id=None, source="cli", now=None):
    """Keep verdicts [(verdict, level, id)] on what the gate did: "irrelevant" (shown, not
    needed), "missing" (needed, not shown), "relevant" (shown and needed).  Each is tied to the
    newest logged injection of ``session_id`` (or ``log_id``) that held that memory among its
    candidates, with the gate's evidence for it then, which a refit learns from; a missing
    memory the gate never saw is kept without evidence.  Returns the verdicts as kept."""
    now = now or now_utc()
    kept = []
    with db.atomic() as conn:
        if log_id is not None:
            logs = conn.execute("SELECT * FROM recall_log WHERE id = ?", (log_id,)).fetchall()
            if not logs:
                raise ValidationError("no recall log entry %d (see `recall-log`)" % log_id)
            if session_id and logs[0]["session_id"] != session_id:
                raise ValidationError("recall log entry %d is of session %s, not %s"
                                      % (log_id, logs[0]["session_id"], session_id))
        elif session_id:
            logs = conn.execute("SELECT * FROM recall_log WHERE session_id = ? ORDER BY id DESC "
                                "LIMIT 200", (session_id,)).fetchall()
            if not logs:
                raise ValidationError("no injection of session %s is in the recall log (see "
                                      "`recall-log`)" % session_id)
        else:
            raise ValidationError("feedback needs --session ID or --log ID")
        named = {}
        for verdict, level, record_id in verdicts:
            if named.setdefault((level, record_id), verdict) != verdict:
                raise ValidationError("%s:%d is named both %s and %s; give one verdict"
                                      % (level.upper(), record_id, named[(level, record_id)],
                                         verdict))
        for verdict, level, record_id in verdicts:
            if verdict not in VERDICTS or level not in LEVELS:
                raise ValidationError("a verdict is one of %s" % ", ".join(VERDICTS))
            if conn.execute("SELECT 1 FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                            (record_id,)).fetchone() is None:
                raise ValidationError("there is no %s #%d" % (level.upper(), record_id))
            found, features = None, None
            for row in logs:
                for item in json.loads(row["shown"]) + json.loads(row["held_back"]):
                    if (item["level"], item["id"]) == (level, record_id):
                        found, features = row, item.get("features")
                        break
                if found:
                    break
            if verdict != "missing" and found is None:
                raise ValidationError("%s:%d was not shown in session %s (see `recall-log`)"
                                      % (level.upper(), record_id, session_id or log_id))
            row = found or logs[0]
            # (a verdict given again replaces the earlier one on that judgement: a person who
            # changes their mind, or repeats themselves, counts once)
            conn.execute("DELETE FROM recall_feedback WHERE log_id = ? AND level = ? AND "
                         "record_id = ?", (row["id"], level, record_id))
            conn.execute(
                "INSERT INTO recall_feedback(at, log_id, session_id, level, record_id, verdict, "
                "source, features) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (iso(now), row["id"], row["session_id"], level, record_id, verdict, source,
                 json.dumps(features) if features else None))
            kept.append({"verdict": verdict, "level": level, "id": record_id, "log": row["id"],
                         "seen_by_gate": features is not None})
    return kept


def forget_in_log(conn, targets):
    """A forgotten record leaves the recall log and its verdicts."""
    for level, record_id in targets:
        for column in ("shown", "held_back"):
            conn.execute(
                "UPDATE recall_log SET %s = (SELECT json_group_array(json(value)) FROM "
                "json_each(%s) WHERE NOT (json_extract(value, '$.level') = ? AND "
                "json_extract(value, '$.id') = ?)) WHERE %s LIKE ?" % (column, column, column),
                (level, record_id, '%%"id": %d%%' % record_id))
        conn.execute("DELETE FROM recall_feedback WHERE level = ? AND record_id = ?",
                     (level, record_id))


def forget_all_log(conn):
    conn.execute("DELETE FROM recall_log")
    conn.execute("DELETE FROM recall_feedback")


def _examples(db):
    """[(features, label)] from the verdicts that carry the gate's evidence, oldest first."""
    rows = db.execute("SELECT verdict, features FROM recall_feedback WHERE features IS NOT NULL "
                      "ORDER BY id").fetchall()
    return [(json.loads(r["features"]), 0 if r["verdict"] == "irrelevant" else 1) for r in rows]


def _log_loss(weights, rows):
    model = GateModel(weights=weights)
    total = 0.0
    for features, label in rows:
        p = min(max(model.probability(features), 1e-6), 1 - 1e-6)
        total -= math.log(p if label else 1 - p)
    return total / max(1, len(rows))


def refit_gate(db, *, now=None, minimum=REFIT_MIN):
    """Refit the gate's candidate weights on this machine's verdicts, starting from (and pulled
    toward) the weights in use; the newest REFIT_HOLD_OUT of the verdicts are held back, and the
    refit is used only when it does better on them than the weights in use.  Returns a report:
    examples, held back, the loss of each, and whether the refit is now in use."""
    now = now or now_utc()
    rows = _examples(db)
    if len(rows) < minimum:
        return {"examples": len(rows), "needed": minimum, "used": False,
                "why": "%d of the %d verdicts on memories the gate saw that a refit needs"
                       % (len(rows), minimum)}
    cut = max(1, int(len(rows) * (1 - REFIT_HOLD_OUT)))
    train, held = rows[:cut], rows[cut:]
    current = local_weights(db) or dict(WEIGHTS)
    fitted = fit(train, names=FEATURES, prior=current, l2=0.05, steps=600)
    before, after = _log_loss(current, held), _log_loss(fitted, held)
    used = after < before
    with db.atomic() as conn:
        if used:
            conn.execute("UPDATE gate_weights SET in_use = 0")
        conn.execute("INSERT INTO gate_weights(fitted_at, weights, examples, held_back, "
                     "loss_before, loss_after, in_use) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (iso(now), json.dumps(fitted, sort_keys=True), len(train), len(held),
                      round(before, 4), round(after, 4), int(used)))
    return {"examples": len(train), "held_back": len(held), "loss_before": round(before, 4),
            "loss_after": round(after, 4), "used": used,
            "why": "better on the verdicts held back" if used else
                   "no better on the verdicts held back: the weights in use stay"}


def weights_in_use(db):
    """Which weights the gate uses: the shipped ones, or a refit here (when, on how much)."""
    try:
        row = db.execute("SELECT * FROM gate_weights WHERE in_use = 1 ORDER BY id DESC LIMIT 1"
                         ).fetchone()
    except sqlite3.OperationalError:
        row = None
    if row is None:
        return {"source": "shipped", "weights": dict(WEIGHTS)}
    return {"source": "refitted here", "fitted_at": row["fitted_at"],
            "examples": row["examples"], "held_back": row["held_back"],
            "loss_before": row["loss_before"], "loss_after": row["loss_after"],
            "weights": json.loads(row["weights"])}


# -- The recall notes in the vault: each day's injections, a box to tick per memory --

RECALL_FOLDER = "回忆记录"
RECALL_NOTE_DAYS = 7  # days of the log a sync keeps notes for
_NOTE_ENTRY_RE = re.compile(r"^## #(\d+) ")
_NOTE_BOX_RE = re.compile(r"^- \[( |x|X)\] irrelevant · (L[123]):(\d+)\b")
_NOTE_MISSED_RE = re.compile(r"^(?:Missed|漏了)[^:：]*[:：](.*)$")
_NOTE_REF_RE = re.compile(r"\b[Ll]([123])\s*[:#：]\s*(\d{1,12})\b")


def _note_text(db, level, record_id):
    row = db.execute("SELECT %s FROM %s WHERE id = ?" % (LEVEL_TEXT[level], LEVEL_TABLE[level]),
                     (record_id,)).fetchone()
    text = " ".join((row[0] if row else "(forgotten)").split())
    return (text[:90] + "…" if len(text) > 90 else text).replace("[", "(").replace("]", ")")


def _recall_note(db, day, entries):
    """The note of one day: each injection with its prompt, a box per memory shown (tick it:
    irrelevant) and a line to name a missed one; ticks and names already given are kept."""
    lines = ["---", "type: recall-log", "day: %s" % day, "---",
             "# 回忆记录 %s" % day, "",
             "Tick a memory that did not help; after `Missed:` name one it should have shown "
             "(L1:12). The next `sync` reads both back as feedback.", ""]
    for e in entries:
        verdicts = {(f["level"], f["record_id"]): f["verdict"] for f in e["feedback"]}
        lines.append("## #%d %s%s%s" % (e["id"], e["at"][11:16],
                                        " · session %s" % e["session_id"] if e["session_id"]
                                        else "", " · %s" % e["way"]))
        lines.append("> %s" % (" ".join((e["prompt"] or "(the prompt is not kept: it held a "
                                          "secret)").split())[:200]))
        for item in e["shown"]:
            ticked = verdicts.get((item["level"], item["id"])) == "irrelevant"
            lines.append("- [%s] irrelevant · %s:%d %s" % (
                "x" if ticked else " ", item["level"].upper(), item["id"],
                _note_text(db, item["level"], item["id"])))
        missed = ["%s:%d" % (level.upper(), rid) for (level, rid), v in sorted(verdicts.items())
                  if v == "missing"]
        lines += ["Missed: %s" % ", ".join(missed), ""]
    return "\n".join(lines) + "\n"


def _read_recall_note(text):
    """{log id: (irrelevant [(level, id)], missing [(level, id)])} a note says."""
    said, current = {}, None
    for line in text.splitlines():
        entry = _NOTE_ENTRY_RE.match(line)
        if entry:
            current = int(entry.group(1))
            said[current] = ([], [])
            continue
        if current is None:
            continue
        box = _NOTE_BOX_RE.match(line.strip())
        if box and box.group(1) in "xX":
            said[current][0].append((box.group(2).lower(), int(box.group(3))))
        missed = _NOTE_MISSED_RE.match(line.strip())
        if missed:
            said[current][1].extend(("l" + m.group(1), int(m.group(2)))
                                    for m in _NOTE_REF_RE.finditer(missed.group(1)))
    return said


def sync_recall_notes(db, *, vault, now=None, dry_run=False):
    """The vault's recall notes both ways: what a person ticked or named in a note is read back
    first (the note speaks for the verdicts given in the vault on its injections: a box
    unticked takes its verdict back), then the notes of the last RECALL_NOTE_DAYS days are
    written again.  Returns {"read_back": verdicts, "written": notes}."""
    now = now or now_utc()
    folder = os.path.join(vault, RECALL_FOLDER)
    read_back, written = 0, []
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not name.endswith(".md") or os.path.islink(path) or not os.path.isfile(path):
                continue
            try:
                with open_regular(path, 4 << 20, "recall note") as handle:
                    said = _read_recall_note(handle.read().decode("utf-8", "replace"))
            except (OSError, MemoryTieredError):
                continue
            for log_id, (irrelevant, missing) in said.items():
                given = {(f["level"], f["record_id"], f["verdict"]) for f in db.execute(
                    "SELECT level, record_id, verdict FROM recall_feedback WHERE log_id = ? AND "
                    "source = 'vault'", (log_id,))}
                wanted = {(lv, rid, "irrelevant") for lv, rid in irrelevant} | {
                    (lv, rid, "missing") for lv, rid in missing}
                if given == wanted or dry_run:
                    continue
                with db.atomic() as conn:
                    conn.execute("DELETE FROM recall_feedback WHERE log_id = ? AND source = "
                                 "'vault'", (log_id,))
                for level, rid, verdict in sorted(wanted):
                    try:
                        record_feedback(db, verdicts=[(verdict, level, rid)], log_id=log_id,
                                        source="vault", now=now)
                        read_back += 1
                    except ValidationError:
                        continue  # (a memory named that is not there, a log entry gone)
    since = iso(now - datetime.timedelta(days=RECALL_NOTE_DAYS))
    days = {}
    for entry in reversed(recall_entries(db, since=since, limit=100000)):
        if entry["shown"]:
            days.setdefault(entry["at"][:10], []).append(entry)
    if not dry_run and days:
        make_private_dirs(folder)
        for day, entries in sorted(days.items()):
            path = os.path.join(folder, "%s.md" % day)
            if write_atomic(path, _recall_note(db, day, entries)):
                written.append(path)
    return {"read_back": read_back, "written": written}
