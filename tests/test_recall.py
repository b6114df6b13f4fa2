"""What gets recalled: nothing when nothing is relevant, several phrasings fused, filters."""

import json

from helpers import CLITestCase, memory_tiered

CODING_STORE = [
    ("Chose Postgres 16 with pgbouncer for the billing service; MySQL was rejected", "postgres,billing"),
    ("The login page uses the session cookie set by the auth middleware", "login,auth"),
    ("Alice owns the payments API and reviews every schema change", "alice,payments"),
    ("CI runs pytest on Python 3.9 to 3.13 with a matrix in GitHub Actions", "ci,pytest"),
    ("The frontend is built with pnpm and Vite; npm is not used", "pnpm,frontend"),
    ("Deploys go through a blue green switch on the Kubernetes staging cluster", "deploy,kubernetes"),
    ("用户喜欢简洁的提交信息，每个提交只做一件事", "提交,习惯"),
    ("日志统一用结构化 JSON 输出到标准错误", "日志,json"),
]

EVERYDAY = ["Can you fix the failing test in utils.py?", "Rename this variable to something clearer",
            "Use the new API to fix the bug in the login page button color", "Explain what this stack trace means",
            "帮我把这个函数改成异步的", "解释一下这个报错", "Write a Dockerfile for this service",
            "What did Bob say about the release?"]


class GateTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.ids = [self.add_l1(text, session="c%d" % n, key_points=points)
                    for n, (text, points) in enumerate(CODING_STORE)]

    def test_everyday_prompts_inject_nothing(self):
        for prompt in EVERYDAY:
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertEqual(out, "", prompt)

    def test_real_matches_are_injected(self):
        for prompt, index in (("Which database does the billing service use?", 0),
                              ("How does the login page know the user is signed in via the auth middleware?", 1),
                              ("Who reviews schema changes for the payments API?", 2),
                              ("日志用什么格式输出？", 7)):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertIn("[L1#%d" % self.ids[index], out, prompt)

    def test_search_all_still_ranks_but_marks_weak_matches(self):
        results = self.search("Use the new API to fix the bug in the login page button color")
        self.assertTrue(results)
        self.assertTrue(all(r["weak"] for r in results))
        strong = self.search("billing service database postgres")
        self.assertEqual(strong[0]["id"], self.ids[0])
        self.assertFalse(strong[0]["weak"])
        out, _ = self.run_cli("search-all", "fix the bug in the login page button color")
        self.assertIn("(weak)", out)


class FusionTests(CLITestCase):
    def test_several_phrasings_find_what_one_misses(self):
        target = self.add_l1("Chose Postgres 16 for the billing service", session="a")
        self.add_l1("We chose a blue theme for the dashboard", session="b")
        single = self.search("which database did we choose?")
        self.assertNotEqual(single[0]["id"] if single else None, target)
        fused = self.json_cli("search-all", "which database did we choose?", "--keyword", "postgres mysql sqlite",
                              "--keyword", "billing database")["results"]
        self.assertEqual(fused[0]["id"], target)
        self.assertEqual(self.json_cli("get", "l1", target)["access_count"], 1)
        reply = memory_tiered.mcp_call(self.db, "memory_search", {
            "query": "which database did we choose?", "queries": ["postgres mysql sqlite"]}, memory_tiered.now_utc())
        self.assertEqual(reply["results"][0]["id"], target)


class FilterTests(CLITestCase):
    def test_category_and_tag_filters(self):
        l1 = self.add_l1("Uses pnpm for the frontend", session="a", tags="tooling")
        self.add_l1("Uses pnpm in the docs site too", session="b")
        l2 = int(self.run_cli("add-l2", "--category", "habits", "--knowledge", "Prefers pnpm", "--tags",
                              "tooling")[0])
        self.run_cli("add-l2", "--category", "skills", "--knowledge", "Knows pnpm workspaces")
        self.assertEqual([(r["level"], r["id"]) for r in self.search("pnpm", "--category", "habits")], [("l2", l2)])
        self.assertEqual(sorted((r["level"], r["id"]) for r in self.search("pnpm", "--tag", "tooling")),
                         [("l1", l1), ("l2", l2)])
        listed = self.json_cli("list", "--tag", "tooling")["records"]
        self.assertEqual(sorted((r["level"], r["id"]) for r in listed), [("l1", l1), ("l2", l2)])
        self.assertEqual([r["id"] for r in self.json_cli("list", "--category", "habits")["records"]], [l2])
        exported = [json.loads(line) for line in self.run_cli("export", "--category", "skills")[0].splitlines()]
        self.assertEqual([r["knowledge"] for r in exported], ["Knows pnpm workspaces"])
        reply = memory_tiered.mcp_call(self.db, "memory_search", {"query": "pnpm", "tag": "tooling"},
                                       memory_tiered.now_utc())
        self.assertEqual(len(reply["results"]), 2)
