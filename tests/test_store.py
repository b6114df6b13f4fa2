"""Adding, reading, listing, forgetting, config, export and import."""

import json
import os
import sqlite3
import unittest

from helpers import CLITestCase, memory_tiered


class AddTests(CLITestCase):
    def test_init_is_idempotent_and_prints_path(self):
        out, _ = self.run_cli("init")
        self.assertIn("✅ 数据库初始化完成", out)
        self.assertIn(self.db, out)
        self.run_cli("init")
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("PRAGMA user_version").fetchone()[0], memory_tiered.SCHEMA_VERSION)
        self.assertEqual(conn.execute("PRAGMA journal_mode").fetchone()[0], "wal")

    def test_db_option_before_or_after_command(self):
        other = os.path.join(self.tmp, "other.db")
        self.run_cli("--db", other, "add-l1", "--session-id", "a", "--summary", "first")
        self.run_cli("add-l1", "--session-id", "b", "--summary", "second", "--db", other)
        rows = self.json_cli("list", "--db", other)["records"]
        self.assertEqual(sorted(r["summary"] for r in rows), ["first", "second"])
        self.assertFalse(os.path.exists(self.db))

    def test_add_l1_fields_and_key_point_separators(self):
        new_id = self.add_l1("Chose SQLite WAL for the store", key_points="a,b，c、d;e；f",
                             importance="0.9", parent_session="s0", project="mem", agent="claude",
                             created_at="2026-05-01T10:00", now="2026-05-02T10:00:00")
        rec = self.json_cli("get", "l1", str(new_id), now="2026-05-02T10:00:00")  # one clock: strength as written
        self.assertEqual(rec["key_points"], ["a", "b", "c", "d", "e", "f"])
        self.assertEqual(rec["importance"], 0.9)
        self.assertEqual(rec["created_at"], "2026-05-01T10:00:00")
        self.assertEqual((rec["parent_session"], rec["project"], rec["agent"]), ("s0", "mem", "claude"))
        self.assertEqual(rec["decay_score"], 1.0)
        self.assertEqual(rec["access_count"], 0)

    def test_created_at_with_zone_is_stored_in_utc(self):
        new_id = self.add_l1("zoned", created_at="2026-05-01T10:00:00+08:00")
        self.assertEqual(self.json_cli("get", "l1", str(new_id))["created_at"], "2026-05-01T02:00:00")

    def test_default_importance_is_half(self):
        new_id = self.add_l1("plain")
        self.assertEqual(self.json_cli("get", "l1", str(new_id))["importance"], 0.5)

    def test_same_summary_same_session_is_not_stored_twice(self):
        first = self.add_l1("Decided: use WAL mode.")
        out, err = self.run_cli("add-l1", "--session-id", "s1", "--summary", "decided  use wal mode")
        self.assertEqual(int(out), first)
        self.assertIn("already stored", err)
        self.assertEqual(len(self.json_cli("list")["records"]), 1)
        self.assertNotEqual(self.add_l1("Decided: use WAL mode.", session="s2"), first)

    def test_l2_and_l3_link_their_sources(self):
        a = self.add_l1("one")
        b = self.add_l1("two")
        out, _ = self.run_cli("add-l2", "--category", "skills", "--knowledge", "Knows SQLite",
                              "--source-ids", "%d,%d" % (a, b), "--tags", "sqlite,db")
        l2 = int(out)
        out, _ = self.run_cli("add-l3", "--insight", "Prefers boring tech", "--source-ids", str(l2),
                              "--category", "values", "--importance", "1")
        l3 = int(out)
        rec = self.json_cli("get", "l2", str(l2))
        self.assertEqual(rec["source_ids"], [a, b])
        self.assertEqual([s["id"] for s in rec["sources"]], [a, b])
        self.assertEqual(rec["promoted_to"], l3)
        self.assertEqual([p["id"] for p in rec["promoted"]], [l3])
        self.assertEqual(self.json_cli("get", "l3", str(l3))["sources"][0]["text"], "Knows SQLite")
        self.assertEqual([p["id"] for p in self.json_cli("get", "l1", str(a))["promoted"]], [l2])

    def test_list_sorts_and_limits(self):
        self.add_l1("low", importance=0.1, created_at="2025-01-01")
        self.add_l1("high", importance=0.9, created_at="2024-01-01")
        self.add_l1("mid", importance=0.5, created_at="2026-01-01")
        by_imp = [r["text"] for r in self.json_cli("list", "--sort", "importance")["records"]]
        self.assertEqual(by_imp, ["high", "mid", "low"])
        by_date = [r["text"] for r in self.json_cli("list", "--limit", "2")["records"]]
        self.assertEqual(by_date, ["mid", "low"])
        out, _ = self.run_cli("list", "--level", "l1")
        self.assertIn("L1 #", out)


