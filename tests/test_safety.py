"""Never lose a memory: concurrency, crashes, backups, export/import, forgetting, duplicates,
superseded facts, secrets, doctor."""

import csv
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import unittest
from unittest import mock

from helpers import ROOT, SCRIPT, CLITestCase, memory_tiered, slow

HOSTILE_TEXT = 'quote " comma , newline\nsecond line\ttab 中文 emoji 🧠 back\\slash =1+1 @x -y \x01bin'

SECRETS = {
    "anthropic-key": "sk-ant-api03-Xy7bQ2mN8pL4kR6tV1wZ9cD3fG5hJ0aS2dF4gH6jK8lM",
    "openai-key": "sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE6fGh",
    "aws-key": "AKIAQ3EGRT5LXMZ7VW2K",  # (AWS's documented AKIA...EXAMPLE is kept)
    "github-token": "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "slack-token": "xoxb-263594206564-2343705323844-HCwUCkYR1LMLkSFH1Kvh7QrQ",
    "google-key": "AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "private-key": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
    "password": "password=Tr0ub4dor&3",
    "private": "<private>my home address is 1 Main St</private>",
}


@slow
class ConcurrencyTests(CLITestCase):
    def test_four_writers_with_decay_compress_and_sync_running(self):
        self.run_cli("init")
        vault = os.path.join(self.tmp, "vault")
        writer = ("import sys; sys.path.insert(0, %r)\n"
                  "import memory_tiered, io, contextlib\n"
                  "errors = 0\n"
                  "for i in range(150):\n"
                  "    buf = io.StringIO()\n"
                  "    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):\n"
                  "        code = memory_tiered.main(['add-l1', '--session-id', 'w%%s-%%d' %% (sys.argv[1], i),\n"
                  "                                   '--summary', 'writer %%s memory %%d about sqlite' %% (sys.argv[1], i)])\n"
                  "    errors += code != 0\n"
                  "    if code: print(buf.getvalue(), file=sys.stderr)\n"
                  "sys.exit(1 if errors else 0)\n") % ROOT
        looper = ("import sys, time; sys.path.insert(0, %r)\n"
                  "import memory_tiered, io, contextlib\n"
                  "end = time.time() + float(sys.argv[2]); errors = 0; runs = 0\n"
                  "while time.time() < end:\n"
                  "    buf = io.StringIO()\n"
                  "    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):\n"
                  "        code = memory_tiered.main(sys.argv[1].split('|'))\n"
                  "    errors += code != 0; runs += 1\n"
                  "    if code: print(buf.getvalue(), file=sys.stderr)\n"
                  "print(runs)\n"
                  "sys.exit(1 if errors else 0)\n") % ROOT
        env = dict(os.environ, MEMORY_TIERED_DB=self.db)
        procs = [subprocess.Popen([sys.executable, "-c", writer, str(n)], env=env, stderr=subprocess.PIPE)
                 for n in range(4)]
        loops = [subprocess.Popen([sys.executable, "-c", looper, argv, "2"], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
                 for argv in ("decay", "compress|--apply", "sync|--vault|" + vault)]  # each loops for 2 s
        for proc in procs + loops:
            _, err = proc.communicate(timeout=120)
            self.assertEqual(proc.returncode, 0, err.decode("utf-8", "replace")[-2000:])
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], 600)
        self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
        self.assertEqual(conn.execute("SELECT count(DISTINCT session_id) FROM memory_l1").fetchone()[0], 600)
        conn.close()
        self.assertEqual(self.json_cli("doctor")["healthy"], True)


