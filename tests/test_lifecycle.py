"""A simulated month of real use holds together: recall strengthens, promotion happens once,
the agent's own writes land, nothing piles up, the vault and the database agree."""

import contextlib
import io
import json
import os
import sqlite3
import sys
from unittest import mock

from helpers import CLITestCase, memory_tiered, slow

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lifecycle_sim  # noqa: E402


class MonthTests(CLITestCase):
    def in_process(self, argv, stdin=None, now=None):
        out, err = io.StringIO(), io.StringIO()
        stream = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
        env = {"MEMORY_TIERED_NOW": now} if now else {}
        with mock.patch.dict(os.environ, env), mock.patch.object(sys, "stdin", stream), \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = memory_tiered.main(argv)
        return code, out.getvalue(), err.getvalue()

    @slow
    def test_a_month_of_use(self):
        vault = os.path.join(self.tmp, "vault")
        result = lifecycle_sim.simulate(self.in_process, self.db, vault)
        timeline, ids, end = result["timeline"], result["ids"], result["end"]
        # Use makes memories last; disuse still fades.
        self.assertGreaterEqual(min(timeline["daily"][7:]), 0.9, timeline["daily"])
        self.assertGreaterEqual(timeline["daily"][-1], 0.9)
        self.assertGreaterEqual(min(timeline["daily-zh"][7:]), 0.9, timeline["daily-zh"])  # in Chinese too
        self.assertLess(timeline["once"][-1], 0.05)
        self.assertLess(timeline["never"][-1], 0.05)
        self.assertGreater(timeline["weekly"][-1], timeline["once"][-1])
        now = lifecycle_sim.iso(end)
        cands = self.json_cli("cleanup", now=now)["candidates"]
        weak = {c["id"] for c in cands if c["level"] == "l1"}
        self.assertIn(ids["never"], weak)
        self.assertIn(ids["once"], weak)
        self.assertNotIn(ids["daily"], weak)
        # ... and still present: nothing is deleted automatically.
        self.assertEqual(self.json_cli("get", "l1", ids["never"], now=now)["id"], ids["never"])
        # Recall through the prompt hook counted once per session: 30 sessions recalled "daily".
        daily = self.json_cli("get", "l1", ids["daily"], now=now)
        self.assertEqual(daily["access_count"], 30)
        self.assertGreater(daily["stability"], 1)
        # The daily memory (importance 0.9) was promoted exactly once, and says so everywhere.
        conn = self.connect(self.db)
        l2s = conn.execute("SELECT id, knowledge, source_ids FROM memory_l2").fetchall()
        sourced = [r for r in l2s if ids["daily"] in json.loads(r[2])]
        self.assertEqual(len(sourced), 1, l2s)
        self.assertEqual(daily["promoted_to"], sourced[0][0])
        self.assertEqual(sourced[0][1], lifecycle_sim.MEMORIES["daily"][0])  # clean text, no appended points
        texts = [r[0] for r in conn.execute("SELECT knowledge FROM memory_l2 WHERE archived_at IS NULL "
                                            "AND superseded_by IS NULL")]
        self.assertEqual(len(texts), len(set(texts)))
        # The agent's own summaries landed under the real session ids; the others got one automatic L1 each.
        per_session = dict(conn.execute("SELECT session_id, count(*) FROM memory_l1 WHERE session_id LIKE 'sess-%' "
                                        "GROUP BY session_id").fetchall())
        # (day 30's too: its session ended more than pending_hours before the last job ran)
        self.assertEqual(sorted(per_session), ["sess-%02d" % d for d in range(1, 31)])
        self.assertEqual(set(per_session.values()), {1})
        agents = dict(conn.execute("SELECT session_id, coalesce(agent, '') FROM memory_l1 "
                                   "WHERE session_id LIKE 'sess-%'").fetchall())
        self.assertEqual(agents["sess-01"], "")
        self.assertEqual(agents["sess-03"], "auto")
        self.assertEqual(self.json_cli("pending", now=now)["pending"], [])
        # Every hint the hooks printed is an absolute command that names the database.
        for entry in result["log"]:
            for command in __import__("re").findall(r"`([^`]*(?:get|add-l1|pending|compress)[^`]*)`", entry[-1]):
                self.assertTrue(command.startswith(memory_tiered.module_command() + " "), command)
                self.assertIn("--db %s" % self.db, command)
        # Consolidation candidates were offered at most once a day.
        offers = [e for e in result["log"] if e[0] == "session-start" and "Waiting to be consolidated" in e[2]]
        self.assertLessEqual(len(offers), 30)
        # Routine prompts injected nothing about the seeded memories' topics they do not share.
        # The person's edit reached the database; the vault and the database agree; the store is healthy.
        self.assertEqual(self.json_cli("get", "l1", ids["weekly"], now=now)["importance"], 0.75)
        report = self.json_cli("sync", "--vault", os.path.join(self.tmp, "vault"), "--dry-run", now=now)
        self.assertEqual((report["written"], report["conflicts"], report["read_back"]), ([], [], []))
        self.assertTrue(self.json_cli("doctor", now=now)["healthy"])
        self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")


