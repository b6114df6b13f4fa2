"""The person in control of recall: pause and resume (command, MCP, a prompt's marker), the
recall log, feedback and the gate's weights refitted on this machine; all through the hooks
with real hook JSON."""

import io
import json
import os
import sqlite3
import subprocess
from unittest import mock

from helpers import COMMAND, CLITestCase, memory_tiered, slow

NOW = "2026-12-01T10:00:00+00:00"


class RecallControlTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.db_ids = {}
        for key, text in (("pg", "The ledger service uses Postgres 16 behind pgbouncer"),
                          ("stripe", "Billing retries a failed Stripe charge three times over a "
                                     "week, then emails the customer"),
                          ("knee", "膝盖半月板撕裂，医生说六周内不要跑步")):
            self.db_ids[key] = self.add_l1(text, session="seed-" + key)

    def hook(self, event, now=NOW, **data):
        """The hook as an agent runs it: a real process, the hook's JSON on stdin."""
        data.setdefault("cwd", self.tmp)
        proc = subprocess.run(COMMAND + ["--db", self.db, "hook", event], capture_output=True,
                              text=True, input=json.dumps(data), timeout=60,
                              env=dict(os.environ, MEMORY_TIERED_NOW=now))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stderr, "")
        return proc.stdout

    def ask(self, session, prompt, now=NOW):
        return self.hook("user-prompt-submit", now=now, session_id=session, prompt=prompt)

    @slow
    def test_a_paused_session_project_or_everything_injects_nothing(self):
        prompt = "how many times does billing retry a failed Stripe charge?"
        self.assertIn("Stripe", self.ask("s1", prompt))
        self.run_cli("pause", "--for", "2h", now=NOW)
        self.assertEqual(self.ask("s1", prompt), "")
        start = self.hook("session-start", session_id="s2", source="startup")
        self.assertEqual(len(start.strip().splitlines()), 1)
        self.assertIn("recall is paused everywhere until 2026-12-01 12:00", start)
        self.assertIn("resume", start)
        # the pause runs out by itself
        self.assertIn("Stripe", self.ask("s1", prompt, now="2026-12-01T12:30:00+00:00"))
        self.run_cli("resume")
        self.run_cli("pause", "--session", "s3", now=NOW)
        self.assertEqual(self.ask("s3", prompt), "")
        self.assertIn("Stripe", self.ask("s4", prompt))
        self.run_cli("resume", "--session", "s3")
        self.assertIn("Stripe", self.ask("s3", prompt))
        _, err = self.run_cli("pause", "--for", "soon", code=2)
        self.assertIn("--for takes a duration", err)
        _, err = self.run_cli("pause", "--session", "x", "--all", code=2)
        self.assertIn("give one of", err)

    @slow
    def test_a_prompt_marker_pauses_the_rest_of_its_session_and_another_resumes(self):
        prompt = "医生上次怎么说我的膝盖？"
        self.assertIn("半月板", self.ask("m1", prompt))
        self.assertEqual(self.ask("m1", "#nomem " + prompt), "")
        self.assertEqual(self.ask("m1", prompt), "")
        self.assertIn("半月板", self.ask("m2", prompt))  # another session is not paused
        self.assertIn("半月板", self.ask("m1", "#mem " + prompt))
        self.assertEqual(self.ask("m1", "#无记忆 " + prompt), "")
        self.assertIn("半月板", self.ask("m1", "＃记忆 " + prompt))  # (a full-width ＃)
        self.assertEqual(self.ask("m1", "＃nomem " + prompt), "")

    def test_no_capture_keeps_no_session_either(self):
        self.run_cli("pause", "--no-capture", now=NOW)
        self.hook("session-end", session_id="quiet", reason="exit")
        pending = self.json_cli("pending")["pending"]
        self.assertEqual([p["session_id"] for p in pending], [])
        self.run_cli("resume")
        self.hook("session-end", session_id="kept", reason="exit")
        self.assertEqual([p["session_id"] for p in self.json_cli("pending")["pending"]], ["kept"])

    @slow
    def test_the_log_shows_what_was_injected_and_why_and_forget_leaves_it(self):
        self.ask("s1", "how many times does billing retry a failed Stripe charge?")
        self.ask("s1", "thanks!")
        self.ask("s1", "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB: does the ledger use "
                       "Postgres?")
        entries = self.json_cli("recall-log", "--session", "s1")["entries"]
        self.assertEqual(len(entries), 2)  # (an acknowledgement is never judged)
        secret, stripe = entries
        self.assertIsNone(secret["prompt"])  # its text is not kept: it held a secret
        self.assertTrue(secret["prompt_hash"])
        shown = stripe["shown"]
        self.assertEqual([(s["level"], s["id"]) for s in shown], [("l1", self.db_ids["stripe"])])
        self.assertGreater(shown[0]["p"], 0.4)
        self.assertIn("coverage", shown[0]["features"])
        out, _ = self.run_cli("recall-log", "--session", "s1")
        self.assertIn("shown: L1:%d (p " % self.db_ids["stripe"], out)
        self.assertIn("(not kept: it held a secret)", out)
        self.run_cli("forget", "l1", self.db_ids["stripe"], "--yes")
        entries = self.json_cli("recall-log", "--session", "s1")["entries"]
        self.assertNotIn('"id": %d' % self.db_ids["stripe"], json.dumps(
            [e["shown"] + e["held_back"] for e in entries]))

    @slow
    def test_feedback_by_command_and_mcp(self):
        self.ask("s1", "how many times does billing retry a failed Stripe charge?")
        stripe = "L1:%d" % self.db_ids["stripe"]
        self.run_cli("feedback", "--session", "s1", "--irrelevant", stripe)
        _, err = self.run_cli("feedback", "--session", "s1", "--missing",
                              "L1:%d" % self.db_ids["knee"])
        self.assertIn("the gate never saw it", err)
        _, err = self.run_cli("feedback", "--session", "nope", "--irrelevant", stripe, code=2)
        self.assertIn("no injection of session nope", err)
        _, err = self.run_cli("feedback", "--session", "s1", "--irrelevant", "L7:1", code=2)
        self.assertIn("LEVEL:ID", err)
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "memory_feedback", "arguments": {"relevant": [stripe], "session_id": "s1"}}}
        proc = subprocess.run(COMMAND + ["--db", self.db, "mcp"], input=json.dumps(call) + "\n",
                              capture_output=True, text=True, timeout=60)
        self.assertIn('"isError":false', proc.stdout.replace(" ", ""), proc.stdout)
        verdicts = [f["verdict"] for f in self.json_cli("recall-log")["entries"][0]["feedback"]]
        self.assertEqual(verdicts, ["missing", "relevant"])  # (relevant replaced irrelevant)
        # careless verdicts: one memory named twice, a memory that is not there, another
        # session's entry; a verdict given again counts once
        _, err = self.run_cli("feedback", "--session", "s1", "--relevant", stripe, "--irrelevant",
                              stripe, code=2)
        self.assertIn("is named both irrelevant and relevant", err)
        _, err = self.run_cli("feedback", "--session", "s1", "--missing", "L2:999", code=2)
        self.assertIn("there is no L2 #999", err)
        self.ask("s2", "does the ledger use Postgres?")
        other = self.json_cli("recall-log", "--session", "s2")["entries"][0]["id"]
        _, err = self.run_cli("feedback", "--session", "s1", "--log", other, "--missing", stripe,
                              code=2)
        self.assertIn("is of session s2, not s1", err)
        for _ in range(2):
            self.run_cli("feedback", "--session", "s1", "--irrelevant", stripe)
        verdicts = [f["verdict"] for f in self.json_cli("recall-log", "--session", "s1")[
            "entries"][0]["feedback"]]
        self.assertEqual(sorted(verdicts), ["irrelevant", "missing"])

    def test_mcp_pause_and_resume(self):
        def call(name, arguments, number):
            return {"jsonrpc": "2.0", "id": number, "method": "tools/call",
                    "params": {"name": name, "arguments": arguments}}
        lines = [call("memory_pause", {"scope": "all", "minutes": 30}, 1),
                 call("memory_context", {"query": "does the ledger use Postgres?"}, 2),
                 call("memory_resume", {"scope": "all"}, 3),
                 call("memory_context", {"query": "does the ledger use Postgres?"}, 4)]
        proc = subprocess.run(COMMAND + ["--db", self.db, "mcp"], capture_output=True, text=True,
                              input="".join(json.dumps(x) + "\n" for x in lines), timeout=60,
                              env=dict(os.environ, MEMORY_TIERED_NOW=NOW))
        answers = {json.loads(l)["id"]: json.loads(l)["result"] for l in proc.stdout.splitlines()}
        self.assertEqual(answers[2]["content"][0]["text"], "")
        self.assertIs(answers[2].get("structuredContent", {"paused": True})["paused"], True)
        self.assertIn("Postgres 16", answers[4]["content"][0]["text"])

    def test_the_gate_refits_here_and_keeps_the_old_weights_when_a_refit_is_no_better(self):
        conn = self.connect(self.db)
        features = {n: 0.0 for n in memory_tiered.FEATURES}
        rows = []
        for n in range(40):  # a person who finds rank-0, low-coverage matches irrelevant
            good = n % 2 == 0
            f = dict(features, coverage=0.9 if good else 0.15, rank=0.0, rule=1.0,
                     relative=1.0)
            rows.append(("relevant" if good else "irrelevant", json.dumps(f)))
        conn.execute("INSERT INTO recall_log(id, at, way, shown, held_back) VALUES "
                     "(1, ?, 'hook', '[]', '[]')", (NOW,))
        conn.executemany("INSERT INTO recall_feedback(at, log_id, level, record_id, verdict, "
                         "source, features) VALUES (?, 1, 'l1', 1, ?, 'cli', ?)",
                         [(NOW, v, f) for v, f in rows])
        conn.commit()
        out, err = self.run_cli("feedback", "--refit", now=NOW)
        self.assertIn("verdicts fitted", err)
        used = self.json_cli("recall-log", "--weights")
        report = conn.execute("SELECT loss_before, loss_after, in_use FROM gate_weights").fetchall()
        self.assertEqual(len(report), 1)
        before, after, in_use = report[0]
        self.assertEqual(bool(in_use), after < before)
        self.assertEqual(used["source"], "refitted here" if in_use else "shipped")
        # verdicts that say nothing new: the refit is not better, the weights in use stay
        conn.execute("DELETE FROM recall_feedback")
        conn.executemany("INSERT INTO recall_feedback(at, log_id, level, record_id, verdict, "
                         "source, features) VALUES (?, 1, 'l1', 1, ?, 'cli', ?)",
                         [(NOW, "relevant" if n % 2 else "irrelevant", json.dumps(features))
                          for n in range(40)])
        conn.commit()
        self.run_cli("feedback", "--refit", now=NOW)
        last = conn.execute("SELECT loss_before, loss_after, in_use FROM gate_weights ORDER BY id "
                            "DESC LIMIT 1").fetchone()
        self.assertEqual(bool(last[2]), last[1] < last[0])
        self.assertEqual(conn.execute("SELECT count(*) FROM gate_weights WHERE in_use = 1"
                                      ).fetchone()[0], 1 if in_use or last[2] else 0)

    def test_careless_paths_and_durations_are_refused(self):
        missing = os.path.join(self.tmp, "nowhere", "x.db")
        _, err = self.run_cli("recall-log", "--db", missing, code=2)
        self.assertIn("run `init`", err)
        self.assertFalse(os.path.exists(os.path.dirname(missing)))
        _, err = self.run_cli("pause", "--db", "", code=2)
        self.assertIn("--db is empty", err)
        _, err = self.run_cli("pause", "--for", "", code=2)
        self.assertIn("--for takes a duration", err)
        self.assertEqual(self.json_cli("resume")["paused"], [])

    def test_a_prompt_with_no_candidate_is_logged_too(self):
        self.ask("q1", "what did the vet say about the cat's teeth?")
        entries = self.json_cli("recall-log", "--session", "q1")["entries"]
        self.assertEqual([(e["shown"], e["held_back"]) for e in entries], [([], [])])

    @slow
    def test_the_vault_note_of_a_day_is_read_back_as_feedback(self):
        vault = os.path.join(self.tmp, "vault")
        os.makedirs(vault)
        self.ask("v1", "how many times does billing retry a failed Stripe charge?")
        self.run_cli("sync", "--vault", vault, now=NOW)
        path = os.path.join(vault, "回忆记录", "2026-12-01.md")
        with open(path, encoding="utf-8") as handle:
            note = handle.read()
        stripe = "L1:%d" % self.db_ids["stripe"]
        self.assertIn("- [ ] irrelevant · %s Billing retries" % stripe, note)
        self.assertIn("> how many times does billing retry", note)
        knee = "L1:%d" % self.db_ids["knee"]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(note.replace("- [ ] irrelevant", "- [x] irrelevant").replace(
                "Missed: ", "Missed: " + knee))
        _, err = self.run_cli("sync", "--vault", vault, now=NOW)
        feedback = self.json_cli("recall-log", "--session", "v1")["entries"][0]["feedback"]
        self.assertEqual(sorted((f["verdict"], f["source"]) for f in feedback),
                         [("irrelevant", "vault"), ("missing", "vault")])
        with open(path, encoding="utf-8") as handle:
            self.assertIn("- [x] irrelevant · %s" % stripe, handle.read())  # (kept as ticked)
        with open(path, encoding="utf-8") as handle:
            note = handle.read()
        with open(path, "w", encoding="utf-8") as handle:  # unticked: the verdict is taken back
            handle.write(note.replace("- [x] irrelevant", "- [ ] irrelevant"))
        self.run_cli("sync", "--vault", vault, now=NOW)
        feedback = self.json_cli("recall-log", "--session", "v1")["entries"][0]["feedback"]
        self.assertEqual([f["verdict"] for f in feedback], ["missing"])

    def test_too_few_verdicts_refit_nothing(self):
        _, err = self.run_cli("feedback", "--refit")
        self.assertIn("0 of the 20 verdicts", err)
        self.assertEqual(self.json_cli("recall-log", "--weights")["source"], "shipped")
