"""What a week of real use met: messages that say what is true and advice that works as printed,
commands that undo what they did, files a person never asked for, and damaged or hostile input
answered in one line."""

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import threading
import time

from helpers import ROOT, SCRIPT, CLITestCase, memory_tiered, slow
from test_vault import VaultTestCase


class TrueMessagesTests(CLITestCase):
    def repository(self, name="shop"):
        repo = os.path.join(self.tmp, "src", name)
        os.makedirs(os.path.join(repo, ".git"))
        return repo

    def test_the_hooks_add_command_does_not_warn_inside_its_repository(self):
        repo = self.repository()
        os.chdir(repo)
        key = memory_tiered.project_key(repo)
        out, err = self.run_cli("add-l1", "--session-id", "h1", "--summary", "a first memory", "--project", key)
        self.assertEqual(err, "")
        self.assertEqual(self.json_cli("get", "l1", out.strip())["project"], key)

    def test_the_first_memory_note_gives_advice_that_works(self):
        repo = self.repository()
        os.chdir(self.tmp)
        out, err = self.run_cli("add-l1", "--session-id", "h2", "--summary", "a memory", "--project", "shop")
        self.assertIn("note:", err)
        self.assertNotIn("~/src/shop", err)  # not a path anyone has
        self.assertIn("--project PATH", err)
        out, _ = self.run_cli("add-l1", "--session-id", "h3", "--summary", "another memory", "--project", repo)
        self.assertEqual(self.json_cli("get", "l1", out.strip())["project"], memory_tiered.project_key(repo))

    def test_import_transcripts_with_nothing_to_import_is_not_an_error(self):
        out, err = self.run_cli("import-transcripts")
        self.assertIn("nothing to import", err)

    def test_an_exact_match_is_not_weak(self):
        self.add_l1("第一次使用记忆系统，感觉很酷", session="s1", key_points="记忆、初体验", importance=0.9)
        out, _ = self.run_cli("search-all", "记忆")
        self.assertIn("第一次使用记忆系统", out)
        self.assertNotIn("(weak)", out)

    def test_context_with_a_budget_too_small_says_so(self):
        self.add_l1("The billing service uses Postgres 16 with pgbouncer", session="b1")
        out, err = self.run_cli("context", "--query", "billing Postgres pgbouncer", "--budget", "50",
                                code=2)
        self.assertEqual(out, "")
        self.assertIn("--budget", err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)