@slow
class CrashTests(CLITestCase):
    def test_kill_during_bulk_import_keeps_what_was_committed(self):
        source = os.path.join(self.tmp, "bulk.jsonl")
        with open(source, "w", encoding="utf-8") as handle:
            for i in range(4000):
                handle.write(json.dumps({"session_id": "c%d" % i, "summary": "crash test memory %d 崩溃" % i,
                                         "key_points": ["k%d" % (i % 7)]}) + "\n")
        rng = random.Random(7)
        exact = 0
        for round_ in range(6):
            db = os.path.join(self.tmp, "crash%d.db" % round_)
            proc = subprocess.Popen([sys.executable, SCRIPT, "import", source, "--progress", "--db", db],
                                    stderr=subprocess.PIPE)
            # kill on a condition, not after a fixed time: after the k-th committed batch was
            # reported (k = 0: as soon as the database file exists), whatever the machine's load
            wanted, seen, lines = rng.randint(0, 3), 0, []
            while wanted and seen < wanted:
                line = proc.stderr.readline().decode()
                if not line:
                    break
                lines.append(line)
                seen += line.startswith("import: ") and "committed" in line
            deadline = time.monotonic() + 60
            while not wanted and not os.path.exists(db) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.001)
            proc.send_signal(signal.SIGKILL)
            _, err = proc.communicate()
            committed = 0
            for line in lines + err.decode().splitlines():
                if line.startswith("import: ") and "committed" in line:
                    committed = int(line.split()[1].split("/")[0])
            db_ok = os.path.exists(db)
            if not db_ok:
                self.assertEqual(committed, 0)
                continue
            conn = self.connect(db)
            self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            try:
                count = conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0]
            except sqlite3.OperationalError:  # killed while the schema was being created
                count = 0
            conn.close()
            # Every batch reported committed is there; batches are all or nothing; a kill while a
            # commit waits for its fsync (before its report line) leaves exactly one more batch.
            self.assertIn(count - committed, (0, memory_tiered.IMPORT_BATCH), "round %d" % round_)
            exact += count == committed
            # the file still opens and the index agrees with the table
            self.assertEqual(self.json_cli("doctor", "--db", db)["healthy"], True)
        self.assertGreater(exact, 0)


class BackupTests(CLITestCase):
    def test_backup_keep_and_restore(self):
        self.add_l1("first memory")
        paths = []
        for n in range(4):
            out, _ = self.run_cli("backup", "--keep", "3", now="2026-05-0%dT03:00:00" % (n + 1))
            paths.append(out.strip())
            self.assertEqual(os.stat(paths[-1]).st_mode & 0o777, 0o600)
        folder = os.path.join(os.path.dirname(self.db), "backups")
        self.assertEqual(sorted(os.listdir(folder)), sorted(os.path.basename(p) for p in paths[1:]))
        self.add_l1("second memory", session="s2")
        _, err = self.run_cli("restore", paths[-1], code=2)
        self.assertIn("--yes", err)
        _, err = self.run_cli("restore", paths[-1], "--yes")
        self.assertIn("saved at", err)
        self.assertEqual([r["text"] for r in self.json_cli("list")["records"]], ["first memory"])
        self.assertEqual(len(self.search("first")), 1)
        newest = sorted(os.listdir(folder))[-1]
        conn = self.connect(os.path.join(folder, newest))
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], 2)

    @slow
    def test_backup_while_another_process_writes(self):
        self.add_l1("seed")
        env = dict(os.environ, MEMORY_TIERED_DB=self.db)
        writer = subprocess.Popen([sys.executable, "-c",
                                   "import sys; sys.path.insert(0, %r)\nimport memory_tiered, io, contextlib\n"
                                   "for i in range(150):\n    with contextlib.redirect_stdout(io.StringIO()):\n"
                                   "        memory_tiered.main(['add-l1', '--session-id', 'b%%d' %% i, '--summary', 'x%%d' %% i])\n"
                                   % ROOT], env=env)
        taken = []
        for n in range(3):
            out, _ = self.run_cli("backup", "--to", os.path.join(self.tmp, "b%d.db" % n))
            taken.append(out.strip())
        writer.wait(timeout=120)
        for path in taken:
            conn = self.connect(path)
            self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            self.assertGreaterEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], 1)

    def test_restore_refuses_bad_files(self):
        self.add_l1("keep me")
        before = self.dump()
        text = os.path.join(self.tmp, "x.txt")
        with open(text, "w") as handle:
            handle.write("hello")
        other = os.path.join(self.tmp, "other.db")
        self.connect(other).execute("CREATE TABLE t(x)").connection.close()
        for path, fragment in ((text, "not a SQLite"), (other, "not a memory database"),
                               (os.path.join(self.tmp, "missing.db"), "no backup file")):
            _, err = self.run_cli("restore", path, "--yes", code=2)
            self.assertIn(fragment, err)
        self.assertEqual(self.dump(), before)


