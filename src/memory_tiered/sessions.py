"""The session buffer: sessions waiting for their summary, and their captured turns (the only
code that reads or writes session_turns and pending_sessions).

Uses: base, scrubbing.
"""

import datetime

from .base import iso
from .scrubbing import scrub


def _clean(*values):
    """Values of the session buffer scrubbed (a token pasted as a session id or a folder name is
    not kept)."""
    return [scrub(v)[0] if isinstance(v, str) else v for v in values]


def buffer_turns(conn, session_id, turns, transcript_path, cwd, now, keep_hours):
    """Keep a session's turns (replacing an earlier capture), drop turns older than
    ``keep_hours``, and queue the session for a summary."""
    session_id, transcript_path, cwd = _clean(session_id, transcript_path, cwd)
    conn.execute("DELETE FROM session_turns WHERE captured_at < ?",
                 (iso(now - datetime.timedelta(hours=keep_hours)),))
    conn.execute("DELETE FROM session_turns WHERE session_id = ?", (session_id,))
    conn.executemany("INSERT INTO session_turns(session_id, turn, role, text, captured_at) VALUES "
                     "(?, ?, ?, ?, ?)",
                     [(session_id, n, role, text,
                       iso(now)) for n, (role, text) in enumerate(turns)])
    conn.execute("INSERT INTO pending_sessions(session_id, transcript_path, cwd, recorded_at) "
                 "VALUES (?, ?, ?, ?) "
                 "ON CONFLICT(session_id) DO UPDATE SET transcript_path = excluded.transcript_path",
                 (session_id, transcript_path, cwd, iso(now)))


def append_turns(conn, session_id, turns, cwd, now, replace=False):
    """Add turns after a session's buffered ones (all of them anew with ``replace``) and queue the
    session if it is not queued yet."""
    session_id, cwd = _clean(session_id, cwd)
    if replace:
        conn.execute("DELETE FROM session_turns WHERE session_id = ?", (session_id,))
    start = conn.execute("SELECT coalesce(max(turn), -1) + 1 FROM session_turns WHERE session_id = "
                         "?",
                         (session_id,)).fetchone()[0]
    conn.executemany("INSERT INTO session_turns(session_id, turn, role, text, captured_at) VALUES "
                     "(?, ?, ?, ?, ?)",
                     [(session_id, start + n, role, text,
                       iso(now)) for n, (role, text) in enumerate(turns)])
    conn.execute("INSERT INTO pending_sessions(session_id, cwd, recorded_at) VALUES (?, ?, ?) "
                 "ON CONFLICT(session_id) DO NOTHING", (session_id, cwd, iso(now)))


def queue_session(conn, session_id, transcript_path, cwd, reason, now):
    """Record that a session ended (its transcript, folder and reason: "ended" when the agent
    gave none; a session only captured has none) and queue it."""
    session_id, transcript_path, cwd, reason = _clean(session_id, transcript_path, cwd,
                                                      reason or "ended")
    conn.execute(
        "INSERT INTO pending_sessions(session_id, transcript_path, cwd, reason, recorded_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET "
        "transcript_path = coalesce(excluded.transcript_path, transcript_path), "
        "cwd = coalesce(excluded.cwd, cwd), reason = excluded.reason, recorded_at = "
        "excluded.recorded_at",
        (session_id, transcript_path, cwd, reason, iso(now)))


def pending_sessions(db):
    """Sessions recorded or captured that have no L1 yet, oldest first."""
    return [dict(r) for r in db.execute(
        "SELECT p.session_id, p.transcript_path, p.cwd, p.reason, p.recorded_at, "
        "(SELECT count(*) FROM session_turns t WHERE t.session_id = p.session_id) AS turns "
        "FROM pending_sessions p WHERE p.done_at IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM memory_l1 m WHERE m.session_id = p.session_id) ORDER BY p.recorded_at, "
        "p.session_id")]


def buffered_turns(db, session_id):
    """[(role, text)] of a session's captured turns, in order."""
    return [(r["role"], r["text"]) for r in db.execute(
        "SELECT role, text FROM session_turns WHERE session_id = ? ORDER BY turn", (session_id,))]


def session_done(conn, session_id, now):
    """A queued session got its summary."""
    conn.execute("UPDATE pending_sessions SET done_at = ? WHERE session_id = ?",
                 (iso(now), session_id))


def forget_session(conn, session_id, now):
    """A session whose last L1 was forgotten: its turns go, and it is not summarised again."""
    conn.execute("DELETE FROM session_turns WHERE session_id = ?", (session_id,))
    conn.execute("UPDATE pending_sessions SET transcript_path = NULL, done_at = coalesce(done_at, "
                 "?) WHERE session_id = ?", (now, session_id))


def forget_all_sessions(conn):
    conn.execute("DELETE FROM session_turns")
    conn.execute("DELETE FROM pending_sessions")
