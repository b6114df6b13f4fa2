"""`install-agent NAME`: each agent's own file and format, the user's other settings kept, one
backup, idempotent, --print changes nothing; the configuration written starts the MCP server."""

import json
import os
import subprocess
import sys
import unittest

from helpers import CLITestCase, memory_tiered

try:
    import tomllib  # Python 3.11+: Codex's config.toml read as a TOML parser reads it
except ImportError:
    tomllib = None


class InstallAgentTests(CLITestCase):
    def setUp(self):
        super().setUp()
        os.environ.pop("XDG_CONFIG_HOME", None)  # Claude Desktop's file under the test's HOME
        os.environ.pop("APPDATA", None)

    def write(self, rel, text):
        path = os.path.join(self.tmp, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def read(self, path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()

    def launch(self):
        return memory_tiered.launch_args() + ["--db", self.db, "mcp"]

    def install(self, name, *extra):
        before = {}
        for root, _dirs, names in os.walk(self.tmp):
            for n in names:
                before[os.path.join(root, n)] = self.read(os.path.join(root, n)) if n.endswith(
                    (".json", ".toml", ".md", ".mdc")) else None
        out, _ = self.run_cli("install-agent", name, "--print", *extra)
        self.assertTrue(out.strip())
        after = {os.path.join(r, n): None for r, _d, ns in os.walk(self.tmp) for n in ns}
        self.assertEqual(set(after), set(before), "--print changed files")
        data = self.json_cli("install-agent", name, *extra)
        again = self.json_cli("install-agent", name, *extra)
        self.assertEqual({f["state"] for f in again["files"]}, {"unchanged"})
        return {f["path"]: f for f in data["files"]}

    def test_codex_toml_keeps_the_rest(self):
        path = self.write(".codex/config.toml", 'model = "gpt-5"\n\n[mcp_servers.other]\ncommand = "x"\n'
                                                '\n[profiles.fast]\nmodel = "o4-mini"\n')
        files = self.install("codex")
        self.assertTrue(os.path.exists(path + ".memory-tiered.bak"))
        text = self.read(path)
        self.assertIn('model = "gpt-5"', text)
        self.assertEqual(text.count("[mcp_servers.memory-tiered]"), 1)
        if tomllib is None:
            self.skipTest("tomllib needs Python 3.11+ (the text checks above ran)")
        config = tomllib.loads(text)
        server = config["mcp_servers"]["memory-tiered"]
        self.assertEqual(server["args"], self.launch())
        self.assertEqual(server["env"], {"MEMORY_TIERED_AGENT": "codex"})
        self.assertEqual(config["profiles"]["fast"]["model"], "o4-mini")
        self.assertEqual(config["mcp_servers"]["other"]["command"], "x")
        self.assertIn(memory_tiered.MEMORY_NOTE_START, self.read(os.path.join(self.tmp, ".codex", "AGENTS.md")))
        self.assertEqual(len(files), 3)  # config.toml, hooks.json (tests/test_agent_hooks.py), AGENTS.md

    def test_cursor_json_and_the_server_it_starts(self):
        path = self.write(".cursor/mcp.json", '{\n    "mcpServers": {"github": {"command": "gh-mcp"}}\n}\n')
        self.install("cursor")
        config = json.loads(self.read(path))
        self.assertEqual(config["mcpServers"]["github"], {"command": "gh-mcp"})
        server = config["mcpServers"]["memory-tiered"]
        self.assertEqual(server["type"], "stdio")
        self.assertIn('\n    "mcpServers"', self.read(path))  # the file's own indentation kept
        message = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}) + "\n"
        proc = subprocess.run([server["command"]] + server["args"], input=message.encode(), capture_output=True,
                              env=dict(server["env"], HOME=self.tmp, PATH=os.environ.get("PATH", "")), timeout=60)
        tools = json.loads(proc.stdout.decode().splitlines()[0])["result"]["tools"]
        self.assertIn("memory_search", [t["name"] for t in tools])

    def test_cursor_project_rule(self):
        project = os.path.join(self.tmp, "repo")
        os.makedirs(os.path.join(project, ".git"))
        os.chdir(project)
        self.install("cursor", "--project")
        rule = self.read(os.path.join(project, ".cursor", "rules", "memory-tiered.mdc"))
        self.assertTrue(rule.startswith("---\ndescription: "))
        self.assertIn("alwaysApply: true", rule)
        # the MCP entry names this machine's paths: it goes to the user's file, not the project's
        self.assertFalse(os.path.exists(os.path.join(project, ".cursor", "mcp.json")))
        self.assertIn("memory-tiered", json.loads(self.read(os.path.join(self.tmp, ".cursor", "mcp.json")))["mcpServers"])

    def test_gemini_settings_and_note(self):
        path = self.write(".gemini/settings.json", '{"theme": "GitHub", "mcpServers": {}}')
        note = self.write(".gemini/GEMINI.md", "# My rules\n\n- Be brief.\n")
        self.install("gemini")
        config = json.loads(self.read(path))
        self.assertEqual(config["theme"], "GitHub")
        self.assertEqual(config["mcpServers"]["memory-tiered"]["args"], self.launch())
        text = self.read(note)
        self.assertTrue(text.startswith("# My rules\n\n- Be brief.\n"))
        self.assertEqual(text.count(memory_tiered.MEMORY_NOTE_START), 1)

    def test_opencode_local_server(self):
        path = self.write(".config/opencode/opencode.json", '{"$schema": "https://opencode.ai/config.json", '
                                                            '"model": "anthropic/claude-sonnet-4-5"}')
        self.install("opencode")
        config = json.loads(self.read(path))
        server = config["mcp"]["memory-tiered"]
        self.assertEqual((server["type"], server["enabled"]), ("local", True))
        self.assertEqual(server["command"][1:], self.launch())
        self.assertEqual(server["environment"], {"MEMORY_TIERED_AGENT": "opencode"})
        self.assertEqual(config["model"], "anthropic/claude-sonnet-4-5")

    def test_claude_desktop(self):
        path = memory_tiered.claude_desktop_config()
        self.assertTrue(path.startswith(self.tmp))
        self.install("claude-desktop")
        self.assertIn("memory-tiered", json.loads(self.read(path))["mcpServers"])
        _, err = self.run_cli("install-agent", "claude-desktop", "--project", code=2)
        self.assertIn("no project configuration", err)

    def test_claude_code_project_keeps_personal_paths_out_of_the_shared_file(self):
        project = os.path.join(self.tmp, "repo")
        os.makedirs(os.path.join(project, ".git"))
        shared = self.write("repo/.claude/settings.json", '{"permissions": {"allow": ["Bash(pytest:*)"]}}\n')
        os.chdir(project)
        self.install("claude-code", "--project")
        self.assertEqual(json.loads(self.read(shared)), {"permissions": {"allow": ["Bash(pytest:*)"]}})
        local = json.loads(self.read(os.path.join(project, ".claude", "settings.local.json")))
        self.assertEqual(set(local["hooks"]), {"SessionStart", "UserPromptSubmit", "SessionEnd", "PreCompact"})
        # the MCP entry is the project's in Claude Code's local scope (~/.claude.json), not .mcp.json
        self.assertFalse(os.path.exists(os.path.join(project, ".mcp.json")))
        entry = json.loads(self.read(os.path.join(self.tmp, ".claude.json")))["projects"][project]
        self.assertIn("memory-tiered", entry["mcpServers"])

    def test_unknown_agent_and_a_broken_file(self):
        _, err = self.run_cli("install-agent", "vscode", code=2)
        self.assertIn("choose one of: ", err)
        path = self.write(".cursor/mcp.json", "{not json")
        _, err = self.run_cli("install-agent", "cursor", code=1)
        self.assertIn("not valid JSON", err)
        self.assertEqual(self.read(path), "{not json")