class RecallTests(CLITestCase):
    def prompt(self, session, text, now):
        data = json.dumps({"session_id": session, "cwd": self.tmp, "prompt": text})
        stream = io.TextIOWrapper(io.BytesIO(data.encode("utf-8")), encoding="utf-8")
        with mock.patch.object(sys, "stdin", stream):
            return self.run_cli("hook", "user-prompt-submit", now=now)[0]

    def test_prompt_hook_counts_once_per_session(self):
        rid = self.add_l1("The staging database runs Postgres 16 with pgvector", now="2026-05-01T00:00:00")
        for minute in range(3):
            out = self.prompt("a", "which Postgres version does staging run?", "2026-05-01T10:0%d:00" % minute)
            self.assertIn("[L1#%d" % rid, out)
        self.assertEqual(self.json_cli("get", "l1", rid)["access_count"], 1)
        self.prompt("b", "which Postgres version does staging run?", "2026-05-02T10:00:00")
        record = self.json_cli("get", "l1", rid)
        self.assertEqual(record["access_count"], 2)
        self.assertEqual(record["stability"], 2.0)  # the second recall came on another day

    def test_context_and_mcp_count_as_recall_unless_told_not_to(self):
        rid = self.add_l1("Invoices are generated nightly by the billing cron", now="2026-05-01T00:00:00")
        self.run_cli("context", "--query", "billing invoices", "--no-touch", now="2026-05-01T01:00:00")
        self.assertEqual(self.json_cli("get", "l1", rid)["access_count"], 0)
        self.run_cli("context", "--query", "billing invoices", "--session-id", "x", now="2026-05-01T01:00:00")
        self.run_cli("context", "--query", "billing invoices", "--session-id", "x", now="2026-05-01T02:00:00")
        self.assertEqual(self.json_cli("get", "l1", rid)["access_count"], 1)
        reply = self.call_tool("memory_search", {"query": "billing invoices"},
                                       memory_tiered.parse_time("2026-05-01T03:00:00"), "mcp-1")
        self.assertEqual(reply["results"][0]["id"], rid)
        self.call_tool("memory_search", {"query": "billing"},
                               memory_tiered.parse_time("2026-05-01T03:01:00"), "mcp-1")
        self.assertEqual(self.json_cli("get", "l1", rid)["access_count"], 2)

    def test_spacing_table_is_exact(self):
        """Decay with spacing, to 1e-9, against the formula in the README."""
        rid = self.add_l1("Spacing check memory about kafka partitions", now="2026-05-01T00:00:00")
        self.run_cli("search-all", "kafka partitions", now="2026-05-01T10:00:00")   # first recall: stability 1
        self.run_cli("search-all", "kafka partitions", now="2026-05-01T11:00:00")   # same sitting: stays 1
        self.run_cli("search-all", "kafka partitions", now="2026-05-02T11:00:00")   # a day later: 2
        self.run_cli("decay", now="2026-05-03T11:00:00")
        rec = self.json_cli("get", "l1", rid, now="2026-05-03T11:00:00")
        s = min(1.0, 0.99 ** 10 + 0.1)
        s = min(1.0, s * 0.99 + 0.1)
        s = min(1.0, s * 0.99 ** 24 + 0.1)
        s = s * 0.99 ** (24 / 2.0)
        self.assertEqual(rec["stability"], 2.0)
        self.assertAlmostEqual(rec["decay_score"], s, places=9)


