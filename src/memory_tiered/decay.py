"""Strength that fades and rises, and cleanup candidates (DecayEngine).

Uses: base, records.
"""

import datetime
import json

from .base import (
    iso, LEVEL_TABLE, LEVEL_TEXT, LEVELS, NotFoundError, now_utc, parse_time, SITTING_HOURS,
    ValidationError)
from .records import stored_number, check_level, read_config


class _Sql(str):
    """A piece of SQL that composes with the operators the strength formula uses."""

    @staticmethod
    def of(value):
        """A number or a piece of SQL, as SQL."""
        return value if isinstance(value, _Sql) else _Sql(repr(float(value)))

    def _join(self, op, other):
        return _Sql("(%s %s %s)" % (self, op, _Sql.of(other)))

    def __mul__(self, other):
        return self._join("*", other)

    def __rmul__(self, other):
        return _Sql.of(other)._join("*", self)

    def __truediv__(self, other):
        return self._join("/", other)

    def __rsub__(self, other):
        return _Sql.of(other)._join("-", self)

    def __pow__(self, other):
        return _Sql("pow(%s, %s)" % (self, _Sql.of(other)))


def _at_least_zero(value):
    return _Sql("max(0, %s)" % value) if isinstance(value, _Sql) else max(0.0, value)


def strength_formula(score, factor, hours, stability, pinned):
    """A record's strength ``hours`` after its strength was ``score``: the one formula, which
    Python evaluates on numbers and which writes the SQL when given pieces of SQL (strength_sql,
    DecayEngine.decay and touch), so the two cannot disagree (tests/test_decay_formula.py).
    A pinned record (``pinned`` 1) keeps its strength; ``stability`` divides the hours."""
    return score * factor ** (_at_least_zero(hours) / stability * (1 - pinned))


def _seconds(column):
    return "CAST(strftime('%%s', %s) AS INTEGER)" % column


def strength_sql_of(prefix="", factor=":decay_f", now=":decay_now", hours=None):
    """The SQL of strength_formula over a row's columns (``prefix`` their table's alias)."""
    if hours is None:
        hours = _Sql("(%s - %s) / 3600.0" % (_seconds(now), _seconds(prefix + "decay_applied_at")))
    return strength_formula(_Sql(prefix + "decay_score"), _Sql(factor), hours,
                            _Sql("coalesce(%sstability, 1)" % prefix),
                            _Sql("coalesce(%spinned, 0)" % prefix))


def _row_get(row, name, default=None):
    try:
        return row[name]
    except (KeyError, IndexError):
        return default


