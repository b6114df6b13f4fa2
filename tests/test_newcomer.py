"""A newcomer's first week, scripted: a fresh HOME, only memory_tiered.py copied to a folder, the
README's first commands, and every command the tool prints pasted back into a shell."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from helpers import slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class NewcomerRunTests(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="mt-newcomer-")
        self.addCleanup(shutil.rmtree, self.home, True)
        self.folder = os.path.join(self.home, "tools")
        os.makedirs(self.folder)
        shutil.copy(os.path.join(ROOT, "memory_tiered.py"), self.folder)
        self.script = os.path.join(self.folder, "memory_tiered.py")
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.home}

    def run_tool(self, *argv, stdin=None):
        proc = subprocess.run([sys.executable, self.script] + list(argv), env=self.env, input=stdin,
                              capture_output=True, text=True, timeout=120, cwd=self.home)
        self.assertEqual(proc.returncode, 0, (argv, proc.stdout, proc.stderr))
        self.assertNotIn("Traceback", proc.stderr)
        return proc.stdout + proc.stderr

    def paste(self, command):
        """Run a printed command in a shell from another folder, as a person would paste it."""
        other = os.path.join(self.home, "elsewhere")
        os.makedirs(other, exist_ok=True)
        proc = subprocess.run(command, shell=True, env=self.env, capture_output=True, text=True, timeout=120,
                              cwd=other)
        self.assertEqual(proc.returncode, 0, (command, proc.stdout, proc.stderr))
        return proc.stdout

    @slow
    def test_first_week(self):
        printed = [self.run_tool("init")]
        self.assertIn(os.path.join(self.home, ".hermes", "state", "state.db"), printed[0])
        printed.append(self.run_tool("add-l1", "--session-id", "s1", "--summary", "第一次使用记忆系统，感觉很酷",
                                     "--key-points", "记忆、初体验", "--importance", "0.9"))
        printed.append(self.run_tool("search-all", "记忆"))
        self.assertIn("第一次使用记忆系统", printed[-1])
        self.assertIn("L1 #1", self.run_tool("search-all", "上次关于记忆系统我们说了什么？"))
        printed.append(self.run_tool("init-vault"))
        cron = self.run_tool("cron", "--print")
        printed.append(self.run_tool("sync"))
        printed.append(self.run_tool("report"))
        hook = self.run_tool("hook", "session-start",
                             stdin=json.dumps({"session_id": "first-week", "cwd": self.home, "source": "startup"}))
        printed.append(self.run_tool("context", "--query", "记忆系统"))
        # every crontab line runs as cron would run it
        jobs = [line.split(" ", 5)[5] for line in cron.splitlines() if line and not line.startswith("#")]
        self.assertEqual(len(jobs), 6)  # five jobs and the vault sync
        for job in jobs:
            self.paste(job)
        # every command printed in backticks works when pasted (placeholders filled in as a person would)
        commands = []
        for text in printed + [hook]:
            commands += re.findall(r"`([^`]*(?:memory_tiered\.py|-m memory_tiered|import memory_tiered as m)[^`]*)`", text)
        self.assertTrue(any(" add-l1 " in c for c in commands), hook)
        self.assertTrue(any(" get LEVEL ID" in c for c in commands))
        for command in commands:
            filled = (command.replace("get LEVEL ID", "get l1 1").replace('--summary "..."', '--summary "Set up memory"')
                      .replace("--summary ...", '--summary "Set up memory"'))
            self.paste(filled)
        self.assertIn("Set up memory", self.run_tool("search-all", "Set up memory"))
        self.assertEqual(self.run_tool("pending"), "pending: 0 sessions without a summary\n")


    @slow
    def test_the_documented_mcp_configuration_starts_the_server(self):
        with open(os.path.join(ROOT, "docs", "agents.md"), encoding="utf-8") as handle:
            readme = handle.read()
        block = re.search(r"```json\n(\{\"mcpServers\".*?)```", readme, re.S).group(1)
        server = json.loads(block.replace("/path/to", self.folder))["mcpServers"]["memory-tiered"]
        env = dict(self.env, **server["env"])
        env["MEMORY_TIERED_DB"] = os.path.join(self.home, "state.db")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.run_tool("init", "--db", env["MEMORY_TIERED_DB"])  # writes the bytecode the launch reads
        command = [sys.executable if server["command"] == "python3" else server["command"]] + server["args"]
        hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        proc = subprocess.run(command, env=env, cwd=self.home, timeout=60, text=True,
                              input=json.dumps(hello) + "\n", capture_output=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(json.loads(proc.stdout.splitlines()[0])["result"]["serverInfo"]["name"], "memory-tiered")
        self.assertTrue(os.path.exists(os.path.join(self.folder, "__pycache__")))


class HelpTests(unittest.TestCase):
    def test_every_option_and_argument_has_help(self):
        sys.path.insert(0, ROOT)
        import memory_tiered
        parser = memory_tiered.build_parser()
        missing = []
        for name, sub in parser.subcommands.items():
            self.assertIn("Example:", sub.description, name)
            for action in sub._actions:
                if action.dest not in ("help", "db", "json", "debug") and not action.help:
                    missing.append("%s %s" % (name, (action.option_strings or [action.dest])[0]))
        self.assertEqual(missing, [])


class ReadOnlyTests(unittest.TestCase):
    def test_reading_commands_never_create_a_database(self):
        sys.path.insert(0, ROOT)
        import io
        import contextlib
        import memory_tiered
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "new", "state.db")
            for argv in (["search-all", "x"], ["list"], ["stats"], ["get", "l1", "1"], ["context", "--query", "x"],
                         ["export"], ["review"], ["compress"]):
                err = io.StringIO()
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    code = memory_tiered.main(argv + ["--db", db])
                self.assertEqual(code, 2, argv)
                self.assertIn("run `init`", err.getvalue())
            self.assertFalse(os.path.exists(os.path.dirname(db)))
            blocker = os.path.join(tmp, "afile")
            with open(blocker, "w") as handle:
                handle.write("x")
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                memory_tiered.main(["init", "--db", db])
                code = memory_tiered.main(["export", "--db", db, "--out", os.path.join(blocker, "all.jsonl")])
            self.assertEqual(code, 1)
            self.assertIn("part of that path is a file", err.getvalue())


class ExitTests(unittest.TestCase):
    """`python3 -m memory_tiered`: nothing printed may be lost and exit codes stay."""

    def run_module(self, *argv, code=None):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": ROOT, "HOME": self.home}
        command = [sys.executable, "-S"] + (["-c", code] if code else ["-m", "memory_tiered"] + list(argv))
        return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, cwd=self.home)

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="mt-exit-")
        self.addCleanup(shutil.rmtree, self.home, True)
        self.db = os.path.join(self.home, "m.db")
        lines = "".join(json.dumps({"level": "l1", "session_id": "s%d" % n, "summary": "memory number %d %s"
                                    % (n, "x" * 200)}) + "\n" for n in range(1500))
        path = os.path.join(self.home, "in.jsonl")
        with open(path, "w") as handle:
            handle.write(lines)
        self.assertEqual(self.run_module("import", path, "--db", self.db).returncode, 0)

    @slow
    def test_a_long_output_arrives_whole(self):
        proc = self.run_module("list", "--limit", "1000", "--json", "--db", self.db)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertGreater(len(proc.stdout), 1 << 17)  # more than a pipe holds
        self.assertEqual(len(json.loads(proc.stdout)["records"]), 1000)
        proc = self.run_module("get", "l1", "7", "--db", self.db, "--json")  # a short one stays in the buffer
        self.assertEqual(json.loads(proc.stdout)["id"], 7)

    @slow
    def test_exit_codes_and_error_lines_stay(self):
        proc = self.run_module("get", "l1", "99999", "--db", self.db)
        self.assertEqual((proc.returncode, proc.stderr), (2, "error: no L1 record with id 99999\n"))
        proc = self.run_module("get", "l9", "1", "--db", self.db)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("level must be one of", proc.stderr)
        proc = self.run_module("stats", "--db", self.home)  # a folder, not a database
        self.assertEqual((proc.returncode, proc.stderr.count("\n")), (1, 1), proc.stderr)