class ExportImportFormatTests(CLITestCase):
    def populate(self):
        a = self.add_l1(HOSTILE_TEXT, key_points="a,b", tags="t1", project="p,q", created_at="2026-05-01T10:00")
        b = self.add_l1("plain second", session="s2", parent_session="s1", agent="claude")
        l2 = int(self.run_cli("add-l2", "--category", "c,\"x\"", "--knowledge", HOSTILE_TEXT + " knowledge",
                              "--source-ids", "%d,%d" % (a, b), "--tags", "x,中文")[0])
        l3 = int(self.run_cli("add-l3", "--insight", "insight\nline", "--source-ids", str(l2))[0])
        l2b = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "newer fact", "--supersedes", str(l2))[0])
        self.search("plain", now="2026-06-01T00:00:00")
        self.run_cli("decay", now="2026-06-02T00:00:00")
        self.run_cli("cleanup", "--archive", "--yes", now="2026-06-02T00:00:00")
        return a, b, l2, l3, l2b

    def test_every_format_round_trips(self):
        self.populate()
        reference = os.path.join(self.tmp, "ref.jsonl")
        self.run_cli("export", "--out", reference)
        with open(reference, encoding="utf-8") as handle:
            expected = handle.read()
        for fmt in ("jsonl", "csv"):
            path = os.path.join(self.tmp, "out." + fmt)
            self.run_cli("export", "--format", fmt, "--out", path)
            other = os.path.join(self.tmp, fmt + ".db")
            self.run_cli("import", path, "--db", other)
            again = os.path.join(self.tmp, fmt + ".again.jsonl")
            self.run_cli("export", "--out", again, "--db", other)
            with open(again, encoding="utf-8") as handle:
                self.assertEqual(handle.read(), expected, fmt)
            _, err = self.run_cli("import", path, "--db", other)
            self.assertIn("0 added", err)
        with open(os.path.join(self.tmp, "out.csv"), "rb") as handle:
            raw = handle.read()
        self.assertTrue(raw.startswith(b"\xef\xbb\xbf"))
        with open(os.path.join(self.tmp, "out.csv"), encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
        self.assertIn("中文", rows[0]["summary"])
        self.assertIn("🧠", rows[0]["summary"])

    def test_markdown_export(self):
        self.populate()
        out, _ = self.run_cli("export", "--format", "markdown")
        self.assertIn("## L1 sessions", out)
        self.assertIn("### L2 #1", out)
        self.assertIn("Sources: L1 #1, L1 #2", out)

    @slow
    def test_level_filter_and_stdin(self):
        self.populate()
        out, _ = self.run_cli("export", "--level", "l3")
        self.assertEqual([json.loads(l)["level"] for l in out.splitlines()], ["l3"])
        proc = self.subprocess("import", "-", input=b'{"session_id": "in", "summary": "from stdin"}\n')
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(self.search("stdin")[0]["session_id"], "in")


class ForgetTests(CLITestCase):
    @slow
    def test_forget_query_lists_then_needs_yes(self):
        a = self.add_l1("my old address is Baker Street", session="a")
        self.add_l1("unrelated note", session="b")
        before = self.dump()
        proc = self.subprocess("forget", "--query", "Baker Street address")
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b"L1 #%d" % a, proc.stderr)
        self.assertIn(b"--yes", proc.stderr)
        self.assertEqual(self.dump(), before)
        self.run_cli("forget", "--query", "Baker Street address", "--yes")
        self.assertEqual(self.search("Baker"), [])
        self.assertEqual(len(self.json_cli("list")["records"]), 1)
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_fts WHERE memory_fts MATCH 'baker'").fetchone()[0], 0)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_units WHERE memory_units MATCH 'baker'").fetchone()[0], 0)

    def test_forget_all_takes_a_backup(self):
        self.add_l1("one")
        self.add_l1("two", session="s2")
        self.run_cli("forget", "--all", code=2)
        _, err = self.run_cli("forget", "--all", "--yes")
        self.assertIn("backup of everything saved to", err)
        path = err.split("saved to ")[1].split("\n")[0]
        self.assertEqual(self.connect(path).execute("SELECT count(*) FROM memory_l1").fetchone()[0], 2)
        self.assertEqual(self.json_cli("list")["records"], [])

    def test_bad_forget_combinations(self):
        self.run_cli("forget", code=2)
        self.run_cli("forget", "l1", code=2)
        self.run_cli("forget", "l1", "1", "--all", "--yes", code=2)


