"""Shared test scaffolding: a temp home, a temp database, in-process and real CLI runs."""

import contextlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "memory_tiered.py")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import memory_tiered  # noqa: E402

# The tool as the installed hooks, MCP entries and plugins start it: the module's cached bytecode
# (a script named on the command line is compiled on every run; tests/test_newcomer.py and the
# field-table test run the script form itself).
memory_tiered.refresh_bytecode(SCRIPT)
COMMAND = [sys.executable] + memory_tiered.launch_args(SCRIPT)

# MEMORY_TIERED_FAST_TESTS=1 skips the slow tests (kills at random moments, concurrent writers,
# simulated months, whole first weeks, and each test that takes 0.25 s or more, most of them
# several processes each); CI and a plain run run everything.
FAST = os.environ.get("MEMORY_TIERED_FAST_TESTS") == "1"


def slow(test):
    """Mark a test (or a class of tests) as slow: skipped in the fast set."""
    return unittest.skipIf(FAST, "slow: run without MEMORY_TIERED_FAST_TESTS=1")(test)


class CLITestCase(unittest.TestCase):
    """Each test gets a temp folder as HOME and a database inside it."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="mt-test-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.db = os.path.join(self.tmp, "state", "memory.db")
        env = {"HOME": self.tmp, "MEMORY_TIERED_DB": self.db}
        patcher = mock.patch.dict(os.environ, env)
        patcher.start()
        self.addCleanup(patcher.stop)
        for name in ("MEMORY_TIERED_NOW", "MEMORY_TIERED_FTS", "MEMORY_TIERED_VAULT", "MEMORY_TIERED_PROJECT",
                     "MEMORY_TIERED_EMBED_URL", "MEMORY_TIERED_EMBED_MODEL"):
            os.environ.pop(name, None)
        # Run from the temp folder (not a repository): records written by the CLI are global.
        cwd = os.getcwd()
        os.chdir(self.tmp)
        self.addCleanup(os.chdir, cwd)

    def connect(self, path):
        """A sqlite3 connection closed when the test ends."""
        conn = sqlite3.connect(path)
        self.addCleanup(conn.close)
        return conn

    def run_cli(self, *argv, now=None, code=0):
        """Run main() in-process; assert the exit code; return (stdout, stderr)."""
        out, err = io.StringIO(), io.StringIO()
        env = {"MEMORY_TIERED_NOW": now} if now else {}
        with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            got = memory_tiered.main([str(a) for a in argv])
        if code is not None:
            self.assertEqual(got, code, "exit %s != %s for %s\nstdout: %s\nstderr: %s"
                             % (got, code, argv, out.getvalue()[:2000], err.getvalue()[:2000]))
        return out.getvalue(), err.getvalue()

    def call_tool(self, name, args, now=None, session_id=None):
        """Call an agent tool (as MCP and Hermes do) on the test database."""
        with memory_tiered.MemoryDB(self.db) as db:
            return memory_tiered.call_tool(db, name=name, args=args, now=now or memory_tiered.now_utc(),
                                           session_id=session_id)

    def json_cli(self, *argv, now=None):
        out, _ = self.run_cli(*(argv + ("--json",)), now=now)
        return json.loads(out)

    def add_l1(self, summary, session="s1", now=None, **options):
        argv = ["add-l1", "--session-id=" + session, "--summary=" + summary]
        for key, value in options.items():
            argv.append("--%s=%s" % (key.replace("_", "-"), value))
        out, _ = self.run_cli(*argv, now=now)
        return int(out.strip())

    def add_l1s(self, summaries, session="o", **options):
        """Several L1s added one by one as add_l1 does (session <session><N> for the N-th); their
        ids.  (bulk_l1 imports them instead.)"""
        return [self.add_l1(summary, session="%s%d" % (session, number), **options)
                for number, summary in enumerate(summaries)]

    def bulk_l1(self, summaries, now=None):
        """Add many L1s in one import (session s<N> for the N-th summary)."""
        path = os.path.join(self.tmp, "bulk.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for number, summary in enumerate(summaries):
                handle.write(json.dumps({"session_id": "s%d" % number, "summary": summary}) + "\n")
        self.run_cli("import", path, now=now)

    def search(self, text, *extra, now=None):
        return self.json_cli("search-all", "--keyword", text, *extra, now=now)["results"]

    def dump(self):
        """The whole database as SQL text, to prove a failed command changed nothing."""
        if not os.path.exists(self.db):
            return None
        conn = sqlite3.connect(self.db)
        try:
            return "\n".join(line for line in conn.iterdump() if "memory_fts" not in line
                             and "memory_units" not in line)
        finally:
            conn.close()

    def subprocess(self, *argv, env=None, input=None, timeout=60):
        full_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.tmp,
                    "MEMORY_TIERED_DB": self.db}
        full_env.update(env or {})
        return subprocess.run(COMMAND + list(argv), env=full_env, input=input,
                              capture_output=True, timeout=timeout)
