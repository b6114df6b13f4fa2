"""Scheduled jobs under cron's bare environment, locks, the digest, the report and webhooks."""

import base64
import datetime
import hashlib
import hmac
import http.server
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
import unittest
from unittest import mock

from helpers import ROOT, CLITestCase, memory_tiered, slow

CRON = os.path.join(ROOT, "cron")


def run_bare(script, env, timeout=60):
    """A cron script as cron runs it: absolute interpreter, env -i plus what is given."""
    return subprocess.run([sys.executable, os.path.join(CRON, script)], env=env, capture_output=True,
                          timeout=timeout, cwd="/")


class CronScriptTests(CLITestCase):
    def log_lines(self):
        with open(os.path.join(os.path.dirname(self.db), "memory_tiered.log"), encoding="utf-8") as handle:
            return handle.read().splitlines()

    @slow
    def test_every_script_under_bare_environment(self):
        a = self.add_l1("cron test memory", key_points="x", importance=0.9, now="2026-05-01T00:00:00")
        for hour in range(3):  # three sittings
            self.search("cron test", now="2026-05-01T0%d:00:00" % hour)
        env = {"MEMORY_TIERED_DB": self.db, "MEMORY_TIERED_NOW": "2026-05-01T05:00:00",
               "MEMORY_TIERED_VAULT": os.path.join(self.tmp, "vault")}
        expected = {
            "memory_decay.py": "job=decay ok",
            "memory_index.py": "job=index ok",
            "memory_cleanup.py": "job=cleanup ok",
            "memory_compress.py": "job=compress ok",
            "memory_stats_report.py": "job=report ok",
        }
        for number, (script, line) in enumerate(sorted(expected.items()), 1):
            proc = run_bare(script, env)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(proc.stdout, b"", script)
            self.assertEqual(proc.stderr, b"", script)
            self.assertIn(line, self.log_lines()[-1])
            self.assertEqual(len(self.log_lines()), number)
        rec = self.json_cli("get", "l1", str(a))
        self.assertIsNotNone(rec["promoted_to"])
        self.assertTrue(os.path.exists(memory_tiered.digest_path(self.db)))
        self.assertTrue(os.path.exists(os.path.join(self.tmp, "vault", "报告", "2026-05-01.md")))
        backups = os.listdir(os.path.join(os.path.dirname(self.db), "backups"))
        self.assertEqual(backups, ["memory-20260501-050000.db"])  # the daily compress job keeps a backup
        conn = self.connect(self.db)
        # full strength at the last sitting (02:00), decayed to 05:00
        self.assertAlmostEqual(conn.execute("SELECT decay_score FROM memory_l1").fetchone()[0], 0.99 ** 3,
                               delta=1e-9)

    @slow
    def test_sync_job(self):
        self.add_l1("vault job memory")
        vault = os.path.join(self.tmp, "vault")
        proc = subprocess.run([sys.executable, os.path.join(ROOT, "memory_tiered.py"), "job", "sync"],
                              env={"MEMORY_TIERED_DB": self.db, "MEMORY_TIERED_VAULT": vault}, capture_output=True)
        self.assertEqual((proc.returncode, proc.stdout, proc.stderr), (0, b"", b""))
        self.assertIn("job=sync ok", self.log_lines()[-1])
        self.assertIn("3 written", self.log_lines()[-1])  # the L1, its session, the insight index
        self.assertTrue(os.path.isdir(os.path.join(vault, "L1-关键摘要")))

    def test_failure_exits_non_zero_with_log_line(self):
        os.makedirs(os.path.dirname(self.db))
        with open(self.db, "w") as handle:
            handle.write("not a database at all, just text" * 20)
        proc = run_bare("memory_decay.py", {"MEMORY_TIERED_DB": self.db})
        self.assertEqual(proc.returncode, 1)
        self.assertIn(b"not a SQLite database", proc.stderr)
        self.assertIn("ERROR job=decay failed", self.log_lines()[-1])

    def test_default_path_without_home(self):
        home = os.path.join(self.tmp, "h")
        os.makedirs(home)
        proc = subprocess.run([sys.executable, os.path.join(CRON, "memory_decay.py")], env={"HOME": home},
                              capture_output=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(os.path.exists(os.path.join(home, ".hermes", "state", "state.db")))

    @slow

    def test_second_copy_skips_while_first_holds_the_lock(self):
        self.run_cli("init")
        lock = self.db + ".decay.lock"
        holder = subprocess.Popen([sys.executable, "-c",
                                   "import fcntl, sys, time\n"
                                   "f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX)\n"
                                   "print('locked', flush=True); time.sleep(30)", lock],
                                  stdout=subprocess.PIPE)
        self.addCleanup(holder.kill)
        self.addCleanup(holder.stdout.close)
        self.assertEqual(holder.stdout.readline().strip(), b"locked")
        proc = run_bare("memory_decay.py", {"MEMORY_TIERED_DB": self.db})
        self.assertEqual(proc.returncode, 0)
        self.assertIn("job=decay skipped", self.log_lines()[-1])
        holder.kill()
        holder.wait()
        proc = run_bare("memory_decay.py", {"MEMORY_TIERED_DB": self.db})
        self.assertEqual(proc.returncode, 0)
        self.assertIn("job=decay ok", self.log_lines()[-1])

    @slow

    def test_two_copies_at_once(self):
        self.bulk_l1("memory %d" % i for i in range(50))
        env = {"MEMORY_TIERED_DB": self.db}
        procs = [subprocess.Popen([sys.executable, os.path.join(CRON, "memory_index.py")], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        for proc in procs:
            out, err = proc.communicate(timeout=60)
            self.assertEqual(proc.returncode, 0, err)
            self.assertEqual(out, b"")
        lines = [l for l in self.log_lines() if "job=index" in l]
        self.assertEqual(len(lines), 2)
        self.assertTrue(all(" ok " in l or "skipped" in l for l in lines), lines)
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")


class IndexAndDigestTests(CLITestCase):
    def test_index_repairs_when_out_of_step(self):
        self.add_l1("findable alpha")
        conn = self.connect(self.db)
        conn.execute("DELETE FROM memory_fts")
        conn.commit()
        conn.close()
        self.assertEqual(self.search("alpha"), [])
        _, err = self.run_cli("index")
        self.assertIn("rebuilt", err)
        self.assertEqual(len(self.search("alpha")), 1)
        _, err = self.run_cli("index")
        self.assertIn("in step", err)

    @slow
    def test_the_index_job_merges_segments(self):
        # every write transaction adds a segment to both indexes; a search reads each segment
        # once per word, and the index job merges them, a bounded step at a time
        for n in range(40):
            self.add_l1("note %d about merging the deploy queue" % n, session="s%d" % n)
        conn = self.connect(self.db)

        def segments():
            return [conn.execute("SELECT count(DISTINCT segid) FROM %s_idx" % t).fetchone()[0]
                    for t in ("memory_fts", "memory_units")]

        later = memory_tiered.iso(memory_tiered.now_utc() + datetime.timedelta(hours=1))  # one clock for both
        before, found = segments(), self.search("merging deploy queue", "--limit", "50", "--no-touch", now=later)
        self.assertGreater(min(before), 3)
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        steps = []
        db.conn.set_trace_callback(lambda sql: steps.append(sql) if "'merge'" in sql else None)
        db.optimize_index(seconds=0)  # out of time: one step for each index
        self.assertEqual(len(steps), 2)
        self.run_cli("index")
        after = segments()
        self.assertTrue(all(a <= 2 for a in after), (before, after))
        del steps[:]
        self.assertEqual(db.optimize_index(), dict(zip(("memory_fts", "memory_units"), after)))
        self.assertEqual(len(steps), 2)  # nothing left to merge: one step each finds that out
        self.assertEqual([r[0] for r in conn.execute("SELECT v FROM memory_fts_config WHERE k = 'usermerge' UNION ALL "
                                                     "SELECT v FROM memory_units_config WHERE k = 'usermerge'")], [2, 2])
        self.assertEqual(self.search("merging deploy queue", "--limit", "50", "--no-touch", now=later), found)
        for table in ("memory_fts", "memory_units"):  # raises if a merge left the index inconsistent
            conn.execute("INSERT INTO %s(%s) VALUES ('integrity-check')" % (table, table))

    def test_digest_budget_order_and_no_rewrite(self):
        self.run_cli("add-l3", "--insight", "Prefers boring, proven technology")
        self.run_cli("add-l2", "--category", "skills", "--knowledge", "Writes Go and Python daily", "--importance", "0.9")
        self.bulk_l1("第%d次会话：讨论了记忆系统的设计与实现细节 and some English words too" % i for i in range(400))
        out, err = self.run_cli("digest", "--budget", "300")
        self.assertLessEqual(memory_tiered.token_count(out), 300)
        self.assertLess(out.index("Prefers boring"), out.index("Writes Go"))
        self.assertLess(out.index("Writes Go"), out.index("## Recent sessions"))
        self.assertIn("[L1#400]", out)  # most recent first
        path = memory_tiered.digest_path(self.db)
        mtime = os.stat(path).st_mtime_ns
        time.sleep(0.01)
        _, err = self.run_cli("digest", "--budget", "300")
        self.assertIn("unchanged", err)
        self.assertEqual(os.stat(path).st_mtime_ns, mtime)
        self.assertEqual(memory_tiered.token_count("记忆abcd"), 3)


class _Hook(http.server.BaseHTTPRequestHandler):
    """A local webhook endpoint that checks what it gets and answers as told."""

    mode = "ok"
    secret = None
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        payload = json.loads(body.decode("utf-8"))
        problems = []
        if self.path.startswith("/feishu"):
            if payload.get("msg_type") != "post":
                problems.append("msg_type")
            post = payload.get("content", {}).get("post", {}).get("zh_cn", {})
            if not post.get("title") or not isinstance(post.get("content"), list):
                problems.append("post shape")
            for para in post.get("content", []):
                if not all(item.get("tag") == "text" and isinstance(item.get("text"), str) for item in para):
                    problems.append("paragraph")
                for item in para:  # a post message shows Markdown literally: none may reach it
                    if item.get("text", "").startswith(("#", "- ")):
                        problems.append("markdown")
                    if set(item.get("style", [])) - {"bold", "italic", "underline", "lineThrough"}:
                        problems.append("style")
            if not any("bold" in item.get("style", []) for para in post.get("content", []) for item in para):
                problems.append("no bold section names")
            if len(body) > 20000:
                problems.append("size")
            if self.secret:
                stamp = payload.get("timestamp", "")
                want = base64.b64encode(hmac.new(("%s\n%s" % (stamp, self.secret)).encode(), b"",
                                                 hashlib.sha256).digest()).decode()
                if payload.get("sign") != want or abs(int(stamp) - time.time()) > 3600:
                    problems.append("sign")
        else:
            if not isinstance(payload.get("text"), str):
                problems.append("text")
        type(self).received.append((self.path, payload, problems))
        if self.mode == "silent":
            threading.Event().wait(2)
            return
        if self.mode == "http500":
            self.send_response(500)
            self.end_headers()
            return
        answer = {"code": 0, "msg": "success", "data": {}}
        if problems:
            answer = {"code": 19021, "msg": "sign match fail or timestamp is not within one hour"}
        if self.mode == "feishu_error":
            answer = {"code": 9499, "msg": "Bad Request"}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class WebhookTests(CLITestCase):
    def setUp(self):
        super().setUp()
        _Hook.received = []
        _Hook.mode = "ok"
        _Hook.secret = "s3cr3t-Value"
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.base = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.bulk_l1("报告测试记忆 %d with a longer English tail to make the report bigger" % i for i in range(30))
        self.vault = os.path.join(self.tmp, "vault")

    def report(self, env, code):
        base = {"MEMORY_TIERED_VAULT": self.vault, "MEMORY_TIERED_WEBHOOK_TIMEOUT": "0.5",
                "MEMORY_TIERED_NOW": "2026-11-29T12:00:00"}
        base.update(env)
        with mock.patch.dict(os.environ, base), mock.patch.object(memory_tiered.time, "sleep"):
            out, err = self.run_cli("report", "--push", code=code)
        self.assertTrue(os.path.exists(os.path.join(self.vault, "报告", "2026-11-29.md")))
        self.assertNotIn("s3cr3t", out + err)
        self.assertNotIn("/feishu/hook-token", out + err)
        return out, err

    def test_feishu_signed_success(self):
        out, err = self.report({"MEMORY_TIERED_FEISHU_WEBHOOK": self.base + "/feishu/hook-token",
                                "MEMORY_TIERED_FEISHU_SECRET": "s3cr3t-Value"}, 0)
        self.assertIn("# 记忆日报 2026-11-29", out)
        self.assertIn("feishu sent", err)
        self.assertEqual(len(_Hook.received), 1)
        self.assertEqual(_Hook.received[0][2], [])

    def test_feishu_wrong_secret_is_a_failure(self):
        _, err = self.report({"MEMORY_TIERED_FEISHU_WEBHOOK": self.base + "/feishu/hook-token",
                              "MEMORY_TIERED_FEISHU_SECRET": "wrong"}, 1)
        self.assertIn("code 19021", err)
        self.assertEqual(len(_Hook.received), 2)  # one retry

    def test_feishu_error_code(self):
        _Hook.mode = "feishu_error"
        _, err = self.report({"MEMORY_TIERED_FEISHU_WEBHOOK": self.base + "/feishu/hook-token"}, 1)
        self.assertIn("code 9499", err)
        self.assertEqual(len(_Hook.received), 2)

    def test_http_500(self):
        _Hook.mode = "http500"
        _, err = self.report({"MEMORY_TIERED_FEISHU_WEBHOOK": self.base + "/feishu/hook-token"}, 1)
        self.assertIn("HTTP 500", err)

    @slow
    def test_silence_times_out(self):
        _Hook.mode = "silent"
        started = time.monotonic()
        _, err = self.report({"MEMORY_TIERED_FEISHU_WEBHOOK": self.base + "/feishu/hook-token"}, 1)
        self.assertIn("did not answer within 0.5 s", err)
        self.assertLess(time.monotonic() - started, 10)

    def test_generic_webhook_and_env_file(self):
        with open(os.path.join(os.path.dirname(self.db), "memory_tiered.env"), "w") as handle:
            handle.write("MEMORY_TIERED_WEBHOOK=%s/slack\nOTHER=ignored\n" % self.base)
        _, err = self.report({}, 0)
        self.assertIn("webhook sent", err)
        self.assertEqual(_Hook.received[0][0], "/slack")
        self.assertIn("记忆日报", _Hook.received[0][1]["text"])

    def test_large_report_fits_feishu_limit(self):
        text = "\n".join("第%d行 " % i + "很长的内容" * 40 for i in range(400))
        data = memory_tiered.feishu_payload("t", text, "k", timestamp=1700000000)
        self.assertLessEqual(len(data), 20000)
        payload = json.loads(data.decode("utf-8"))
        self.assertEqual(payload["timestamp"], "1700000000")
        self.assertIn("shortened", payload["content"]["post"]["zh_cn"]["content"][-1][0]["text"])


class CrontabInstallTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.bin = os.path.join(self.tmp, "bin")
        os.makedirs(self.bin)
        self.store = os.path.join(self.tmp, "crontab.txt")
        script = os.path.join(self.bin, "crontab")
        with open(script, "w") as handle:
            handle.write("#!/bin/sh\n"
                         "if [ \"$1\" = \"-l\" ]; then\n"
                         "  if [ -f \"$CRONTAB_STORE\" ]; then cat \"$CRONTAB_STORE\"; exit 0; fi\n"
                         "  echo \"no crontab for $USER\" >&2; exit 1\n"
                         "fi\n"
                         "if [ \"$1\" = \"-\" ]; then cat > \"$CRONTAB_STORE\"; echo x >> \"$CRONTAB_STORE.calls\"; exit 0; fi\n"
                         "exit 2\n")
        os.chmod(script, 0o755)
        self.env = mock.patch.dict(os.environ, {"PATH": self.bin + os.pathsep + os.environ.get("PATH", ""),
                                                "CRONTAB_STORE": self.store})
        self.env.start()
        self.addCleanup(self.env.stop)

    def test_install_keeps_other_lines_and_is_idempotent(self):
        with open(self.store, "w") as handle:
            handle.write("SHELL=/bin/bash\n15 2 * * * /usr/bin/backup --all\n")
        self.run_cli("cron", "--install")
        with open(self.store) as handle:
            first = handle.read()
        self.assertTrue(first.startswith("SHELL=/bin/bash\n15 2 * * * /usr/bin/backup --all\n"))
        self.assertEqual(first.count("memory_decay.py"), 1)
        self.assertNotIn("MAILTO", first)  # a MAILTO line would silence every line below it
        for script in ("memory_decay.py", "memory_index.py", "memory_cleanup.py", "memory_compress.py",
                       "memory_stats_report.py"):
            self.assertIn(os.path.join(CRON, script), first)
        self.assertIn("*/5 * * * *", first)
        _, err = self.run_cli("cron", "--install")
        self.assertIn("unchanged", err)
        with open(self.store) as handle:
            self.assertEqual(handle.read(), first)
        with open(self.store + ".calls") as handle:
            self.assertEqual(len(handle.read().split()), 1)

    def test_install_into_empty_crontab_and_print(self):
        self.run_cli("cron", "--install")
        with open(self.store) as handle:
            self.assertEqual(handle.read().count("MEMORY_TIERED_DB="), 5)
        out, _ = self.run_cli("cron", "--print")
        self.assertEqual(len([l for l in out.splitlines() if l.endswith("2>&1")]), 5)
        self.assertIn(sys.executable, out)


if __name__ == "__main__":
    unittest.main()


class SingleFileTests(CLITestCase):
    """Only memory_tiered.py copied: every feature still works from it."""

    @slow
    def test_cron_and_init_vault_work_from_the_module_alone(self):
        import shutil
        alone = os.path.join(self.tmp, "alone")
        os.makedirs(alone)
        shutil.copy(os.path.join(ROOT, "memory_tiered.py"), alone)
        vault = os.path.join(self.tmp, "vault")
        env = {"PATH": os.environ.get("PATH", ""), "HOME": self.tmp, "MEMORY_TIERED_DB": self.db,
               "MEMORY_TIERED_VAULT": vault, "PYTHONDONTWRITEBYTECODE": "1"}
        run = lambda *argv: subprocess.run([sys.executable, os.path.join(alone, "memory_tiered.py")] + list(argv),  # noqa: E731
                                           env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(run("init").returncode, 0)
        done = run("init-vault")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("the built-in template", done.stderr)
        for rel, text in memory_tiered.VAULT_TEMPLATE.items():
            with open(os.path.join(vault, *rel.split("/")), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), text)
        printed = run("cron", "--print").stdout
        self.assertNotIn("cron/memory_", printed)
        self.assertIn(memory_tiered.module_command(sys.executable, os.path.join(alone, "memory_tiered.py"))
                      + " job decay", printed)
        # the launch reads cached bytecode even where Python may not write it
        import importlib.util
        cached = importlib.util.cache_from_source(os.path.join(alone, "memory_tiered.py"))
        self.assertTrue(os.path.exists(cached))
        probe = subprocess.run([sys.executable, "-v", "-c", "import memory_tiered"], env=dict(env, PYTHONPATH=alone),
                               capture_output=True, text=True, timeout=60)
        self.assertIn("code object from %r" % cached, probe.stderr)
        self.assertIn("job sync", printed)  # the vault exists, so it is kept in step too
        self.assertNotIn("MAILTO", printed)
        for line in printed.splitlines():
            if line.startswith("#"):
                continue
            command = line.split(" ", 5)[5]  # what cron would run, as the shell would run it
            proc = subprocess.run(command, shell=True, env=env, capture_output=True, text=True, timeout=120)
            self.assertEqual(proc.returncode, 0, (command, proc.stderr))

    def test_the_built_in_template_equals_the_folder(self):
        _, files = memory_tiered.vault_template_files()
        self.assertEqual(files, memory_tiered.VAULT_TEMPLATE)
