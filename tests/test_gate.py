"""The prompt gate weighs evidence: its model, its fit, and what it does on a small real store."""

import json
import random
import unittest

from helpers import CLITestCase, memory_tiered, slow


class ModelTests(unittest.TestCase):
    def test_the_form_of_a_prompt(self):
        form = memory_tiered.prompt_form
        self.assertEqual(form("what did we decide about the retry budget?")["own"], 1.0)
        self.assertEqual(form("上次我们定的发版时间是几点")["own"], 1.0)
        self.assertEqual(form("what's new in Postgres 17?")["general"], 1.0)
        self.assertEqual(form("LPR 是什么？")["general"], 1.0)
        self.assertEqual(form("那次的修复方案是什么")["general"], 0.0)  # (not a bare term)
        self.assertEqual(form("add a docstring to this function")["task"], 1.0)
        self.assertEqual(form("把这句翻成英文：明天见")["task"], 1.0)
        self.assertEqual(form("when is the dentist?")["asks"], 1.0)

    def test_nothing_to_choose_from_chooses_nothing(self):
        self.assertEqual(memory_tiered.GateModel().choose([]), ([], 0.0, []))

    def test_a_prompt_the_model_does_not_want_keeps_nothing_and_one_it_wants_keeps_the_best(self):
        model = memory_tiered.GateModel(weights={"bias": 0.0, "coverage": 4.0},
                                        prompt_weights={"bias": -2.0, "own": 4.0},
                                        threshold=0.9, prompt_threshold=0.5)
        low = {"own": 0.0, "coverage": 0.2}
        high = {"own": 0.0, "coverage": 1.0}
        base = {n: 0.0 for n in memory_tiered.FEATURES}
        candidates = [dict(base, **low), dict(base, **high)]
        self.assertEqual(model.choose(candidates)[0], [])  # not a question about their own things
        for c in candidates:
            c["own"] = 1.0
        kept, wanted, each = model.choose(candidates)
        self.assertGreater(wanted, 0.5)
        self.assertEqual(kept, [1])  # the most probable, although it ranked second
        self.assertLess(each[0], each[1])
        explained = model.explain(candidates[1])
        self.assertEqual(explained[0][0], "coverage")
        self.assertAlmostEqual(explained[0][2], 4.0)

    @slow
    def test_the_fit_finds_the_evidence_that_separates(self):
        rng = random.Random(7)
        rows = []
        for _ in range(400):
            coverage, noise = rng.random(), rng.random()
            rows.append(({"coverage": coverage, "rank": noise}, int(coverage > 0.6)))
        weights = memory_tiered.fit(rows, ("coverage", "rank"), steps=600)
        self.assertGreater(weights["coverage"], 3 * abs(weights["rank"]))
        model = memory_tiered.GateModel(weights=weights, threshold=0.5)
        right = sum((model.probability(f) >= 0.5) == bool(y) for f, y in rows)
        self.assertGreater(right / len(rows), 0.9)

    def test_the_shipped_weights_name_only_known_evidence(self):
        self.assertLessEqual(set(memory_tiered.WEIGHTS) - {"bias"}, set(memory_tiered.FEATURES))
        self.assertLessEqual(set(memory_tiered.PROMPT_WEIGHTS) - {"bias"},
                             set(memory_tiered.PROMPT_FEATURES))
        self.assertTrue(0 < memory_tiered.THRESHOLD < 1 and 0 < memory_tiered.PROMPT_THRESHOLD < 1)


class StoreTests(CLITestCase):
    def setUp(self):
        super().setUp()
        for n, text in enumerate((
                "The ledger service uses Postgres 16 behind pgbouncer in transaction mode",
                "房贷是 LPR 减 30 个基点，每年 1 月重新定价",
                "Billing retries a failed Stripe charge three times over a week, then emails",
                "膝盖半月板撕裂，医生说六周内不要跑步，每周两次理疗",
                "The portal deploys from main through ArgoCD; a release needs two approvals",
                "周五下午三点以后不发版，紧急修复要找值班的人批准")):
            self.add_l1(text, session="g%d" % n)

    def injected(self, prompt):
        out, _ = self.run_cli("context", "--query", prompt, "--budget", "400")
        return out

    def test_a_question_about_what_is_stored_gets_it(self):
        self.assertIn("半月板", self.injected("医生上次怎么说我的膝盖？"))
        self.assertIn("Stripe", self.injected("how many times do we retry a failed charge?"))
        self.assertIn("ArgoCD", self.injected("how do we deploy the portal?"))

    def test_a_general_question_or_new_work_that_mentions_a_topic_stays_silent(self):
        for prompt in ("what's new in Postgres 17?", "LPR 是什么？", "ok thanks, go on",
                       "write a python function that reverses a list",
                       "帮我写一个正则，匹配手机号"):
            self.assertEqual(self.injected(prompt), "", prompt)

    def test_search_shows_the_evidence(self):
        out, _ = self.run_cli("search-all", "膝盖", "--json")
        best = json.loads(out)["results"][0]
        self.assertIn("半月板", best["text"])
        self.assertFalse(best["weak"])



