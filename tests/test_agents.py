"""Agents: context blocks, Claude Code hooks, install-hooks, session capture, the MCP server."""

import io
import json
import os
import sqlite3
import subprocess
import sys
import time
import unittest
from unittest import mock

from helpers import ROOT, COMMAND, CLITestCase, memory_tiered, slow


def hook(test, event, payload, raw=None, env=None):
    data = raw if raw is not None else json.dumps(payload).encode("utf-8")
    started = time.monotonic()
    proc = test.subprocess("hook", event, input=data, env=env)
    return proc, time.monotonic() - started


class ContextTests(CLITestCase):
    @slow
    def test_budget_is_never_exceeded_and_relevant_comes_first(self):
        self.bulk_l1(("routine note %d about tickets and standups, 第%d次例会" % (i, i)) for i in range(10000))
        target = self.add_l1("Deploys go through GitHub Actions to Fly.io; never push to main", session="deploy")
        self.run_cli("add-l3", "--insight", "Prefers boring, proven technology")
        # a budget no memory fits in is said, not an empty block
        _, err = self.run_cli("context", "--query", "how do we deploy to fly.io?", "--budget", "60", code=2)
        self.assertIn("give --budget", err)
        for budget in (200, 800, 2000):
            out, _ = self.run_cli("context", "--query", "how do we deploy to fly.io?", "--budget", str(budget))
            self.assertLessEqual(memory_tiered.token_count(out), budget, budget)
            if budget >= 200:
                self.assertIn("[L1#%d" % target, out)
                relevant = out.split("Relevant:")[1]
                self.assertTrue(relevant.strip().startswith("- [L1#%d" % target), out)
        out, _ = self.run_cli("context", "--budget", "300")
        self.assertLessEqual(memory_tiered.token_count(out), 300)
        self.assertIn("Prefers boring", out)
        self.assertLess(out.index("Core insights"), out.index("Recent and strongest"))

    def test_nothing_relevant_is_an_empty_block(self):
        self.add_l1("Deploys go through GitHub Actions")
        for query in ("hi", "thanks!", "你好", "好的，谢谢", "zebra crossing"):
            out, _ = self.run_cli("context", "--query", query)
            self.assertEqual(out, "", query)
        data = self.json_cli("context", "--query", "hello")
        self.assertEqual(data, {"context": "", "tokens": 0})

    def test_chinese_query(self):
        a = self.add_l1("我们决定用 SQLite 做记忆系统的存储", session="zh")
        out, _ = self.run_cli("context", "--query", "记忆系统用什么存储？")
        self.assertIn("[L1#%d" % a, out)


class HookTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.target = self.add_l1("Deploys go through GitHub Actions to Fly.io", session="old", project="/x/api")
        self.run_cli("add-l3", "--insight", "Prefers boring, proven technology")

    @slow
    def test_session_start_prints_core_and_pending(self):
        hook(self, "session-end", {"session_id": "gone", "transcript_path": "/nowhere.jsonl", "cwd": "/x/api",
                                   "hook_event_name": "SessionEnd", "reason": "other"})
        proc, _ = hook(self, "session-start", {"session_id": "s9", "transcript_path": "/t.jsonl", "cwd": "/x/api",
                                               "hook_event_name": "SessionStart", "source": "startup"})
        self.assertEqual(proc.returncode, 0)
        out = proc.stdout.decode("utf-8")
        self.assertIn("Prefers boring", out)
        self.assertIn("[L1#%d" % self.target, out)
        self.assertIn("1 earlier session(s) here have no summary", out)
        self.assertLess(len(out), 10000)

    @slow
    def test_a_writer_holding_the_database_costs_the_prompt_hook_only_its_counting(self):
        holder = sqlite3.connect(self.db, isolation_level=None)
        self.addCleanup(holder.close)
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("UPDATE memory_l1 SET importance = importance")
        started = time.monotonic()
        out = memory_tiered.run_hook("user-prompt-submit", {
            "session_id": "s9", "cwd": "/x/api", "prompt": "How do we deploy this service to Fly.io?"},
            self.db, memory_tiered.now_utc())
        self.assertLess(time.monotonic() - started, memory_tiered.HOOK_BUSY_MS / 1000.0 * 3)
        self.assertIn("[L1#%d" % self.target, out)
        holder.execute("ROLLBACK")
        self.assertEqual(self.json_cli("get", "l1", str(self.target))["access_count"], 0)

    def test_a_question_after_a_long_pasted_log_is_searched(self):
        prompt = "\n".join("2026-11-30 12:00:%02d INFO worker heartbeat ok" % (n % 60)
                           for n in range(2000)) + "\nHow do we deploy this service to Fly.io?"
        self.assertGreater(len(prompt), memory_tiered.MAX_TEXT)
        out = memory_tiered.run_hook("user-prompt-submit", {"session_id": "s9", "cwd": "/x/api", "prompt": prompt},
                                     self.db, memory_tiered.now_utc())
        self.assertIn("[L1#%d" % self.target, out)

    @slow
    def test_user_prompt_submit_relevant_and_greeting(self):
        payload = {"session_id": "s9", "transcript_path": "/t.jsonl", "cwd": "/x/api",
                   "hook_event_name": "UserPromptSubmit", "prompt": "How do we deploy this service to Fly.io?",
                   "permission_mode": "default", "some_future_field": {"x": 1}}
        proc, seconds = hook(self, "user-prompt-submit", payload)
        self.assertEqual((proc.returncode, proc.stderr), (0, b""))
        self.assertIn("[L1#%d" % self.target, proc.stdout.decode("utf-8"))
        self.assertNotIn("Prefers boring", proc.stdout.decode("utf-8"))
        self.assertLess(seconds, 5)
        proc, _ = hook(self, "user-prompt-submit", dict(payload, prompt="hi!"))
        self.assertEqual((proc.returncode, proc.stdout), (0, b""))
        # the injected memory counts as one recall of session s9; the greeting injected nothing
        self.assertEqual(self.json_cli("get", "l1", str(self.target))["access_count"], 1)

    @slow
    def test_bad_input_never_breaks_the_session(self):
        cases = [b"", b"not json", b"[1, 2]", b'{"prompt": 5}', b'{"session_id": 7}', b"\xff\xfe",
                 json.dumps({"prompt": "x" * 30000}).encode(), b"{" * 100]
        for event in ("session-start", "user-prompt-submit", "session-end"):
            for raw in cases:
                proc, _ = hook(self, event, None, raw=raw)
                self.assertEqual(proc.returncode, 0, (event, raw[:20]))
                if event != "session-start" or raw in (b"", b"not json", b"[1, 2]", b"\xff\xfe", b"{" * 100):
                    self.assertEqual(proc.stdout, b"", (event, raw[:20]))
                self.assertNotIn(b"Traceback", proc.stderr)
                if event == "user-prompt-submit" and raw.startswith(b'{"prompt": "xxx'):
                    # a long prompt is a prompt (its start and end are searched): nothing relevant
                    self.assertEqual((proc.stdout, proc.stderr), (b"", b""))
                elif proc.stdout == b"":
                    self.assertEqual(proc.stderr.count(b"\n"), 1, (event, raw[:20], proc.stderr))
        huge = b'{"prompt": "' + b"a" * (2 << 20) + b'"}'
        proc, _ = hook(self, "user-prompt-submit", None, raw=huge)
        self.assertEqual((proc.returncode, proc.stdout), (0, b""))
        self.assertIn(b"over", proc.stderr)

    @slow
    def test_broken_database_still_exits_0(self):
        with open(self.db, "wb") as handle:
            handle.write(b"garbage" * 100)
        for event in ("session-start", "user-prompt-submit", "session-end"):
            proc, _ = hook(self, event, {"session_id": "s", "prompt": "deploy", "cwd": "/x"})
            self.assertEqual((proc.returncode, proc.stdout), (0, b""))
            self.assertIn(b"not a SQLite database", proc.stderr)

    @slow
    def test_session_end_is_fast_and_queues(self):
        times = []
        for n in range(3):
            proc, seconds = hook(self, "session-end", {"session_id": "s%d" % n, "transcript_path": "/t%d.jsonl" % n,
                                                       "cwd": "/home/u/proj", "hook_event_name": "SessionEnd",
                                                       "reason": "prompt_input_exit"})
            self.assertEqual((proc.returncode, proc.stdout, proc.stderr), (0, b"", b""))
            times.append(seconds)
        self.assertLess(sorted(times)[1], 1.5)
        pending = self.json_cli("pending")["pending"]
        self.assertEqual([p["session_id"] for p in pending], ["s0", "s1", "s2"])
        self.assertEqual(pending[0]["reason"], "prompt_input_exit")
        self.add_l1("the agent wrote its summary", session="s1")
        self.assertEqual([p["session_id"] for p in self.json_cli("pending")["pending"]], ["s0", "s2"])


