"""Every schema this project ever shipped migrates: one database per schema shape, made by that
commit's own CLI (tests/fixtures/*.sql, listed in tests/fixtures/manifest.json), opened by the
current code with every record kept; a kill during the migration leaves the file as it was."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import unittest

from helpers import COMMAND, CLITestCase, memory_tiered, slow

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")


def manifest():
    with open(os.path.join(FIXTURES, "manifest.json"), encoding="utf-8") as handle:
        return json.load(handle)["fixtures"]


def load(sql_name, path):
    with open(os.path.join(FIXTURES, sql_name), encoding="utf-8") as handle:
        script = handle.read()
    conn = sqlite3.connect(path)
    try:
        conn.executescript(script)
    finally:
        conn.close()
    os.chmod(path, 0o600)


FTS_SQL = {" ".join(sql.split()) for sql in memory_tiered.FTS_DDL}


def shape(path):
    """What a database holds, compared by meaning: each table's columns (name, type, not null,
    default, key), and its indexes and triggers with their SQL's spacing made one."""
    conn = sqlite3.connect(path)
    try:  # (the full-text tables are FTS_DDL's, made on open where SQLite has FTS5)
        fts = tuple(n for (n,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'"))

        def ours(name):
            return not name.startswith(fts + ("sqlite_",))

        tables = {}
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            if ours(name):
                tables[name] = sorted(tuple(r[1:]) for r in conn.execute("PRAGMA table_info(%s)"
                                                                         % name))
        other = {name: " ".join(sql.split()) for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger')"
            " AND sql IS NOT NULL") if ours(table) and " ".join(sql.split()) not in FTS_SQL}
        floors = sorted(conn.execute("SELECT tbl FROM id_floor"))
        return tables, other, floors, conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


class SchemaHistoryTests(CLITestCase):
    def test_the_current_schema_is_what_the_migrations_make(self):
        """A new file is made from CURRENT_SCHEMA; one migrated from the oldest shipped schema
        (and one from nothing, step by step) ends with the same tables, columns, indexes and
        triggers."""
        fresh = os.path.join(self.tmp, "fresh.db")
        memory_tiered.MemoryDB(fresh).close()
        stepped = os.path.join(self.tmp, "stepped.db")
        conn = sqlite3.connect(stepped, isolation_level=None)
        memory_tiered.register_functions(conn)
        for target in range(1, memory_tiered.SCHEMA_VERSION + 1):
            memory_tiered.run_migration_step(conn, target, "2000-01-01T00:00:00")
        conn.execute("PRAGMA user_version = %d" % memory_tiered.SCHEMA_VERSION)
        conn.close()
        oldest = min(manifest(), key=lambda f: (f["user_version"], f["date"]))
        migrated = os.path.join(self.tmp, "migrated.db")
        load(oldest["file"], migrated)
        memory_tiered.MemoryDB(migrated).close()
        want = shape(fresh)
        self.assertEqual(memory_tiered.CURRENT_SCHEMA_VERSION, memory_tiered.SCHEMA_VERSION,
                         "write the new migration's tables into CURRENT_SCHEMA")
        self.assertEqual(want[3], memory_tiered.SCHEMA_VERSION)
        self.assertIn("forgotten", want[0])
        for path in (stepped, migrated):
            got = shape(path)
            self.assertEqual(got[0], want[0], path)  # tables and columns
            self.assertEqual(got[1], want[1], path)  # indexes and triggers
            self.assertEqual(got[3], want[3], path)
        self.assertEqual(shape(stepped)[2], want[2])

    def test_every_shipped_schema_is_listed(self):
        versions = {f["user_version"] for f in manifest()}
        self.assertLessEqual(set(range(2, 8)), versions)  # version 1 is the seed: test_errors_and_schema
        names = {f["file"] for f in manifest()}
        self.assertEqual(names, {n for n in os.listdir(FIXTURES) if n.endswith(".sql")})

    @slow
    def test_each_fixture_migrates_with_every_record(self):
        for fixture in manifest():
            with self.subTest(fixture=fixture["file"]):
                path = os.path.join(self.tmp, fixture["file"] + ".db")
                load(fixture["file"], path)
                out, err = self.run_cli("stats", "--db", path, "--json")
                self.assertEqual(json.loads(out)["schema_version"], memory_tiered.SCHEMA_VERSION)
                for record in fixture["records"]:
                    got = json.loads(self.run_cli("get", record["level"], str(record["id"]), "--db", path,
                                                  "--json")[0])
                    self.assertEqual(got["text"], record["text"])
                    self.assertEqual(got["importance"], record["importance"])
                    self.assertEqual(bool(got.get("archived_at")), bool(record["archived"]))
                    for name in ("key_points", "category", "source_ids"):
                        if name in record:
                            self.assertEqual(got[name], record[name], name)
                conn = self.connect(path)
                uids = [r[0] for t in ("memory_l1", "memory_l2", "memory_l3")
                        for r in conn.execute("SELECT uid FROM %s" % t)]
                self.assertTrue(all(u and len(u) == 26 for u in uids), uids)
                self.assertEqual(len(set(uids)), len(uids))  # every record its own global id
                # the index answers, and a second open changes nothing
                self.run_cli("doctor", "--db", path)
                found = json.loads(self.run_cli("search-all", "PostgreSQL", "--db", path, "--json",
                                                "--no-touch")[0])["results"]
                self.assertTrue(found, fixture["file"])
                self.run_cli("stats", "--db", path)

    @slow
    def test_a_kill_during_the_migration_leaves_the_file_as_it_was(self):
        oldest = min(manifest(), key=lambda f: (f["user_version"], f["date"]))
        killed = 0
        for attempt in range(2):  # each kills once the write transaction has begun
            path = os.path.join(self.tmp, "old-%d.db" % attempt)
            load(oldest["file"], path)
            conn = sqlite3.connect(path)
            memory_tiered.register_functions(conn)  # the old file's index triggers call them
            conn.executemany("INSERT INTO memory_l1(session_id, summary, key_points, importance, created_at, "
                             "updated_at, decay_score) VALUES (?, ?, '[]', 0.5, '2026-01-01T00:00:00', "
                             "'2026-01-01T00:00:00', 1.0)",
                             [("bulk-%d" % n, "bulk memory %d about migrations %s" % (n, "x" * 100))
                              for n in range(10000)])
            conn.commit()
            rows_before = conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0]
            conn.close()
            proc = subprocess.Popen(COMMAND + ["--db", path, "stats"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while proc.poll() is None and time.monotonic() < deadline:
                if os.path.exists(path + "-journal") or os.path.exists(path + "-wal"):
                    proc.send_signal(signal.SIGKILL)  # the migration's write transaction has begun
                    killed += 1
                    break
                time.sleep(0.0005)
            proc.wait()
            conn = sqlite3.connect(path)
            try:
                self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                self.assertIn(version, (oldest["user_version"], memory_tiered.SCHEMA_VERSION))
                self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], rows_before)
            finally:
                conn.close()
            out, _ = self.run_cli("stats", "--db", path, "--json")
            self.assertEqual(json.loads(out)["schema_version"], memory_tiered.SCHEMA_VERSION)
            self.assertEqual(json.loads(out)["levels"]["l1"]["count"], rows_before)
        self.assertGreater(killed, 0)


if __name__ == "__main__":
    unittest.main()
