"""Session cards on 22 real-format Claude Code transcripts (tests/transcripts/, English and
Chinese; expected.jsonl gives each one's project, outcome, programs, whether its errors were
resolved and its acknowledgements): what an imported card says, and what an injection shows."""

import json
import os
import unittest

from helpers import memory_tiered

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "transcripts")


def expected():
    with open(os.path.join(FOLDER, "expected.jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


class CardTests(unittest.TestCase):
    def cards(self):
        for case in expected():
            card = memory_tiered.transcript_card(os.path.join(FOLDER, case["file"]))
            yield case, card, memory_tiered.session_card(card)

    def test_there_are_at_least_twenty_in_both_languages(self):
        cases = expected()
        self.assertGreaterEqual(len(cases), 20)
        chinese = [c for c in cases if any("\u4e00" <= ch <= "\u9fff" for ch in c["request"])]
        self.assertGreaterEqual(len(chinese), 8)
        self.assertGreaterEqual(len(cases) - len(chinese), 8)

    def test_each_card_names_its_project_and_request(self):
        for case, _, (text, _) in self.cards():
            with self.subTest(case["file"]):
                self.assertTrue(text.startswith("Session in %s: " % case["project"]), text[:80])
                self.assertIn(memory_tiered.short(case["request"], 80)[:30], text)

    def test_the_outcome_is_the_last_substantive_statement_and_survives_the_injection_cut(self):
        for case, card, (text, _) in self.cards():
            with self.subTest(case["file"]):
                self.assertEqual(card["answer"][:60], " ".join(case["outcome"].split())[:60])
                shown = memory_tiered.short(text, 200)  # what one injected line keeps
                self.assertIn("Outcome: " + card["answer"][:20], shown)

    def test_key_points_are_the_programs_run(self):
        for case, _, (_, points) in self.cards():
            with self.subTest(case["file"]):
                self.assertLessEqual(set(case["programs"]), set(points))
                self.assertFalse({"cd", "export", "env", "sudo"} & set(points))

    def test_ran_shows_the_commands_not_the_scene_setting(self):
        for case, _, (text, _) in self.cards():
            with self.subTest(case["file"]):
                self.assertNotIn("`cd ", text)
                self.assertNotIn("`export ", text)
        _, _, (text, _) = [c for c in self.cards() if c[0]["file"].startswith("24-")][0]
        self.assertIn("`alembic upgrade head`", text)

    def test_errors_are_resolved_only_when_they_were(self):
        for case, card, (text, _) in self.cards():
            with self.subTest(case["file"]):
                resolved = card["resolved"] if card["errors"] else None
                self.assertEqual(resolved, case["errors_resolved"])
                if case["errors_resolved"] is False:
                    self.assertIn("not resolved", text)

    def test_acknowledgements_are_not_requests(self):
        for case, card, _ in self.cards():
            with self.subTest(case["file"]):
                for ack in case.get("acks", []):
                    self.assertNotIn(ack, card["requests"])


if __name__ == "__main__":
    unittest.main()
