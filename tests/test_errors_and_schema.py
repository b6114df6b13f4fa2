"""Bad input gets one clear line and the right exit code, and writes nothing; schema meta-tests."""

import json
import os
import re
import sqlite3
import subprocess
import sys
import unittest

from helpers import ROOT, COMMAND, SCRIPT, CLITestCase, memory_tiered, slow


class BadInputTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.l1 = self.add_l1("existing memory", key_points="a,b")

    def assert_rejected(self, *argv, code=2, message=None):
        before = self.dump()
        out, err = self.run_cli(*argv, code=code)
        self.assertEqual(out, "")
        self.assertTrue(err.startswith("error: "), err)
        self.assertEqual(err.count("\n"), 1, err)
        self.assertNotIn("Traceback", err)
        if message:
            self.assertIn(message, err)
        self.assertEqual(self.dump(), before, argv)
        return err

    def test_importance_values(self):
        for value in ("abc", "1.5", "-1", "nan", "inf", "-inf", "", "0x1"):
            err = self.assert_rejected("add-l1", "--session-id", "s", "--summary", "x", "--importance=" + value)
            self.assertIn("importance must be a number from 0 to 1", err)

    def test_text_values(self):
        self.assert_rejected("add-l1", "--session-id", "s", "--summary", "   ", message="summary must not be empty")
        self.assert_rejected("add-l1", "--session-id", "", "--summary", "x", message="--session-id must not be empty")
        self.assert_rejected("add-l1", "--session-id", "s", "--summary", "x" * (memory_tiered.MAX_TEXT + 1),
                             message="too long")
        self.assert_rejected("add-l1", "--session-id", "s", "--summary", "bad \udcff byte", message="UTF-8")
        self.assert_rejected("add-l1", "--session-id", "s", "--summary", "x", "--created-at", "yesterday",
                             message="ISO 8601")
        self.assert_rejected("add-l1", "--session-id", "s", "--summary", "x", "--created-at", "2026-02-30",
                             message="not a real date")
        self.assert_rejected("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", "999",
                             message="source id 999")
        self.assert_rejected("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", "1,x",
                             message="whole numbers from 1 to")
        self.assert_rejected("add-l3", "--insight", "i", "--source-ids", "1", message="L2")
        self.assert_rejected("add-l1", "--summary", "x", message="--session-id")
        self.assert_rejected("get", "l4", "1", message="l1, l2, l3")
        self.assert_rejected("get", "l1", "0")
        self.assert_rejected("list", "--limit", "-3")
        self.assert_rejected("nope")

    def test_bad_clock(self):
        before = self.dump()
        _, err = self.run_cli("decay", now="tomorrow", code=2)
        self.assertIn("MEMORY_TIERED_NOW", err)
        self.assertEqual(self.dump(), before)


class BadDatabaseTests(CLITestCase):
    def test_not_a_sqlite_file(self):
        path = os.path.join(self.tmp, "notes.txt")
        with open(path, "w") as handle:
            handle.write("just some text, definitely not a database\n" * 10)
        _, err = self.run_cli("stats", "--db", path, code=1)
        self.assertIn("not a SQLite database", err)
        with open(path) as handle:
            self.assertTrue(handle.read().startswith("just some text"))

    def test_sqlite_but_not_memory_database(self):
        path = os.path.join(self.tmp, "other.db")
        conn = self.connect(path)
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        conn.commit()
        conn.close()
        _, err = self.run_cli("init", "--db", path, code=1)
        self.assertIn("not a memory database", err)
        conn = self.connect(path)
        self.assertEqual(conn.execute("PRAGMA user_version").fetchone()[0], 0)
        self.assertEqual([r[0] for r in conn.execute("SELECT name FROM sqlite_master")], ["invoices"])

    def test_truncated_database(self):
        self.add_l1("x")
        with open(self.db, "rb") as handle:
            data = handle.read()
        broken = os.path.join(self.tmp, "broken.db")
        with open(broken, "wb") as handle:
            handle.write(data[:100] + b"\x00" * 50)
        _, err = self.run_cli("search-all", "x", "--db", broken, code=1)
        self.assertEqual(err.count("\n"), 1)

    def test_directory_as_database(self):
        _, err = self.run_cli("stats", "--db", self.tmp, code=1)
        self.assertIn("is a directory", err)

    def test_newer_schema_is_refused(self):
        self.run_cli("init")
        conn = self.connect(self.db)
        conn.execute("PRAGMA user_version = 99")
        conn.close()
        _, err = self.run_cli("stats", code=1)
        self.assertIn("schema version 99", err)
        self.assertIn("upgrade", err)

    @unittest.skipIf(hasattr(os, "geteuid") and os.geteuid() == 0, "root can write anywhere")
    def test_read_only_folder(self):
        folder = os.path.join(self.tmp, "ro")
        os.mkdir(folder)
        os.chmod(folder, 0o500)
        self.addCleanup(os.chmod, folder, 0o700)
        _, err = self.run_cli("init", "--db", os.path.join(folder, "m.db"), code=1)
        self.assertEqual(err.count("\n"), 1)


