"""Forget is final: a forgotten memory never comes back through any way in (transcripts, imports,
memory files, the vault, Hermes, MCP, another device), and no copy of it is left behind (the
replication state, backups and their captured turns, a killed run's temp file)."""

import json
import os
import shutil
import sqlite3

from helpers import ROOT, memory_tiered
from test_replicate import Devices
from test_trust import TrustCase, every_byte

TRANSCRIPTS = os.path.join(ROOT, "tests", "transcripts")
PHRASE = "marmalade-protocol-4471"


def transcript_lines(name="01-shop-stripe-webhook.jsonl"):
    with open(os.path.join(TRANSCRIPTS, name), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def write_transcript(path, lines, extra_prompt=None):
    """A copy of a real-format transcript whose first request also names ``extra_prompt``."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    out, done = [], False
    for line in lines:
        message = line.get("message") or {}
        if extra_prompt and not done and line.get("type") == "user" and isinstance(message.get("content"), str):
            line = dict(line, message=dict(message, content=extra_prompt + ": " + message["content"]))
            done = True
        out.append(line)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(json.dumps(line) + "\n" for line in out))
    return path


class ForgetIsFinalTests(TrustCase):
    def card_with_phrase(self):
        folder = os.path.join(self.tmp, "transcripts")
        write_transcript(os.path.join(folder, "s1.jsonl"), transcript_lines(), "the deploy uses " + PHRASE)
        self.run_cli("import-transcripts", folder)
        found = [r for r in self.json_cli("list", "--limit", "100")["records"] if PHRASE in r["text"]]
        self.assertEqual(len(found), 1, found)
        return folder, found[0]

    def holding(self):
        return [r for lv in ("l1", "l2", "l3")
                for r in self.json_cli("list", "--level", lv, "--limit", "1000", "--include-archived")["records"]
                if PHRASE in r["text"] or any(PHRASE in k for k in r.get("key_points") or [])]

    def test_a_forgotten_card_is_not_imported_again(self):
        folder, card = self.card_with_phrase()
        self.run_cli("forget", "l1", str(card["id"]), "--yes")
        data = self.json_cli("import-transcripts", folder)
        self.assertEqual(data["added"] + data["updated"], 0, data)
        self.assertEqual(data.get("forgotten"), 1, data)
        self.assertEqual(self.holding(), [])
        # the session goes on: its grown transcript still stays out
        path = os.path.join(folder, "s1.jsonl")
        with open(path, "a", encoding="utf-8") as handle:
            line = dict(transcript_lines()[0], message={"role": "user", "content": "one more thing about the cache"})
            handle.write(json.dumps(line) + "\n")
        data = self.json_cli("import-transcripts", folder)
        self.assertEqual(data["added"] + data["updated"], 0, data)
        self.assertEqual(self.holding(), [])

    def test_a_forgotten_record_is_not_imported_back_from_an_export(self):
        rid = self.add_l1("the staging database password hint is " + PHRASE, session="x1")
        export = os.path.join(self.tmp, "all.jsonl")
        self.run_cli("export", "--out", export)
        self.run_cli("forget", "l1", str(rid), "--yes")
        self.run_cli("import", export)
        self.assertEqual(self.holding(), [])
        minimal = os.path.join(self.tmp, "minimal.jsonl")  # the same text without its uid
        with open(minimal, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"session_id": "x1", "summary": "the staging database password hint is " + PHRASE}))
        out, err = self.run_cli("import", minimal)
        self.assertEqual(self.holding(), [])
        self.assertIn("forgotten", err)

    def test_a_forgotten_rule_is_not_imported_from_its_file_again(self):
        path = os.path.join(self.tmp, "CLAUDE.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("# Deploys\n\n- Always run %s before a deploy\n- Tag releases with the date\n" % PHRASE)
        self.run_cli("import-notes", path)
        rule = [r for r in self.json_cli("list", "--level", "l2")["records"] if PHRASE in r["text"]][0]
        self.run_cli("forget", "l2", str(rule["id"]), "--yes")
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("- Never deploy on Fridays\n")
        self.run_cli("import-notes", path)
        texts = [r["text"] for r in self.json_cli("list", "--level", "l2")["records"]]
        self.assertEqual(self.holding(), [])
        self.assertIn("Never deploy on Fridays", texts)

    def test_a_forgotten_note_is_not_read_back_from_the_vault(self):
        rid = self.add_l1("the vault keeps " + PHRASE, session="v1")
        self.sync()
        note = self.note("l1", rid)
        aside = os.path.join(self.tmp, "aside.md")
        shutil.copy(note, aside)
        self.run_cli("forget", "l1", str(rid), "--yes")
        self.sync()
        shutil.copy(aside, note)  # another device's synced vault still had the note
        self.sync()
        self.assertEqual(self.holding(), [])

    def test_hermes_and_mcp_do_not_bring_a_forgotten_memory_back(self):
        with memory_tiered.MemoryDB(self.db) as db:
            done = memory_tiered.mirror_entry(db, category="hermes-memory", action="add",
                                              content="User prefers " + PHRASE, agent="hermes")
        self.run_cli("forget", "l2", str(done["added"]), "--yes")
        with memory_tiered.MemoryDB(self.db) as db:
            again = memory_tiered.mirror_entry(db, category="hermes-memory", action="add",
                                               content="User prefers " + PHRASE, agent="hermes")
        self.assertIsNone(again["added"])
        rid = self.add_l1("the agent wrote " + PHRASE, session="m1")
        self.run_cli("forget", "l1", str(rid), "--yes")
        with self.assertRaises(memory_tiered.ValidationError) as caught:
            self.call_tool("memory_add_l1", {"session_id": "m1", "summary": "the agent wrote " + PHRASE})
        self.assertIn("forgotten", str(caught.exception))
        self.assertEqual(self.holding(), [])
        # a person typing it again is the way back
        self.add_l1("the agent wrote " + PHRASE, session="m1")
        self.assertEqual(len(self.holding()), 1)

    def test_forget_leaves_no_copy_in_the_replication_state(self):
        folder = os.path.join(self.tmp, "Sync")
        os.makedirs(folder)
        rid = self.add_l1("replicated text " + PHRASE, session="r1")
        self.run_cli("replicate", "--dir", folder)
        self.run_cli("forget", "l1", str(rid), "--yes")
        self.assert_nowhere(PHRASE, os.path.dirname(self.db))  # before any replicate
        self.run_cli("replicate", "--dir", folder)
        self.run_cli("replicate", "--dir", folder, "--leave")
        self.assert_nowhere(PHRASE, os.path.dirname(self.db), folder)

    def test_purge_backups_removes_every_copy_in_a_backup(self):
        folder = os.path.join(self.tmp, "Sync")
        os.makedirs(folder)
        with memory_tiered.MemoryDB(self.db) as db:
            memory_tiered.record_turns(db, session_id="t1", turns=[("user", "remember " + PHRASE),
                                                                   ("assistant", "noted " + PHRASE)])
        rid = self.add_l1("the session kept " + PHRASE, session="t1")
        self.add_l1("a memory to keep", session="t2")
        self.run_cli("replicate", "--dir", folder)
        self.run_cli("backup")
        out, err = self.run_cli("forget", "l1", str(rid), "--yes", "--purge-backups")
        self.assert_nowhere(PHRASE, os.path.join(os.path.dirname(self.db), "backups"))
        self.assertIn("a memory to keep", json.dumps(self.json_cli("list")))

    def test_the_purge_can_run_after_the_record_is_gone(self):
        rid = self.add_l1("the backup holds " + PHRASE, session="b1")
        self.add_l1("another memory", session="b2")
        self.run_cli("backup", now="2026-03-01T03:00:00Z")
        out, err = self.run_cli("forget", "l1", str(rid), "--yes")
        self.assertIn("--purge-backups", err)
        self.run_cli("forget", "l1", str(rid), "--yes", "--purge-backups")
        self.assert_nowhere(PHRASE, os.path.join(os.path.dirname(self.db), "backups"))
        rid = self.add_l1("a second secret " + PHRASE + "-two", session="b3")
        self.run_cli("backup", now="2026-03-02T03:00:00Z")
        self.run_cli("forget", "l1", str(rid), "--yes")
        self.run_cli("forget", "--query", PHRASE + "-two", "--yes", "--purge-backups")
        self.assert_nowhere(PHRASE, os.path.join(os.path.dirname(self.db), "backups"))

    def test_a_killed_replicate_leaves_no_temp_file_in_the_folder(self):
        folder = os.path.join(self.tmp, "Sync")
        os.makedirs(folder)
        self.add_l1("a memory on the wire " + PHRASE, session="k1")
        self.run_cli("replicate", "--dir", folder)
        device = os.listdir(os.path.join(folder, "devices"))[0]
        planted = os.path.join(folder, "devices", device, ".mt-killed.tmp")
        with open(planted, "w", encoding="utf-8") as handle:  # what a kill mid-write leaves
            handle.write("a full copy of " + PHRASE)
        self.run_cli("replicate", "--dir", folder)
        self.assertFalse(os.path.exists(planted))


class ForgetTravelsAsFinalTests(Devices):
    def test_a_card_forgotten_on_another_device_is_not_imported_again(self):
        folder = os.path.join(self.tmp, "transcripts")
        write_transcript(os.path.join(folder, "s1.jsonl"), transcript_lines(), "the deploy uses " + PHRASE)
        self.run_on("a", "import-transcripts", folder)
        self.replicate("a", "b")
        card = self.by_text("b", PHRASE)
        self.run_on("b", "forget", "l1", card["id"], "--yes")
        self.replicate("b", "a")
        self.assertEqual([r for r in self.records("a").values() if PHRASE in r["text"]], [])
        self.run_on("a", "import-transcripts", folder)
        self.replicate("a", "b")
        for device in ("a", "b"):
            self.assertEqual([r for r in self.records(device).values() if PHRASE in r["text"]], [], device)
            data = b"".join(blob for _, blob in every_byte(os.path.dirname(self.db(device))))
            self.assertNotIn(PHRASE.encode(), data, device)
        self.assertNotIn(PHRASE.encode(), self.folder_bytes())