class InstallCliTests(CLITestCase):
    """`install-cli`: a `memory-tiered` command that starts from cached bytecode, refuses to
    replace a file it did not write, and takes back only its own."""

    def test_the_command_runs_and_comes_back_out(self):
        folder = os.path.join(self.tmp, "bin")
        _, err = self.run_cli("install-cli", "--bin", folder)
        path = os.path.join(folder, "memory-tiered")
        self.assertIn("is not on your PATH", err)
        self.assertEqual(os.stat(path).st_mode & 0o777, 0o700)
        env = dict(os.environ, PATH=folder + os.pathsep + os.environ.get("PATH", ""))
        proc = subprocess.run(["memory-tiered", "add-l1", "--session-id", "s1", "--summary",
                               "Chose SQLite for the cache"], env=env, capture_output=True,
                              text=True, timeout=60, cwd=self.tmp)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        found = subprocess.run(["memory-tiered", "search-all", "cache", "--json"], env=env,
                               capture_output=True, text=True, timeout=60, cwd=self.tmp)
        self.assertIn("Chose SQLite for the cache", found.stdout)
        _, err = self.run_cli("install-cli", "--bin", folder)  # again: nothing changes
        self.assertIn("unchanged", err)
        self.run_cli("install-cli", "--bin", folder, "--remove")
        self.assertFalse(os.path.exists(path))

    def test_a_file_it_did_not_write_is_left_alone(self):
        folder = os.path.join(self.tmp, "bin")
        os.makedirs(folder)
        path = os.path.join(folder, "memory-tiered")
        with open(path, "w") as handle:
            handle.write("#!/bin/sh\necho mine\n")
        for extra in ((), ("--remove",)):
            _, err = self.run_cli("install-cli", "--bin", folder, *extra, code=2)
            self.assertIn("was not written by install-cli", err)
        with open(path) as handle:
            self.assertEqual(handle.read(), "#!/bin/sh\necho mine\n")
        link = os.path.join(self.tmp, "other")
        os.symlink(path, link + "-link")
        _, err = self.run_cli("install-cli", "--bin", self.tmp, code=0)  # a fresh folder is fine
        os.unlink(os.path.join(self.tmp, "memory-tiered"))
        os.symlink(path, os.path.join(self.tmp, "memory-tiered"))
        _, err = self.run_cli("install-cli", "--bin", self.tmp, code=2)
        self.assertIn("is not a file install-cli wrote", err)


if __name__ == "__main__":
    unittest.main()