class SchemaTests(CLITestCase):
    def columns(self, table):
        conn = self.connect(self.db)
        return [r[1] for r in conn.execute("PRAGMA table_info(%s)" % table)]

    def test_blank_database_has_expected_schema(self):
        self.run_cli("init")
        self.assertEqual(self.columns("memory_l1")[:9], ["id", "session_id", "summary", "key_points", "importance",
                                                          "access_count", "created_at", "updated_at", "decay_score"])
        self.assertEqual(self.columns("memory_l2")[:10], ["id", "category", "knowledge", "source_ids", "tags",
                                                           "importance", "access_count", "created_at", "updated_at",
                                                           "decay_score"])
        self.assertEqual(self.columns("memory_l3")[:7], ["id", "insight", "source_ids", "category", "created_at",
                                                          "updated_at", "decay_score"])
        for name in ("parent_session", "project", "agent", "last_accessed_at", "decay_applied_at", "promoted_to",
                     "archived_at"):
            self.assertIn(name, self.columns("memory_l1"))
        for name in ("importance", "access_count", "archived_at"):
            self.assertIn(name, self.columns("memory_l3"))

    def test_seed_database_migrates(self):
        os.makedirs(os.path.dirname(self.db))
        conn = self.connect(self.db)
        conn.executescript("""
            CREATE TABLE memory_l1 (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL,
              summary TEXT NOT NULL, key_points TEXT, importance REAL DEFAULT 0.5, access_count INTEGER DEFAULT 0,
              created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
              decay_score REAL DEFAULT 1.0);
            CREATE TABLE memory_l2 (id INTEGER PRIMARY KEY AUTOINCREMENT, category TEXT NOT NULL,
              knowledge TEXT NOT NULL, source_ids TEXT, tags TEXT, importance REAL DEFAULT 0.5,
              access_count INTEGER DEFAULT 0, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
              updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, decay_score REAL DEFAULT 1.0);
            CREATE TABLE memory_l3 (id INTEGER PRIMARY KEY AUTOINCREMENT, insight TEXT NOT NULL, source_ids TEXT,
              category TEXT, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
              updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, decay_score REAL DEFAULT 1.0);
            INSERT INTO memory_l1 (session_id, summary, key_points, importance, access_count, created_at,
              updated_at, decay_score) VALUES ('old', '第一次使用记忆系统', '记忆,系统', 0.9, 4,
              '2026-04-01 10:00:00', '2026-04-01 10:00:00', 0.8);
            INSERT INTO memory_l2 (category, knowledge, source_ids, tags) VALUES ('skills', 'knows sql', '1', 'sql');
        """)
        conn.close()
        self.run_cli("init")
        rec = self.json_cli("get", "l1", "1", now="2026-04-01T10:00:00")  # strength as of its last update
        self.assertEqual(rec["key_points"], ["记忆", "系统"])
        self.assertEqual(rec["created_at"], "2026-04-01T10:00:00")
        self.assertEqual((rec["importance"], rec["access_count"], rec["decay_score"]), (0.9, 4, 0.8))
        self.assertEqual(self.json_cli("get", "l2", "1")["source_ids"], [1])
        self.assertEqual(self.search("记忆", "--no-touch")[0]["session_id"], "old")
        self.run_cli("decay", now="2026-04-01T11:00:00")
        self.assertAlmostEqual(self.json_cli("get", "l1", "1", now="2026-04-01T11:00:00")["decay_score"], 0.8 * 0.99, delta=1e-9)

    def _open_together(self, argv, env=None, count=4):
        """Start ``count`` processes that run the CLI with ``argv`` at the same moment; their results."""
        import time
        code = ("import sys, time; sys.path.insert(0, %r); import memory_tiered\n"
                "while time.time() < float(sys.argv[1]): pass\n"
                "sys.exit(memory_tiered.main(sys.argv[2:]))" % ROOT)
        start = str(time.time() + 1.0)  # after every interpreter has started
        full_env = dict(os.environ, MEMORY_TIERED_DB=self.db, HOME=self.tmp, **(env or {}))
        procs = [subprocess.Popen([sys.executable, "-c", code, start] + argv, env=full_env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(count)]
        results = []
        for p in procs:
            out, err = p.communicate(timeout=60)
            results.append((p.returncode, out, err))
        return results

    @slow
    def test_processes_opening_an_old_file_at_once_migrate_it_once(self):
        # after an upgrade, cron and two agent sessions may open the old file together: each
        # migration step runs once between them, and none of them fails
        if sqlite3.sqlite_version_info < (3, 35):
            self.skipTest("DROP COLUMN needs SQLite 3.35")
        self.add_l1("升级之后的记忆 survives the upgrade", key_points="upgrade,迁移")
        conn = self.connect(self.db)
        for table in ("memory_l1", "memory_l2", "memory_l3"):  # back to schema version 6
            conn.execute("ALTER TABLE %s DROP COLUMN related" % table)
        conn.execute("DELETE FROM memory_fts")  # the upgrade refills the index
        conn.execute("PRAGMA user_version = 6")
        conn.commit()
        conn.close()
        for code, out, err in self._open_together(["search-all", "upgrade", "--json", "--no-touch"]):
            self.assertEqual(code, 0, err)
            self.assertEqual(json.loads(out)["results"][0]["text"], "升级之后的记忆 survives the upgrade")
        self.assertEqual(self.connect(self.db).execute("PRAGMA user_version").fetchone()[0],
                         memory_tiered.SCHEMA_VERSION)
        self.assertIn("related", self.columns("memory_l1"))
        with memory_tiered.MemoryDB(self.db) as db:
            self.assertTrue(db.index_status()["ok"])
        self.assertEqual(self.search("迁移", "--no-touch")[0]["text"], "升级之后的记忆 survives the upgrade")

    @slow
    def test_processes_indexing_a_file_at_once_make_one_index(self):
        # a file without the full-text index (written where SQLite had no FTS5) gets it on the
        # next open; several processes opening it together make it once
        for n in range(3):
            self.run_cli("add-l1", "--session-id", "s%d" % n, "--summary", "plain note %d" % n)
        conn = self.connect(self.db)
        conn.executescript("DROP TABLE memory_fts; DROP TABLE memory_units;")
        for name, in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%'"):
            conn.execute("DROP TRIGGER %s" % name)
        conn.commit()
        conn.close()
        for code, out, err in self._open_together(["search-all", "plain", "--json", "--no-touch"]):
            self.assertEqual(code, 0, err)
            self.assertEqual(len(json.loads(out)["results"]), 3)
        with memory_tiered.MemoryDB(self.db) as db:
            self.assertEqual(db.index_status(), {"ok": True, "rows": 3, "indexed": 3, "mode": "fts5"})

    def test_stats_reports_file_and_index(self):
        self.add_l1("x")
        data = self.json_cli("stats")
        self.assertEqual(data["database"], self.db)
        self.assertEqual(data["schema_version"], memory_tiered.SCHEMA_VERSION)
        self.assertEqual(data["sqlite_version"], sqlite3.sqlite_version)
        self.assertEqual(data["levels"]["l1"]["count"], 1)
        self.assertEqual(data["levels"]["l1"]["strength"][">=0.8"], 1)
        self.assertGreater(data["size_bytes"], 0)
        out, _ = self.run_cli("stats")
        self.assertIn(self.db, out)

    def test_database_file_is_private(self):
        self.run_cli("init")
        self.assertEqual(os.stat(self.db).st_mode & 0o777, 0o600)


class ProcessTests(CLITestCase):
    @slow
    def test_real_process_round_trip(self):
        proc = self.subprocess("add-l1", "--session-id", "p", "--summary", "第一次使用记忆系统，感觉很酷")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        proc = self.subprocess("search-all", "记忆")
        self.assertEqual(proc.returncode, 0)
        self.assertIn("第一次使用记忆系统", proc.stdout.decode("utf-8"))

    @slow
    def test_invalid_utf8_argument_from_shell(self):
        self.subprocess("init")
        proc = subprocess.run(COMMAND + ["add-l1", "--session-id", "s", "--summary", b"bad \xff"],
                              env={"PATH": os.environ["PATH"], "HOME": self.tmp, "MEMORY_TIERED_DB": self.db,
                                   "LC_ALL": "C.UTF-8"}, capture_output=True)
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b"UTF-8", proc.stderr)
        self.assertNotIn(b"Traceback", proc.stderr)
        self.assertEqual(proc.stderr.count(b"\n"), 1)

    @slow
    def test_clock_from_environment(self):
        self.subprocess("add-l1", "--session-id", "s", "--summary", "x", env={"MEMORY_TIERED_NOW": "2026-05-01"})
        self.subprocess("decay", env={"MEMORY_TIERED_NOW": "2026-05-01T10:00:00Z"})
        conn = self.connect(self.db)
        row = conn.execute("SELECT created_at, decay_score FROM memory_l1").fetchone()
        self.assertEqual(row[0], "2026-05-01T00:00:00")
        self.assertAlmostEqual(row[1], 0.99 ** 10, delta=1e-9)

    @slow
    def test_debug_shows_traceback_only_when_asked(self):
        proc = self.subprocess("get", "l1", "5")
        self.assertNotIn(b"Traceback", proc.stderr)
        proc = self.subprocess("get", "l1", "5", "--debug")
        self.assertIn(b"Traceback", proc.stderr)

    @slow
    def test_a_short_command_leaves_every_write_in_the_database_file(self):
        # closing checkpoints, as SQLite does by default: a plain copy of the file alone is whole
        self.subprocess("add-l1", "--session-id", "w", "--summary", "write-ahead note")
        proc = self.subprocess("search-all", "write-ahead")  # counts a hit: a write
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertFalse(os.path.exists(self.db + "-wal") and os.path.getsize(self.db + "-wal"))
        alone = os.path.join(self.tmp, "alone.db")
        with open(self.db, "rb") as src, open(alone, "wb") as dst:
            dst.write(src.read())
        conn = self.connect(alone)
        self.assertEqual(conn.execute("SELECT count(*), max(access_count) FROM memory_l1").fetchone(), (1, 1))

    def test_connection_settings_for_reading_and_for_writing(self):
        # settings SQLite keeps in the file or that connect() sets are not repeated, and hold
        memory_tiered.MemoryDB(self.db).close()  # created (a write)
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        conn = db.conn
        self.assertEqual(conn.execute("PRAGMA journal_mode").fetchone()[0], "wal")
        self.assertEqual(conn.execute("PRAGMA busy_timeout").fetchone()[0], memory_tiered.BUSY_TIMEOUT_MS)
        # a reader's cache is small (its pages are mostly read once); the first write enlarges it
        self.assertEqual(conn.execute("PRAGMA cache_size").fetchone()[0], -memory_tiered.READ_CACHE_KIB)
        with db.atomic():
            pass
        self.assertEqual(conn.execute("PRAGMA cache_size").fetchone()[0], -memory_tiered.WRITE_CACHE_KIB)
        db.close()
        again = memory_tiered.MemoryDB(self.db)  # opened in WAL mode from the header, no pragma
        self.addCleanup(again.close)
        self.assertEqual(again.conn.execute("PRAGMA journal_mode").fetchone()[0], "wal")
        self.assertEqual(again.conn.execute("PRAGMA busy_timeout").fetchone()[0], memory_tiered.BUSY_TIMEOUT_MS)
        self.assertEqual(again.conn.execute("SELECT pow(2, 10)").fetchone()[0], 1024)
        # a memory_l1 of another shape is still refused, by name of its columns
        other = os.path.join(self.tmp, "other.db")
        plain = sqlite3.connect(other)
        plain.executescript("CREATE TABLE memory_l1 (id INTEGER PRIMARY KEY, body TEXT); "
                            "CREATE TABLE memory_l2 (id INTEGER); CREATE TABLE memory_l3 (id INTEGER);")
        plain.close()
        with self.assertRaises(memory_tiered.DatabaseError) as caught:
            memory_tiered.MemoryDB(other)
        self.assertIn("memory_l1 table of another shape (columns: body, id; missing:", str(caught.exception))

    def test_import_is_light(self):
        code = "import sys, memory_tiered; print(sorted(m for m in ('urllib.request', 'http.server', 'hmac') " \
               "if m in sys.modules))"
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
        self.assertEqual(proc.stdout.strip(), "[]")
        self.assertFalse(os.path.exists(os.path.join(self.tmp, ".hermes")))


