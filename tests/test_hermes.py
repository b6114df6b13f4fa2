"""The native Hermes Agent memory provider (integrations/hermes/memory_tiered), driven through the
lifecycle Hermes calls, with a stand-in for its plugin context."""

import importlib.util
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