class UndoAndFilesTests(VaultTestCase):
    def snapshot(self):
        found = {}
        for root, _dirs, names in os.walk(self.tmp):
            if os.path.abspath(root).startswith(os.path.dirname(self.db)):
                continue
            for name in names:
                path = os.path.join(root, name)
                with open(path, "rb") as handle:
                    found[os.path.relpath(path, self.tmp)] = handle.read()
        return found

    def test_remove_agent_takes_back_exactly_what_was_written(self):
        os.makedirs(os.path.join(self.tmp, ".codex"))
        with open(os.path.join(self.tmp, ".codex", "config.toml"), "w") as handle:
            handle.write('model = "gpt-5"\n')
        for name in ("codex", "gemini", "cursor", "opencode", "claude-code"):
            before = self.snapshot()
            self.run_cli("install-agent", name)
            self.assertNotEqual(self.snapshot(), before, name)
            self.run_cli("install-agent", name, "--remove")
            after = {k: v for k, v in self.snapshot().items() if not k.endswith(".memory-tiered.bak")}
            self.assertEqual(after, before, name)

    def test_a_project_removal_keeps_the_users_own_install_and_no_false_warning(self):
        _, err = self.run_cli("install-agent", "codex")
        self.assertNotIn("also holds memory_tiered hooks", err)  # not the file it just wrote
        repo = os.path.join(self.tmp, "repo")
        os.makedirs(os.path.join(repo, ".git"))
        os.chdir(repo)
        self.run_cli("install-agent", "codex", "--project")
        self.run_cli("install-agent", "codex", "--project", "--remove")
        self.assertFalse(os.path.exists(os.path.join(repo, "AGENTS.md")))
        with open(os.path.join(self.tmp, ".codex", "hooks.json"), encoding="utf-8") as handle:
            self.assertIn("memory_tiered", handle.read())  # the user's own install stays
        self.run_cli("install-agent", "claude-code", "--project")
        self.run_cli("install-agent", "claude-code", "--project", "--remove")
        self.assertFalse(os.path.exists(os.path.join(repo, ".claude")))  # no empty folder left

    def test_import_notes_imports_the_files_that_exist_and_names_the_missing_one(self):
        present = os.path.join(self.tmp, "CLAUDE.md")
        with open(present, "w", encoding="utf-8") as handle:
            handle.write("- Use pnpm, never npm\n")
        missing = os.path.join(self.tmp, ".openclaw", "workspace", "MEMORY.md")
        with open(present, "a", encoding="utf-8") as handle:
            handle.write("- The staging DB password is Winter-Lantern-42\n")
        out, err = self.run_cli("import-notes", present, missing)
        self.assertIn(missing, err)
        self.assertIn("redacted 1 secret", err)
        self.assertIn("Use pnpm", json.dumps(self.json_cli("list", "--level", "l2")))
        self.run_cli("import-notes", missing, code=2)

    def test_the_report_job_makes_no_vault_nobody_asked_for(self):
        os.environ.pop("MEMORY_TIERED_VAULT", None)
        self.add_l1("a memory for the report")
        self.run_cli("job", "report")
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "agent-memory")))

    def test_a_note_from_the_template_brings_no_placeholder(self):
        self.add_l1("a real memory", session="r1")
        self.sync()
        template = os.path.join(ROOT, "obsidian_template", "模板", "L1 模板.md")
        folder = os.path.join(self.vault, memory_tiered.VAULT_FOLDERS["l1"])
        with open(template, encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(folder, "Untitled.md"), "w", encoding="utf-8") as handle:
            handle.write(text.replace("在这里写这次对话的摘要：做了什么、决定了什么、为什么。Write what happened, what was decided and why.",
                                      "Moved the nightly export to 02:00 UTC"))
        with open(os.path.join(folder, "Untitled 1.md"), "w", encoding="utf-8") as handle:
            handle.write(text)  # made from the template and never filled in
        self.sync()
        texts = json.dumps(self.json_cli("list", "--limit", "100"), ensure_ascii=False)
        self.assertIn("nightly export", texts)
        for placeholder in ("在这里写", "first key point", "第一个要点"):
            self.assertNotIn(placeholder, texts)

    @slow
    def test_an_idle_sync_writes_nothing(self):
        self.bulk_l1(["note number %d about topic %d" % (n, n * 7919 % 1000) for n in range(250)])
        self.sync()
        self.sync()
        again = self.sync()
        self.assertEqual(again["written"], [])

    def test_markdown_export_marks_superseded_records(self):
        old = self.run_cli("add-l2", "--category", "db", "--knowledge", "We use MySQL 5.7")[0].strip()
        self.run_cli("add-l2", "--category", "db", "--knowledge", "We use Postgres 16", "--supersedes", old)
        out, _ = self.run_cli("export", "--format", "markdown")
        line = [l for l in out.splitlines() if "MySQL 5.7" in l]
        self.assertTrue(line and "superseded" in line[0].lower(), out)

    @slow
    def test_printed_cron_lines_make_an_owner_only_log(self):
        self.add_l1("a memory, so the database's folder exists")
        out, _ = self.run_cli("cron")
        line = [l for l in out.splitlines() if "memory_decay" in l or "job decay" in l][0]
        command = line.split(None, 5)[5]
        subprocess.run(["sh", "-c", "umask 022; " + command], env={"PATH": os.environ["PATH"], "HOME": self.tmp},
                       timeout=60)
        log = os.path.join(os.path.dirname(self.db), "cron.log")
        self.assertTrue(os.path.exists(log))
        self.assertEqual(stat.S_IMODE(os.stat(log).st_mode), 0o600)


