"""Records of the three levels: add, read, list, edit, merge, forget, import, export
(MemoryStore).

Uses: base, text, scrubbing, checks, indexing, files, schema, db, records, sessions, tombstones, decay, search.
"""

import contextlib
import json
import os
import sqlite3
import textwrap

from .base import (
    LazyRe, CONTRADICTION_OVERLAP, DatabaseError, Edited, IMPORT_BATCH, iso, LEVEL, LEVEL_NUM,
    LEVEL_TABLE, LEVEL_TEXT, LEVELS, MAX_ID, MAX_SHORT, MemoryTieredError, NEAR_DUPLICATE,
    NotFoundError, now_utc, parse_time, RELATED_BACKFILL, RELATED_MAX, RELATED_MIN, TUNABLES,
    ValidationError, Written)
from .text import UID_RE, check_text, new_uid, sha1_hex
from .scrubbing import scrub_record
from .checks import (
    check_importance, check_number, dump_list, int_list, load_ids, load_list, parse_ids)
from .indexing import index_text, normalise_text, unit_list
from .files import atomic_file, digest_path
from .schema import register_functions, sqlite_has_fts5, FTS_DDL
from .db import connect_read_only
from .records import (
    delete_notes, insert_sql, mark_promoted, union_items, check_fields, check_level, EDITABLE,
    jaccard, judge_flag, LEVEL_FIELDS, LIST_FIELDS, read_config, record_dict, similarity_tokens)
from .sessions import forget_all_sessions, forget_session
from .tombstones import (
    forget_key, forget_replica_text, forgotten_note, text_hash, tombstone, Tombstones)
from .decay import DecayEngine
from .search import spool_write, Searcher


_SMALL_INT_RE = LazyRe(r"[0-9]{1,9}")