class PeriodAndTaskTests(CLITestCase):
    """A period question followed by a task ("上周做了什么？帮我写个周报") keeps the whole
    period: the task's words ("周报", "report") do not narrow it to the memory that holds them."""

    def setUp(self):
        super().setUp()
        for n, (day, text) in enumerate((
                ("2026-11-23", "修复了支付回调重复入账的问题，加了幂等键"),
                ("2026-11-24", "Moved the order export to a background job to stop timeouts"),
                ("2026-11-25", "和产品对齐了退款流程，写了设计文档"),
                ("2026-11-27", "整理了本月的监控告警，写进周报草稿"),
                ("2026-11-10", "Fixed the flaky login test in CI"))):
            self.add_l1(text, session="p%d" % n, created_at=day + "T10:00:00")

    def injected(self, prompt):
        out, _ = self.run_cli("context", "--query", prompt, "--budget", "600",
                              now="2026-12-01T10:00:00+08:00")
        return out

    def test_the_period_is_kept_whatever_the_task_says(self):
        for prompt in ("上周做了什么？帮我写个周报", "上周做了什么，帮我写个周报",
                       "what did I do last week? write my weekly report from it"):
            out = self.injected(prompt)
            for text in ("幂等键", "order export", "退款流程", "周报草稿"):
                self.assertIn(text, out, prompt)
            self.assertNotIn("flaky login", out, prompt)

    def test_a_question_about_one_thing_of_the_period_stays_narrow(self):
        out = self.injected("上周修复支付回调用的什么方法？")
        self.assertIn("幂等键", out)
        self.assertNotIn("退款流程", out)

if __name__ == "__main__":
    unittest.main()


class AcrossScriptsTests(CLITestCase):
    """A person named in one script is found in the other; a word of daily life in one
    language finds its memory in the other (the vocabulary)."""

    def test_a_name_in_pinyin_finds_it_in_characters_and_back(self):
        hao = self.add_l1("陈浩推荐了一家做膝盖康复的理疗诊所", session="n1")
        lele = self.add_l1("乐乐这周三发烧了，已经退烧", session="n2")
        wang = self.add_l1("Wang Lei takes over the on-call rotation from Monday", session="n3")
        self.add_l1s(("The ledger uses Postgres 16", "部署用 Helm，先发 staging"), session="o")
        found = self.json_cli("search-all", "what did Chen Hao recommend?")["results"]
        self.assertEqual(found[0]["id"], hao)
        found = self.json_cli("search-all", "Is Lele better now?")["results"]
        self.assertEqual(found[0]["id"], lele)
        found = self.json_cli("search-all", "王磊什么时候接手值班")["results"]
        self.assertEqual(found[0]["id"], wang)
        self.assertEqual(memory_tiered.syllables_of("Yuting"), ["yu", "ting"])
        self.assertIsNone(memory_tiered.syllables_of("Postgres"))
        # an English word that is not written as a name is no name
        self.assertEqual(memory_tiered.names_in_latin("can you help me"), [])

    def test_daily_life_words_cross_languages(self):
        knee = self.add_l1("膝盖半月板撕裂，医生说六周内不要跑步", session="k")
        loan = self.add_l1("Mortgage reprices in January at the new LPR", session="m")
        self.add_l1s(("The ledger uses Postgres 16", "部署用 Helm，先发 staging"), session="o")
        self.assertEqual(self.json_cli("search-all", "what did the doctor say about my knee?")
                         ["results"][0]["id"], knee)
        self.assertEqual(self.json_cli("search-all", "房贷什么时候重新定价")["results"][0]["id"], loan)


class LocalDayTests(CLITestCase):
    def test_yesterday_is_the_persons_day(self):
        # 07:30 on Nov 10 in Beijing is Nov 9 in UTC: "yesterday", asked on Nov 11 there, is it
        early = self.add_l1("Fixed the flaky payment test by freezing the clock", session="d1",
                            created_at="2026-11-09T23:30:00Z")
        self.add_l1("Reviewed the onboarding copy", session="d2", created_at="2026-11-09T03:00:00Z")
        out, _ = self.run_cli("context", "--query", "what did I do yesterday?", "--no-touch",
                              now="2026-11-11T09:00:00+08:00")
        self.assertIn("[L1#%d" % early, out)
        self.assertEqual(memory_tiered.local_zone({"MEMORY_TIERED_TZ": "+08:00"}).utcoffset(None),
                         memory_tiered.datetime.timedelta(hours=8))
        with self.assertRaises(memory_tiered.ValidationError):
            memory_tiered.local_zone({"MEMORY_TIERED_TZ": "Asia/Shanghai"})