class DecayEngine:
    """Applies elapsed-time decay, counts recalls, and finds records too weak to keep.

    strength(now) = strength(applied) * decay_factor ** (hours(now - applied) / stability),
    so the result is the same whether decay runs hourly, late or twice.

    Spacing: ``stability`` starts at 1.  A recall that comes at least
    ``spacing_hours`` after the record's previous recall multiplies it by
    ``spacing_gain`` (capped at ``max_stability``), so a memory recalled on many
    different days fades ever more slowly, while one recalled once (or many
    times within one sitting) fades like one never recalled.
    """

    RECALL_KEEP_DAYS = 7  # per-session recall marks are kept this long

    def __init__(self, db, config=None):
        self.db = db
        self._config = config

    def config(self):
        if self._config is None:
            self._config = read_config(self.db)
        return self._config

    def decay(self, now=None, dry_run=False):
        """Apply decay up to ``now``; return {level: rows changed}."""
        now_dt = now or now_utc()
        now = iso(now_dt)
        factor = self.config()["decay_factor"]
        changed = {}
        with self.db.atomic() as conn:
            row = conn.execute("SELECT value FROM config WHERE key = 'last_decay_at'").fetchone()
            last = json.loads(row[0]) if row else None
            for lv in LEVELS:
                where = "FROM %s WHERE decay_applied_at < :now" % LEVEL_TABLE[lv]
                if dry_run:
                    changed[lv] = conn.execute("SELECT count(*) " + where,
                                               {"now": now}).fetchone()[0]
                    continue
                changed[lv] = 0
                if last and last < now:
                    # Most rows were last decayed by the previous run: one multiplier for all of
                    # them (a root of it for the few with a stability above 1), no date arithmetic
                    # per row.
                    hours = (parse_time(now) - parse_time(last)).total_seconds() / 3600.0
                    changed[lv] += conn.execute(
                        "UPDATE %s SET decay_score = %s, decay_applied_at = :now "
                        "WHERE decay_applied_at = :last"
                        % (LEVEL_TABLE[lv], strength_sql_of(factor=":m", hours=_Sql("1"))),
                        {"m": factor ** hours, "now": now, "last": last}).rowcount
                changed[lv] += conn.execute(
                    "UPDATE %s SET decay_score = %s, decay_applied_at = :now "
                    "WHERE decay_applied_at < :now"
                    % (LEVEL_TABLE[lv], strength_sql_of(factor=":f", now=":now")),
                    {"f": factor, "now": now}).rowcount
            if not dry_run and (last is None or last < now):
                conn.execute("INSERT INTO config(key, value) VALUES ('last_decay_at', ?) "
                             "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                             (json.dumps(now),))
            if not dry_run:
                conn.execute("DELETE FROM recalls WHERE recalled_at < ?",
                             (iso(now_dt - datetime.timedelta(days=self.RECALL_KEEP_DAYS)),))
        return changed

    def strength_sql(self, prefix=""):
        """SQL for a record's strength as of :now (the stored one caught up), with its parameters.
        """
        return strength_sql_of(prefix)

    def current(self, row, now):
        """A record's strength as of ``now`` (dict-like row with decay_score, decay_applied_at,
        stability)."""
        applied = row["decay_applied_at"]
        score = stored_number(row["decay_score"], 1.0)
        if not applied or _row_get(row, "pinned"):
            return score  # a standing memory keeps its strength
        try:
            hours = max(0.0, (now - parse_time(applied)).total_seconds() / 3600.0)
        except ValidationError:
            return score  # (a damaged time: the strength as stored; `doctor` names the row)
        stability = stored_number(_row_get(row, "stability"), 1.0) or 1.0
        return strength_formula(score, self.config()["decay_factor"], hours, stability, 0)

    def candidates(self, now=None, limit=None):
        """Records whose strength (as of ``now``) is below the cleanup threshold, weakest first."""
        now_dt = now or now_utc()
        cfg = self.config()
        threshold = cfg["cleanup_threshold"]
        params = {"decay_f": cfg["decay_factor"], "decay_now": iso(now_dt), "t": threshold}
        parts = []
        for lv in LEVELS:
            parts.append("SELECT '%s' AS level, id, %s AS text, %s AS strength, importance, "
                         "access_count, "
                         "created_at, last_accessed_at FROM %s WHERE archived_at IS NULL AND "
                         "coalesce(pinned, 0) = 0 AND %s < :t"
                         % (lv, LEVEL_TEXT[lv], self.strength_sql(), LEVEL_TABLE[lv],
                            self.strength_sql()))
        sql = " UNION ALL ".join(parts) + " ORDER BY strength, level, id"
        if limit:
            sql += " LIMIT :limit"
            params["limit"] = limit
        out = []
        for row in self.db.execute(sql, params):
            last = row["last_accessed_at"] or row["created_at"]
            idle_h = (now_dt - parse_time(last)).total_seconds() / 3600.0 if last else None
            why = "strength %.3f < %g" % (row["strength"], threshold)
            if idle_h is not None:
                why += ", not retrieved for %.1f days" % (idle_h / 24)
            out.append({"level": row["level"], "id": row["id"], "text": row["text"],
                        "decay_score": row["strength"],
                        "importance": row["importance"], "access_count": row["access_count"],
                        "why": why})
        return out

    def fading(self, now=None, days=None, limit=20):
        """Live records above the cleanup threshold now that will fall below it within ``days``
        (the ``fading_days`` tunable) unless they are recalled, soonest first."""
        now_dt = now or now_utc()
        cfg = self.config()
        days = cfg["fading_days"] if days is None else days
        params = {"decay_f": cfg["decay_factor"], "decay_now": iso(now_dt),
                  "t": cfg["cleanup_threshold"],
                  "later": iso(now_dt + datetime.timedelta(days=days)), "limit": limit}
        later = self.strength_sql().replace(":decay_now", ":later")
        parts = ["SELECT '%s' AS level, id, %s AS text, %s AS strength, %s AS later FROM %s WHERE "
                 "archived_at IS NULL AND superseded_by IS NULL AND %s >= :t AND %s < :t"
                 % (lv, LEVEL_TEXT[lv], self.strength_sql(), later, LEVEL_TABLE[lv],
                    self.strength_sql(), later)
                 for lv in LEVELS]
        out = []
        for row in self.db.execute(" UNION ALL ".join(parts) + " ORDER BY later, level, id LIMIT "
                                                               ":limit", params):
            out.append({"level": row["level"], "id": row["id"], "text": row["text"],
                        "decay_score": row["strength"], "in_days": days})
        return out

    def archive(self, now=None, limit=None):
        """Mark the cleanup candidates archived (kept, hidden from search): all of them, or the
        ``limit`` weakest.  Returns {level: count}."""
        now_dt = now or now_utc()
        counts = {lv: 0 for lv in LEVELS}
        with self.db.atomic() as conn:
            for item in self.candidates(now_dt, limit):
                conn.execute("UPDATE %s SET archived_at = ? WHERE id = ?"
                             % LEVEL_TABLE[item["level"]],
                             (iso(now_dt), item["id"]))
                counts[item["level"]] += 1
        return counts

    def touch(self, level, ids, now=None):
        """Count a retrieval: strength caught up then boosted, stability raised when the previous
        recall was at least ``spacing_hours`` ago, and access_count + 1 once per sitting: a
        retrieval within SITTING_HOURS of the last one is the same sitting (three searches in a
        minute are one recall, so promotion means recall in three sittings).  ``recall`` counts
        an agent session once."""
        if not ids:
            return
        now = iso(now or now_utc())
        cfg = self.config()
        with self.db.relaxed() as conn:
            conn.execute(
                "UPDATE %s SET access_count = coalesce(access_count, 0) + CASE WHEN "
                "last_accessed_at IS NULL OR"
                " CAST(strftime('%%s', :now) AS INTEGER) - CAST(strftime('%%s', last_accessed_at) "
                "AS INTEGER) >= :sitting * 3600 THEN 1 ELSE 0 END, last_accessed_at = :now,"
                " decay_score = min(1.0, %s + :boost),"
                " decay_applied_at = max(decay_applied_at, :now),"
                " stability = CASE WHEN last_accessed_at IS NOT NULL AND CAST(strftime('%%s', "
                ":now) AS INTEGER)"
                " - CAST(strftime('%%s', last_accessed_at) AS INTEGER) >= :spacing * 3600"
                " THEN min(:cap, coalesce(stability, 1) * :gain) ELSE coalesce(stability, 1) END"
                " WHERE id IN (SELECT value FROM json_each(:ids))"
                % (LEVEL_TABLE[level], strength_sql_of(factor=":f", now=":now")),
                {"now": now, "f": cfg["decay_factor"], "boost": cfg["access_boost"],
                 "sitting": SITTING_HOURS,
                 "ids": json.dumps([int(i) for i in ids]), "spacing": cfg["spacing_hours"],
                 "cap": float(cfg["max_stability"]), "gain": cfg["spacing_gain"]},
            )

    def recall(self, records, session_id=None, now=None):
        """Count records put in front of an agent: once per ``session_id`` (every time without one).

        ``records`` is a list of (level, id).  Returns how many were counted.
        """
        now_dt = now or now_utc()
        fresh = list(dict.fromkeys(records))
        if session_id is not None and fresh:
            with self.db.relaxed() as conn:
                counted = []
                for level, rid in fresh:
                    if conn.execute("INSERT INTO recalls(session_id, level, record_id, "
                                    "recalled_at) VALUES (?, ?, ?, ?)"
                                    " ON CONFLICT DO NOTHING", (session_id, level, rid,
                                                                iso(now_dt))).rowcount:
                        counted.append((level, rid))
                fresh = counted
                for lv in LEVELS:
                    self.touch(lv, [rid for level, rid in fresh if level == lv], now_dt)
            return len(fresh)
        for lv in LEVELS:
            self.touch(lv, [rid for level, rid in fresh if level == lv], now_dt)
        return len(fresh)

    def pin(self, level, record_id, pinned=True, now=None):
        """Make a record standing (it keeps its strength, strength 1.0 from now, and is never a
        cleanup candidate) or let it fade again; returns whether it changed."""
        level = check_level(level)
        stamp = iso(now or now_utc())
        with self.db.atomic() as conn:
            row = conn.execute("SELECT pinned FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                               (record_id,)).fetchone()
            if row is None:
                raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
            if bool(row[0]) == pinned:
                return False
            conn.execute("UPDATE %s SET pinned = ?, decay_score = CASE WHEN ? THEN 1.0 ELSE "
                         "decay_score END, "
                         "decay_applied_at = ?, updated_at = ? WHERE id = ?" % LEVEL_TABLE[level],
                         (int(pinned), int(pinned), stamp, stamp, record_id))
        return True

    def archive_one(self, level, record_id, now=None):
        """Archive one record (a person moved its note into the archive folder)."""
        with self.db.atomic() as conn:
            conn.execute("UPDATE %s SET archived_at = coalesce(archived_at, ?) WHERE id = ?"
                         % LEVEL_TABLE[level],
                         (iso(now or now_utc()), record_id))

    def unarchive(self, level, record_id, now=None):
        """Bring an archived record back: visible again, strength 1.0 as of ``now`` (a person chose
        it)."""
        level = check_level(level)
        stamp = iso(now or now_utc())
        with self.db.atomic() as conn:
            row = conn.execute("SELECT archived_at FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                               (record_id,)).fetchone()
            if row is None:
                raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
            if row[0] is None:
                return False
            conn.execute("UPDATE %s SET archived_at = NULL, decay_score = 1.0, decay_applied_at = "
                         "?, updated_at = ? "
                         "WHERE id = ?" % LEVEL_TABLE[level], (stamp, stamp, record_id))
        return True