class DuplicateTests(CLITestCase):
    def test_near_duplicate_is_stored_and_reported_then_merged(self):
        a = self.add_l1("Decided to use SQLite WAL mode with a busy timeout for the memory store",
                        key_points="sqlite,wal", tags="db")
        out, err = self.run_cli("add-l1", "--session-id", "s2", "--summary",
                                "Decided to use SQLite WAL mode with a busy timeout for the memory store today",
                                "--key-points", "wal,busy timeout", "--json")
        data = json.loads(out)
        b = data["id"]
        self.assertTrue(data["created"])
        self.assertEqual(data["near_duplicates"][0]["id"], a)
        self.assertIn("near-duplicate of L1 #%d" % a, err)
        self.add_l1("Something entirely different about cooking", session="s3")
        review = self.json_cli("review")
        self.assertEqual(review["duplicates"][0]["ids"], [a, b])
        self.search("SQLite WAL", now="2026-05-01T00:00:00")
        l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", str(b))[0])
        self.run_cli("merge", "l1", str(a), str(b))
        rec = self.json_cli("get", "l1", str(a))
        self.assertEqual(rec["key_points"], ["sqlite", "wal", "busy timeout"])
        self.assertEqual(rec["access_count"], 2)
        self.assertEqual(rec["summary"], "Decided to use SQLite WAL mode with a busy timeout for the memory store")
        self.run_cli("get", "l1", str(b), code=2)
        self.assertEqual(self.json_cli("get", "l2", str(l2))["source_ids"], [a])
        self.assertEqual(self.json_cli("review")["duplicates"], [])
        self.run_cli("merge", "l1", str(a), str(a), code=2)
        self.run_cli("merge", "l1", str(a), "999", code=2)

    def test_chinese_near_duplicate(self):
        a = self.add_l1("我们决定用 SQLite 做记忆系统的存储，并开启 WAL 模式")
        out, _ = self.run_cli("add-l1", "--session-id", "s2", "--summary", "我们决定用 SQLite 做记忆系统的存储，开启 WAL 模式",
                              "--json")
        self.assertEqual(json.loads(out)["near_duplicates"][0]["id"], a)


class SupersedeTests(CLITestCase):
    def test_superseded_fact_drops_out_of_search_and_chain_shows(self):
        old = int(self.run_cli("add-l2", "--category", "home", "--knowledge", "Lives in Berlin, Kreuzberg")[0])
        new = int(self.run_cli("add-l2", "--category", "home", "--knowledge", "Lives in Berlin, Neukölln since 2026",
                               "--supersedes", str(old))[0])
        results = self.search("Berlin", "--no-touch")
        self.assertEqual([r["id"] for r in results], [new])
        self.assertEqual({r["id"] for r in self.search("Berlin", "--no-touch", "--include-superseded")}, {old, new})
        rec = self.json_cli("get", "l2", str(old))
        self.assertEqual(rec["superseded_by"], new)
        self.assertEqual([c["id"] for c in rec["superseded_chain"]], [new])
        out, _ = self.run_cli("get", "l2", str(old))
        self.assertIn("superseded by L2 #%d" % new, out)
        newest = int(self.run_cli("add-l2", "--category", "home", "--knowledge", "Moved to Munich")[0])
        self.run_cli("supersede", "l2", str(new), str(newest))
        self.assertEqual([c["id"] for c in self.json_cli("get", "l2", str(old))["superseded_chain"]], [new, newest])
        _, err = self.run_cli("supersede", "l2", str(newest), str(old), code=2)
        self.assertIn("loop", err)
        self.run_cli("supersede", "l2", str(old), str(old), code=2)
        self.run_cli("supersede", "l2", str(old), "999", code=2)

    def test_review_lists_possible_contradictions(self):
        a = int(self.run_cli("add-l2", "--category", "diet", "--knowledge",
                             "Drinks coffee every morning, black, no sugar")[0])
        b = int(self.run_cli("add-l2", "--category", "diet", "--knowledge",
                             "Drinks tea every morning now, no coffee, no sugar")[0])
        found = self.json_cli("review", "--level", "l2")["contradictions"]
        self.assertEqual(found[0]["ids"], [a, b])
        self.assertEqual(found[0]["category"], "diet")