class ForgetAndConfigTests(CLITestCase):
    def test_forget_needs_yes_and_cuts_links(self):
        a = self.add_l1("the only alpha memory")
        l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", str(a))[0])
        before = self.dump()
        _, err = self.run_cli("forget", "l1", str(a), code=2)
        self.assertIn("--yes", err)
        self.assertEqual(self.dump(), before)
        _, err = self.run_cli("forget", "l1", str(a), "--yes")
        self.assertIn("L2 #%d keeps its text" % l2, err)
        self.assertEqual(self.search("alpha"), [])
        self.assertEqual(self.json_cli("get", "l2", str(l2))["source_ids"], [])
        self.run_cli("get", "l1", str(a), code=2)
        self.run_cli("forget", "l1", str(a), "--yes", code=2)

    def test_config_show_set_and_reject(self):
        self.assertEqual(self.json_cli("config")["decay_factor"], 0.99)
        self.run_cli("config", "decay_factor", "0.995")
        self.assertEqual(self.json_cli("config", "decay_factor"), {"decay_factor": 0.995})
        self.run_cli("config", "auto_promote", "no")
        self.assertIs(self.json_cli("config")["auto_promote"], False)
        for key, value in (("decay_factor", "2"), ("decay_factor", "0"), ("promote_access", "x"),
                           ("promote_access", "0"), ("auto_promote", "maybe"), ("nope", "1")):
            _, err = self.run_cli("config", key, value, code=2)
            self.assertTrue(err.startswith("error: "), err)
        self.assertEqual(self.json_cli("config")["decay_factor"], 0.995)


