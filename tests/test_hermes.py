"""The native Hermes Agent memory provider (integrations/hermes/memory_tiered), driven through the
lifecycle Hermes calls, with a stand-in for its plugin context."""

import contextlib
import importlib.util
import io
import json
import os
import sqlite3
from unittest import mock

from helpers import ROOT, CLITestCase

PLUGIN = os.path.join(ROOT, "integrations", "hermes", "memory_tiered", "__init__.py")


class Context(object):
    def __init__(self):
        self.providers = []

    def register_memory_provider(self, provider):
        self.providers.append(provider)


class HermesProviderTests(CLITestCase):
    def provider(self):
        spec = importlib.util.spec_from_file_location("mt_hermes_plugin", PLUGIN)
        module = importlib.util.module_from_spec(spec)
        with mock.patch.dict(os.environ, {"MEMORY_TIERED_PATH": ROOT}):
            spec.loader.exec_module(module)
            ctx = Context()
            module.register(ctx)
            provider = ctx.providers[0]
            self.assertTrue(provider.is_available())
        return provider

    def test_a_hermes_session_end_to_end(self):
        home = os.path.join(self.tmp, "hermes")
        os.environ.pop("MEMORY_TIERED_DB")
        provider = self.provider()
        self.assertEqual(provider.name, "memory_tiered")
        provider.initialize("h-1", hermes_home=home, platform="cli", agent_context="primary")
        db = os.path.join(home, "state", "state.db")
        self.assertTrue(os.path.exists(db))  # the design's shared location
        names = [t["name"] for t in provider.get_tool_schemas()]
        self.assertIn("memory_search", names)
        self.assertEqual(provider.get_tool_schemas()[0]["parameters"]["type"], "object")
        added = json.loads(provider.handle_tool_call("memory_add_l1", {
            "session_id": "older", "summary": "The ledger service runs on Postgres 16 with pgbouncer",
            "key_points": ["postgres", "ledger"]}))
        self.assertTrue(added["created"])
        self.assertIn("Long-term memory", provider.system_prompt_block())
        block = provider.prefetch("Which database does the ledger service run on?", session_id="h-1")
        self.assertIn("[L1#%d" % added["id"], block)
        self.assertEqual(provider.prefetch("帮我把这个函数改成异步的"), "")
        bad = json.loads(provider.handle_tool_call("memory_search", {"query": "x", "limit": 500}))
        self.assertFalse(bad["ok"])
        provider.sync_turn("Let's move the ledger cron to 02:00", "Moved it to 02:00 UTC.")
        provider.on_pre_compress([{"role": "user", "content": "Let's move the ledger cron to 02:00"},
                                  {"role": "assistant", "content": "Moved it to 02:00 UTC."}])
        provider.on_session_end([{"role": "user", "content": "Let's move the ledger cron to 02:00"},
                                 {"role": "assistant", "content": "Moved it to 02:00 UTC."}])
        conn = sqlite3.connect(db)
        self.addCleanup(conn.close)
        row = conn.execute("SELECT summary, agent FROM memory_l1 WHERE session_id = 'h-1'").fetchone()
        self.assertIn("ledger cron", row[0])
        self.assertEqual(row[1], "auto")
        recalled = conn.execute("SELECT access_count FROM memory_l1 WHERE id = ?", (added["id"],)).fetchone()[0]
        self.assertEqual(recalled, 1)

    def test_non_primary_contexts_never_write(self):
        provider = self.provider()
        provider.initialize("cron-1", hermes_home=os.path.join(self.tmp, "h"), agent_context="cron")
        provider.sync_turn("a", "b")
        provider.on_session_end([{"role": "user", "content": "x"}])
        conn = sqlite3.connect(self.db)
        self.addCleanup(conn.close)
        self.assertEqual(conn.execute("SELECT count(*) FROM session_turns").fetchone()[0], 0)
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l1").fetchone()[0], 0)

    def test_every_method_works_before_initialize(self):
        home = os.path.join(self.tmp, "hermes")
        with mock.patch.dict(os.environ, {"HERMES_HOME": home}):
            provider = self.provider()
            self.assertIn("memory_search", [t["name"] for t in provider.get_tool_schemas()])
            self.assertEqual([f["key"] for f in provider.get_config_schema()], ["database", "vault", "project"])
            # the database set by MEMORY_TIERED_DB lies outside HERMES_HOME: hermes backup must take it
            self.assertEqual(provider.backup_paths(), [os.path.abspath(self.db)])
            self.assertEqual(provider.prefetch(""), "")
            self.assertIn("Long-term memory", provider.system_prompt_block())

    def test_the_wizard_saves_where_initialize_reads(self):
        home = os.path.join(self.tmp, "hermes")
        os.environ.pop("MEMORY_TIERED_DB")
        provider = self.provider()
        elsewhere = os.path.join(self.tmp, "elsewhere", "mem.db")
        provider.save_config({"database": elsewhere, "unknown": "x"}, home)
        provider.initialize("h-2", hermes_home=home)
        self.assertTrue(os.path.exists(elsewhere))
        self.assertEqual(provider.backup_paths(), [elsewhere])

    def test_hermes_memory_writes_delegations_and_queued_prefetch(self):
        provider = self.provider()
        provider.initialize("h-3", hermes_home=os.path.join(self.tmp, "h"))
        provider.on_memory_write("add", "user", "User prefers answers in Chinese", {"write_origin": "tool"})
        provider.on_memory_write("add", "user", "User prefers answers in Chinese")  # once
        conn = sqlite3.connect(self.db)
        self.addCleanup(conn.close)
        rows = conn.execute("SELECT id, category, agent, pinned FROM memory_l2").fetchall()
        self.assertEqual([r[1:] for r in rows], [("hermes-user", "hermes", 1)])
        # Hermes names the entry a replace or remove changes by a piece of its old text
        provider.on_memory_write("replace", "user", "User prefers answers in English",
                                 {"old_text": "answers in Chinese"})
        knowledge = [r[0] for r in conn.execute("SELECT knowledge FROM memory_l2")]
        self.assertEqual(knowledge, ["User prefers answers in English"])
        provider.on_memory_write("remove", "user", "", {"old_text": "in English"})
        self.assertEqual(conn.execute("SELECT count(*) FROM memory_l2").fetchone()[0], 0)
        provider.on_delegation("find the flaky test", "test_login was flaky: a shared fixture", child_session_id="c1")
        turns = [r[0] for r in conn.execute("SELECT text FROM session_turns WHERE session_id = 'h-3' ORDER BY turn")]
        self.assertEqual(len(turns), 2)
        self.assertIn("shared fixture", turns[1])
        added = json.loads(provider.handle_tool_call("memory_add_l1", {
            "session_id": "old", "summary": "The ledger service runs on Postgres 16 with pgbouncer"}))
        # Hermes queues with this turn's text; nothing is recalled until a block reaches the model
        provider.queue_prefetch("Which database does the ledger service use?", session_id="h-3")
        count = "SELECT access_count FROM memory_l1 WHERE id = ?"
        self.assertEqual(conn.execute(count, (added["id"],)).fetchone()[0], 0)
        block = provider.prefetch("Which database does the ledger service use?", session_id="h-3")
        self.assertIn("[L1#%d" % added["id"], block)
        self.assertEqual(conn.execute(count, (added["id"],)).fetchone()[0], 1)

    def test_the_wizard_default_and_a_typed_hermes_home_resolve_to_the_home(self):
        home = os.path.join(self.tmp, "hermes")
        os.environ.pop("MEMORY_TIERED_DB")
        provider = self.provider()
        self.assertNotIn("default", provider.get_config_schema()[0])  # Enter keeps it empty
        provider.save_config({"database": "$HERMES_HOME/mem/typed.db"}, home)
        provider.initialize("h-5", hermes_home=home)
        self.assertTrue(os.path.exists(os.path.join(home, "mem", "typed.db")))

    def test_a_compression_into_a_new_session_summarises_the_old_one(self):
        provider = self.provider()
        provider.initialize("h-6", hermes_home=os.path.join(self.tmp, "h"))
        provider.sync_turn("Rename the billing queue to invoices-v2", "Renamed it to invoices-v2.")
        provider.on_session_switch("h-7", parent_session_id="h-6", reset=False, reason="compression")
        conn = sqlite3.connect(self.db)
        self.addCleanup(conn.close)
        row = conn.execute("SELECT summary FROM memory_l1 WHERE session_id = 'h-6'").fetchone()
        self.assertIn("invoices-v2", row[0])
        provider.sync_turn("And the retry queue?", "Left as is.")
        provider.on_session_switch("h-8", parent_session_id="h-7", reset=True)  # /new: session end did it
        self.assertIsNone(conn.execute("SELECT 1 FROM memory_l1 WHERE session_id = 'h-7'").fetchone())

    def test_nothing_a_host_passes_raises_into_hermes(self):
        home = os.path.join(self.tmp, "hermes")
        os.environ.pop("MEMORY_TIERED_DB")
        provider = self.provider()
        provider.initialize("h-2", hermes_home=home, platform="cli", agent_context="primary")
        provider.sync_turn("x\ud800", "y")
        provider.on_pre_compress([{"role": "user", "content": [{"text": None}, {"type": "text", "text": "ok"}]}])
        err = io.StringIO()
        with contextlib.redirect_stderr(err):  # skipped with one line, never raised into Hermes
            provider.on_memory_write("add", "x" * 300, "fact\x00with a NUL")
            provider.on_memory_write("add", "memory", "y" * 30000)
        self.assertIn("on_memory_write skipped: category is too long", err.getvalue())
        reply = json.loads(provider.handle_tool_call("memory_add_l2", {"category": "c", "knowledge": "k",
                                                                       "project": "\ud800/x"}))
        self.assertFalse(reply["ok"])
        self.assertIn("project", reply["error"])