class SecretTests(CLITestCase):
    def test_each_kind_is_redacted_everywhere(self):
        for kind, secret in SECRETS.items():
            out, err = self.run_cli("add-l1", "--session-id", "sec-" + kind, "--summary",
                                    "note with %s inside" % secret, "--key-points", "k " + secret.split("\n")[0],
                                    "--json")
            data = json.loads(out)
            self.assertIn(kind, data["redacted"], kind)
            self.assertIn("redacted", err)
            rec = self.json_cli("get", "l1", str(data["id"]))
            self.assertIn("[REDACTED:%s]" % kind, rec["summary"])
        export, _ = self.run_cli("export")
        vault = os.path.join(self.tmp, "vault")
        self.run_cli("sync", "--vault", vault)
        texts = [export]
        for root, _dirs, files in os.walk(vault):
            for name in files:
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    texts.append(handle.read())
        with open(self.db, "rb") as handle:
            raw_db = handle.read()
        for kind, secret in SECRETS.items():
            needle = secret.split("=")[-1].replace("<private>", "").split("\n")[0][-16:]
            for text in texts:
                self.assertNotIn(needle, text, kind)
            self.assertNotIn(needle.encode(), raw_db, kind)

    def test_import_mcp_and_capture_are_scrubbed(self):
        path = os.path.join(self.tmp, "s.jsonl")
        with open(path, "w") as handle:
            handle.write(json.dumps({"session_id": "i", "summary": "key " + SECRETS["aws-key"]}) + "\n")
        _, err = self.run_cli("import", path)
        self.assertIn("redacted 1 secret", err)
        transcript = os.path.join(self.tmp, "t.jsonl")
        with open(transcript, "w") as handle:
            handle.write(json.dumps({"type": "user", "sessionId": "t", "message": {
                "role": "user", "content": "use " + SECRETS["github-token"]}}) + "\n")
        self.run_cli("capture", "--transcript", transcript)
        conn = self.connect(self.db)
        self.assertIn("[REDACTED:github-token]", conn.execute("SELECT text FROM session_turns").fetchone()[0])
        result = self.call_tool("memory_add_l1", {"session_id": "m", "summary": SECRETS["jwt"]},
                                        memory_tiered.now_utc())
        self.assertIn("[REDACTED:jwt]", self.json_cli("get", "l1", str(result["id"]))["summary"])

    def test_a_csv_export_runs_no_formula_and_imports_back_the_same(self):
        texts = ["=HYPERLINK(\"http://evil.example\",\"click\")", "'=already quoted", "-5 degrees outside",
                 "@SUM(A1)", "'plain quote", "plain"]
        for n, text in enumerate(texts):
            self.add_l1(text, session="f%d" % n)
        exported = os.path.join(self.tmp, "e.csv")
        self.run_cli("export", "--format", "csv", "--out", exported)
        with open(exported, encoding="utf-8-sig", newline="") as handle:
            cells = [c for row in csv.reader(handle) for c in row]
        self.assertFalse([c for c in cells if c[:1] in ("=", "+", "-", "@")], cells)
        other = os.path.join(self.tmp, "other.db")
        self.run_cli("import", exported, "--db", other)
        back = self.json_cli("list", "--level", "l1", "--db", other, "--limit", "50")
        self.assertEqual(sorted(r["summary"] for r in back["records"]), sorted(texts))

    def test_files_are_owner_only(self):
        self.add_l1("x")
        out, _ = self.run_cli("backup")
        exported = os.path.join(self.tmp, "e.csv")
        self.run_cli("export", "--format", "csv", "--out", exported)
        for path in (self.db, out.strip(), exported):
            self.assertEqual(os.stat(path).st_mode & 0o777, 0o600, path)