class MemoryStore:
    """Adds, reads, lists, forgets, exports and imports records of every level."""

    def __init__(self, db):
        self.db = db

    # -- config --

    def config(self):
        return read_config(self.db)

    def set_config(self, name, raw):
        if name not in TUNABLES:
            raise ValidationError("unknown setting %r; choose one of: %s"
                                  % (name, ", ".join(TUNABLES)))
        default, kind, _ = TUNABLES[name]
        if kind == "bool":
            lowered = str(raw).strip().lower()
            if lowered not in ("yes", "no", "true", "false", "on", "off", "1", "0"):
                raise ValidationError("%s must be yes or no (got %r)" % (name, raw))
            value = lowered in ("yes", "true", "on", "1")
        elif kind == "count":
            text = str(raw).strip()
            floor = 0 if name == "backup_keep" else 1
            if not _SMALL_INT_RE.fullmatch(text) or int(text) < floor:
                raise ValidationError("%s must be a whole number of at least %d (got %r)"
                                      % (name, floor, raw))
            value = int(text)
        elif kind.startswith("choice:"):
            choices = kind.split(":", 1)[1].split(",")
            value = str(raw).strip().lower()
            if value not in choices:
                raise ValidationError("%s must be one of: %s (got %r)"
                                      % (name, ", ".join(choices), raw))
        elif kind == "factor":
            value = check_number(raw, name, 1.0, 10.0)
        elif kind == "path":
            text = str(raw).strip()
            value = os.path.abspath(os.path.expanduser(text)) if text else ""
            if value and os.path.exists(value) and not os.path.isdir(value):
                raise ValidationError("%s must be a folder; %s is a file" % (name, value))
        else:
            value = check_importance(raw, name)
            if name == "decay_factor" and not 0 < value <= 1:
                raise ValidationError("decay_factor must be above 0 and at most 1 (got %r)" % raw)
        with self.db.atomic() as conn:
            conn.execute(
                "INSERT INTO config(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (name, json.dumps(value)),)
        return value

    # -- adding --

    def add(self, level, values, now=None, supersedes=None):
        """Store one record of ``level`` from ``values`` (its LEVEL_FIELDS by name); return a
        Written.  An L1 whose summary equals (after normalising space and punctuation) one
        already stored for the same session is not stored twice: the existing id is returned
        with created=False.  An L2 or L3 names its sources (``source_ids``); with
        ``supersedes`` it replaces an older record of its level."""
        level = check_level(level)
        unknown = sorted(set(values) - set(LEVEL_FIELDS[level]))
        if unknown:
            raise ValidationError("%s records have no %s; their fields: %s" % (
                level.upper(), ", ".join(unknown), ", ".join(LEVEL_FIELDS[level])))
        if level != "l1":
            return self._add_distilled(level, values, now, supersedes)
        if supersedes is not None:
            raise ValidationError("an L1 supersedes nothing (supersede L2s and L3s)")
        now = now or now_utc()
        record, redacted = scrub_record(check_fields("l1", values, now))
        with self.db.atomic() as conn:
            self._check_forgotten(conn, "l1", record)
            key = normalise_text(record["summary"])
            for row in conn.execute("SELECT id, summary FROM memory_l1 WHERE session_id = ?",
                                    (record["session_id"],)):
                if normalise_text(row["summary"]) == key:
                    return Written(row["id"], False, [], redacted)
            new_id = self.insert(conn, "l1", record, now)
        _, duplicates = self._relate("l1", new_id,
                                     record["summary"] + " " + " ".join(record["key_points"]))
        return Written(new_id, True, duplicates, redacted)

    def _add_distilled(self, level, values, now=None, supersedes=None):
        """An L2 or L3: checked, scrubbed, its sources (of the level below) must exist and are
        marked promoted to it; with ``supersedes`` it replaces an older record of its level."""
        now = now or now_utc()
        record, redacted = scrub_record(check_fields(level, values, now))
        source = LEVEL[level].source
        with self.db.atomic() as conn:
            self._check_forgotten(conn, level, record)
            self._require_ids(conn, source, record["source_ids"])
            if supersedes is not None:
                self._require_ids(conn, level, [supersedes])
            new_id = self.insert(conn, level, record, now)
            mark_promoted(conn, source, record["source_ids"], new_id)
            if supersedes is not None:
                self.supersede(level, supersedes, new_id, now)
        _, duplicates = self._relate(level, new_id, record[LEVEL_TEXT[level]], exclude=supersedes)
        return Written(new_id, True, duplicates, redacted)

    @staticmethod
    def _check_forgotten(conn, level, record):
        """Refuse a record a tombstone holds, unless a person writes it (from the command line):
        then the tombstones of that text are lifted."""
        if record.get("origin") == "cli":
            key = forget_key(conn)
            conn.execute("DELETE FROM forgotten WHERE text_hash = ?",
                         (text_hash(key, record[LEVEL_TEXT[level]]),))
            return
        found = Tombstones(conn).holding(level, record)
        if found is not None:
            raise ValidationError(forgotten_note(found))

    def _require_ids(self, conn, level, ids):
        if not ids:
            return
        found = {r[0] for r in conn.execute(
            "SELECT id FROM %s WHERE id IN (SELECT value FROM json_each(?))" % LEVEL_TABLE[level],
                                            (int_list(ids),))}
        missing = [i for i in ids if i not in found]
        if missing:
            raise NotFoundError("source id %s is not an existing %s record; see `list --level %s`"
                                % (",".join(map(str, missing)), level.upper(), level))

    @staticmethod
    def _next_id(conn, level):
        """The next id of a level: SQLite would hand out max(id) + 1, which reuses the id of a
        forgotten newest record, so the floor of ids ever used counts too."""
        return conn.execute(
            "SELECT max(coalesce((SELECT max(id) FROM %s), 0), coalesce((SELECT last_id FROM "
            "id_floor "
            "WHERE tbl = ?), 0)) + 1" % LEVEL_TABLE[level], (LEVEL_TABLE[level],)).fetchone()[0]

    @staticmethod
    def _row(level, record, now):
        """The table row (column -> value) that stores ``record``."""
        row = dict(record)
        for name in LIST_FIELDS + ("related",):
            if name in row and (row[name] is not None or name != "related"):
                row[name] = dump_list(row[name])
        stamp = iso(now)
        row.setdefault("updated_at", stamp)
        row.setdefault("decay_applied_at", stamp)
        row.setdefault("decay_score", 1.0)
        row.setdefault("access_count", 0)
        if not row.get("uid"):
            row["uid"] = new_uid(now)
        if "flagged" not in row:
            row["flagged"] = judge_flag(row.get(LEVEL_TEXT[level]), record.get("key_points"),
                                        record.get("category"), record.get("tags"),
                                        record.get("flag_cleared"))
        return row

    @classmethod
    def insert(cls, conn, level, record, now):
        """Write a checked, scrubbed record inside the caller's transaction; returns its id."""
        row = cls._row(level, record, now)
        if "id" not in row:
            row["id"] = cls._next_id(conn, level)
        names = tuple(row)
        return conn.execute(insert_sql(LEVEL_TABLE[level], names),
                            [row[n] for n in names]).lastrowid

    # -- reading --

    def get(self, level, record_id):
        """One record as a dict, with its sources and what it was promoted to."""
        level = check_level(level)
        row = self.db.execute("SELECT * FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                              (record_id,)).fetchone()
        if row is None:
            raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
        record = record_dict(level, row)
        # as of now
        record["decay_score"] = DecayEngine(self.db, self.config()).current(row, now_utc())
        if level in ("l2", "l3"):
            src = LEVEL[level].source
            record["sources"] = [self._brief(src, i) for i in record["source_ids"]]
        if level == "l1":
            record["promoted"] = (
                [self._brief("l2", record["promoted_to"])] if record.get("promoted_to") else [])
            record["promoted"] += [
                d for d in self._derived("l2", record_id) if d["id"] != record.get("promoted_to")]
        elif level == "l2":
            record["promoted"] = self._derived("l3", record_id)
        chain, step = [], record.get("superseded_by")
        while step is not None and len(chain) < 100:
            brief = self._brief(level, step)
            chain.append(brief)
            row = self.db.execute("SELECT superseded_by FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                                  (step,)).fetchone()
            step = row[0] if row else None
        record["superseded_chain"] = chain
        record["supersedes"] = [
            {"level": level, "id": r[0], "text": r[1]}
            for r in self.db.execute(
                "SELECT id, %s FROM %s WHERE superseded_by = ? ORDER BY id"
                % (LEVEL_TEXT[level], LEVEL_TABLE[level]), (record_id,),)
        ]
        return record

    def _brief(self, level, record_id):
        row = self.db.execute("SELECT id, %s AS text FROM %s WHERE id = ?"
                              % (LEVEL_TEXT[level], LEVEL_TABLE[level]), (record_id,)).fetchone()
        if row is None:
            return {"level": level, "id": record_id, "text": None, "missing": True}
        return {"level": level, "id": row["id"], "text": row["text"]}

    def _derived(self, level, source_id):
        """Records of ``level`` whose source_ids include ``source_id`` (JSON1)."""
        rows = self.db.execute(
            "SELECT t.id, t.%s AS text FROM %s t WHERE json_valid(t.source_ids) AND EXISTS "
            "(SELECT 1 FROM json_each(t.source_ids) j WHERE j.value = ?) ORDER BY t.id"
            % (LEVEL_TEXT[level], LEVEL_TABLE[level]), (source_id,))
        seen = []
        for r in rows:
            seen.append({"level": level, "id": r["id"], "text": r["text"]})
        return seen

    def list(self, level=None, sort="created", limit=20, include_archived=False, project=None,
             origin=None,
             category=None, tag=None, since=None, until=None):
        order = {
            "created": "created_at DESC, id DESC", "importance": "importance DESC, id DESC",
            "decay": "decay_score DESC, id DESC", "access": "access_count DESC, id DESC"}
        if sort not in order:
            raise ValidationError("sort must be one of: %s (got %r)" % (", ".join(order), sort),
                                  "sort")
        levels = [check_level(level)] if level else list(LEVELS)
        engine, now = DecayEngine(self.db, self.config()), now_utc()  # strength is shown as of now
        out = []
        for lv in levels:
            conditions, params = ([] if include_archived else ["archived_at IS NULL"]), []
            if category is not None and lv == "l1":
                continue  # an L1 has no category
            if tag is not None:
                conditions.append("EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(tags) THEN "
                                  "tags END) t WHERE t.value = ?)")
                params.append(tag)
            if since:
                conditions.append("created_at >= ?")
                params.append(iso(since))
            if until:
                conditions.append("created_at <= ?")
                params.append(iso(until))
            for column, value in (("project", project), ("origin", origin), ("category", category)):
                if value:
                    conditions.append("%s = ?" % column)
                    params.append(value)
            where = " WHERE " + " AND ".join(conditions) if conditions else ""
            for row in self.db.execute("SELECT * FROM %s%s ORDER BY %s LIMIT ?"
                                       % (LEVEL_TABLE[lv], where, order[sort]), params + [limit]):
                out.append(dict(record_dict(lv, row), decay_score=engine.current(row, now)))
        if len(levels) > 1:
            keys = {"created": lambda r: (r["created_at"], r["id"]),
                    "importance": lambda r: r["importance"],
                    "decay": lambda r: r["decay_score"], "access": lambda r: r["access_count"]}
            out.sort(key=keys[sort], reverse=True)
            out = out[:limit]
        return out

    # -- forgetting --

    def forget(self, level, record_id, now=None, final=True):
        """Delete one record and every copy the tool keeps of it: the row, its full-text
        entries, its recall marks, its vault bookkeeping and notes, its replication state (a
        tombstone from now on) and its session's captured turns, and leave a tombstone that
        every way in checks (``final=False``: a record merged into another elsewhere, whose text
        lives on there: no tombstone).  Records derived from it keep their text and lose the
        link.  Returns {"unlinked": [records whose links were cut], "text": its text, "notes":
        [note files deleted]}.  Call ``erase_freed`` afterwards.
        """
        level = check_level(level)
        now = iso(now or now_utc())
        table = LEVEL_TABLE[level]
        touched, notes = [], []
        with self.db.atomic() as conn:
            row = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (record_id,)).fetchone()
            if row is None:
                raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
            conn.execute("DELETE FROM %s WHERE id = ?" % table, (record_id,))
            conn.execute("UPDATE %s SET superseded_by = NULL WHERE superseded_by = ?" % table,
                         (record_id,))
            if level in ("l1", "l2"):
                up = LEVEL[level].promoted
                for item in self._derived(up, record_id):
                    row_up = conn.execute("SELECT source_ids FROM %s WHERE id = ?"
                                          % LEVEL_TABLE[up],
                                          (item["id"],)).fetchone()
                    ids = [i for i in load_list(row_up[0]) if i != record_id]
                    conn.execute("UPDATE %s SET source_ids = ?, updated_at = ? WHERE id = ?"
                                 % LEVEL_TABLE[up],
                                 (dump_list(ids), now, item["id"]))
                    touched.append(item)
            if level in ("l2", "l3"):
                down = LEVEL_TABLE[LEVEL[level].source]
                conn.execute("UPDATE %s SET promoted_to = NULL WHERE promoted_to = ?" % down,
                             (record_id,))
            conn.execute("DELETE FROM recalls WHERE level = ? AND record_id = ?",
                         (level, record_id))
            if final:
                tombstone(conn, level, row, parse_time(now))
                forget_replica_text(conn, row["uid"], parse_time(now))
            if level == "l1" and (final or not conn.execute(
                    "SELECT 1 FROM memory_l1 WHERE session_id = ?", (row["session_id"],)).fetchone()):
                forget_session(conn, row["session_id"], now)  # its turns would write it again
            gone = [(level, str(record_id))]
            if level == "l1" and not conn.execute("SELECT 1 FROM memory_l1 WHERE session_id = ?",
                                                  (row["session_id"],)).fetchone():
                # its session note names the forgotten record
                gone.append(("session", row["session_id"]))
            notes = []
            for kind, ref in gone:
                notes += [(r[0],
                           r[1]) for r in conn.execute("SELECT vault, path FROM vault_notes WHERE "
                                                       "kind = ? AND ref = ?", (kind, ref))]
                conn.execute("DELETE FROM vault_notes WHERE kind = ? AND ref = ?", (kind, ref))
        return {"unlinked": touched, "text": row[LEVEL_TEXT[level]], "notes": delete_notes(notes)}

    def erase_freed(self, index_limit=200000):
        """After forgetting: rewrite the full-text index so no segment keeps the forgotten words
        (skipped above ``index_limit`` records, where it would take long: `index --rebuild` does
        it), and checkpoint the WAL so the deleted pages are zeroed in the file.  Returns whether
        the index was rewritten."""
        rewritten = False
        if self.db.fts and self.db.index_status()["rows"] <= index_limit:
            with self.db.atomic() as conn:
                for table in ("memory_fts", "memory_units"):
                    conn.execute("INSERT INTO %s(%s) VALUES ('optimize')" % (table, table))
            rewritten = True
        with contextlib.suppress(sqlite3.OperationalError):
            self.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return rewritten

    def backups(self):
        """The backup files in the backups folder, oldest first."""
        folder = os.path.join(os.path.dirname(self.db.path), "backups")
        try:
            names = sorted(n for n in os.listdir(folder) if n.endswith(".db"))
        except OSError:
            return []
        return [os.path.join(folder, n) for n in names]

    @staticmethod
    def backup_holds(path, targets=None):
        """The (level, id) of ``targets`` (all records when None) that the backup at ``path``
        holds.  Ids are never given out twice, so an id there is the same record (perhaps with
        older text)."""
        held = []
        try:
            conn = connect_read_only(path)
            try:
                for level in LEVELS:
                    wanted = (
                        None if targets is None else [rid for lv, rid in targets if lv == level])
                    if wanted == []:
                        continue
                    sql = "SELECT id FROM %s" % LEVEL_TABLE[level]
                    rows = conn.execute(
                        sql + (" WHERE id IN (SELECT value FROM json_each(?))" if wanted else ""),
                        (json.dumps(wanted),) if wanted else ()).fetchall()
                    held += [(level, r[0]) for r in rows]
            finally:
                conn.close()
        except sqlite3.Error:
            return held
        return held

    @staticmethod
    def purge_backup(path, records):
        """Rewrite one backup without ``records`` [(level, id)] and every copy it keeps of them:
        the rows, their index entries, vault bookkeeping and replication state (by uid), and for
        an L1 its session's captured turns and queue entry.  The copy is made anew
        (atomic_file) and vacuumed, so none of their text is left in it."""
        with atomic_file(path) as (_, tmp):
            src = connect_read_only(path)
            dst = sqlite3.connect(tmp, isolation_level=None)
            try:
                src.backup(dst)
                register_functions(dst)  # the index triggers of the copy call them
                dst.execute("PRAGMA secure_delete = ON")
                dst.execute("BEGIN")
                names = {r[0] for r in dst.execute("SELECT name FROM sqlite_master")}
                for level, record_id in records:
                    MemoryStore._purge_copy(dst, names, level, record_id)
                for table in ("memory_fts", "memory_units"):
                    if table in names:
                        dst.execute("INSERT INTO %s(%s) VALUES ('optimize')" % (table, table))
                dst.execute("COMMIT")
                dst.execute("VACUUM")
            finally:
                src.close()
                dst.close()

    @staticmethod
    def _purge_copy(conn, names, level, record_id):
        """Delete one record of a backup's copy and what that copy keeps of it."""
        table = LEVEL_TABLE[level]
        columns = {r[1] for r in conn.execute("PRAGMA table_info(%s)" % table)}
        wanted = [c for c in ("uid", "session_id") if c in columns]
        row = conn.execute("SELECT %s FROM %s WHERE id = ?" % (", ".join(wanted or ["id"]), table),
                           (record_id,)).fetchone()
        conn.execute("DELETE FROM %s WHERE id = ?" % table, (record_id,))
        if "vault_notes" in names:
            conn.execute("DELETE FROM vault_notes WHERE kind = ? AND ref = ?",
                         (level, str(record_id)))
        if "recalls" in names:
            conn.execute("DELETE FROM recalls WHERE level = ? AND record_id = ?",
                         (level, record_id))
        found = dict(zip(wanted, row)) if row else {}
        if found.get("uid") and "replica_state" in names:
            conn.execute("DELETE FROM replica_state WHERE uid = ?", (found["uid"],))
        if found.get("session_id"):
            for other in ("session_turns", "pending_sessions"):
                if other in names:
                    conn.execute("DELETE FROM %s WHERE session_id = ?" % other,
                                 (found["session_id"],))
            if "vault_notes" in names:
                conn.execute("DELETE FROM vault_notes WHERE kind = 'session' AND ref = ?",
                             (found["session_id"],))

    @staticmethod
    def backup_matches(path, text):
        """[(level, id, row)] of the records of the backup at ``path`` a person would call a
        match for ``text`` (every significant word, as `forget --query` reads the database)."""
        wanted = similarity_tokens(text)
        found = []
        try:
            conn = connect_read_only(path)
            conn.row_factory = sqlite3.Row
            try:
                for level in LEVELS:
                    for row in conn.execute("SELECT * FROM %s" % LEVEL_TABLE[level]):
                        names = row.keys()
                        words = " ".join(str(row[n] or "") for n in (
                            LEVEL_TEXT[level], "key_points", "tags", "category") if n in names)
                        if wanted and wanted <= similarity_tokens(words):
                            found.append((level, row["id"], dict(row)))
            finally:
                conn.close()
        except sqlite3.Error:
            return found
        return found

    def was_forgotten(self, level, record_id):
        return self.db.execute("SELECT 1 FROM forgotten WHERE level = ? AND record_id = ?",
                               (level, record_id)).fetchone() is not None

    def forget_all(self, now=None):
        """Delete every record of every level (callers take a backup first); return counts."""
        now = now or now_utc()
        with self.db.atomic() as conn:
            for lv in LEVELS:
                for row in conn.execute("SELECT * FROM %s" % LEVEL_TABLE[lv]).fetchall():
                    tombstone(conn, lv, row, now)
                    forget_replica_text(conn, row["uid"], now)
            counts = {lv: conn.execute("DELETE FROM %s"
                                       % LEVEL_TABLE[lv]).rowcount for lv in LEVELS}
            notes = [(r[0],
                      r[1]) for r in conn.execute("SELECT vault, path FROM vault_notes WHERE kind "
                                                  "IN ('l1', 'l2', 'l3', 'session')")]
            forget_all_sessions(conn)
            for table in ("recalls", "vault_notes"):
                conn.execute("DELETE FROM %s" % table)
        return counts, delete_notes(notes)

    # -- duplicates and superseded facts --

    def _relate(self, level, record_id, text, exclude=None, store=True):
        """After a write: the related records to store (the RELATED_MAX most similar live ones,
        overlap >= RELATED_MIN) and the near-duplicates to report, from one similarity search.
        Returns (related ids, near-duplicates)."""
        found = [d for d in self.similar(level, record_id, text, threshold=RELATED_MIN,
                                         limit=8) if d["id"] != exclude]
        duplicates = [d for d in found if d["similarity"] >= NEAR_DUPLICATE]
        live = {r[0] for r in self.db.execute(
            "SELECT id FROM %s WHERE archived_at IS NULL AND superseded_by IS NULL AND id IN "
            "(SELECT value FROM json_each(?))" % LEVEL_TABLE[level],
                                              (json.dumps([d["id"] for d in found]),))}
        related = [d["id"] for d in found if d["id"] in live][:RELATED_MAX]
        if store:
            self._store_related([(level, record_id, related)])
        return related, duplicates

    def relate(self, level, record_id):
        """Choose the related records of one record again (after its text changed); returns
        (related ids, near-duplicates)."""
        record = self.get(level, record_id)
        return self._relate(record["level"], record_id,
                            record["text"] + " " + " ".join(record.get("key_points") or []))

    def relate_missing(self, limit=RELATED_BACKFILL):
        """Fill in the related links of records that have none yet (imported or older ones)."""
        chosen = []  # (level, id, related): chosen by reading, then written in one transaction
        for lv in LEVELS:
            for row in self.db.execute("SELECT * FROM %s WHERE related IS NULL AND archived_at IS "
                                       "NULL ORDER BY id "
                                       "LIMIT ?" % LEVEL_TABLE[lv],
                                       (limit - len(chosen),)).fetchall():
                record = record_dict(lv, row)
                related = self._relate(lv, row["id"], record["text"] + " " + " ".join(
                    record.get("key_points") or []), store=False)[0]
                chosen.append((lv, row["id"], related))
        self._store_related(chosen)
        return len(chosen)

    def _store_related(self, chosen):
        """Write related links [(level, id, ids)] in one transaction (bookkeeping: a busy
        database skips it, the next sync fills them in)."""
        if not chosen:
            return
        with contextlib.suppress(sqlite3.OperationalError, DatabaseError):
            with self.db.relaxed() as conn:
                for level, record_id, related in chosen:
                    conn.execute("UPDATE %s SET related = ? WHERE id = ?" % LEVEL_TABLE[level],
                                 (dump_list(related), record_id))

    def similar(self, level, record_id, text, threshold=NEAR_DUPLICATE, limit=5):
        """Records of the same level whose words and bigrams overlap ``text`` by >= threshold."""
        found = Searcher(self.db).search(text[:2000], level=level, limit=limit + 1, touch=False,
                                         include_archived=True)["results"]
        mine = similarity_tokens(text)
        out = []
        for r in found:
            if r["id"] == record_id:
                continue
            other = r["text"] + " " + " ".join(r.get("key_points") or [])
            score = jaccard(mine, similarity_tokens(other))
            if score >= threshold:
                out.append({"level": level, "id": r["id"], "similarity": round(score, 3),
                            "text": r["text"],
                            "category": r.get("category")})
        return sorted(out, key=lambda x: -x["similarity"])

    def imported_rules(self, tag, categories):
        """The live standing rules a file (``tag``: its name, claude, agents, ...) gave, under
        ``categories`` (its headings), that no person corrected: id, category and text."""
        return self.db.execute(textwrap.dedent("""\
            SELECT id, category, knowledge FROM memory_l2
            WHERE origin = 'import' AND coalesce(pinned, 0) = 1 AND superseded_by IS NULL
              AND archived_at IS NULL AND edited_at IS NULL
              AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(tags) THEN tags ELSE '[]'
                                                       END) WHERE value = :tag)
              AND category IN (SELECT value FROM json_each(:categories))
            ORDER BY id"""), {"tag": tag, "categories": json.dumps(sorted(categories))}).fetchall()

    def review(self, level=None, limit=2000):
        """Near-duplicate pairs, and L2 pairs of one category that may contradict each other.

        Looks at the ``limit`` most recent live records of each level.
        """
        duplicates, contradictions, seen = [], [], set()
        for lv in ([check_level(level)] if level else LEVELS):
            extra = ", key_points" if lv == "l1" else ", category"
            rows = self.db.execute("SELECT id, %s AS text%s FROM %s WHERE archived_at IS NULL AND "
                                   "superseded_by IS NULL ORDER BY id DESC LIMIT ?"
                                   % (LEVEL_TEXT[lv], extra, LEVEL_TABLE[lv]), (limit,))
            for row in rows.fetchall():
                text = row["text"] + (
                    " " + " ".join(load_list(row["key_points"])) if lv == "l1" else "")
                floor = CONTRADICTION_OVERLAP if lv == "l2" else NEAR_DUPLICATE
                for other in self.similar(lv, row["id"], text, threshold=floor):
                    pair = (lv,) + tuple(sorted((row["id"], other["id"])))
                    if pair in seen:
                        continue
                    seen.add(pair)
                    item = {"level": lv, "ids": [pair[1], pair[2]],
                            "similarity": other["similarity"]}
                    if other["similarity"] >= NEAR_DUPLICATE:
                        item["command"] = "merge %s %d %d" % (lv, pair[1], pair[2])
                        duplicates.append(item)
                    elif lv == "l2" and other["category"] == row["category"]:
                        item["category"] = row["category"]
                        item["command"] = "supersede l2 OLD NEW"
                        contradictions.append(item)
        key = lambda x: (-x["similarity"], x["ids"])  # noqa: E731
        return {"duplicates": sorted(duplicates, key=key),
                "contradictions": sorted(contradictions, key=key)}

    def merge(self, level, keep_id, drop_id, now=None):
        """Fold ``drop_id`` into ``keep_id``: keep the first's text, union key points, tags and
        sources, sum access counts, keep the stronger strength and the higher importance;
        links to the dropped record move to the kept one."""
        level = check_level(level)
        if keep_id == drop_id:
            raise ValidationError("merge needs two different ids")
        table = LEVEL_TABLE[level]
        stamp = iso(now or now_utc())
        with self.db.atomic() as conn:
            keep = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (keep_id,)).fetchone()
            drop = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (drop_id,)).fetchone()
            for rid, row in ((keep_id, keep), (drop_id, drop)):
                if row is None:
                    raise NotFoundError("no %s record with id %d" % (level.upper(), rid))
            sets = {
                "tags": dump_list(union_items(load_list(keep["tags"]), load_list(drop["tags"]))),
                "access_count": (keep["access_count"] or 0) + (drop["access_count"] or 0),
                "decay_score": max(keep["decay_score"] or 0, drop["decay_score"] or 0),
                "importance": max(keep["importance"] or 0, drop["importance"] or 0),
                "created_at": min(keep["created_at"], drop["created_at"]), "updated_at": stamp}
            if level == "l1":
                sets["key_points"] = dump_list(union_items(load_list(keep["key_points"]),
                                                      load_list(drop["key_points"])))
            else:
                sets["source_ids"] = dump_list(union_items(load_ids(keep["source_ids"]),
                                                      load_ids(drop["source_ids"])))
            if level != "l3" and not keep["promoted_to"] and drop["promoted_to"]:
                sets["promoted_to"] = drop["promoted_to"]
            conn.execute("UPDATE %s SET %s WHERE id = ?"
                         % (table, ", ".join("%s = ?" % k for k in sets)),
                         list(sets.values()) + [keep_id])
            # replication tells the other devices of a merge, not of a forget
            conn.execute("INSERT OR REPLACE INTO replica_merged(uid, into_uid) VALUES (?, ?)",
                         (drop["uid"], keep["uid"]))
            conn.execute("DELETE FROM %s WHERE id = ?" % table, (drop_id,))
            conn.execute("UPDATE %s SET superseded_by = ? WHERE superseded_by = ?" % table,
                         (keep_id, drop_id))
            if level in ("l1", "l2"):
                up = LEVEL[level].promoted
                for item in self._derived(up, drop_id):
                    ids = load_ids(conn.execute("SELECT source_ids FROM %s WHERE id = ?"
                                                % LEVEL_TABLE[up],
                                                (item["id"],)).fetchone()[0])
                    ids = union_items([keep_id if i == drop_id else i for i in ids], [])
                    conn.execute("UPDATE %s SET source_ids = ? WHERE id = ?" % LEVEL_TABLE[up],
                                 (dump_list(ids), item["id"]))
            if level in ("l2", "l3"):
                down = LEVEL_TABLE[LEVEL[level].source]
                conn.execute("UPDATE %s SET promoted_to = ? WHERE promoted_to = ?" % down,
                             (keep_id, drop_id))
        return self.get(level, keep_id)

    def supersede(self, level, old_id, new_id, now=None):
        """Mark ``old_id`` superseded by ``new_id``: kept, linked, hidden from search."""
        level = check_level(level)
        if old_id == new_id:
            raise ValidationError("a record cannot supersede itself")
        table = LEVEL_TABLE[level]
        with self.db.atomic() as conn:
            for rid in (old_id, new_id):
                if conn.execute("SELECT 1 FROM %s WHERE id = ?" % table, (rid,)).fetchone() is None:
                    raise NotFoundError("no %s record with id %d" % (level.upper(), rid))
            step, hops = new_id, 0
            while step is not None and hops < 10000:
                if step == old_id:
                    raise ValidationError("%s #%d already (indirectly) supersedes #%d; that would "
                                          "be a loop"
                                          % (level.upper(), old_id, new_id))
                row = conn.execute("SELECT superseded_by FROM %s WHERE id = ?" % table,
                                   (step,)).fetchone()
                step, hops = (row[0] if row else None), hops + 1
            conn.execute("UPDATE %s SET superseded_by = ?, updated_at = ? WHERE id = ?" % table,
                         (new_id, iso(now or now_utc()), old_id))

    # -- correcting --

    def edit(self, level, record_id, changes, now=None, person=False):
        """Correct a record in place: ``changes`` maps text, key_points, importance, tags and
        category (where the level has it) to new values; ``person``: a person's correction
        (``edited_at`` is set).  Returns the fields that changed."""
        level = check_level(level)
        allowed = EDITABLE[level]
        unknown = [k for k, v in changes.items() if v is not None and k not in allowed]
        if unknown:
            raise ValidationError("%s records have no %s to edit; editable: %s"
                                  % (level.upper(), ", ".join(unknown), ", ".join(allowed)))
        values = {
            LEVEL_TEXT[level] if name == "text" else name: value for name, value in changes.items()}
        try:
            # a project of "" makes the record global
            record = check_fields(level, values, partial=True)
        except ValidationError as exc:
            if exc.field != LEVEL_TEXT[level]:
                raise
            raise ValidationError("text" + str(exc)[len(exc.field):], "text")
        if not record:
            raise ValidationError("nothing to change: give at least one of %s" % ", ".join(allowed))
        record, redacted = scrub_record(record)
        for name in LIST_FIELDS:
            if name in record:
                record[name] = dump_list(record[name])
        table = LEVEL_TABLE[level]
        with self.db.atomic() as conn:
            row = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (record_id,)).fetchone()
            if row is None:
                raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
            changed = {k: v for k, v in record.items() if row[k] != v}
            if changed:
                if {LEVEL_TEXT[level], "key_points", "category", "tags"} & set(changed):
                    after = dict(zip(row.keys(), row), **record)  # the record as the edit leaves it
                    changed["flagged"] = judge_flag(
                        after[LEVEL_TEXT[level]], load_list(after.get("key_points")),
                        after.get("category"), load_list(after.get("tags")), row["flag_cleared"])
                changed["updated_at"] = iso(now or now_utc())
                if person:
                    changed["edited_at"] = changed["updated_at"]
                conn.execute("UPDATE %s SET %s WHERE id = ?"
                             % (table, ", ".join("%s = ?" % k for k in changed)),
                             list(changed.values()) + [record_id])
                changed.pop("updated_at")
                changed.pop("edited_at", None)
                if changed.get("flagged", row["flagged"]) == row["flagged"]:
                    changed.pop("flagged", None)
        return Edited(sorted(changed), redacted)

    def flagged(self, level=None):
        """Records whose text reads as instructions to a model, with how they arrived."""
        out = []
        for lv in ([check_level(level)] if level else LEVELS):
            for row in self.db.execute("SELECT id, %s AS text, flagged, origin, agent, project, "
                                       "created_at FROM %s WHERE flagged IS NOT NULL ORDER BY id"
                                       % (LEVEL_TEXT[lv], LEVEL_TABLE[lv])):
                out.append(dict(row, level=lv))
        return out

    def clear_flag(self, level, record_id):
        """A person read a flagged record and clears it for automatic injection."""
        level = check_level(level)
        with self.db.atomic() as conn:
            row = conn.execute("SELECT flagged FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                               (record_id,)).fetchone()
            if row is None:
                raise NotFoundError("no %s record with id %s" % (level.upper(), record_id))
            conn.execute("UPDATE %s SET flagged = NULL, flag_cleared = coalesce(flagged, "
                         "flag_cleared) WHERE id = ?" % LEVEL_TABLE[level], (record_id,))
        return row[0]

    # -- export and import --

    def export_rows(self, level=None, category=None, tag=None):
        """Yield every record of every (or one) level as a dict, streaming; optionally only one
        category (L2/L3) or tag."""
        for lv in ([check_level(level)] if level else LEVELS):
            if category is not None and lv == "l1":
                continue
            where, params = [], []
            if category is not None:
                where.append("category = ?")
                params.append(category)
            if tag is not None:
                where.append("EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(tags) THEN tags "
                             "END) t WHERE t.value = ?)")
                params.append(tag)
            for row in self.db.execute("SELECT * FROM %s%s ORDER BY id" % (
                    LEVEL_TABLE[lv], " WHERE " + " AND ".join(where) if where else ""), params):
                yield record_dict(lv, row)

    def import_records(self, records, now=None, progress=None):
        """Import records: full exported ones (with "id") or minimal ones.

        ``records`` is a callable returning an iterator of (line number, dict).
        The first pass validates and scrubs everything and writes nothing to the
        database: the checked records go to an unnamed owner-only spool file, so
        nothing is held in memory beyond one batch and no record is checked
        twice.  The second pass reads the spool and writes in batches of
        IMPORT_BATCH, one transaction each, calling ``progress(done, total)``
        after each commit.  Returns {"added": n, "skipped": n, "redacted": {kind: n}}.
        """
        import marshal
        import tempfile
        now = now or now_utc()
        total = 0
        redacted = {}
        spool = tempfile.TemporaryFile()

        def spool_failed(exc):
            with contextlib.suppress(OSError):
                spool.close()  # its buffer cannot be written either
            return MemoryTieredError("cannot write the import's temporary file in %s: %s (free "
                                     "some disk space; "
                                     "nothing was imported)" % (tempfile.gettempdir(),
                                                                exc.strerror or exc))

        try:
            pending = []  # one batch at a time, as one marshalled list (one read for each batch)
            for number, obj in records():
                try:
                    level, record, found = self._import_record(obj, now)
                except ValidationError as exc:
                    raise ValidationError("line %d: %s" % (number, exc))
                for kind, n in found.items():
                    redacted[kind] = redacted.get(kind, 0) + n
                pending.append((number, level, record))
                total += 1
                if len(pending) == IMPORT_BATCH:
                    try:
                        spool_write(spool, marshal.dumps(pending))
                    except OSError as exc:
                        raise spool_failed(exc)
                    pending = []
            try:
                if pending:
                    spool_write(spool, marshal.dumps(pending))
                spool.flush()
            except OSError as exc:
                raise spool_failed(exc)
            spool.seek(0)
            return dict(self._import_spooled(spool, total, now, progress), redacted=redacted)
        finally:
            with contextlib.suppress(OSError):
                spool.close()

    def _import_spooled(self, spool, total, now, progress):
        """The second pass of import_records: each batch read back from the spool, written in one
        transaction."""
        import marshal
        counts = {"added": 0, "skipped": 0, "forgotten": 0}
        # ("l2", category) or ("l3",) -> digests of the texts stored (for the whole import)
        texts = {}
        done = 0
        for _ in range(0, total, IMPORT_BATCH):
            # read whole: marshal.load on a file reads it a string at a time (several times slower)
            batch = marshal.loads(spool.read(int.from_bytes(spool.read(8), "big")))
            with self.db.atomic() as conn, self._bulk_index(conn) as index:
                tombs = Tombstones(conn)  # a forgotten record does not come back from a file
                kept = [item for item in batch if tombs.holding(item[1], item[2]) is None]
                counts["forgotten"] += len(batch) - len(kept)
                sessions = self._known_texts(conn, kept, texts)  # per batch: memory stays bounded
                added = self._import_batch(conn, kept, now, sessions, texts, done)
                counts["added"] += len(added)
                counts["skipped"] += len(kept) - len(added)
                if index is not None:
                    index.extend(added)
            done += len(batch)
            if progress:
                progress(done, total)
        return counts

    @staticmethod
    def _text_group(level, record):
        """The records a new L2 (its category) or L3 (all of them) must not repeat."""
        return ("l2", record["category"]) if level == "l2" else ("l3",)

    def _known_texts(self, conn, batch, texts):
        """What the database already holds for the batch's new records: returns {session id:
        normalised summaries}, and adds the digests of each new L2/L3 group to ``texts``."""
        sessions = {}
        names = sorted({r["session_id"] for _, lv, r in batch if lv == "l1" and "id" not in r})
        for start in range(0, len(names), 500):
            chunk = names[start:start + 500]
            for name in chunk:
                sessions[name] = set()
            for sid, summary in conn.execute("SELECT session_id, summary FROM memory_l1 WHERE "
                                             "session_id IN (%s)"
                                             % ",".join("?" * len(chunk)), chunk):
                sessions[sid].add(normalise_text(summary))
        for _, lv, r in batch:
            if lv != "l1" and "id" not in r and self._text_group(lv, r) not in texts:
                rows = conn.execute("SELECT knowledge FROM memory_l2 WHERE category = ?",
                                    (r["category"],)) \
                    if lv == "l2" else conn.execute("SELECT insight FROM memory_l3")
                texts[self._text_group(lv, r)] = {sha1_hex(normalise_text(row[0])) for row in rows}
        return sessions

    def _import_batch(self, conn, batch, now, sessions, texts, done):
        """Write one batch; returns [(level, new id, record)] of the records added.  New L1s are
        inserted together (one statement per shape of row); anything else first writes them."""
        added, pending = [], []
        next_l1 = None

        def write_pending():
            by_shape = {}
            for rid, row, record in pending:
                by_shape.setdefault(tuple(row), []).append(row)
                added.append(("l1", rid, record))
            for names, rows in by_shape.items():
                conn.executemany(insert_sql("memory_l1", names),
                                 [[row[n] for n in names] for row in rows])
            del pending[:]

        for number, level, record in batch:
            try:
                if level == "l1" and "id" not in record and not record.get("uid"):
                    known = sessions.setdefault(record["session_id"], set())
                    key = normalise_text(record["summary"])
                    if key in known:
                        continue
                    known.add(key)
                    if next_l1 is None:
                        next_l1 = self._next_id(conn, "l1")
                    row = self._row(level, record, now)
                    row["id"], next_l1 = next_l1, next_l1 + 1
                    pending.append((row["id"], row, record))
                    continue
                write_pending()
                next_l1 = None  # a record with its own id may have moved the floor
                new_id = self._import_one(conn, level, record, now, texts)
            except MemoryTieredError as exc:
                raise type(exc)("line %d: %s (%d records were committed before it)"
                                % (number, exc, done))
            if new_id is not None:
                added.append((level, new_id, record))
        write_pending()
        return added

    def _import_record(self, obj, now):
        level = check_level(obj.get("level") or "l1")
        values = {name: obj.get(name) for name in LEVEL_FIELDS[level]}
        values["origin"] = obj["origin"] if obj.get("origin") and "id" in obj else "import"
        record = check_fields(level, values, now)
        if "id" in obj:
            record["id"] = parse_ids([obj["id"]], "id")[0]
            for name in ("updated_at", "decay_applied_at", "last_accessed_at", "archived_at"):
                if obj.get(name):
                    record[name] = iso(parse_time(obj[name], name))
            if "decay_score" in obj:
                record["decay_score"] = check_importance(obj["decay_score"], "decay_score")
            if obj.get("stability") is not None:
                record["stability"] = check_number(obj["stability"], "stability", 1.0, 1e6)
            if obj.get("related") is not None:
                record["related"] = parse_ids(obj["related"], "related")
            # an exported flag is kept; an empty one is not taken on trust: the text is read
            # again (a file can say anything), so a cleared flag is cleared again with `review`
            flag = check_text(obj.get("flagged"), "flagged", MAX_SHORT, required=False)
            if flag:
                record["flagged"] = flag
            if "access_count" in obj:
                count = obj["access_count"]
                if (isinstance(count, bool) or not isinstance(count, int) or count < 0
                        or count > MAX_ID):
                    raise ValidationError("access_count must be a whole number from 0 to %d"
                                          % MAX_ID)
                record["access_count"] = count
            if level in ("l1", "l2") and obj.get("promoted_to") is not None:
                record["promoted_to"] = parse_ids([obj["promoted_to"]], "promoted_to")[0]
            if obj.get("superseded_by") is not None:
                record["superseded_by"] = parse_ids([obj["superseded_by"]], "superseded_by")[0]
        if obj.get("uid"):
            if not isinstance(obj["uid"], str) or not UID_RE.fullmatch(obj["uid"]):
                raise ValidationError("uid must be a ULID: 26 characters of Crockford base 32 (got "
                                      "%r)"
                                      % (obj["uid"],))
            record["uid"] = obj["uid"]
        if obj.get("pinned") not in (None, False, 0, "", "0", "false", "no"):
            record["pinned"] = 1  # a standing memory (an exported pin, or a rule file's line)
        return (level,) + scrub_record(record)

    @contextlib.contextmanager
    def _bulk_index(self, conn):
        """Inside an import transaction: index the batch's records in two statements
        instead of one trigger run per record.

        The insert triggers are dropped for the batch and created again before the
        commit, all in the same transaction, so no other connection ever sees them
        missing; the rows written are exactly what the triggers would write.
        """
        if not self.db.fts:
            yield None
            return
        batch = []
        triggers = [
            sql for sql in FTS_DDL if sql.startswith("CREATE TRIGGER") and "_fts_ai " in sql]
        for level in LEVELS:
            conn.execute("DROP TRIGGER IF EXISTS %s_fts_ai" % LEVEL_TABLE[level])
        yield batch
        main_rows, unit_rows = [], []
        for level, rid, record in batch:
            n = LEVEL_NUM[level]
            ref = rid * 4 + n
            tags = dump_list(record.get("tags") or [])
            if level == "l1":
                fields = (record["summary"], index_text(dump_list(record["key_points"])),
                          index_text(tags))
                units = unit_list(record["summary"], record["key_points"])
            elif level == "l2":
                fields = (record["knowledge"], "", index_text(record["category"] + " " + tags))
                units = unit_list(record["knowledge"])
            else:
                fields = (record["insight"], "",
                          index_text((record.get("category") or "") + " " + tags))
                units = unit_list(record["insight"])
            state = (
                "superseded" if record.get("superseded_by")
                else "archived" if record.get("archived_at") else "")
            main_rows.append((ref, index_text(fields[0]), fields[1], fields[2], n,
                              record.get("project"),
                              record["created_at"], state))
            unit_rows += [(ref * 256 + k, unit) for k, unit in enumerate(units)]
        conn.executemany("INSERT INTO memory_fts(rowid, body, points, labels, level, project, "
                         "created_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", main_rows)
        conn.executemany("INSERT INTO memory_units(rowid, unit) VALUES (?, ?)", unit_rows)
        for sql in triggers:
            conn.execute(sql)

    def _import_one(self, conn, level, record, now, texts):
        """One record of an import batch other than a new L1: a full exported record (with its
        id), or a new L2/L3, which is not stored twice (``texts``, see _known_texts)."""
        table = LEVEL_TABLE[level]
        text_field = LEVEL_TEXT[level]
        if record.get("uid") and (
            conn.execute("SELECT 1 FROM %s WHERE uid = ?" % table, (record["uid"],)).fetchone()
            or conn.execute(
                "SELECT 1 FROM replica_deleted WHERE uid = ? UNION ALL SELECT 1 FROM replica_state "
                "WHERE uid = ? AND forgotten IS NOT NULL", (record["uid"], record["uid"]),
            ).fetchone()
        ):
            # this very record is here already (another device's export, a second import), or
            # it was forgotten: an old export does not bring it back
            return None
        if "id" in record:
            row = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (record["id"],)).fetchone()
            if row is not None:
                if row[text_field] == record[text_field]:
                    return None
                raise ValidationError(
                    "%s id %d already exists with other text; import into a new database "
                    "or remove the \"id\" fields to add the records as new"
                                      % (level.upper(), record["id"]))
            return self.insert(conn, level, record, now)
        if level == "l1":
            # a new L1 with its global id (checked above)
            return self.insert(conn, level, record, now)
        known = texts[self._text_group(level, record)]
        key = sha1_hex(normalise_text(record[text_field]))
        if key in known:
            return None
        self._require_ids(conn, LEVEL[level].source, record["source_ids"])
        known.add(key)
        new_id = self.insert(conn, level, record, now)
        mark_promoted(conn, LEVEL[level].source, record["source_ids"], new_id)
        return new_id

    # -- statistics --

    def stats(self, now=None):
        """Counts per level and the strength distribution as of ``now`` (the stored strength
        caught up: a stopped decay job does not make the store look stronger than it is)."""
        cfg = self.config()
        threshold = cfg["cleanup_threshold"]
        strength = DecayEngine(self.db, cfg).strength_sql()
        levels = {}
        for lv in LEVELS:
            row = self.db.execute(
                "SELECT count(*) AS total, sum(archived_at IS NOT NULL) AS archived,"
                " sum(s >= 0.8) AS s80, sum(s >= 0.5 AND s < 0.8) AS s50,"
                " sum(s >= 0.2 AND s < 0.5) AS s20,"
                " sum(s >= :t AND s < 0.2) AS slow,"
                " sum(s < :t AND archived_at IS NULL) AS candidates,"
                " %s AS promoted, avg(importance) AS importance"
                " FROM (SELECT *, %s AS s FROM %s)"
                                  % ("sum(promoted_to IS NOT NULL)" if lv != "l3" else "0",
                                                      strength, LEVEL_TABLE[lv]),
                {"t": threshold, "decay_f": cfg["decay_factor"],
                 "decay_now": iso(now or now_utc())},
            ).fetchone()
            total = row["total"]
            buckets = {">=0.8": row["s80"] or 0, "0.5-0.8": row["s50"] or 0,
                       "0.2-0.5": row["s20"] or 0,
                       "%g-0.2" % threshold: row["slow"] or 0}
            buckets["<%g" % threshold] = total - sum(buckets.values())
            levels[lv] = {
                "count": total,
                "archived": row["archived"] or 0,
                "strength": buckets,
                "cleanup_candidates": row["candidates"] or 0,
                "promoted": row["promoted"] or 0,
                "mean_importance": round(row["importance"],
                                         3) if row["importance"] is not None else None,
            }
        size = sum(os.path.getsize(p) for p in (self.db.path,
                                                self.db.path + "-wal") if os.path.exists(p))
        return {
            "database": self.db.path, "size_bytes": size,
            "schema_version": self.db.schema_version(), "sqlite_version": sqlite3.sqlite_version,
            "digest": digest_path(self.db.path),
            "fts": "fts5" if self.db.fts else "scan (no FTS5 in this SQLite build)"
            if not sqlite_has_fts5() else "scan (FTS disabled)", "levels": levels, "config": cfg,}
