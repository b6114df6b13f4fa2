"""The module reads top to bottom: each part uses only what stands above it, functions stay
short, no block is written twice, and every command keeps its parts together."""

import ast
import collections
import os
import unittest

from helpers import SCRIPT, memory_tiered, slow


def _tree():
    with open(SCRIPT, encoding="utf-8") as handle:
        source = handle.read()
    return source, ast.parse(source)


class LayoutTests(unittest.TestCase):
    @slow
    def test_nothing_uses_what_is_defined_below_it(self):
        _, tree = _tree()
        defined = {}
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined[node.name] = node.lineno
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        defined.setdefault(target.id, node.lineno)
        later = []
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                # a top-level value (a table, a lambda in it) may use only what stands above it
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) \
                            and sub.id in defined and defined[sub.id] > node.lineno:
                        later.append("line %d uses %s" % (node.lineno, sub.id))
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                local = {a.arg for sub in ast.walk(node) if isinstance(sub, ast.arguments)
                         for a in sub.args + sub.kwonlyargs}
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and sub.id in defined and sub.id not in local \
                            and defined[sub.id] > node.end_lineno:
                        later.append("%s (line %d) uses %s" % (node.name, node.lineno, sub.id))
        self.assertEqual(sorted(set(later)), [])

    @slow
    def test_no_function_is_longer_than_80_lines(self):
        _, tree = _tree()
        long = ["%s (%d lines)" % (n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef) and n.end_lineno - n.lineno + 1 > 80]
        self.assertEqual(long, [])

    @slow
    def test_no_block_of_six_lines_is_written_twice(self):
        source, _ = _tree()
        lines = [line.strip() for line in source.splitlines()
                 if line.strip() and not line.strip().startswith("#")]
        seen = collections.defaultdict(int)
        for k in range(len(lines) - 5):
            seen[tuple(lines[k:k + 6])] += 1
        self.assertEqual([block[0] for block, count in seen.items() if count > 1], [])

    def test_every_command_is_one_table_entry_with_help_and_an_example(self):
        parser = memory_tiered.build_parser()
        self.assertEqual(list(parser.subcommands), list(memory_tiered.COMMANDS))
        for name, (handler, help_text, example, options) in memory_tiered.COMMANDS.items():
            self.assertTrue(handler.__name__.startswith("cmd_"), name)
            self.assertTrue(help_text and example.startswith("memory_tiered.py " + name), name)
            for flags, settings in options:
                self.assertTrue(settings.get("help"), "%s %s" % (name, flags[0]))
        only = memory_tiered.build_parser(only="get")
        self.assertEqual(list(only.subcommands), ["get"])  # a run builds only its own command
        self.assertIs(memory_tiered.build_parser(only="get"), only)  # and once per process