class DoctorTests(CLITestCase):
    def test_finds_and_repairs(self):
        a = self.add_l1("doctor memory")
        self.run_cli("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", str(a))
        _, err = self.run_cli("doctor")
        self.assertEqual(err, "doctor: healthy\n")
        conn = self.connect(self.db)
        conn.execute("DELETE FROM memory_fts")
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("UPDATE memory_l2 SET source_ids = '[%d, 999]'" % a)
        conn.commit()
        conn.close()
        os.chmod(self.db, 0o644)
        out, err = self.run_cli("doctor", code=1)
        self.assertIn("3 problem(s)", err)
        self.assertIn("L2 #1 source_ids -> 999", out)
        self.run_cli("doctor", "--repair")
        self.assertEqual(self.run_cli("doctor")[1], "doctor: healthy\n")
        self.assertEqual(self.json_cli("get", "l2", "1")["source_ids"], [a])
        self.assertEqual(os.stat(self.db).st_mode & 0o777, 0o600)
        self.assertEqual(len(self.search("doctor")), 1)


class HostileCatalogueTests(CLITestCase):
    """Each case: a clear one-line error, the right exit code, and the database unchanged."""

    def setUp(self):
        super().setUp()
        self.a = self.add_l1("catalogue memory", key_points="x")
        self.l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", str(self.a))[0])
        self.notdb = os.path.join(self.tmp, "notdb.txt")
        with open(self.notdb, "w") as handle:
            handle.write("not a database " * 20)
        self.truncated = os.path.join(self.tmp, "trunc.db")
        with open(self.db, "rb") as src, open(self.truncated, "wb") as dst:
            dst.write(src.read()[:1500])
        self.badjson = os.path.join(self.tmp, "bad.jsonl")
        with open(self.badjson, "w") as handle:
            handle.write('{"session_id": "a", "summary": "ok"}\n{"session_id": "b"\n')
        self.badcsv = os.path.join(self.tmp, "bad.csv")
        with open(self.badcsv, "w") as handle:
            handle.write("level,nonsense\nl1,x\n")
        self.latin1 = os.path.join(self.tmp, "latin1.jsonl")
        with open(self.latin1, "wb") as handle:
            handle.write(b'{"session_id": "a", "summary": "caf\xe9"}\n')

    def cases(self):
        big = "x" * (memory_tiered.MAX_TEXT + 1)
        return [
            (["add-l1", "--session-id", "s", "--summary", "x", "--importance=abc"], 2, "importance"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--importance=1.5"], 2, "importance"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--importance=-1"], 2, "importance"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--importance=nan"], 2, "importance"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--importance=inf"], 2, "importance"),
            (["add-l1", "--session-id", "s", "--summary", ""], 2, "summary"),
            (["add-l1", "--session-id", "s", "--summary", big], 2, "too long"),
            (["add-l1", "--session-id", "s" * 201, "--summary", "x"], 2, "too long"),
            (["add-l1", "--session-id", "s", "--summary", "bad \udcff"], 2, "UTF-8"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--created-at", "31/12/2026"], 2, "ISO 8601"),
            (["add-l1", "--session-id", "s", "--summary", "x", "--key-points", ",".join("k%d" % i for i in range(101))],
             2, "too many"),
            (["add-l2", "--category", "", "--knowledge", "k"], 2, "category"),
            (["add-l2", "--category", "c", "--knowledge", "k", "--source-ids", "999"], 2, "source id"),
            (["add-l2", "--category", "c", "--knowledge", "k", "--source-ids", "-3"], 2, ""),
            (["add-l2", "--category", "c", "--knowledge", "k", "--supersedes", "999"], 2, "999"),
            (["add-l3", "--insight", "i", "--source-ids", "1,abc"], 2, "whole numbers"),
            (["add-l3", "--insight", "i", "--source-ids", "77"], 2, "L2"),
            (["get", "l9", "1"], 2, "level"),
            (["get", "l1", "999"], 2, "no L1 record"),
            (["get", "l1", "abc"], 2, ""),
            (["list", "--sort", "random"], 2, ""),
            (["search-all"], 2, "search text"),
            (["search-all", "--keyword=   "], 2, "empty"),
            (["search-all", "x", "--since", "last week"], 2, "ISO 8601"),
            (["search-all", "x", "--limit", "0"], 2, ""),
            (["forget", "l1", str(self.a)], 2, "--yes"),
            (["forget", "l3", "999", "--yes"], 2, "no L3"),
            (["forget", "--all"], 2, "--yes"),
            (["merge", "l1", str(self.a), str(self.a)], 2, "different"),
            (["supersede", "l2", str(self.l2), str(self.l2)], 2, "itself"),
            (["cleanup", "--archive"], 2, "--yes"),
            (["config", "decay_factor", "1.5"], 2, "decay_factor"),
            (["config", "colour", "blue"], 2, "unknown setting"),
            (["import", self.badjson], 2, "line 2"),
            (["import", self.badcsv], 2, "unknown columns"),
            (["import", self.latin1], 2, "UTF-8"),
            (["import", os.path.join(self.tmp, "none.jsonl")], 2, "no file"),
            (["restore", self.notdb, "--yes"], 2, "not a SQLite"),
            (["restore", self.db + "-nope", "--yes"], 2, "no backup file"),
            (["stats", "--db", self.notdb], 1, "not a SQLite database"),
            (["search-all", "x", "--db", self.truncated], 1, ""),
            (["stats", "--db", self.tmp], 1, "directory"),
            (["sync", "--vault", os.path.join(self.notdb, "v")], 1, "not writable"),
            (["export", "--out", os.path.join(self.notdb, "x.jsonl")], 1, "cannot write"),
            (["backup", "--to", os.path.join(self.notdb, "b.db")], 1, "cannot write the backup"),
            (["capture", "--transcript", os.path.join(self.tmp, "none.jsonl")], 2, "transcript"),
            (["context", "--budget", "10"], 2, "budget"),
            (["nonsense-command"], 2, "is not a command"),
        ]

    @slow
    def test_catalogue(self):
        cases = self.cases()
        self.assertGreaterEqual(len(cases), 40)
        before = self.dump()
        with open(self.notdb) as handle:
            notdb_before = handle.read()
        for argv, code, fragment in cases:
            out, err = self.run_cli(*argv, code=code)
            self.assertEqual(out, "", argv)
            self.assertTrue(err.startswith("error: "), (argv, err))
            self.assertEqual(err.count("\n"), 1, (argv, err))
            self.assertIn(fragment, err, argv)
            self.assertEqual(self.dump(), before, argv)
        with open(self.notdb) as handle:
            self.assertEqual(handle.read(), notdb_before)

    @unittest.skipUnless(hasattr(os, "fork"), "needs resource limits")
    @slow
    def test_full_disk(self):
        import resource
        before = self.dump()
        size = os.path.getsize(self.db)
        wal = os.path.getsize(self.db + "-wal") if os.path.exists(self.db + "-wal") else 0

        def limit():
            resource.setrlimit(resource.RLIMIT_FSIZE, (max(size, wal) + 4096, max(size, wal) + 4096))

        path = os.path.join(self.tmp, "big.jsonl")
        with open(path, "w") as handle:
            for i in range(3000):
                handle.write(json.dumps({"session_id": "f%d" % i, "summary": "filling the disk %d " % i + "y" * 500})
                             + "\n")
        proc = subprocess.run([sys.executable, SCRIPT, "import", path, "--db", self.db], preexec_fn=limit,
                              capture_output=True, timeout=120)
        self.assertEqual(proc.returncode, 1, proc.stderr)
        self.assertNotIn(b"Traceback", proc.stderr)
        self.assertEqual(proc.stderr.count(b"\n"), 1, proc.stderr)
        self.assertIn(b"disk", proc.stderr.lower())
        self.assertEqual(self.dump(), before)


if __name__ == "__main__":
    unittest.main()
