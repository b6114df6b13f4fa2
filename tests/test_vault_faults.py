"""The vault under faults: kills at random moments, two syncs at once, hand edits, renames and
moves, hostile files.  It never loses, duplicates or leaks a memory."""

import json
import os
import random
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time

from helpers import ROOT, COMMAND, memory_tiered, slow
from test_vault import VaultTestCase

HEADINGS = [memory_tiered.KEY_POINTS_HEADING, memory_tiered.LINKS_HEADING, "## 上级会话 Parent",
            "## 后续会话 Children", "## 摘要 Summaries", "---", "- [[L1-000001 x]]"]


def notes_with_ids(vault):
    """{(level, id): [paths]} of every note in the vault with an id in its frontmatter."""
    found = {}
    for folder, _, names in os.walk(vault):
        for name in names:
            if name.endswith(".md"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    head = handle.read(2000)
                m_id, m_level = re.search(r"^id: (\d+)$", head, re.M), re.search(r'^level: "(l\d)"$', head, re.M)
                if m_id and m_level:
                    found.setdefault((m_level.group(1), int(m_id.group(1))), []).append(
                        os.path.relpath(os.path.join(folder, name), vault))
    return found


def hand_note(index, level="l1"):
    return ("---\nlevel: %s\nsession_id: hand-%d\nimportance: 0.6\ntags: [hand]\n---\n"
            "Hand-written note %d about the ledger export format\n" % (level, index, index))


class ReadBackTests(VaultTestCase):
    def test_the_tools_headings_inside_text_survive_an_importance_edit(self):
        text = "\n".join("Line before %s\n%s\n- item under it" % (i, h) for i, h in enumerate(HEADINGS))
        l1 = self.add_l1(text, key_points="first point,second point")
        l1_bare = self.add_l1(text + "\n" + memory_tiered.KEY_POINTS_HEADING + "\n- looks like a point",
                              session="s2")
        l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", text + "\n" + memory_tiered.LINKS_HEADING
                              + "\n- [[fake]]")[0])
        l3 = int(self.run_cli("add-l3", "--insight", text + "\n" + memory_tiered.LINKS_HEADING)[0])
        before = {(lv, i): self.json_cli("get", lv, i) for lv, i in (("l1", l1), ("l1", l1_bare), ("l2", l2),
                                                                      ("l3", l3))}
        self.sync()
        for (level, rid), record in before.items():
            path = self.note(level, rid)
            with open(path, encoding="utf-8") as handle:
                note = handle.read()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(note.replace("importance: 0.5", "importance: 0.7", 1))
        report = self.sync()
        self.assertEqual(sorted(r["fields"] for r in report["read_back"]), [["importance"]] * 4)
        for (level, rid), record in before.items():
            after = self.json_cli("get", level, rid)
            self.assertEqual(after["text"], record["text"])
            self.assertEqual(after.get("key_points"), record.get("key_points"))
            self.assertEqual(after["importance"], 0.7)
        self.assertEqual(self.sync()["written"], [])