@slow
class SeventhAgentTests(unittest.TestCase):
    """A new agent is one registry entry: its install targets, its transcript folder and reader
    with its own detect(); install-agent, its help and import-transcripts follow.  Checked on a
    copy of the module with a throwaway agent."""

    def test_a_throwaway_agent_in_one_class_reaches_install_and_import(self):
        import json
        import shutil
        import subprocess
        import sys
        import tempfile
        tmp = tempfile.mkdtemp(prefix="mt-agent-")
        self.addCleanup(shutil.rmtree, tmp, True)
        with open(SCRIPT, encoding="utf-8") as handle:
            source = handle.read()
        entry = (
            "@agent\n"
            "class Zed(Agent):\n"
            "    name = \"zed\"\n"
            "    description = \"Zed: context_servers.memory-tiered in ~/.config/zed/settings.json\"\n"
            "    transcripts = (\".zed\", \"threads\")\n\n"
            "    def detect(self, first):\n"
            "        return \"thread\" in first\n\n"
            "    def transcript_line(self, line):\n"
            "        if \"thread\" in line:\n"
            "            self.meta = {\"sessionId\": line[\"thread\"], \"cwd\": line[\"cwd\"]}\n"
            "            return None\n"
            "        return said_line(line[\"who\"], line[\"text\"], **self.meta)\n\n"
            "    def changes(self, launch, project_dir):\n"
            "        return [_json_change(os.path.join(os.path.expanduser(\"~\"), \".config\", \"zed\",\n"
            "                                          \"settings.json\"),\n"
            "                             [\"context_servers\", \"memory-tiered\"], launch)]\n\n\n")
        anchor = "# the agents whose hooks call `hook EVENT --agent NAME`"
        self.assertEqual(source.count(anchor), 1)
        script = os.path.join(tmp, "memory_tiered.py")
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(source.replace(anchor, entry + anchor))
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp,
               "MEMORY_TIERED_DB": os.path.join(tmp, "m.db")}

        def run(*argv):
            done = subprocess.run([sys.executable, script] + list(argv), env=env, cwd=tmp,
                                  capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            return done.stdout + done.stderr

        self.assertIn("zed", run("install-agent", "--help"))
        self.assertIn("~/.zed/threads", run("import-transcripts", "--help"))
        run("install-agent", "zed")
        with open(os.path.join(tmp, ".config", "zed", "settings.json"), encoding="utf-8") as handle:
            server = json.load(handle)["context_servers"]["memory-tiered"]
        self.assertIn("mcp", server["args"])
        folder = os.path.join(tmp, ".zed", "threads")
        os.makedirs(folder)
        with open(os.path.join(folder, "t1.jsonl"), "w", encoding="utf-8") as handle:
            for line in ({"thread": "t1", "cwd": os.path.join(tmp, "shop")},
                         {"who": "user", "text": "why does the Stripe webhook return 400?"},
                         {"who": "assistant", "text": "The signing secret was the test one."}):
                handle.write(json.dumps(line) + "\n")
        self.assertIn("1 added", run("import-transcripts"))
        found = json.loads(run("search-all", "Stripe webhook", "--json"))
        self.assertEqual(found["results"][0]["session_id"], "t1")


if __name__ == "__main__":
    unittest.main()


@slow
class FieldTableTests(unittest.TestCase):
    """A field is added in three places (a migration, a FIELDS entry, its name in LEVEL_FIELDS)
    and reaches every way in and out: the CLI, the agent tools, edit, export and import, the
    vault both ways and replication.  Checked on a copy of the module with a throwaway field."""

    def test_a_throwaway_l2_field_added_in_three_places_reaches_everything(self):
        import json
        import shutil
        import subprocess
        import sys
        import tempfile
        tmp = tempfile.mkdtemp(prefix="mt-field-")
        self.addCleanup(shutil.rmtree, tmp, True)
        with open(SCRIPT, encoding="utf-8") as handle:
            source = handle.read()
        places = [
            ("SCHEMA_VERSION = len(MIGRATIONS)",
             'MIGRATIONS.append(["ALTER TABLE memory_l2 ADD COLUMN source_url TEXT"])\n'
             "SCHEMA_VERSION = len(MIGRATIONS)"),
            ('    _field("origin", lambda value, level: check_origin(value), cli=False, tool=False),',
             '    _field("origin", lambda value, level: check_origin(value), cli=False, tool=False),\n'
             '    _field("source_url", _optional_short("source_url"), help="where it was learnt",\n'
             '           edit_help="where it was learnt", editable=True),'),
            ('"l2": ("category", "knowledge", "source_ids", "tags", "importance", "project", "agent",\n'
             '           "created_at", "origin"),',
             '"l2": ("category", "knowledge", "source_ids", "tags", "importance", "project", "agent",\n'
             '           "created_at", "origin", "source_url"),'),
        ]
        for old, new in places:
            self.assertEqual(source.count(old), 1, old)
            source = source.replace(old, new)
        script = os.path.join(tmp, "memory_tiered.py")
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(source)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp,
               "MEMORY_TIERED_DB": os.path.join(tmp, "m.db")}

        def run(*argv, stdin=None):
            done = subprocess.run([sys.executable, script] + list(argv), env=env, cwd=tmp,
                                  input=stdin, capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            return done.stdout

        def field(rid, db=None):
            extra = ["--db", db] if db else []
            return json.loads(run("get", "l2", str(rid), "--json", *extra)).get("source_url")

        run("add-l2", "--category", "docs", "--knowledge", "Stripe retries webhooks for three days",
            "--source-url", "https://a.example")
        self.assertEqual(field(1), "https://a.example")
        run("edit", "l2", "1", "--source-url", "https://b.example")
        self.assertEqual(field(1), "https://b.example")
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "memory_add_l2", "arguments": {"category": "c", "knowledge": "over MCP",
                                                  "source_url": "https://c.example"}}}
        self.assertIn('"isError":false', run("mcp", stdin=json.dumps(call) + "\n"))
        self.assertEqual(field(2), "https://c.example")
        exported = os.path.join(tmp, "all.csv")
        run("export", "--format", "csv", "--out", exported)
        copy = os.path.join(tmp, "copy.db")
        run("import", exported, "--db", copy)
        self.assertEqual(field(1, copy), "https://b.example")
        vault = os.path.join(tmp, "vault")
        run("sync", "--vault", vault)
        folder = os.path.join(vault, "L2-结构知识")
        note = os.path.join(folder, sorted(os.listdir(folder))[0])
        with open(note, encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn('source_url: "https://b.example"', text)
        with open(note, "w", encoding="utf-8") as handle:
            handle.write(text.replace("https://b.example", "https://d.example"))
        run("sync", "--vault", vault)
        self.assertEqual(field(1), "https://d.example")
        run("replicate", "--dir", os.path.join(tmp, "replica"))
        shared = os.path.join(tmp, "replica", "devices")
        lines = []
        import gzip
        for root, _, names in os.walk(shared):
            for name in names:
                opener = gzip.open if name.endswith(".gz") else open
                with opener(os.path.join(root, name), "rt", encoding="utf-8") as handle:
                    lines.append(handle.read())
        self.assertIn("https://d.example", "".join(lines))
