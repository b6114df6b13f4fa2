"""Promotion: L1 -> L2 -> L3 candidates and the promotions made (Promoter).

Uses: base, text, checks, records, store.
"""

import json

from .base import CLUSTER_IDS, iso, LEVEL_TABLE, LEVEL_TEXT, MAX_ITEMS, now_utc
from .text import short, derived_uid, shell_quote
from .checks import dump_list, load_list
from .records import union_items
from .store import MemoryStore


class Promoter:
    """Finds what deserves promotion and performs L1 -> L2 promotions."""

    def __init__(self, db):
        self.db = db
        self.store = MemoryStore(db)

    def report(self, limit=20, texts=False):
        """What is ready: eligible L1s, near misses, topic clusters (L2 candidates) and
        categories (L3 candidates).  With ``texts``, each candidate carries its sources'
        texts (cut to 300 characters) so an agent can write the L2 or L3 in one call."""
        cfg = self.store.config()
        imp, acc = cfg["promote_importance"], cfg["promote_access"]
        live = "promoted_to IS NULL AND archived_at IS NULL AND superseded_by IS NULL"
        eligible = [
            dict(r)
            for r in self.db.execute(
                "SELECT id, session_id, summary, importance, access_count FROM memory_l1 "
                "WHERE %s AND importance >= ? AND access_count >= ? ORDER BY importance DESC, id"
                % live, (imp, acc),)
        ]
        near = []
        for r in self.db.execute(
                "SELECT id, session_id, summary, importance, access_count FROM memory_l1 WHERE %s "
                "AND ((importance >= ? AND access_count < ? AND access_count >= ?) OR "
                "(access_count >= ? AND importance < ? AND importance >= ?)) "
                "ORDER BY importance DESC, access_count DESC, id LIMIT ?" % live,
                (imp, acc, max(0, acc - 2), acc, imp, imp - 0.2, limit)):
            item = dict(r)
            item["lacks"] = "importance %.2f %s, access %d/%d" % (
                r["importance"], "ok" if r["importance"] >= imp else "< %.2f" % imp,
                r["access_count"], acc)
            near.append(item)
        clusters = []
        where = "json_valid(m.key_points) AND m.%s" % live.replace(" AND ", " AND m.")
        # A cluster never mixes projects: its L2 belongs to the same project (or is global).
        top = self.db.execute(
            "SELECT coalesce(m.project, '') AS project, lower(trim(j.value)) AS point, count(*) AS "
            "n FROM memory_l1 m, json_each(m.key_points) j WHERE %s GROUP BY coalesce(m.project, "
            "''), lower(trim(j.value)) HAVING count(*) >= ? ORDER BY n DESC, point, project LIMIT ?"
                              % where,
            (cfg["cluster_min"], limit)).fetchall()
        members = {(r["project"], r["point"]): set() for r in top}
        if members:
            # One more pass collects the ids; the newest CLUSTER_IDS of each cluster are listed.
            points = sorted({point for _, point in members})
            for rid, project, point in self.db.execute(
                    "SELECT m.id, coalesce(m.project, ''), lower(trim(j.value)) FROM memory_l1 m, "
                    "json_each(m.key_points) j WHERE %s AND lower(trim(j.value)) IN (SELECT value "
                    "FROM json_each(?)) ORDER BY m.id DESC" % where, (dump_list(points),)):
                if (project, point) in members and len(members[(project, point)]) < CLUSTER_IDS:
                    members[(project, point)].add(rid)
        for r in top:
            ids = sorted(members[(r["project"], r["point"])])
            clusters.append({"key_point": r["point"], "project": r["project"] or None,
                             "count": r["n"],
                             "l1_ids": ids,
                             "command": "add-l2 --category CATEGORY --knowledge TEXT --source-ids "
                                        "%s %s"
                             % (",".join(map(str, ids)), "--project %s" % shell_quote(r["project"])
                                if r["project"] else "--global")})
        l3 = []
        for r in self.db.execute(
                "SELECT category, coalesce(project, '') AS project, group_concat(id) AS ids, "
                "count(*) AS n "
                "FROM memory_l2 WHERE %s GROUP BY category, coalesce(project, '') HAVING count(*) "
                ">= ? ORDER BY n DESC, category LIMIT ?" % live, (cfg["l3_min"], limit)):
            ids = sorted(int(i) for i in r["ids"].split(","))
            l3.append({"category": r["category"], "project": r["project"] or None, "l2_ids": ids,
                       "command": "add-l3 --insight TEXT --category %s --source-ids %s %s"
                       % (shell_quote(r["category"]), ",".join(map(str, ids)),
                          "--project %s"
                          % shell_quote(r["project"]) if r["project"] else "--global")})
        if texts:
            for item, level, key in [(c, "l1", "l1_ids") for c in clusters] + [
                (c, "l2", "l2_ids") for c in l3]:
                item["sources"] = [{"id": r[0], "text": short(r[1], 300)} for r in self.db.execute(
                    "SELECT id, %s FROM %s WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id"
                    % (LEVEL_TEXT[level],
                       LEVEL_TABLE[level]), (json.dumps(item[key][:CLUSTER_IDS]),))]
        return {"promote": eligible, "near": near, "l2_candidates": clusters, "l3_candidates": l3,
                "thresholds": {"importance": imp, "access": acc}}

    @staticmethod
    def _promoted_uid(conn, source_uid):
        """The same on every device that promotes this L1 (replicas then hold one L2, not one
        per device); a fresh one if that L2 exists here already; False if it was forgotten (the
        person's forget stands: the L1 is not promoted again)."""
        uid = derived_uid("promoted", source_uid) if source_uid else None
        if uid and conn.execute("SELECT 1 FROM replica_state WHERE uid = ? AND forgotten IS NOT "
                                "NULL",
                                (uid,)).fetchone():
            return False
        if uid and conn.execute("SELECT 1 FROM memory_l2 WHERE uid = ?", (uid,)).fetchone():
            return None
        return uid

    def apply(self, now=None):
        """Promote every eligible L1 to an L2, once; return the new pairs."""
        now = now or now_utc()
        cfg = self.store.config()
        done = []
        with self.db.atomic() as conn:
            rows = conn.execute(
                "SELECT * FROM memory_l1 m WHERE promoted_to IS NULL AND archived_at IS NULL "
                "AND superseded_by IS NULL AND importance >= ? AND access_count >= ? "
                "AND NOT EXISTS (SELECT 1 FROM memory_l2 l2, json_each(l2.source_ids) j "
                "WHERE json_valid(l2.source_ids) AND j.value = m.id) ORDER BY id",
                (cfg["promote_importance"], cfg["promote_access"])).fetchall()
            for row in rows:
                uid = self._promoted_uid(conn, row["uid"])
                if uid is False:
                    continue
                points = load_list(row["key_points"])
                tags = union_items([p for p in points if len(p) <= 40][:10],
                              load_list(row["tags"]))[:MAX_ITEMS]
                l2_id = self.store.insert(conn, "l2", {
                    "category": row["project"] or "general", "knowledge": row["summary"],
                    "source_ids": [row["id"]], "tags": tags, "importance": row["importance"],
                    # (dated by what it was learnt from: "what did I do yesterday?" is not a
                    # week-old fix promoted yesterday)
                    "project": row["project"], "created_at": row["created_at"] or iso(now),
                    "origin": "auto",
                    "flagged": row["flagged"], "flag_cleared": row["flag_cleared"],
                    "uid": uid}, now)
                conn.execute("UPDATE memory_l1 SET promoted_to = ?, updated_at = ? WHERE id = ?",
                             (l2_id, iso(now), row["id"]))
                done.append({"l1_id": row["id"], "l2_id": l2_id})
        return done