class InstallHooksTests(CLITestCase):
    EXISTING = {
        "model": "opus",
        "permissions": {"allow": ["Bash(git status)"], "deny": []},
        "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre"}]}],
            "SessionStart": [{"hooks": [{"type": "command", "command": "echo hello", "timeout": 3}]}],
        },
        "env": {"FOO": "中文"},
    }

    def settings_path(self):
        return os.path.join(self.tmp, ".claude", "settings.json")

    def write_settings(self, text):
        os.makedirs(os.path.dirname(self.settings_path()), exist_ok=True)
        with open(self.settings_path(), "w", encoding="utf-8") as handle:
            handle.write(text)

    def read_settings(self):
        with open(self.settings_path(), encoding="utf-8") as handle:
            return handle.read()

    def test_merge_keeps_everything_else_and_is_idempotent(self):
        original = json.dumps(self.EXISTING, indent=2, ensure_ascii=False) + "\n"
        self.write_settings(original)
        _, err = self.run_cli("install-hooks")
        self.assertIn("backup", err)
        merged = json.loads(self.read_settings())
        ours = {k: v for k, v in merged["hooks"].items()}
        self.assertEqual(ours["PreToolUse"], self.EXISTING["hooks"]["PreToolUse"])
        self.assertEqual(ours["SessionStart"][0], self.EXISTING["hooks"]["SessionStart"][0])
        for event, name in (("SessionStart", "session-start"), ("UserPromptSubmit", "user-prompt-submit"),
                            ("SessionEnd", "session-end")):
            commands = [h["command"] for g in ours[event] for h in g["hooks"]]
            self.assertEqual(len([c for c in commands if "memory_tiered" in c]), 1)
            self.assertTrue(any(c.endswith(" hook " + name) and memory_tiered.launch_code() in c and ROOT in c
                                for c in commands))
        # byte for byte apart from our additions: removing them gives back the original text
        stripped = json.loads(self.read_settings())
        for event in ("SessionStart", "UserPromptSubmit", "SessionEnd", "PreCompact"):
            stripped["hooks"][event] = [g for g in stripped["hooks"][event]
                                        if "memory_tiered" not in json.dumps(g)]
            if not stripped["hooks"][event]:
                del stripped["hooks"][event]
        self.assertEqual(json.dumps(stripped, indent=2, ensure_ascii=False) + "\n", original)
        self.assertTrue(self.read_settings().startswith(original[:original.index('"SessionStart"')]))
        backups = [n for n in os.listdir(os.path.dirname(self.settings_path())) if ".bak-" in n]
        self.assertEqual(len(backups), 1)
        with open(os.path.join(os.path.dirname(self.settings_path()), backups[0]), encoding="utf-8") as handle:
            self.assertEqual(handle.read(), original)
        first = self.read_settings()
        _, err = self.run_cli("install-hooks")
        self.assertIn("unchanged", err)
        self.assertEqual(self.read_settings(), first)

    def test_invalid_json_is_refused_and_untouched(self):
        self.write_settings('{"model": "opus",,}')
        _, err = self.run_cli("install-hooks", code=1)
        self.assertIn("not valid JSON", err)
        self.assertEqual(self.read_settings(), '{"model": "opus",,}')
        self.assertEqual(len(os.listdir(os.path.dirname(self.settings_path()))), 1)

    def test_new_file_project_scope_and_print(self):
        project = os.path.join(self.tmp, "proj")
        os.makedirs(project)
        with mock.patch("os.getcwd", return_value=project):
            self.run_cli("install-hooks", "--project")
        # the hooks name this machine's paths: the project's private settings, never committed
        self.assertFalse(os.path.exists(os.path.join(project, ".claude", "settings.json")))
        with open(os.path.join(project, ".claude", "settings.local.json"), encoding="utf-8") as handle:
            data = json.load(handle)
        self.assertEqual(sorted(data["hooks"]), ["PreCompact", "SessionEnd", "SessionStart", "UserPromptSubmit"])
        out, _ = self.run_cli("install-hooks", "--print")
        self.assertIn("user-prompt-submit", out)
        self.assertFalse(os.path.exists(self.settings_path()))

    def test_installed_command_runs(self):
        self.run_cli("install-hooks")
        command = json.loads(self.read_settings())["hooks"]["SessionEnd"][0]["hooks"][0]["command"]
        proc = subprocess.run(command, shell=True, input=b'{"session_id": "z", "cwd": "/tmp"}', capture_output=True,
                              env={"PATH": os.environ["PATH"]})
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual([p["session_id"] for p in self.json_cli("pending")["pending"]], ["z"])


TRANSCRIPT = [
    {"type": "summary", "summary": "old", "leafUuid": "x"},
    {"type": "user", "sessionId": "sess-1", "message": {"role": "user", "content": "Please add retry to the uploader"},
     "uuid": "1", "timestamp": "2026-05-01T10:00:00Z"},
    {"type": "assistant", "sessionId": "sess-1", "message": {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "hmm"}, {"type": "text", "text": "I will look at uploader.py"},
        {"type": "tool_use", "id": "t1", "name": "Read", "input": {"path": "uploader.py"}}]}},
    {"type": "user", "sessionId": "sess-1", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "t1", "content": "file body " * 1000}]}},
    {"type": "user", "isSidechain": True, "message": {"role": "user", "content": "subagent noise"}},
    {"type": "user", "isMeta": True, "message": {"role": "user", "content": "<command-name>/clear</command-name>"}},
    "not an object",
    {"type": "assistant", "sessionId": "sess-1", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "Added exponential backoff with 3 retries to upload()."}]}},
]