class PromotionTests(CLITestCase):
    def test_hand_written_l2_is_not_promoted_again(self):
        ids = [self.add_l1("Prefers pnpm over npm for the frontend %d" % n, session="p%d" % n,
                           key_points="pnpm,frontend", importance="0.9") for n in range(3)]
        for _ in range(3):
            self.run_cli("search-all", "pnpm frontend", "--limit", "5")
        self.assertEqual([c["key_point"] for c in self.json_cli("compress")["l2_candidates"]], ["frontend", "pnpm"])
        l2 = int(self.run_cli("add-l2", "--category", "preferences", "--knowledge", "Uses pnpm for frontends",
                              "--source-ids", ",".join(map(str, ids)))[0])
        for rid in ids:
            self.assertEqual(self.json_cli("get", "l1", rid)["promoted_to"], l2)
        exported = [json.loads(line) for line in self.run_cli("export")[0].splitlines()]
        self.assertEqual({r["promoted_to"] for r in exported if r["level"] == "l1"}, {l2})
        report = self.json_cli("compress", "--apply")
        self.assertEqual((report["applied"], report["l2_candidates"], report["promote"]), ([], [], []))
        self.assertEqual(len(self.json_cli("list", "--level", "l2")["records"]), 1)

    def test_compress_json_carries_source_texts(self):
        for n in range(3):
            self.add_l1("Deploys use blue green on kubernetes, run %d" % n, session="d%d" % n, key_points="deploy")
        cluster = self.json_cli("compress")["l2_candidates"][0]
        self.assertEqual([s["text"] for s in cluster["sources"]],
                         ["Deploys use blue green on kubernetes, run %d" % n for n in range(3)])


class CorrectionTests(CLITestCase):
    def test_ids_are_never_reused(self):
        first = self.add_l1("one", session="a")
        second = self.add_l1("two", session="b")
        self.run_cli("forget", "l1", second, "--yes")
        third = self.add_l1("three", session="c")
        self.assertEqual((first, second, third), (1, 2, 3))
        self.run_cli("forget", "--all", "--yes")
        self.assertEqual(self.add_l1("four", session="d"), 4)

    def test_migration_sets_the_floor_from_the_vault_bookkeeping(self):
        os.makedirs(os.path.dirname(self.db))
        conn = sqlite3.connect(self.db)
        conn.create_function("mt_json_list", 1, lambda v: v)
        conn.create_function("mt_json_ids", 1, lambda v: v)
        for version, statements in enumerate(memory_tiered.MIGRATIONS[:3], 1):
            for statement in statements:
                conn.execute(statement, {"now": "2026-05-01T00:00:00"} if ":now" in statement else ())
        conn.execute("INSERT INTO memory_l1(session_id, summary, key_points, created_at, updated_at, "
                     "decay_applied_at) VALUES ('a', 'one', '[]', '2026-05-01T00:00:00', '2026-05-01T00:00:00', "
                     "'2026-05-01T00:00:00')")
        conn.execute("INSERT INTO vault_notes(vault, kind, ref, path, file_hash, render_hash, base) "
                     "VALUES ('/v', 'l1', '7', 'x.md', '', '', '{}')")
        conn.execute("PRAGMA user_version = 3")
        conn.commit()
        conn.close()
        self.assertEqual(self.add_l1("two", session="b"), 8)
        self.assertEqual(self.json_cli("get", "l1", "1")["stability"], 1.0)

    def test_cleanup_archive_limit_and_unarchive(self):
        for n in range(4):
            self.add_l1("weak memory %d" % n, session="w%d" % n, now="2026-05-0%dT00:00:00" % (n + 1))
        now = "2026-06-30T00:00:00"
        self.assertEqual(len(self.json_cli("cleanup", now=now)["candidates"]), 4)
        archived = self.json_cli("cleanup", "--archive", "--yes", "--limit", "2", now=now)["archived"]
        self.assertEqual(archived["l1"], 2)
        listed = {r["id"] for r in self.json_cli("list", now=now)["records"]}
        self.assertEqual(listed, {3, 4})  # the two oldest (weakest) went first
        self.run_cli("unarchive", "l1", "1", now=now)
        record = self.json_cli("get", "l1", "1", now=now)
        self.assertIsNone(record["archived_at"])
        self.assertEqual(record["decay_score"], 1.0)
        self.assertEqual(self.search("weak memory", now=now)[0]["id"], 1)

    def test_edit_changes_only_what_is_given_and_scrubs(self):
        rid = self.add_l1("Uses npm", key_points="npm", importance="0.5")
        self.run_cli("edit", "l1", rid, "--text", "Uses pnpm; token ghp_" + "a" * 36, "--importance", "0.9")
        rec = self.json_cli("get", "l1", rid)
        self.assertEqual((rec["importance"], rec["key_points"]), (0.9, ["npm"]))
        self.assertNotIn("ghp_", rec["summary"])
        self.assertEqual(self.search("pnpm")[0]["id"], rid)
        before = self.dump()
        _, err = self.run_cli("edit", "l1", rid, "--category", "x", code=2)
        self.assertIn("L1 records have no category", err)
        self.run_cli("edit", "l1", "99", "--text", "x", code=2)
        self.run_cli("edit", "l1", rid, "--importance", "2", code=2)
        self.assertEqual(self.dump(), before)