class DamagedInputTests(CLITestCase):
    def test_an_unwritable_number_in_settings_is_refused_unchanged(self):
        path = os.path.join(self.tmp, ".gemini", "settings.json")
        os.makedirs(os.path.dirname(path))
        with open(path, "w") as handle:
            handle.write('{"ui": {"scale": 1e999}}\n')
        out, err = self.run_cli("install-agent", "gemini", code=1)
        self.assertIn("1e999", err)
        with open(path) as handle:
            self.assertEqual(handle.read(), '{"ui": {"scale": 1e999}}\n')

    def test_a_negative_schema_version_is_refused(self):
        for value in (-1, -2147483648):
            path = os.path.join(self.tmp, "neg%d.db" % abs(value))
            self.run_cli("--db", path, "init")
            conn = sqlite3.connect(path)
            conn.execute("PRAGMA user_version = %d" % value)
            conn.close()
            out, err = self.run_cli("--db", path, "stats", code=1)
            self.assertIn("schema version", err)
            self.assertNotIn("Traceback", err)

    def test_damaged_rows_are_shown_not_a_traceback(self):
        rid = self.add_l1("a memory whose row another program changed")
        with memory_tiered.MemoryDB(self.db) as db:  # (its triggers need the module's functions)
            db.conn.execute("UPDATE memory_l1 SET importance = 'high', created_at = NULL, decay_score = 'x' "
                            "WHERE id = ?", (rid,))
        for argv in (("list",), ("get", "l1", str(rid)), ("list", "--json"), ("search-all", "another program")):
            out, err = self.run_cli(*argv)
            self.assertIn("another program changed", out)
        self.assertIn("damaged: importance", self.run_cli("get", "l1", str(rid))[0])
        record = self.json_cli("list")["records"][0]
        self.assertEqual(record["importance"], 0.5)
        self.assertLessEqual({"importance", "created_at"}, set(record["damaged"]))

    def test_hermes_replace_touches_only_what_hermes_wrote(self):
        mine = int(self.run_cli("add-l2", "--category", "hermes-memory", "--knowledge",
                                "User prefers tea over coffee (typed by hand)")[0])
        with memory_tiered.MemoryDB(self.db) as db:
            memory_tiered.mirror_entry(db, category="hermes-memory", action="add", content="User prefers tea",
                                       agent="hermes")
            done = memory_tiered.mirror_entry(db, category="hermes-memory", action="replace", old_text="prefers tea",
                                              content="User prefers green tea", agent="hermes")
        self.assertEqual(len(done["forgotten"]), 1)
        self.assertNotIn(mine, done["forgotten"])
        self.json_cli("get", "l2", str(mine))

    def test_forgetting_one_card_of_a_session_drops_its_captured_turns(self):
        with memory_tiered.MemoryDB(self.db) as db:
            memory_tiered.record_turns(db, session_id="two", turns=[("user", "the turn with the gooseberry key")])
        first = self.add_l1("first card of the session", session="two")
        self.add_l1("second card of the session", session="two")
        self.run_cli("forget", "l1", str(first), "--yes")
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM session_turns WHERE session_id = 'two'").fetchone()[0], 0)


class LockTests(VaultTestCase):
    @slow
    def test_sync_gets_its_turn_behind_steady_writers(self):
        self.bulk_l1(["memory %d about the vault and writers" % n for n in range(300)])
        stop = time.monotonic() + 25
        code = ("import sys, time, os; sys.path.insert(0, %r); import memory_tiered as m\n"
                "db = m.MemoryDB(%r); n = 0\n"
                "while time.monotonic() < %f:\n"
                "    with db.atomic() as c:\n"
                "        c.execute(\"INSERT INTO config(key, value) VALUES ('w', '1') ON CONFLICT(key) DO UPDATE SET value = value\")\n"
                "        time.sleep(0.3)\n"
                "    n += 1\n" % (ROOT, self.db, stop))
        writers = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(3)]
        try:
            time.sleep(1)
            started = time.monotonic()
            result = self.subprocess("sync", "--vault", self.vault, timeout=120,
                                     env={"MEMORY_TIERED_VAULT": self.vault})
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertLess(time.monotonic() - started, 20)
        finally:
            for writer in writers:
                writer.kill()
                writer.wait()
