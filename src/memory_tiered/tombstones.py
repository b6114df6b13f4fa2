"""Forgetting: the tombstones every way in checks, and the replication clock a change stamps.

Uses: base, indexing.
"""

import json
import os

from .base import iso, LEVEL_TEXT
from .indexing import normalise_text


# A forget leaves no text, only a tombstone: the record's uid, its id here, the source an
# importer would make it from again (a transcript's session) and a keyed hash of its text (the
# key is this database's own, so the hash says nothing elsewhere).  Every automatic way in
# (import-transcripts, import, import-notes, the vault, Hermes, MCP, replicate) checks them;
# only a person writing the memory again (add-l1/2/3) brings it back.


def replica_meta_value(conn, key, default=None):
    row = conn.execute("SELECT value FROM replica_meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def set_replica_meta(conn, key, value):
    conn.execute("INSERT INTO replica_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE "
                 "SET value = excluded.value", (key, value))


def stamp_parts(stamp):
    millis, _, counter = stamp.partition(".")
    return int(millis), int(counter)


def hlc_tick(conn, now):
    """The next stamp of this device's hybrid logical clock: its wall clock in milliseconds,
    never below a stamp it has seen, with a counter for the same millisecond."""
    last = replica_meta_value(conn, "clock", "0000000000000.000000")
    millis, counter = stamp_parts(last)
    wall = max(0, int(now.timestamp() * 1000))
    # (a counter at its end moves the clock on a millisecond: it never stands still)
    stamp = "%013d.%06d" % ((wall, 0) if wall > millis else (millis, counter + 1)
                            if counter < 999999 else (millis + 1, 0))
    set_replica_meta(conn, "clock", stamp)
    return stamp


def forget_key(conn):
    """This database's key for the hashes of forgotten texts, made on first use."""
    row = conn.execute("SELECT value FROM config WHERE key = 'forget_key'").fetchone()
    if row:
        return json.loads(row[0])
    key = os.urandom(16).hex()
    conn.execute("INSERT OR IGNORE INTO config(key, value) VALUES ('forget_key', ?)",
                 (json.dumps(key),))
    return json.loads(conn.execute("SELECT value FROM config WHERE key = 'forget_key'"
                                   ).fetchone()[0])


def text_hash(key, text):
    """The keyed hash a tombstone keeps of a text (space, punctuation and case ignored)."""
    import hashlib
    import hmac
    return hmac.new(key.encode("ascii"), normalise_text(text or "").encode("utf-8", "replace"),
                    hashlib.sha256).hexdigest()


def record_source(level, row):
    """What an importer makes a record from again: an L1's session."""
    session = row["session_id"] if level == "l1" else None
    return "session:%s" % session if session else None


def tombstone(conn, level, row, now, source=None):
    """Remember a forgotten record (by uid, id, source and text hash) inside the caller's
    transaction."""
    conn.execute("INSERT INTO forgotten(uid, level, record_id, source, text_hash, forgotten_at) "
                 "VALUES (?, ?, ?, ?, ?, ?)",
                 (row["uid"], level, row["id"], source or record_source(level, row),
                  text_hash(forget_key(conn), row[LEVEL_TEXT[level]]), iso(now)))


class Tombstones:
    """The tombstones of a database, asked about each record of a write or an import (looked up
    by their indexes; nothing is read when there are none)."""

    _COLUMNS = "uid, level, record_id, source, text_hash, forgotten_at"

    def __init__(self, conn):
        self.conn = conn
        self.empty = conn.execute("SELECT 1 FROM forgotten LIMIT 1").fetchone() is None
        self.key = None if self.empty else forget_key(conn)

    def _find(self, column, value):
        row = self.conn.execute("SELECT %s FROM forgotten WHERE %s = ? LIMIT 1"
                                % (self._COLUMNS, column), (value,)).fetchone()
        return dict(zip(("uid", "level", "id", "source", "text_hash", "at"), row)) if row else None

    def holding(self, level, record):
        """The tombstone a record would come back through (its uid, its session, its text), or
        None.  An agent's new summary of a forgotten session (other text, written over MCP)
        is a new memory."""
        if self.empty:
            return None
        found = self._find("uid", record["uid"]) if record.get("uid") else None
        digest = text_hash(self.key, record.get(LEVEL_TEXT[level]))
        if found is None and level == "l1" and record.get("session_id"):
            found = self._find("source", "session:%s" % record["session_id"])
            if found is not None and found["text_hash"] != digest and record.get(
                    "origin") not in ("import", "auto", "hook"):
                found = None
        if found is None and record.get(LEVEL_TEXT[level]):
            found = self._find("text_hash", digest)
        return found


def forgotten_note(found):
    """A one-line reason for a refused write."""
    return ("this memory was forgotten on %s (%s #%s); only a person writing it again from the "
            "command line brings it back"
            % (found["at"][:10], found["level"].upper(), found["id"] or "?"))


def forget_replica_text(conn, uid, now):
    """Make the replication state of a forgotten record a tombstone now (no text is left in it
    until the next `replicate`, nor for good after `replicate --leave`), and drop what teammates
    proposed for it (their words)."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'replica_proposals'").fetchone():
        conn.execute("DELETE FROM replica_proposals WHERE uid = ? AND status = 'open'", (uid,))
        conn.execute("UPDATE replica_proposals SET fields = NULL WHERE uid = ?", (uid,))
    device = replica_meta_value(conn, "device")
    if device is None or not conn.execute("SELECT 1 FROM replica_state WHERE uid = ? AND "
                                          "forgotten IS NULL", (uid,)).fetchone():
        return
    stamp = hlc_tick(conn, now)
    conn.execute("UPDATE replica_state SET fields = '{}', counts = '{}', forgotten = ?, "
                 "touched = ?, came_from = NULL WHERE uid = ?",
                 (json.dumps([stamp, device], separators=(",", ":")), stamp, uid))