class CaptureTests(CLITestCase):
    def write_transcript(self):
        path = os.path.join(self.tmp, "sess-1.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for line in TRANSCRIPT:
                handle.write(json.dumps(line) + "\n")
            handle.write("{broken json\n")
        return path

    def test_capture_pending_and_automatic_l1(self):
        path = self.write_transcript()
        out, err = self.run_cli("capture", "--transcript", path, now="2026-05-01T12:00:00")
        self.assertEqual(out.strip(), "sess-1")
        self.assertIn("3 turns", err)
        pending = self.json_cli("pending", now="2026-05-01T12:00:00")["pending"]
        self.assertEqual((pending[0]["session_id"], pending[0]["turns"]), ("sess-1", 3))
        self.assertEqual(self.json_cli("pending", "--auto", now="2026-05-01T20:00:00")["automatic"], [])
        made = self.json_cli("pending", "--auto", now="2026-05-02T13:00:00")["automatic"]
        self.assertEqual(made[0]["session_id"], "sess-1")
        rec = self.json_cli("get", "l1", str(made[0]["l1_id"]))
        self.assertEqual((rec["agent"], rec["importance"]), ("auto", 0.3))
        self.assertIn("Please add retry to the uploader", rec["summary"])
        self.assertIn("exponential backoff", rec["summary"])
        self.assertNotIn("file body", rec["summary"])
        self.assertNotIn("subagent", rec["summary"])
        self.assertEqual(self.json_cli("pending", now="2026-05-02T13:00:00")["pending"], [])
        self.assertEqual(self.json_cli("pending", "--auto", now="2026-05-03T13:00:00")["automatic"], [])

    @slow
    def test_compress_job_summarises_from_the_transcript_path(self):
        path = self.write_transcript()
        proc = self.subprocess("hook", "session-end", input=json.dumps(
            {"session_id": "sess-1", "transcript_path": path, "cwd": "/home/u/uploader", "reason": "other"}).encode(),
            env={"MEMORY_TIERED_NOW": "2026-05-01T12:00:00"})
        self.assertEqual(proc.returncode, 0)
        self.run_cli("job", "compress", now="2026-05-02T12:00:01")
        rec = self.json_cli("list")["records"][0]
        self.assertEqual((rec["session_id"], rec["agent"], rec["origin"]), ("sess-1", "auto", "auto"))
        self.assertEqual(memory_tiered.project_label(rec["project"]), "uploader")  # the repository key
        self.assertIn("exponential backoff", rec["summary"])

    def test_a_session_that_ended_gets_its_card_within_the_hour_from_the_index_job(self):
        """A session that ends without a summary (a Codex session, one whose agent forgot) gets
        its card from the index job once pending_hours (1) pass, not the next night; a session
        only captured at compaction (perhaps still going) waits a day."""
        path = self.write_transcript()
        hook_input = io.StringIO(json.dumps({"session_id": "sess-1", "transcript_path": path,
                                             "cwd": "/home/u/uploader"}))
        with mock.patch("sys.stdin", hook_input):
            self.run_cli("hook", "session-end", "--agent", "codex", now="2026-05-01T12:00:00")
        other = os.path.join(self.tmp, "other.jsonl")
        with open(other, "w") as handle:
            handle.write(json.dumps(TRANSCRIPT[1]).replace("sess-1", "sess-2") + "\n")
        self.run_cli("capture", "--transcript", other, now="2026-05-01T12:00:00")
        self.run_cli("job", "index", now="2026-05-01T12:40:00")
        self.assertEqual(self.json_cli("list")["records"], [])
        self.run_cli("job", "index", now="2026-05-01T13:05:00")
        made = self.json_cli("list")["records"]
        self.assertEqual([(r["session_id"], r["agent"]) for r in made], [("sess-1", "auto")])
        self.assertIn("exponential backoff", made[0]["summary"])
        self.run_cli("job", "index", now="2026-05-02T12:00:01")
        self.assertEqual(len(self.json_cli("list")["records"]), 2)

    def test_buffer_is_purged_after_retention(self):
        path = self.write_transcript()
        self.run_cli("capture", "--transcript", path, now="2026-05-01T12:00:00")
        other = os.path.join(self.tmp, "other.jsonl")
        with open(other, "w") as handle:
            handle.write(json.dumps(TRANSCRIPT[1]).replace("sess-1", "sess-2") + "\n")
        self.run_cli("capture", "--transcript", other, now="2026-05-04T12:00:00")
        pending = {p["session_id"]: p["turns"] for p in self.json_cli("pending")["pending"]}
        self.assertEqual(pending, {"sess-1": 0, "sess-2": 1})

    def test_missing_transcript(self):
        _, err = self.run_cli("capture", "--transcript", os.path.join(self.tmp, "nope.jsonl"), code=2)
        self.assertIn("cannot read the transcript", err)


class RuleFileTests(CLITestCase):
    def test_an_edited_rule_supersedes_its_old_text_on_the_next_import(self):
        """Re-importing CLAUDE.md after a rule was edited keeps one rule, the new one: the old
        text is superseded (kept, linked, hidden), so review does not suggest keeping it and no
        block shows both.  A rule deleted from the file stays for a person to forget."""
        folder = os.path.join(self.tmp, "proj")
        os.makedirs(folder)
        path = os.path.join(folder, "CLAUDE.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("# Tooling\n- Use pnpm for every install, never npm\n"
                         "- Run the linter before each commit\n# Style\n- 代码注释用中文写\n")
        self.run_cli("import-notes", path)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("# Tooling\n- Use pnpm 9 for every install, never npm or yarn\n"
                         "# Style\n- 代码注释统一用中文写\n- Prefer small pull requests\n")
        _, err = self.run_cli("import-notes", path)
        self.assertEqual(err.count("is superseded by its new text"), 2, err)
        rows = self.json_cli("list", "--level", "l2")["records"]
        live = {r["knowledge"] for r in rows if not r["superseded_by"]}
        self.assertIn("Use pnpm 9 for every install, never npm or yarn", live)
        self.assertNotIn("Use pnpm for every install, never npm", live)
        self.assertNotIn("代码注释用中文写", live)
        self.assertIn("Run the linter before each commit", live)  # deleted from the file: kept
        old = [r for r in rows if r["knowledge"] == "Use pnpm for every install, never npm"]
        self.assertTrue(old and old[0]["superseded_by"])
        found = self.json_cli("search-all", "pnpm install", "--no-touch")["results"]
        self.assertEqual([r["text"] for r in found][:1],
                         ["Use pnpm 9 for every install, never npm or yarn"])
        self.assertNotIn("Use pnpm for every install, never npm", [r["text"] for r in found])
        self.run_cli("import-notes", path)  # a third import changes nothing more
        self.assertEqual(len(self.json_cli("list", "--level", "l2")["records"]), 6)


class MCPTests(CLITestCase):
    def converse(self, lines):
        proc = subprocess.Popen(COMMAND + ["mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={"PATH": os.environ["PATH"], "HOME": self.tmp,
                                                             "MEMORY_TIERED_DB": self.db})
        payload = "".join((l if isinstance(l, str) else json.dumps(l)) + "\n" for l in lines).encode("utf-8")
        out, err = proc.communicate(payload, timeout=60)
        return proc.returncode, [json.loads(l) for l in out.decode("utf-8").splitlines()], err

    def test_an_edit_with_nothing_to_change_names_the_tools_arguments(self):
        self.add_l1("hello world")
        with self.assertRaises(memory_tiered.ValidationError) as caught:
            self.call_tool("memory_edit", {"level": "l1", "id": 1})
        self.assertIn("key_points", str(caught.exception))
        self.assertNotIn("--", str(caught.exception))
        _, err = self.run_cli("edit", "l1", "1", code=2)
        self.assertIn("--key-points", err)

    @slow
    def test_whole_conversation(self):
        code, replies, err = self.converse([
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "memory_add_l1", "arguments": {
                "session_id": "m1", "summary": "我们用 Kubernetes 部署记忆服务", "key_points": ["k8s", "部署"],
                "importance": 0.8}}},
            {"jsonrpc": "2.0", "id": 4, "method": "tools/call",
             "params": {"name": "memory_search", "arguments": {"query": "部署"}}},
            {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
             "params": {"name": "memory_add_l1", "arguments": {"session_id": "m1", "summary": "x", "importance": 7}}},
            "{not json",
            {"jsonrpc": "2.0", "id": 6, "method": "resources/list"},
            {"jsonrpc": "2.0", "id": 7, "method": "ping"},
            {"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "nope", "arguments": {}}},
            {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "memory_stats", "arguments": {}}},
        ])
        self.assertEqual(code, 0, err)
        by_id = {r.get("id"): r for r in replies}
        self.assertEqual(len(replies), 10)  # the notification gets no reply
        self.assertEqual(by_id[1]["result"]["protocolVersion"], "2025-03-26")
        names = [t["name"] for t in by_id[2]["result"]["tools"]]
        self.assertEqual(names, ["memory_search", "memory_context", "memory_get", "memory_add_l1", "memory_add_l2",
                                 "memory_add_l3", "memory_edit", "memory_forget", "memory_pin", "memory_compress_report", "memory_stats",
                                 "memory_pause", "memory_resume", "memory_feedback"])
        for tool in by_id[2]["result"]["tools"]:
            self.assertEqual(tool["inputSchema"]["type"], "object")
        self.assertFalse(by_id[3]["result"]["isError"])
        found = by_id[4]["result"]["structuredContent"]["results"]
        self.assertEqual(found[0]["session_id"], "m1")
        self.assertTrue(by_id[5]["result"]["isError"])
        self.assertIn("importance", by_id[5]["result"]["content"][0]["text"])
        self.assertEqual(by_id[None]["error"]["code"], -32700)
        self.assertEqual(by_id[6]["error"]["code"], -32601)
        self.assertEqual(by_id[7]["result"], {})
        self.assertEqual(by_id[8]["error"]["code"], -32602)
        self.assertEqual(by_id[9]["result"]["structuredContent"]["levels"]["l1"]["count"], 1)
        self.assertEqual(self.search("Kubernetes", "--no-touch")[0]["access_count"], 1)

    @slow
    def test_unknown_version_gets_latest_and_modern_revision(self):
        code, replies, _ = self.converse([
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "1999-01-01"}},
            {"jsonrpc": "2.0", "id": 2, "method": "server/discover",
             "params": {"replica_meta_value": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/list",
             "params": {"replica_meta_value": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}},
            {"jsonrpc": "2.0", "id": 4, "method": "tools/list",
             "params": {"replica_meta_value": {"io.modelcontextprotocol/protocolVersion": "2030-01-01"}}},
        ])
        self.assertEqual(code, 0)
        self.assertEqual(replies[0]["result"]["protocolVersion"], "2025-11-25")
        self.assertEqual(replies[1]["result"]["resultType"], "complete")
        self.assertIn("2026-07-28", replies[1]["result"]["supportedVersions"])
        self.assertEqual(replies[2]["result"]["cacheScope"], "public")
        self.assertEqual(replies[3]["error"]["code"], -32022)

    @slow
    def test_stdout_is_only_protocol(self):
        code, replies, err = self.converse([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
        self.assertEqual((code, len(replies)), (0, 1))
        self.assertIn(b"serving", err)


class FilesTests(unittest.TestCase):
    def test_claude_md_example_is_short_and_names_the_commands(self):
        with open(os.path.join(ROOT, "CLAUDE.md.example"), encoding="utf-8") as handle:
            text = handle.read()
        self.assertLess(len(text.splitlines()), 80)
        for needle in ("add-l1", "search-all", "compress", "--source-ids", "0.9", "0.3", "MEMORY_DIGEST.md",
                       "pending", "identity", "身份"):
            self.assertIn(needle, text)

    def test_openclaw_skill_frontmatter(self):
        path = os.path.join(ROOT, "integrations", "openclaw", "tiered-memory", "SKILL.md")
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        fields, body = memory_tiered.parse_note(text)
        self.assertEqual(fields["name"], "tiered-memory")
        self.assertRegex(fields["name"], r"^[a-z0-9]+(-[a-z0-9]+)*$")
        self.assertLessEqual(len(fields["description"]), 1024)
        metadata = json.loads(fields["metadata"]) if isinstance(fields["metadata"], str) else fields["metadata"]
        self.assertEqual(metadata["openclaw"]["requires"]["bins"], ["python3"])
        self.assertIn("{baseDir}", body)


if __name__ == "__main__":
    unittest.main()


class DayOneTests(CLITestCase):
    def write_session(self, folder, session, cwd, stamp, lines):
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, session + ".jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for role, content in lines:
                handle.write(json.dumps({"type": role, "sessionId": session, "cwd": cwd, "timestamp": stamp,
                                         "message": {"role": role, "content": content}}) + "\n")
            handle.write("not json\n")
            handle.write(json.dumps({"type": "user", "isSidechain": True, "sessionId": session,
                                     "message": {"role": "user", "content": "side chain text"}}) + "\n")
        return path

    def test_import_transcripts_writes_a_session_card_once(self):
        root = os.path.join(self.tmp, ".claude", "projects")
        repo = os.path.join(self.tmp, "code", "shop")
        os.makedirs(os.path.join(repo, ".git"))
        lines = [("user", "Switch the checkout to Stripe webhooks, key sk_live_51H8xYzSecretSecret00"),
                 ("assistant", [{"type": "text", "text": "Editing the handler."},
                                {"type": "tool_use", "id": "t1", "name": "Edit",
                                 "input": {"file_path": os.path.join(repo, "app", "webhook.py")}},
                                {"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "pytest -q tests"}}]),
                 ("user", [{"type": "tool_result", "tool_use_id": "t2", "is_error": True,
                            "content": "1 failed: test_signature"}]),
                 ("assistant", "Fixed the signature check; all tests pass.")]
        path = self.write_session(os.path.join(root, "-code-shop"), "sess-a", repo, "2026-03-04T10:00:00Z", lines)
        self.write_session(os.path.join(root, "-code-shop"), "sess-b", repo, "2026-03-05T10:00:00Z",
                           [("user", "Add retries to the mailer"), ("assistant", "Added exponential backoff.")])
        self.write_session(os.path.join(root, "-code-shop"), "sess-empty", repo, "2026-03-06T10:00:00Z", [])
        self.add_l1("Already summarised by the agent", session="sess-b")
        out, _ = self.run_cli("import-transcripts", root, "--dry-run", "--json")
        self.assertEqual(json.loads(out)["added"], 1)
        self.assertEqual(len(self.json_cli("list")["records"]), 1)  # the dry run wrote nothing
        out, _ = self.run_cli("import-transcripts", root, "--json")
        self.assertEqual(json.loads(out), {"sessions": 3, "added": 1, "updated": 0, "skipped": 1, "empty": 1,
                                           "forgotten": 0, "refused": []})
        rec = [r for r in self.json_cli("list")["records"] if r["session_id"] == "sess-a"][0]
        self.assertEqual((rec["origin"], rec["agent"], rec["importance"]), ("import", "auto", 0.3))
        self.assertEqual(rec["created_at"], "2026-03-04T10:00:00")
        self.assertEqual(rec["project"], memory_tiered.project_key(repo))
        for part in ("Stripe webhooks", "Changed: webhook.py", "`pytest -q tests`", "1 failed: test_signature",
                     "resolved afterwards", "all tests pass"):
            self.assertIn(part, rec["summary"])
        self.assertIn("webhook.py", rec["key_points"])
        self.assertNotIn("sk_live_51H8", rec["summary"])
        self.assertNotIn("side chain", rec["summary"])
        self.assertEqual(self.search("what did I change in webhook.py?")[0]["id"], rec["id"])
        again = json.loads(self.run_cli("import-transcripts", root, "--json")[0])
        self.assertEqual((again["added"], again["updated"]), (0, 0))
        # the transcript grew: the card is rewritten in place, not added twice
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"type": "user", "sessionId": "sess-a", "cwd": repo,
                                     "message": {"role": "user", "content": "Also log every webhook event"}}) + "\n")
        grown = json.loads(self.run_cli("import-transcripts", root, "--json")[0])
        self.assertEqual((grown["added"], grown["updated"]), (0, 1))
        cards = [r for r in self.json_cli("list")["records"] if r["session_id"] == "sess-a"]
        self.assertEqual(len(cards), 1)
        self.assertIn("log every webhook event", cards[0]["summary"])

    @slow
    def test_pre_compact_keeps_the_turns(self):
        path = self.write_session(os.path.join(self.tmp, "t"), "long", self.tmp, "2026-03-04T10:00:00Z",
                                  [("user", "Plan the data migration"), ("assistant", "Three steps agreed.")])
        proc, _ = hook(self, "pre-compact", {"session_id": "long", "transcript_path": path, "cwd": self.tmp,
                                             "hook_event_name": "PreCompact", "trigger": "auto"})
        self.assertEqual((proc.returncode, proc.stdout, proc.stderr), (0, b"", b""))
        pending = self.json_cli("pending")["pending"]
        self.assertEqual([(p["session_id"], p["turns"]) for p in pending], [("long", 2)])
        proc, _ = hook(self, "session-start", {"session_id": "long", "cwd": self.tmp, "source": "compact",
                                               "hook_event_name": "SessionStart"})
        self.assertIn("just compacted", proc.stdout.decode("utf-8"))
        rid = self.add_l1("Half of the data migration is done", session="long")
        proc, _ = hook(self, "session-start", {"session_id": "long", "cwd": self.tmp, "source": "resume",
                                               "hook_event_name": "SessionStart"})
        out = proc.stdout.decode("utf-8")
        self.assertIn("Already stored for this session:\n- [L1#%d] \"Half of the data migration is done\"" % rid, out)
        self.assertLessEqual(len(out), 8000)
        self.assertEqual(self.json_cli("pending")["pending"], [])  # the agent's L1 cleared the compacted session

    def test_import_notes_reads_the_files_people_already_keep(self):
        claude = os.path.join(self.tmp, "CLAUDE.md")
        with open(claude, "w", encoding="utf-8") as handle:
            handle.write("# Preferences\n- Uses pnpm, never npm\n- 提交信息用中文\n\n## Style\nShort functions.\n"
                         "Typed Python everywhere.\n\n@~/.hermes/state/MEMORY_DIGEST.md\n")
        daily = os.path.join(self.tmp, "memory", "2026-05-02.md")
        os.makedirs(os.path.dirname(daily))
        with open(daily, "w", encoding="utf-8") as handle:
            handle.write("# 2026-05-02\nMigrated the billing worker.\n- queue split\n")
        graph = os.path.join(self.tmp, "memory.jsonl")
        with open(graph, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"type": "entity", "name": "Alice", "entityType": "person",
                                     "observations": ["owns payments", "prefers async reviews"]}) + "\n")
            handle.write(json.dumps({"type": "relation", "from": "Alice", "to": "Bob", "relationType": "manages"}) + "\n")
        mem0 = os.path.join(self.tmp, "mem0.json")
        with open(mem0, "w", encoding="utf-8") as handle:
            json.dump({"results": [{"memory": "Likes dark roast coffee", "created_at": "2024-07-20T14:38:33.789-07:00"}]},
                      handle)
        out, _ = self.run_cli("import-notes", claude, daily, graph, mem0, "--json")
        data = json.loads(out)
        self.assertEqual([f["kind"] for f in data["files"]], ["markdown", "daily-note", "mcp-memory-graph", "mem0"])
        self.assertEqual(data["added"], 6)
        texts = {r["text"]: r for r in self.json_cli("list", "--limit", "50")["records"]}
        self.assertEqual(texts["Uses pnpm, never npm"]["category"], "Preferences")
        self.assertEqual(texts["Short functions. Typed Python everywhere."]["category"], "Style")
        self.assertEqual(texts["Alice: owns payments; prefers async reviews"]["category"], "person")
        self.assertEqual(texts["Likes dark roast coffee"]["created_at"], "2024-07-20T21:38:33")
        note = texts["Migrated the billing worker.\n- queue split"]
        self.assertEqual((note["level"], note["created_at"][:10], note["origin"]), ("l1", "2026-05-02", "import"))
        self.assertIsNone(texts["Uses pnpm, never npm"]["project"])  # global: true of the user everywhere
        again = json.loads(self.run_cli("import-notes", claude, daily, graph, mem0, "--json")[0])
        self.assertEqual(again["added"], 0)
        self.run_cli("import-notes", os.path.join(self.tmp, "missing.md"), code=2)

    def test_import_notes_checks_every_file_before_writing_any(self):
        folder = os.path.join(self.tmp, "memory")
        os.makedirs(folder)
        for name, text in (("2024-01-01.md", "- a good note\n"), ("1800-01-01.md", "- too old\n")):
            with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        for extra in ((), ("--dry-run",)):
            _, err = self.run_cli("import-notes", folder, *extra, code=2)
            self.assertIn("1800-01-01.md, record 1: created_at must fall in the years", err)
        self.assertFalse(os.path.exists(self.db))  # nothing half-written, not even a database

    def test_import_from_names_the_format_and_reads_a_folder_of_notes(self):
        folder = os.path.join(self.tmp, "basic-memory")
        os.makedirs(os.path.join(folder, "sub"))
        with open(os.path.join(folder, "coffee.md"), "w", encoding="utf-8") as handle:
            handle.write('---\ntitle: coffee\ntype: preference\ntags: [food]\n---\nDark roast, no sugar.\n')
        with open(os.path.join(folder, "sub", "plain.md"), "w", encoding="utf-8") as handle:
            handle.write("# Tools\n- Uses ripgrep\n")
        out, _ = self.run_cli("import", folder, "--from", "markdown", "--json")
        self.assertEqual(json.loads(out)["added"], 2)
        texts = {r["text"]: r for r in self.json_cli("list")["records"]}
        self.assertEqual((texts["Dark roast, no sugar."]["category"], texts["Dark roast, no sugar."]["tags"]),
                         ("preference", ["food"]))
        self.assertEqual(texts["Uses ripgrep"]["category"], "Tools")
        mem0 = os.path.join(self.tmp, "export.txt")  # the format named, not guessed from the name
        with open(mem0, "w", encoding="utf-8") as handle:
            json.dump([{"memory": "Lives in Lisbon"}], handle)
        out, _ = self.run_cli("import", mem0, "--from", "mem0", "--dry-run", "--json")
        self.assertEqual(json.loads(out)["files"][0]["records"], 1)
        self.assertEqual(len(self.json_cli("list")["records"]), 2)
        missing = os.path.join(self.tmp, "nope.md")
        _, err = self.run_cli("import", missing, "--from", "claude-md", code=2)
        self.assertIn(missing, err)