@slow
class KillTests(VaultTestCase):
    """SIGKILL at random moments during syncs that import, rename, archive and write notes."""

    ROUNDS = 3  # kills spread over the whole run (more rounds cost the suite its 3-minute budget)
    SEED = 20261129

    def build(self, base):
        db = os.path.join(base, "memory.db")
        vault = os.path.join(base, "vault")
        os.makedirs(base)
        lines = [json.dumps({"session_id": "k%d" % n, "summary": "Record %d about the payment ledger and its "
                             "nightly export job number %d" % (n, n * 7), "created_at": "2026-05-01T00:00:00"})
                 for n in range(250)]
        path = os.path.join(base, "a.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        env = {"MEMORY_TIERED_NOW": "2026-05-01T01:00:00"}
        self.run_cli("import", path, "--db", db, now=env["MEMORY_TIERED_NOW"])
        self.run_cli("sync", "--db", db, "--vault", vault, now="2026-05-01T01:00:00")
        # What the next sync has to do: renames, archives, new notes, hand-written imports.
        for n in range(1, 31):
            self.run_cli("edit", "l1", n, "--text", "Renamed record %d, ledger moved to the new warehouse" % n,
                         "--db", db, now="2026-05-01T02:00:00")
        for n in range(31, 46):
            self.run_cli("forget", "l1", n, "--yes", "--db", db, now="2026-05-01T02:00:00")
        more = os.path.join(base, "b.jsonl")
        with open(more, "w", encoding="utf-8") as handle:
            for n in range(100):
                handle.write(json.dumps({"session_id": "m%d" % n, "summary": "New record %d on invoice "
                                         "reconciliation step %d" % (n, n)}) + "\n")
        self.run_cli("import", more, "--db", db, now="2026-05-01T02:00:00")
        for n in range(50):
            with open(os.path.join(vault, "L1-关键摘要", "hand %03d.md" % n), "w", encoding="utf-8") as handle:
                handle.write(hand_note(n))
        return db, vault

    def sync_proc(self, db, vault, now):
        env = {"PATH": os.environ.get("PATH", ""), "HOME": self.tmp, "MEMORY_TIERED_DB": db,
               "MEMORY_TIERED_NOW": now, "PYTHONPATH": ROOT}
        return subprocess.Popen([sys.executable, "-m", "memory_tiered", "sync", "--vault", vault, "--json"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def test_kill_at_random_moments_always_converges(self):
        # The bookkeeping names the vault by its path: every round runs in the same folder.
        work = os.path.join(self.tmp, "work")
        template = os.path.join(self.tmp, "template")
        db, vault = self.build(work)
        shutil.copytree(work, template)
        started = time.monotonic()  # time one whole run, so the kills land anywhere inside it
        proc = self.sync_proc(db, vault, "2026-05-01T03:00:00")
        proc.communicate()
        whole = time.monotonic() - started
        rng = random.Random(self.SEED)
        expected_records = 250 - 15 + 100 + 50
        for round_ in range(self.ROUNDS):
            shutil.rmtree(work)
            shutil.copytree(template, work)
            proc = self.sync_proc(db, vault, "2026-05-01T03:00:00")
            time.sleep(rng.uniform(0.02, whole))
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
            # a decay in between changes what some notes render to
            self.run_cli("decay", "--db", db, now="2026-05-02T10:00:00")
            out, err = self.run_cli("sync", "--db", db, "--vault", vault, "--json", now="2026-05-02T10:00:00",
                                    code=None)
            report = json.loads(out)
            self.assertEqual((report["conflicts"][:3], report["errors"][:3]), ([], []),
                             "round %d: %s" % (round_, err))
            again = json.loads(self.run_cli("sync", "--db", db, "--vault", vault, "--json",
                                            now="2026-05-02T10:00:00")[0])
            self.assertEqual((again["written"], again["renamed"], again["imported"], again["conflicts"]),
                             ([], [], [], []), "round %d" % round_)
            conn = sqlite3.connect(db)
            try:
                ids = [r[0] for r in conn.execute("SELECT id FROM memory_l1")]
                hand = conn.execute("SELECT count(*) FROM memory_l1 WHERE session_id LIKE 'hand-%'").fetchone()[0]
                tracked = conn.execute("SELECT path, count(*) FROM vault_notes WHERE kind = 'l1' AND vault = ? "
                                       "GROUP BY path HAVING count(*) > 1", (vault,)).fetchall()[:3]
                self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            finally:
                conn.close()
            self.assertEqual((len(ids), hand, tracked), (expected_records, 50, []), "round %d" % round_)
            on_disk = notes_with_ids(vault)
            live = {k: v for k, v in on_disk.items() if not all(p.startswith("归档") for p in v)}
            conn = sqlite3.connect(db)
            try:
                hand_ids = {r[0]: r[1] for r in conn.execute(
                    "SELECT m.id, v.path FROM memory_l1 m JOIN vault_notes v ON v.kind = 'l1' AND v.ref = "
                    "CAST(m.id AS TEXT) AND v.vault = ? WHERE m.session_id LIKE 'hand-%'", (vault,))}
            finally:
                conn.close()
            self.assertEqual(sorted(os.path.basename(p) for p in hand_ids.values()),
                             ["hand %03d.md" % n for n in range(50)])
            for rid in ids:
                if rid in hand_ids:
                    continue  # a hand-written note is its record's note, tied by the bookkeeping
                paths = [p for p in on_disk.get(("l1", rid), []) if not p.startswith("归档")]
                self.assertEqual(len(paths), 1, "round %d: L1 #%d has notes %s" % (round_, rid, paths))
            hand_notes = [n for n in os.listdir(os.path.join(vault, "L1-关键摘要")) if n.startswith("hand ")]
            self.assertEqual(len(hand_notes), 50)
            # a hand-written note carries its record's id once imported, like every note
            self.assertEqual(len([k for k in live if k[0] == "l1"]), expected_records)


@slow
class ConcurrencyTests(VaultTestCase):
    def test_two_syncs_started_together_import_each_note_once(self):
        self.add_l1("seed record", session="seed")
        self.sync()
        for n in range(200):
            with open(os.path.join(self.vault, "L1-关键摘要", "hand %03d.md" % n), "w", encoding="utf-8") as handle:
                handle.write(hand_note(n))
        env = {"PATH": os.environ.get("PATH", ""), "HOME": self.tmp, "MEMORY_TIERED_DB": self.db,
               "MEMORY_TIERED_VAULT": self.vault}
        procs = [subprocess.Popen(COMMAND + argv, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE) for argv in (["sync"], ["job", "sync"])]
        for proc in procs:
            proc.communicate(timeout=120)
            self.assertEqual(proc.returncode, 0)
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], 201)
        self.assertEqual(self.sync()["imported"], [])


class HostileFileTests(VaultTestCase):
    def test_a_planted_symlink_never_leads_a_write_outside_the_vault(self):
        rid = self.add_l1("Secret roadmap for the billing rewrite")
        outside = os.path.join(self.tmp, "outside")
        os.makedirs(outside)
        os.makedirs(self.vault)
        os.symlink(outside, os.path.join(self.vault, "L1-关键摘要"))
        out, err = self.run_cli("sync", code=1)
        self.assertEqual(os.listdir(outside), [])
        self.assertIn("outside", err + out)
        # a note file replaced by a link to a file outside is not read or overwritten
        os.unlink(os.path.join(self.vault, "L1-关键摘要"))
        self.sync()
        path = self.note("l1", rid)
        target = os.path.join(outside, "passwd")
        with open(target, "w") as handle:
            handle.write("root:x:0:0\n")
        os.unlink(path)
        os.symlink(target, path)
        self.run_cli("sync", code=1)
        with open(target) as handle:
            self.assertEqual(handle.read(), "root:x:0:0\n")
        self.assertNotIn("root:x", self.json_cli("get", "l1", rid)["summary"])

    def test_one_bad_note_is_reported_and_the_others_go_on(self):
        first = self.add_l1("First record about ledgers", session="a")
        second = self.add_l1("Second record about invoices", session="b")
        self.sync()
        bad = self.note("l1", first)
        os.unlink(bad)
        os.makedirs(bad)  # a folder where the note was
        good = self.note("l1", second)
        with open(good, encoding="utf-8") as handle:
            text = handle.read()
        with open(good, "w", encoding="utf-8") as handle:
            handle.write(text.replace("importance: 0.5", "importance: 0.8"))
        out, err = self.run_cli("sync", "--json", code=1)
        report = json.loads(out)
        self.assertEqual([e["path"] for e in report["errors"]], [os.path.relpath(bad, self.vault)])
        self.assertIn("folder of that name", report["errors"][0]["why"])
        self.assertEqual(self.json_cli("get", "l1", second)["importance"], 0.8)
        self.run_cli("sync", code=1)  # still reported, still not blocking
        os.rmdir(bad)
        self.assertEqual(self.sync()["errors"], [])
        self.assertTrue(os.path.isfile(bad))

    def test_notes_and_folders_are_owner_only(self):
        self.add_l1("Private memory")
        self.sync()
        for folder, dirs, names in os.walk(self.vault):
            self.assertEqual(stat.S_IMODE(os.stat(folder).st_mode) & 0o077, 0, folder)
            for name in names:
                if name.endswith(".md"):
                    mode = stat.S_IMODE(os.stat(os.path.join(folder, name)).st_mode)
                    self.assertEqual(mode, 0o600, name)
        self.assertFalse([n for n in os.listdir(os.path.join(self.vault, "L1-关键摘要")) if n.endswith(".tmp")])


class ChurnAndMoveTests(VaultTestCase):
    @slow
    def test_a_day_of_hourly_decay_rewrites_almost_nothing(self):
        lines = [json.dumps({"session_id": "c%d" % n, "summary": "Churn record %d" % n,
                             "created_at": "2026-05-%02dT00:00:00" % (1 + n % 28)}) for n in range(200)]
        path = os.path.join(self.tmp, "c.jsonl")
        with open(path, "w") as handle:
            handle.write("\n".join(lines))
        self.run_cli("import", path, now="2026-05-29T00:00:00")
        self.sync(now="2026-05-29T00:00:00")
        written = 0
        for hour in range(1, 25):
            now = "2026-05-29T%02d:00:00" % hour if hour < 24 else "2026-05-30T00:00:00"
            self.run_cli("decay", now=now)
            written += len(self.sync(now=now)["written"])
        # one band change per record and boundary: 200 records over 28 days of age cross few in one day
        self.assertLessEqual(written, 0.1 * 200 + 200 // 28 * 2 + 2)
        self.assertLess(written, 40)

    def test_a_note_renamed_or_moved_by_hand_keeps_its_record(self):
        rid = self.add_l1("Kafka partitions are keyed by account id")
        self.sync()
        old = self.note("l1", rid)
        os.makedirs(os.path.join(self.vault, "mine"))
        new = os.path.join(self.vault, "mine", "kafka keys.md")
        os.rename(old, new)
        report = self.sync()
        self.assertEqual(report["renamed"], [{"from": os.path.relpath(old, self.vault), "to": "mine/kafka keys.md",
                                              "by": "person"}])
        self.assertEqual(report["written"], ["对话树/S-s1.md"])  # its session note now links the new name
        with open(os.path.join(self.vault, "对话树", "S-s1.md"), encoding="utf-8") as handle:
            self.assertIn("[[kafka keys]]", handle.read())
        self.assertFalse(os.path.exists(old))
        with open(new, encoding="utf-8") as handle:
            text = handle.read()
        with open(new, "w", encoding="utf-8") as handle:
            handle.write(text.replace("importance: 0.5", "importance: 0.9"))
        self.sync()
        self.assertEqual(self.json_cli("get", "l1", rid)["importance"], 0.9)
        self.assertEqual(notes_with_ids(self.vault)[("l1", rid)], ["mine/kafka keys.md"])

    def test_moving_a_note_out_of_the_archive_unarchives_it(self):
        rid = self.add_l1("Old memory about the sandbox cluster", now="2026-01-01T00:00:00")
        self.sync(now="2026-01-01T00:00:00")
        self.run_cli("cleanup", "--archive", "--yes", now="2026-03-01T00:00:00")
        self.sync(now="2026-03-01T00:00:00")
        archived = [n for n in os.listdir(os.path.join(self.vault, "归档")) if n.startswith("L1-")]
        self.assertEqual(len(archived), 1)
        os.rename(os.path.join(self.vault, "归档", archived[0]), os.path.join(self.vault, "L1-关键摘要", archived[0]))
        report = self.sync(now="2026-03-01T00:00:00")
        self.assertEqual([u["id"] for u in report["unarchived"]], [rid])
        record = self.json_cli("get", "l1", rid, now="2026-03-01T00:00:00")
        self.assertIsNone(record["archived_at"])
        self.assertEqual(notes_with_ids(self.vault)[("l1", rid)], ["L1-关键摘要/" + archived[0]])
        # and the CLI's unarchive brings the note back out of the archive too
        self.run_cli("cleanup", "--archive", "--yes", now="2026-06-01T00:00:00")
        self.sync(now="2026-06-01T00:00:00")
        self.run_cli("unarchive", "l1", rid, now="2026-06-01T00:00:00")
        report = self.sync(now="2026-06-01T00:00:00")
        self.assertEqual(len(notes_with_ids(self.vault)[("l1", rid)]), 1)
        self.assertFalse(notes_with_ids(self.vault)[("l1", rid)][0].startswith("归档"))


class RelatedTests(VaultTestCase):
    @slow
    def test_after_an_import_the_related_backfill_converges(self):
        # imported records get their related links 200 a sync; then a sync writes nothing
        topics = ("kafka lag", "postgres vacuum", "redis eviction", "nginx timeout", "grpc deadline")
        lines = [json.dumps({"session_id": "i%d" % n, "summary": "Note %d about %s in service %d" % (
            n, topics[n % 5], n % 7)}) for n in range(450)]
        path = os.path.join(self.tmp, "i.jsonl")
        with open(path, "w") as handle:
            handle.write("\n".join(lines))
        self.run_cli("import", path)
        writes = [len(self.sync()["written"]) for _ in range(5)]
        self.assertGreater(writes[0], 450)  # the first sync writes every note
        self.assertTrue(0 < writes[1] <= 200 and 0 < writes[2] <= 200, writes)  # the rest of the backfill
        self.assertEqual(writes[3:], [0, 0])
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1 WHERE related IS NULL").fetchone()[0], 0)

    def test_notes_link_related_memories_and_stay_stable(self):
        a = self.add_l1("Kafka consumer lag alerts fire when the billing topic backs up", session="a")
        b = self.add_l1("Billing topic consumer lag grew after the Kafka upgrade", session="b")
        c = self.add_l1("Lunch order from the sushi place", session="c")
        self.assertEqual(self.json_cli("get", "l1", b)["related"], [a])
        self.assertEqual(self.json_cli("get", "l1", c)["related"], [])
        self.sync()
        with open(self.note("l1", b), encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn("## 相关 Related\n- [[L1-%06d " % a, text)
        self.assertEqual(self.sync()["written"], [])  # stable: nothing rewritten
        with open(self.note("l1", b), "w", encoding="utf-8") as handle:
            handle.write(text.replace("importance: 0.5", "importance: 0.8"))
        report = self.sync()
        self.assertEqual([r["fields"] for r in report["read_back"]], [["importance"]])
        self.assertEqual(self.json_cli("get", "l1", b)["text"], "Billing topic consumer lag grew after the Kafka upgrade")

    def test_imported_records_get_related_links_on_sync(self):
        self.bulk_l1(["Postgres vacuum settings for the ledger database", "Ledger database Postgres vacuum tuning",
                      "Frontend uses pnpm"])
        self.assertIsNone(self.json_cli("get", "l1", "1").get("related"))
        report = self.sync()
        self.assertEqual(report["related_filled"], 3)
        self.assertEqual(self.json_cli("get", "l1", "1")["related"], [2])
