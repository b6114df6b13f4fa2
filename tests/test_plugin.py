"""The Claude Code plugin: its manifest, marketplace, hooks, MCP server and skill, installed into a
scratch ~/.claude plugin cache as Claude Code copies it, its hooks run as Claude Code runs them
(the command through a shell, CLAUDE_PLUGIN_ROOT set, real hook JSON on stdin)."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from helpers import ROOT, memory_tiered, slow

PLUGIN_FILES = (".claude-plugin/plugin.json", ".claude-plugin/marketplace.json", "hooks/hooks.json", ".mcp.json",
                "skills/memory-tiered/SKILL.md")
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def read_json(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as handle:
        return json.load(handle)


class ManifestTests(unittest.TestCase):
    def test_the_files_claude_code_reads_are_there_and_valid(self):
        for rel in PLUGIN_FILES:
            self.assertTrue(os.path.isfile(os.path.join(ROOT, rel)), rel)
        plugin = read_json(ROOT, ".claude-plugin", "plugin.json")
        self.assertRegex(plugin["name"], KEBAB)
        self.assertRegex(plugin["version"], r"^\d+\.\d+\.\d+$")
        market = read_json(ROOT, ".claude-plugin", "marketplace.json")
        self.assertRegex(market["name"], KEBAB)
        self.assertTrue(market["owner"]["name"])
        [entry] = market["plugins"]
        self.assertEqual((entry["name"], entry["source"], entry["version"]), (plugin["name"], "./", plugin["version"]))
        import memory_tiered
        self.assertEqual(plugin["version"], memory_tiered.__version__)

    def test_hooks_are_the_four_events_in_the_settings_shape(self):
        hooks = read_json(ROOT, "hooks", "hooks.json")
        self.assertEqual(set(hooks), {"description", "hooks"})
        self.assertEqual(set(hooks["hooks"]), {"SessionStart", "UserPromptSubmit", "SessionEnd", "PreCompact"})
        for event, groups in hooks["hooks"].items():
            for group in groups:
                for handler in group["hooks"]:
                    self.assertEqual(handler["type"], "command")
                    # the launcher that starts fastest and never runs the project's own file, the
                    # module's folder its argument (no environment variable a host may block)
                    self.assertIn(" -c '%s' \"${CLAUDE_PLUGIN_ROOT}\" hook " % memory_tiered.launch_code(),
                                  handler["command"])
                    self.assertNotIn("PYTHONPATH", handler["command"])
                    self.assertLessEqual(handler["timeout"], 10)
                    self.assertNotIn("/root", handler["command"])
                    self.assertNotIn("--db", handler["command"])  # the database where the README says

    def test_the_skill_has_its_frontmatter(self):
        with open(os.path.join(ROOT, "skills", "memory-tiered", "SKILL.md"), encoding="utf-8") as handle:
            text = handle.read()
        head = text.split("---")[1]
        fields = dict(line.split(": ", 1) for line in head.strip().splitlines())
        self.assertEqual(fields["name"], "memory-tiered")
        self.assertLess(len(fields["description"]), 1536)
        self.assertNotRegex(text, r"<[a-z]+>")  # no placeholder tags for linters to trip on


class InstalledPluginTests(unittest.TestCase):
    """The plugin folder copied into a scratch HOME's plugin cache, used as Claude Code uses it."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="mt-plugin-")
        self.addCleanup(shutil.rmtree, self.home, True)
        self.root = os.path.join(self.home, ".claude", "plugins", "cache", "memory-tiered", "memory-tiered", "0.1.0")
        shutil.copytree(ROOT, self.root, ignore=shutil.ignore_patterns(".git", "tests", "bench", "__pycache__"))
        self.bin = os.path.join(self.home, "bin")
        os.makedirs(self.bin)
        os.symlink(sys.executable, os.path.join(self.bin, "python3"))
        self.env = {"HOME": self.home, "PATH": self.bin + os.pathsep + "/usr/bin:/bin", "CLAUDE_PLUGIN_ROOT": self.root,
                    "CLAUDE_PROJECT_DIR": os.path.join(self.home, "shop")}
        os.makedirs(os.path.join(self.home, "shop", ".git"))
        self.hooks = read_json(self.root, "hooks", "hooks.json")["hooks"]

    def hook(self, event, payload):
        command = self.hooks[event][0]["hooks"][0]["command"].replace("${CLAUDE_PLUGIN_ROOT}", self.root)
        return subprocess.run(["/bin/sh", "-c", command], input=json.dumps(payload).encode("utf-8"), env=self.env,
                              capture_output=True, timeout=60, cwd=os.path.join(self.home, "shop"))

    def mcp(self, messages):
        server = read_json(self.root, ".mcp.json")["mcpServers"]["memory-tiered"]
        env = dict(self.env, **{k: v.replace("${CLAUDE_PLUGIN_ROOT}", self.root) for k, v in server["env"].items()})
        # Claude Code expands ${CLAUDE_PLUGIN_ROOT} in the arguments and the environment
        command = [os.path.join(self.bin, server["command"])] + [
            a.replace("${CLAUDE_PLUGIN_ROOT}", self.root) for a in server["args"]]
        lines = "".join(json.dumps(m) + "\n" for m in messages)
        proc = subprocess.run(command, input=lines.encode("utf-8"), env=env, capture_output=True, timeout=60,
                              cwd=os.path.join(self.home, "shop"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines() if line.strip()]

    @slow
    def test_a_first_session_from_the_plugin_cache(self):
        cwd = os.path.join(self.home, "shop")
        start = self.hook("SessionStart", {"session_id": "s1", "transcript_path": "/none.jsonl", "cwd": cwd,
                                           "hook_event_name": "SessionStart", "source": "startup"})
        self.assertEqual(start.returncode, 0, start.stderr)
        self.assertIn(b"Session id: s1", start.stdout)
        replies = self.mcp([
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "memory_add_l1", "arguments": {
                "session_id": "s1", "summary": "Picked Postgres 16 for billing: SQLite could not take the workers' writes",
                "key_points": ["postgres", "billing"], "importance": 0.9}}},
        ])
        tools = {t["name"]: t for t in replies[1]["result"]["tools"]}
        self.assertTrue(tools["memory_search"]["annotations"]["readOnlyHint"])
        self.assertTrue(tools["memory_forget"]["annotations"]["destructiveHint"])
        self.assertEqual(replies[2]["result"]["structuredContent"]["id"], 1)
        # the database is where the README says, in the user's HOME
        self.assertTrue(os.path.exists(os.path.join(self.home, ".hermes", "state", "state.db")))
        prompt = self.hook("UserPromptSubmit", {"session_id": "s2", "transcript_path": "/none.jsonl", "cwd": cwd,
                                                "hook_event_name": "UserPromptSubmit",
                                                "prompt": "Which database does billing use, Postgres?"})
        self.assertEqual(prompt.returncode, 0, prompt.stderr)
        self.assertIn("Postgres 16".encode(), prompt.stdout)
        quiet = self.hook("UserPromptSubmit", {"session_id": "s2", "cwd": cwd, "prompt": "thanks, that works"})
        self.assertEqual((quiet.returncode, quiet.stdout), (0, b""))
        transcript = os.path.join(self.home, "t.jsonl")
        with open(transcript, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"type": "user", "sessionId": "s2", "message": {"role": "user",
                                                                                    "content": "帮我修复登录页"}}) + "\n")
        compact = self.hook("PreCompact", {"session_id": "s2", "transcript_path": transcript, "cwd": cwd,
                                           "hook_event_name": "PreCompact", "trigger": "auto"})
        end = self.hook("SessionEnd", {"session_id": "s2", "transcript_path": transcript, "cwd": cwd,
                                       "hook_event_name": "SessionEnd", "reason": "exit"})
        self.assertEqual((compact.returncode, end.returncode, compact.stderr, end.stderr), (0, 0, b"", b""))
        replies = self.mcp([{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                             "params": {"name": "memory_stats", "arguments": {}}}])
        self.assertEqual(replies[0]["result"]["structuredContent"]["levels"]["l1"]["count"], 1)


if __name__ == "__main__":
    unittest.main()