class DocsTests(unittest.TestCase):
    def test_every_subcommand_is_in_the_command_reference(self):
        with open(os.path.join(ROOT, "docs", "commands.md"), encoding="utf-8") as handle:
            reference = handle.read()
        for name in memory_tiered.COMMANDS:
            self.assertTrue(re.search(r"`%s[` ]" % re.escape(name), reference),
                            "%s is not in docs/commands.md" % name)

    def test_the_readme_is_short_and_its_links_lead_somewhere(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
            readme = handle.read()
        self.assertLessEqual(readme.count("\n"), 300)
        docs = sorted(os.listdir(os.path.join(ROOT, "docs")))
        for name in docs:  # every page of the reference is reachable from the README
            self.assertIn("(docs/%s)" % name, readme)
        for page in ["README.md"] + [os.path.join("docs", n) for n in docs]:
            with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
                text = handle.read()
            for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", text):
                path = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), target))
                self.assertTrue(os.path.exists(path), "%s links to a missing %s" % (page, target))

    def test_table_of_contents_banners(self):
        with open(SCRIPT, encoding="utf-8") as handle:
            banners = [line for line in handle if line.startswith("# ==== ")]
        self.assertGreaterEqual(len(banners), 8)


if __name__ == "__main__":
    unittest.main()
