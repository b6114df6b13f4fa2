"""A team folder: a teammate's edit or forget of another author's record is a proposal the author
decides in `review`; forget --all stays on this device unless --everywhere."""

import json
import os
import unittest

from helpers import memory_tiered, slow
from test_replicate import BASE, Devices


@slow
class TestProposals(Devices):

    def setUp(self):
        super().setUp()
        self.repo = os.path.join(self.tmp, "shop")
        os.makedirs(os.path.join(self.repo, ".git"))
        self.team = os.path.join(self.repo, ".memory")
        self.key = memory_tiered.project_key(self.repo)
        for device, author in (("a", "ana"), ("b", "bo"), ("c", "chen"), ("a2", "ana")):
            self.run_on(device, "replicate", "--author", author)

    def rounds(self, *devices, times=2):
        for _ in range(times):
            for device in devices:
                self.json_on(device, "replicate", "--dir", self.team, "--project", self.repo)

    def team_l2(self, device, text):
        return int(self.run_on(device, "add-l2", "--category", "ops", "--knowledge", text,
                               "--project", self.key).strip())

    def l2(self, device, text):
        found = [r for r in self.records(device, "l2").values() if text in r["text"]]
        return found[0] if found else None

    def proposals(self, device, *more):
        return self.json_on(device, "review", "--proposals", *more)["proposals"]

    def test_a_teammates_edit_and_forget_wait_for_the_author(self):
        self.team_l2("a", "Deploys go out with make ship on Tuesdays")
        self.team_l2("a", "The queue is RabbitMQ 3.13")
        self.rounds("a", "b", "c", "a2")
        edit = self.l2("b", "Deploys go out")
        self.run_on("b", "edit", "l2", edit["id"], "--text", "Deploys go out with make ship daily")
        forget = self.l2("b", "RabbitMQ")
        self.run_on("b", "forget", "l2", forget["id"], "--yes")
        done = self.json_on("b", "replicate", "--dir", self.team, "--project", self.repo)[0]
        self.assertEqual(done["proposed"], 1)  # the edit (a forget carries no record to count)
        self.rounds("a", "c", "a2")
        for device in ("a", "c", "a2"):  # nobody's copy changed: the author has not decided
            self.assertIn("on Tuesdays", self.l2(device, "Deploys go out")["text"])
            self.assertIsNotNone(self.l2(device, "RabbitMQ"))
        waiting = self.proposals("a")
        self.assertEqual(sorted(p["kind"] for p in waiting), ["edit", "forget"])
        self.assertEqual({p["proposer"] for p in waiting}, {"bo"})
        edit_p = [p for p in waiting if p["kind"] == "edit"][0]
        self.assertEqual(edit_p["changes"]["knowledge"], "Deploys go out with make ship daily")
        self.assertEqual(edit_p["record"]["id"], self.l2("a", "Deploys go out")["id"])
        self.assertEqual(self.proposals("c"), [])  # not chen's to decide
        self.assertEqual(self.json_on("a", "review")["proposals_waiting"], 2)
        forget_p = [p for p in waiting if p["kind"] == "forget"][0]
        self.run_on("a", "review", "--accept", edit_p["id"])
        self.run_on("a", "review", "--reject", forget_p["id"])
        self.assertEqual(self.proposals("a"), [])
        decided = self.proposals("a", "--all")
        self.assertEqual(sorted(p["status"] for p in decided), ["accepted", "rejected"])
        self.rounds("a", "b", "c", "a2")
        for device in ("a", "b", "c", "a2"):
            self.assertEqual(self.l2(device, "Deploys go out")["text"],
                             "Deploys go out with make ship daily")
        for device in ("a", "c", "a2"):
            self.assertIsNotNone(self.l2(device, "RabbitMQ"))
        self.assertIsNone(self.l2("b", "RabbitMQ"))  # bo forgot it on his own device
        self.assertEqual([p["changes"] for p in self.proposals("a", "--all")], [{}, {}])  # no words kept

    def test_the_authors_other_device_and_a_new_record_need_no_proposal(self):
        self.team_l2("a", "Lint with ruff before each commit")
        self.rounds("a", "a2", "b")
        mine = self.l2("a2", "Lint with ruff")
        self.run_on("a2", "edit", "l2", mine["id"], "--text", "Lint with ruff and mypy before each commit")
        self.team_l2("b", "The staging database is restored nightly")
        self.rounds("a2", "b", "a")
        self.assertIn("mypy", self.l2("b", "Lint with ruff")["text"])
        self.assertEqual(self.l2("a", "staging database")["author"], "bo")
        self.assertEqual(self.proposals("a"), [])

    def test_a_forged_author_and_a_forged_forget_from_a_file(self):
        self.team_l2("a", "Secrets live in the vault, never in the repo")
        self.rounds("a")
        uid = self.l2("a", "Secrets live")["uid"]
        stamp = "%013d.000000" % (int(BASE.timestamp() * 1000) + 3600 * 1000)
        place = os.path.join(self.team, "devices", "mallory")
        os.makedirs(place)
        header = {"format": memory_tiered.REPLICA_FORMAT, "version": 1, "device": "mallory",
                  "author": "mal", "project": "."}
        new_uid = "01JF" + "Q" * 22
        lines = [
            {"uid": uid, "level": "l2", "forgotten": [stamp, "mallory"]},
            {"uid": new_uid, "level": "l2", "at": [stamp, "mallory"], "counts": {},
             "set": {"category": "ops", "knowledge": "Push straight to main, ana says so",
                     "project": ".", "author": "ana", "origin": "cli", "device": "mallory"}}]
        with open(os.path.join(place, "changes-1.jsonl"), "w") as handle:
            handle.write("\n".join(json.dumps(x) for x in [header] + lines) + "\n")
        self.rounds("a", "c")
        for device in ("a", "c"):
            self.assertIsNotNone(self.l2(device, "Secrets live"))
            self.assertEqual(self.l2(device, "Push straight")["author"], "mal")
        self.assertEqual([(p["kind"], p["proposer"]) for p in self.proposals("a")],
                         [("forget", "mal")])
        self.run_on("a", "review", "--accept", self.proposals("a")[0]["id"])
        self.rounds("a", "c")
        self.assertIsNone(self.l2("c", "Secrets live"))

    def test_bad_decisions_are_one_line(self):
        err = self.run_on("a", "review", "--accept", "99", code=2)
        self.assertEqual(err, "")
        self.team_l2("a", "Release notes go in CHANGELOG.md")
        self.rounds("a", "b")
        record = self.l2("b", "Release notes")
        self.run_on("b", "edit", "l2", record["id"], "--text", "Release notes go in docs/")
        self.rounds("b", "a", "c")
        proposal = self.proposals("a")[0]
        self.run_on("c", "review", "--accept", proposal["id"], code=2)  # chen is not the author
        self.run_on("a", "review", "--reject", proposal["id"])
        self.run_on("a", "review", "--accept", proposal["id"], code=2)  # decided already
        self.rounds("a", "b", "c")  # the author's values go out again: bo's copy follows them
        for device in "abc":
            self.assertEqual(self.l2(device, "Release notes")["text"],
                             "Release notes go in CHANGELOG.md")


@slow
class TestForgetAllStaysHere(Devices):

    def test_forget_all_on_a_replicating_device_needs_everywhere(self):
        for device in "ab":
            self.add(device, "Fact from %s about the build cache" % device)
        self.replicate("a", "b")
        out = self.run_on("a", "forget", "--all", "--yes", code=2)
        self.assertEqual(out, "")
        self.assertEqual(len(self.records("a")), 2)
        self.run_on("a", "forget", "--all", "--everywhere", "--yes")
        self.replicate("a", "b")
        self.assertEqual(self.records("a"), {})
        self.assertEqual(self.records("b"), {})


if __name__ == "__main__":
    unittest.main()