class ExportImportTests(CLITestCase):
    HOSTILE = 'quote " comma , newline\n tab\t 中文 emoji 🧠 backslash \\ {"json": 1}'

    def test_round_trip_is_lossless(self):
        a = self.add_l1(self.HOSTILE, key_points="k1,键点", importance=0.7, project="p",
                        created_at="2026-05-01T10:00:00")
        l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "K " + self.HOSTILE,
                              "--source-ids", str(a), "--tags", "t1,t2")[0])
        self.run_cli("add-l3", "--insight", "I", "--source-ids", str(l2))
        self.search("comma", now="2026-05-03T00:00:00")
        self.run_cli("decay", now="2026-05-04T00:00:00")
        first = os.path.join(self.tmp, "a.jsonl")
        self.run_cli("export", "--out", first)
        other = os.path.join(self.tmp, "b.db")
        _, err = self.run_cli("import", first, "--db", other)
        self.assertIn("3 added", err)
        second = os.path.join(self.tmp, "b.jsonl")
        self.run_cli("export", "--out", second, "--db", other)
        with open(first, encoding="utf-8") as f1, open(second, encoding="utf-8") as f2:
            self.assertEqual(f1.read(), f2.read())
        _, err = self.run_cli("import", first, "--db", other)
        self.assertIn("0 added, 3 already present", err)
        self.assertEqual(oct(os.stat(first).st_mode & 0o777), "0o600")

    def test_bulk_import_indexes_exactly_like_the_triggers(self):
        a = self.add_l1("前一个 memory. Second sentence!", key_points="k1,键点", tags="t 1,标签", project="p")
        l2 = int(self.run_cli("add-l2", "--category", "skills", "--knowledge", "Knows SQLite。很好", "--tags", "db",
                              "--source-ids", str(a))[0])
        self.run_cli("add-l3", "--insight", "Prefers boring tech", "--source-ids", str(l2), "--tags", "x")
        self.run_cli("add-l2", "--category", "skills", "--knowledge", "newer", "--supersedes", str(l2))
        self.run_cli("decay", now="2031-01-01T00:00:00")
        self.run_cli("cleanup", "--archive", "--yes", now="2031-01-01T00:00:00")
        exported = os.path.join(self.tmp, "all.jsonl")
        self.run_cli("export", "--out", exported)
        with open(exported, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"session_id": "m", "summary": "minimal one. 两句话。", "key_points": "a,b",
                                     "tags": ["q"]}, ensure_ascii=False) + "\n")
        other = os.path.join(self.tmp, "bulk.db")
        self.run_cli("import", exported, "--db", other)
        conn = self.connect(other)
        dump = lambda: (conn.execute("SELECT rowid, body, points, labels, level, project, created_at, state "
                                     "FROM memory_fts ORDER BY rowid").fetchall(),
                        conn.execute("SELECT rowid, unit FROM memory_units ORDER BY rowid").fetchall())
        bulk = dump()
        self.assertEqual(len(bulk[0]), 5)
        db = memory_tiered.MemoryDB(other)
        db.rebuild_index()
        db.close()
        self.assertEqual(dump(), bulk)
        triggers = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")]
        self.assertEqual(len([t for t in triggers if "_fts_" in t]), 9)

    def test_minimal_records_import_and_dedupe(self):
        path = os.path.join(self.tmp, "m.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"level": "l1", "session_id": "s1", "summary": "第一次使用记忆系统",
                                     "key_points": ["a", "b"], "importance": 0.7,
                                     "created_at": "2026-05-01T10:00:00"}, ensure_ascii=False) + "\n\n")
            handle.write(json.dumps({"session_id": "s2", "summary": "two", "key_points": "x，y"}) + "\n")
        self.run_cli("import", path)
        self.run_cli("import", path)
        rows = self.json_cli("list", "--sort", "importance")["records"]
        self.assertEqual(len(rows), 2)
        self.assertEqual(rows[0]["key_points"], ["a", "b"])
        self.assertEqual(rows[1]["key_points"], ["x", "y"])
        self.assertEqual(self.search("记忆")[0]["session_id"], "s1")

    def test_import_dedupes_across_batches_whatever_the_session_is_called(self):
        # sessions are checked per batch, L2/L3 texts for the whole import; a session named like a
        # level is just a session
        from unittest import mock
        path = os.path.join(self.tmp, "n.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for n in range(5):
                handle.write(json.dumps({"session_id": "l3", "summary": "note %d" % n}) + "\n")
            handle.write(json.dumps({"session_id": "l3", "summary": "Note 0."}) + "\n")  # the same, normalised
            handle.write(json.dumps({"level": "l3", "insight": "keep it simple"}) + "\n")
            handle.write(json.dumps({"level": "l3", "insight": "Keep it simple!"}) + "\n")
            handle.write(json.dumps({"level": "l2", "category": "c", "knowledge": "one fact"}) + "\n")
            handle.write(json.dumps({"level": "l2", "category": "c", "knowledge": "One fact"}) + "\n")
        with mock.patch.object(memory_tiered, "IMPORT_BATCH", 2):
            first = self.json_cli("import", path)
            second = self.json_cli("import", path)
        self.assertEqual((first["added"], first["skipped"]), (7, 3))
        self.assertEqual((second["added"], second["skipped"]), (0, 10))

    def test_a_full_disk_under_the_import_spool_writes_nothing(self):
        import errno
        import tempfile
        from unittest import mock
        self.add_l1("kept before the import")
        path = os.path.join(self.tmp, "full.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for n in range(5):
                handle.write(json.dumps({"session_id": "f%d" % n, "summary": "spooled note %d" % n}) + "\n")
        real = tempfile.TemporaryFile
        written = []

        def full_spool(*args, **kwargs):
            spool = real(*args, **kwargs)

            def write(data):  # the second batch finds the disk full
                if len(written) >= 2:
                    raise OSError(errno.ENOSPC, "No space left on device")
                written.append(len(data))
                return len(data)
            spool.write = write
            return spool

        before = self.dump()
        with mock.patch.object(memory_tiered, "IMPORT_BATCH", 2), mock.patch("tempfile.TemporaryFile", full_spool):
            _, err = self.run_cli("import", path, code=1)
        self.assertIn("cannot write the import's temporary file", err)
        self.assertIn("No space left on device", err)
        self.assertIn("nothing was imported", err)
        self.assertEqual(err.count("\n"), 1)
        self.assertEqual(self.dump(), before)

    def test_bad_line_writes_nothing(self):
        self.add_l1("existing")
        before = self.dump()
        cases = {
            "json": '{"session_id": "s", "summary": "ok"}\n{not json\n',
            "importance": '{"session_id": "s", "summary": "ok"}\n{"session_id": "s", "summary": "x", "importance": 7}\n',
            "empty": '{"session_id": "s", "summary": "   "}\n',
            "level": '{"level": "l9", "summary": "x"}\n',
            "array": '[1, 2]\n',
            "source": '{"level": "l2", "category": "c", "knowledge": "k", "source_ids": [999]}\n',
        }
        for name, text in cases.items():
            path = os.path.join(self.tmp, name + ".jsonl")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            _, err = self.run_cli("import", path, code=2)
            self.assertEqual(err.count("\n"), 1, err)
            self.assertIn("line ", err)
            self.assertEqual(self.dump(), before, name)
        self.run_cli("import", os.path.join(self.tmp, "missing.jsonl"), code=2)


if __name__ == "__main__":
    unittest.main()


class GlobalIdTests(CLITestCase):
    def test_every_copy_carries_the_global_id_and_a_second_device_keeps_it(self):
        rid = self.add_l1("Picked Postgres 16 for billing", session="a")
        uid = self.json_cli("get", "l1", str(rid))["uid"]
        self.assertRegex(uid, r"^[0-9A-HJKMNP-TV-Z]{26}$")
        out, _ = self.run_cli("export")
        exported = [json.loads(line) for line in out.splitlines() if line.strip()]
        self.assertEqual(exported[0]["uid"], uid)
        # another device: the export imported as new records (no ids) keeps the global id ...
        other = os.path.join(self.tmp, "other.db")
        path = os.path.join(self.tmp, "from-a.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for record in exported:
                record.pop("id")
                handle.write(json.dumps(record) + "\n")
        self.run_cli("import", path, "--db", other)
        self.run_cli("import", path, "--db", other)  # ... and a second import adds nothing
        rows = self.json_cli("list", "--db", other)["records"]
        self.assertEqual([r["uid"] for r in rows], [uid])
        _, err = self.run_cli("import", self.write_jsonl([{"summary": "x", "session_id": "s", "uid": "nope"}]),
                              code=2)
        self.assertIn("uid must be a ULID", err)

    def write_jsonl(self, records):
        path = os.path.join(self.tmp, "bad.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record) + "\n")
        return path
