"""What gets recalled: nothing when nothing is relevant, several phrasings fused, filters."""

import json
import os
import random
import re
from unittest import mock

from helpers import FAST, CLITestCase, memory_tiered, slow

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
            "Use the new API to fix the bug in the button color", "Explain what this stack trace means",
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
        results = self.search("Use the new API to fix the bug in the button color")
        self.assertTrue(results)
        self.assertTrue(all(r["weak"] for r in results))
        strong = self.search("billing service database postgres")
        self.assertEqual(strong[0]["id"], self.ids[0])
        self.assertFalse(strong[0]["weak"])
        out, _ = self.run_cli("search-all", "Use the new API to fix the bug in the button color")
        self.assertIn("(weak)", out)

    def test_words_the_store_never_saw_do_not_count_against_a_match(self):
        # the prompt says more than the memory holds: the login page memory is still its memory
        out, _ = self.run_cli("context", "--query", "How does the login page know the user is signed in since "
                              "we moved to the new Zephyr API?", "--no-touch")
        self.assertIn("[L1#%d" % self.ids[1], out)
        self.assertNotIn("[L1#%d" % self.ids[2], out)  # "API" alone names nothing

    def test_conversational_turns_never_inject(self):
        self.add_l1("Thanks to the retry queue the webhook works again; continue with the refund flow next",
                    session="chatty", key_points="works,continue,好的")
        self.add_l1("好的，继续用 pnpm 管理前端依赖", session="chatty-zh")
        for prompt in ("thanks, that works", "ok continue", "好的，继续", "继续", "lgtm, ship it", "谢谢，搞定了",
                       "perfect, thanks!", "next", "I'm back", "可以可以"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertEqual(out, "", prompt)

    def test_a_chinese_question_finds_its_words_inside_the_sentence(self):
        rid = self.add_l1("用户偏好深色背景的PPT，标题用思源黑体", session="ppt")
        out, _ = self.run_cli("context", "--query", "帮我做一份季度汇报的PPT，背景颜色和字体用什么？", "--no-touch")
        self.assertIn("[L1#%d" % rid, out)

    def test_what_code_is_written_in_names_no_memory(self):
        uv = self.add_l1("User prefers uv over pip/poetry for Python projects; run scripts via uv run",
                         session="uv")
        fastapi = self.add_l1("Shop backend is FastAPI + SQLAlchemy 2.0 (async)", session="fa")
        for prompt in ("what's the difference between a list and a tuple in Python?",
                       "convert this to async/await", "can you shorten this README paragraph?"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertEqual(out, "", prompt)
        out, _ = self.run_cli("context", "--query", "Should I install the Python deps with pip or poetry?",
                              "--no-touch")
        self.assertIn("[L1#%d" % uv, out)
        out, _ = self.run_cli("context", "--query", "Is the shop backend's SQLAlchemy session async?",
                              "--no-touch")
        self.assertIn("[L1#%d" % fastapi, out)

    def test_one_word_of_an_identifier_is_not_the_identifier(self):
        self.add_l1("Stripe handler parsed request.json() and re-serialized it", session="p")
        self.add_l1("MLflow run names follow {model}-{date}-{shortsha}", session="d")
        out, _ = self.run_cli("context", "--query", "write a unit test for parse_date", "--no-touch")
        self.assertEqual(out, "")
        rid = self.add_l1("parse_date in utils/dates.py accepts 2026-05-01 and 5月1日", session="pd")
        out, _ = self.run_cli("context", "--query", "which date formats does parse_date accept?",
                              "--no-touch")
        self.assertIn("[L1#%d" % rid, out)

    def test_common_chinese_words_name_no_memory(self):
        self.add_l1("述职PPT的结构：业绩数据、问题与改进、明年计划", session="ppt")
        self.add_l1("Python 用 uv 管理依赖，不要直接 pip install", session="uv")
        rid = self.add_l1("本地 Postgres 数据库端口是 5433，不是默认的 5432", session="pg")
        out, _ = self.run_cli("context", "--query", "本地数据库连不上，端口是多少", "--no-touch")
        self.assertIn("[L1#%d" % rid, out)
        self.assertNotIn("述职", out)
        for prompt in ("可以直接 push 到 main 吗", "这个迁移脚本能直接在生产跑吗"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertNotIn("uv", out, prompt)

    def test_a_month_is_a_date_not_a_name(self):
        rid = self.add_l1("Monthly sales report pulls numbers from the Google Sheet 'Sales 2026' via gspread",
                          session="sales")
        out, _ = self.run_cli("context", "--query", "Grab November's figures for the monthly sales deck",
                              "--no-touch")
        self.assertIn("[L1#%d" % rid, out)

    def test_one_new_word_does_not_hide_a_match(self):
        rid = self.add_l1("Stripe webhook handler verifies the Stripe-Signature header before parsing", session="st")
        out, _ = self.run_cli("context", "--query", "Stripe webhook: move the handler to a background queue",
                              "--no-touch")
        self.assertIn("[L1#%d" % rid, out)


    def test_the_gate_reads_matches_as_the_index_does(self):
        # the gate finds each result's matched terms through the index's own tokenizer; the
        # result must equal asking the full-text index one term at a time
        self.run_cli("add-l2", "--category", "数据库", "--knowledge", "Decided: Postgres for the ledgers",
                     "--tags", "running,ledger-svc")
        self.run_cli("add-l3", "--insight", "Prefers boring databases; 记忆系统要简单", "--category", "values",
                     "--tags", "decisions")
        for text in ("コーヒー・ブレイク は 毎朝 カフェで", "데이터베이스 마이그레이션 완료 했다", "ＡＢＣ全角 数据库",
                     "记忆系统・数据库迁移ー完成", "𠀀𠀁 古い字 数据", "We agreed on the plan"):
            self.add_l1(text, session="s-" + text[:3])
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        prompts = EVERYDAY[:10] + ["Which database did we decide on for the ledgers?", "日志用什么格式输出？",
                                   "running the payments API schema reviews", "记忆 数据库 values decisions",
                                   "コーヒー・ブレイク", "데이터베이스 마이그레이션", "ＡＢＣ全角", "数据库迁移ー完成", "𠀀𠀁 古い字",
                                   "记忆系统・数据库", "agre plan"]  # "agreed" is indexed as agre, agre as agr
        prompts += [" ".join(text.split()[:6]) for text, _ in CODING_STORE]  # prompts that match a lot
        compared = 0
        for prompt in prompts:
            searcher = memory_tiered.Searcher(db)
            results = searcher.search(prompt, limit=20, touch=False)["results"]
            query = memory_tiered.Query(prompt, memory_tiered.now_utc())
            # (and the prompt's words in the other language, which the search also looks up)
            terms = query.words + query.cjk_terms + [form for form, _ in query.other_forms]
            if not results or not terms:
                continue
            frequencies = searcher._document_frequencies(terms)
            stems = {}  # each term's tokens and their frequencies, all through the tokenizer probe
            for doc, token in db.tokens(terms, quick=False):
                stems.setdefault(terms[doc], set()).add(token)
            counts = dict(db.vocabulary(sorted(set().union(*stems.values())))) if stems else {}
            self.assertEqual(searcher._stems, {t: stems.get(t, set()) for t in searcher._stems}, prompt)
            self.assertEqual(frequencies, {t: max([counts.get(k, 0) for k in stems.get(t, ())] or [0])
                                           for t in terms}, prompt)
            keys = [(r["level"], r["id"]) for r in results]
            by_probe = searcher._matched_terms(keys, terms)
            as_text = searcher._matched_terms(keys, terms, set(query.cjk_terms))  # CJK bigrams found as text
            searcher._stems = {}  # the other way: one MATCH per term
            self.assertEqual(by_probe, searcher._matched_terms(keys, terms), prompt)
            self.assertEqual(as_text, by_probe, prompt)
            compared += len(keys)
        self.assertGreaterEqual(compared, 20)  # every result of every prompt, about 2 per prompt


    def test_bigrams_are_found_in_every_indexed_field(self):
        # a query of CJK bigrams only is checked against the stored fields, without the index's
        # copy; the answer must equal one MATCH per term
        one = self.add_l1("普通的总结", key_points="数据,库存管理", tags="缓存策略,ops")
        self.run_cli("add-l2", "--category", "部署流程", "--knowledge", "plain text 完成", "--tags", "监控告警,日志")
        self.run_cli("add-l3", "--insight", "简单就好", "--category", "价值观", "--tags", "决策记录")
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        keys = [("l1", one), ("l2", 1), ("l3", 1)]
        terms = ["数据", "据库", "库存", "存管", "缓存", "略o", "部署", "流程", "监控", "警日", "日志", "价值", "观决",
                 "决策", "简单", "普通", "总结", "好价", "成部", "完成"]
        searcher = memory_tiered.Searcher(db)
        searcher._document_frequencies(terms)
        as_text = searcher._matched_terms(keys, terms, set(terms))
        searcher._stems = {}  # the other way: one MATCH per term
        by_match = searcher._matched_terms(keys, terms)
        self.assertEqual(as_text, by_match)
        self.assertEqual(as_text, {("l1", one): {"数据", "库存", "存管", "缓存", "普通", "总结"},
                                   ("l2", 1): {"部署", "流程", "监控", "日志", "完成"},
                                   ("l3", 1): {"价值", "决策", "简单"}})
        # after a search that returned them, from the rows it read, without another statement
        reader = memory_tiered.Searcher(db)
        found = reader.search("普通 部署流程 简单就好", limit=50, touch=False)["results"]
        self.assertLessEqual(set(keys), {(r["level"], r["id"]) for r in found})
        reader._document_frequencies(terms)
        statements = []
        db.conn.set_trace_callback(statements.append)
        self.addCleanup(db.conn.set_trace_callback, None)
        self.assertEqual(reader._matched_terms(keys, terms, set(terms)), as_text)
        self.assertEqual(statements, [])

    def test_each_term_is_looked_up_in_the_vocabulary_once(self):
        # a CJK bigram the store lacks is not looked up a second time through its stems
        self.add_l1("我们用中间件部署了微服务", key_points="部署,中间件")
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        statements = []
        db.conn.set_trace_callback(statements.append)
        self.addCleanup(db.conn.set_trace_callback, None)
        terms = ["部署", "署微", "微服", "服务", "中间", "间件", "zzzq", "deploying"]
        got = memory_tiered.Searcher(db)._document_frequencies(terms)
        lookups = [s for s in statements if "mt_vocab WHERE" in s]
        self.assertEqual(len(lookups), 2, lookups)  # the CJK terms, then the stems of the others
        self.assertNotIn("署微", lookups[1])
        each = {}
        for term in terms:  # one term at a time, through the probe, the slow way
            stems = {stem for _, stem in db.tokens([term], quick=False)}
            found = dict(db.vocabulary(sorted(stems)))
            each[term] = max([found.get(stem, 0) for stem in stems] or [0])
        self.assertEqual(got, each)
        self.assertEqual(got["部署"], 1)
        self.assertEqual(got["署微"], 0)

    def test_the_gate_counts_records_from_the_index(self):
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)

        def both():
            counted = sum(db.execute("SELECT count(*) FROM %s" % t).fetchone()[0]
                          for t in memory_tiered.LEVEL_TABLE.values())
            return memory_tiered.Searcher(db)._count_records(), counted

        self.assertEqual(both(), (len(CODING_STORE), len(CODING_STORE)))
        self.bulk_l1(["Bulk note %d about retries" % n for n in range(300)])
        self.run_cli("forget", "l1", str(self.ids[0]), "--yes")
        self.run_cli("cleanup", "--archive", "--limit", "3", "--yes")
        found, counted = both()
        self.assertEqual(found, counted)
        self.assertEqual(counted, len(CODING_STORE) + 300 - 1)


def _porter_words(count, seed=7):
    """Words that go through every Porter rule: random stems (digits and y included) with one or
    two suffixes the rules look for, plus the words FTS5 stems down to their first vowel."""
    rng = random.Random(seed)
    suffixes = ("s es sses ies ed eed ing at bl iz y ational tional enci anci izer logi bli alli entli eli ousli "
                "ization ation ator alism iveness fulness ousness aliti iviti biliti ical ness icate iciti ful "
                "ative alize al ance ence er ic able ible ant ement ment ent ion sion tion ou ism ate iti ous ive "
                "ize e ll le").split()
    words = {vowel + end for vowel in "aeiou" for end in ("ed", "eds", "ing", "ings")}
    while len(words) < count:
        letters = "aeiouybcdfghjklmnpqrstvwxz0123456789" if rng.random() < 0.3 else "aeiouybcdlnrst"
        stem = "".join(rng.choice(letters) for _ in range(rng.randint(0, 7)))
        word = stem + "".join(rng.choice(suffixes) for _ in range(rng.randint(0, 2)))
        if word:
            words.add(word)
    return sorted(words) + ["x" * 64 + "ing", "y" * 65 + "s"]


class IndexTokenTests(CLITestCase):
    """Search stems queries and results in Python (index_tokens, porter_stem); each answer must be
    the one the index's own tokenizer gives (the probe table, tokens(quick=False))."""

    def setUp(self):
        super().setUp()
        self.memdb = memory_tiered.MemoryDB(self.db)
        self.addCleanup(self.memdb.close)

    def probe(self, texts):
        """{n: sorted tokens of texts[n]} by the probe table."""
        out = {}
        for doc, token in self.memdb.tokens(texts, quick=False):
            out.setdefault(doc, []).append(token)
        return {doc: sorted(tokens) for doc, tokens in out.items()}

    @slow
    def test_porter_stems_equal_the_index_tokenizer(self):
        words = _porter_words(6000 if FAST else 30000)  # (the fast set compares a fifth)
        by_probe = self.probe(words)
        wrong = [(w, memory_tiered.porter_stem(w), by_probe[n]) for n, w in enumerate(words)
                 if [memory_tiered.porter_stem(w)] != by_probe[n]]
        self.assertEqual(wrong[:5], [])
        self.assertEqual(memory_tiered.porter_stem("generalizations"), "gener")
        self.assertEqual(memory_tiered.porter_stem("aing"), "a")

    def test_index_tokens_equal_the_index_tokenizer(self):
        texts = [
            "Deploying the DATABASE migrations; agreed: happily-ever_after (v2.1) e-mail x/y",
            "a%sb" % "".join(chr(c) for c in range(128) if not chr(c).isalnum()),
            " ".join("x%sy" % sep for sep in memory_tiered._INDEX_SEPARATORS),
            memory_tiered.index_text("上次关于数据库迁移我们是怎么决定的？部署 Kubernetes 集群，用 terraform。"),
            memory_tiered.index_text("用户喜欢简洁的提交信息「每个提交」只做一件事…"),
            "aed eing oings ued " + " ".join(_porter_words(400, seed=3)),
            "tab\tnew\nline\r\x0bvertical\x1cfile\x1fsep",
            "",
        ]
        by_probe = self.probe(texts)
        for n, text in enumerate(texts):
            self.assertEqual(sorted(memory_tiered.index_tokens(text)), by_probe.get(n, []), text[:40])
            tokens = by_probe.get(n, [])
            for only in ({"deploy", "databas", "migrat", "agre", "happili", "ever"}, set(tokens[::3]),
                         {"部署", "数据", "kubernet", "terraform", "x", "a"}):
                self.assertEqual(set(memory_tiered.index_tokens(text, only)), set(tokens) & only, text[:40])

    def test_text_it_is_not_sure_of_goes_to_the_probe(self):
        for text in ("コーヒー・ブレイク", "데이터베이스", "café crème", "ＡＢＣ全角", "𠀀𠀁", "abc数据", "no\u00a0break",
                     "zero\u200bwidth", "lone \ud800 surrogate"):
            self.assertIsNone(memory_tiered.index_tokens(text), text)
        texts = ["deployed the database", "コーヒー・ブレイク は 毎朝"]
        self.assertEqual(sorted(map(tuple, self.memdb.tokens(texts))),
                         sorted(map(tuple, self.memdb.tokens(texts, quick=False))))
        self.assertTrue(self.memdb._probe_ready)  # the kana went to the probe

    def test_safe_text_builds_no_probe_table(self):
        self.assertEqual(sorted(self.memdb.tokens(["Deployed databases", "部署 数据 据库"])),
                         [(0, "databas"), (0, "deploi"), (1, "据库"), (1, "数据"), (1, "部署")])
        self.assertEqual(self.memdb.tokens(["Deployed databases"], {"databas", "migrat"}), [(0, "databas")])
        self.assertFalse(self.memdb._probe_ready)
        temp = self.memdb.execute("SELECT name FROM sqlite_temp_master WHERE name LIKE 'mt_probe%'").fetchall()
        self.assertEqual(temp, [])


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
        reply = self.call_tool("memory_search", {
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
        reply = self.call_tool("memory_search", {"query": "pnpm", "tag": "tooling"},
                                       memory_tiered.now_utc())
        self.assertEqual(len(reply["results"]), 2)


class DateTests(CLITestCase):
    NOW = "2026-11-29T12:00:00"  # a Sunday

    def setUp(self):
        super().setUp()
        self.nov24 = self.add_l1("Decided to split the billing worker into two queues", session="a",
                                 created_at="2026-11-24T15:00")
        self.may24 = self.add_l1("Cache entries live for 24 小时 and 11 retries are allowed", session="b",
                                 created_at="2026-05-24T10:00")
        self.nov28 = self.add_l1("Fixed the flaky upload test", session="c", created_at="2026-11-28T09:00")
        self.nov27 = self.add_l1("Reviewed the 24 open pull requests from November", session="d",
                                 created_at="2026-11-27T09:00")
        self.oct = self.add_l1("Migrated the docs site to a new theme", session="e", created_at="2026-10-12T09:00")
        self.nov17 = self.add_l1("Paired on the search ranking", session="h", created_at="2026-11-17T09:00")
        self.may2 = self.add_l1("We decided to drop Python 3.8", session="f", created_at="2026-05-02T09:00")
        for n in range(5):
            self.add_l1("We decided something else %d" % n, session="g%d" % n, created_at="2026-06-%02dT09:00" % (n + 1))

    def first(self, text):
        results = self.search(text, "--no-touch", now=self.NOW)
        return results[0]["id"] if results else None

    def test_absolute_dates_in_both_languages(self):
        for text in ("11月24日做了什么", "11月24号做了什么？", "2026-11-24 做了什么", "2026/11/24", "what happened on Nov 24",
                     "what did we do on 24 November", "Nov 24th"):
            self.assertEqual(self.first(text), self.nov24, text)
        self.assertEqual(self.first("what did we decide on May 2?"), self.may2)
        self.assertEqual(self.first("what did we decide on May 2nd"), self.may2)

    def test_relative_dates_in_both_languages(self):
        for text, expected in (("昨天做了什么", self.nov28), ("前天", self.nov27), ("yesterday", self.nov28),
                               ("what happened the day before yesterday", self.nov27), ("5 days ago", self.nov24),
                               ("5天前", self.nov24), ("上周二", self.nov17), ("last Tuesday", self.nov24),
                               ("这周二", self.nov24), ("上个月 做了什么", self.oct), ("last month", self.oct)):
            self.assertEqual(self.first(text), expected, text)

    def test_months_in_both_languages(self):
        for text in ("10月份做了什么", "2026年10月", "十月做了什么", "what did we do in October?",
                     "October 2026"):
            self.assertEqual(self.first(text), self.oct, text)
        camping = self.add_l1("Went camping in the Sierra with the team", session="j",
                              created_at="2025-07-12T09:00")
        self.add_l1("Camping gear list for next summer", session="k", created_at="2026-03-02T09:00")
        # July 2026 holds nothing: "in July" is the latest July that holds a memory
        found = self.json_cli("search-all", "when did we go camping in July?", "--no-touch",
                              now=self.NOW)
        self.assertEqual(found["periods"], [["2025-07-01", "2025-07-31"]])
        self.assertEqual(found["results"][0]["id"], camping)
        self.assertEqual(self.first("7月份去露营了吗"), camping)
        # a month with a year stays that month
        found = self.json_cli("search-all", "camping in July 2024", "--no-touch", now=self.NOW)
        self.assertEqual(found["periods"], [["2024-07-01", "2024-07-31"]])

    def test_spans_of_months_and_days_in_both_languages(self):
        # the month between the two a span names is in it (it used to be read as the two months)
        self.add_l1("Released v1.2 with the billing export", session="m", created_at="2026-03-10T09:00")
        april = self.add_l1("Released v1.3: invoices in PDF", session="n", created_at="2026-04-15T09:00")
        self.add_l1("Released v1.0, the first public build", session="o", created_at="2025-12-01T09:00")
        for text in ("what did we release between March and May?", "3月到5月发布了什么",
                     "from March to May 2026, what was released"):
            found = self.json_cli("search-all", text, "--no-touch", now=self.NOW)
            self.assertEqual(found["periods"], [["2026-03-01", "2026-05-31"]], text)
            self.assertIn(april, [r["id"] for r in found["results"][:2]], text)
        found = self.json_cli("search-all", "11月20日到11月25日做了什么", "--no-touch", now=self.NOW)
        self.assertEqual(found["periods"], [["2026-11-20", "2026-11-25"]])
        self.assertEqual(found["results"][0]["id"], self.nov24)
        found = self.json_cli("search-all", "what did we do from Oct 1 to Oct 20", "--no-touch",
                              now=self.NOW)
        self.assertEqual(found["results"][0]["id"], self.oct)
        _, err = self.run_cli("search-all", "3月到5月 release", "--explain", now=self.NOW)
        self.assertIn("period: 2026-03-01 .. 2026-05-31", err)

    def test_an_empty_since_or_until_is_refused(self):
        # a script's unset variable (--since "$SINCE") must not quietly mean "any time"
        for option in ("--since", "--until"):
            out, err = self.run_cli("search-all", "billing", option, "", now=self.NOW, code=2)
            self.assertEqual(out, "")
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertIn(option, err)
        with self.assertRaisesRegex(memory_tiered.ValidationError, "since"):
            self.call_tool("memory_search", {"query": "billing", "since": ""},
                           memory_tiered.parse_time(self.NOW))

    def test_a_month_without_a_year_is_the_one_of_the_memory_the_words_match(self):
        redis = self.add_l1("决定用 Redis 做会话缓存，过期时间 30 分钟", session="r",
                            created_at="2025-03-05T14:00")
        release = self.add_l1("Released v2.0 of the storefront: new checkout flow", session="s",
                              created_at="2026-03-27T18:00")
        self.add_l1("Chose OpenTelemetry with Grafana Tempo for tracing", session="t",
                    created_at="2026-03-04T11:00")
        found = self.json_cli("search-all", "Redis in March", "--no-touch", now=self.NOW)
        self.assertEqual(found["periods"], [["2025-03-01", "2025-03-31"]])
        self.assertEqual(found["results"][0]["id"], redis)
        self.assertEqual(self.first("去年3月做了什么"), redis)
        # one word of the prompt in a memory of the month it names is enough to inject it
        for prompt in ("what did we release in March?", "3月发布了什么"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch", now=self.NOW)
            self.assertIn("[L1#%d" % release, out, prompt)
            self.assertNotIn("OpenTelemetry", out, prompt)
        # a stop word left beside a date is no search term ("7月的 bug": not every 的)
        self.assertEqual(self.json_cli("search-all", "11月的 bug", "--no-touch",
                                       now=self.NOW)["terms"], ["bug"])

    def test_a_period_that_cannot_hold_anything_or_a_time_to_come_is_refused(self):
        _, err = self.run_cli("add-l1", "--session-id", "z", "--summary", "Planned the launch",
                              "--created-at", "2027-05-01", now=self.NOW, code=2)
        self.assertIn("--created-at 2027-05-01T00:00:00 is in the future", err)
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertNotIn("Planned", self.run_cli("list", now=self.NOW)[0])  # nothing written
        self.add_l1("Clock a few hours ahead", session="y", created_at="2026-11-29T20:00",
                    now=self.NOW)  # within a day: accepted
        # an import with such a line writes nothing, and names the line
        path = os.path.join(self.tmp, "future.jsonl")
        with open(path, "w", encoding="utf-8") as out:
            out.write('{"session_id": "f", "summary": "fine"}\n'
                      '{"session_id": "g", "summary": "later", "created_at": "2099-01-01"}\n')
        _, err = self.run_cli("import", path, now=self.NOW, code=2)
        self.assertIn("line 2: created_at 2099-01-01T00:00:00 is in the future", err)
        self.assertNotIn("fine", self.run_cli("list", now=self.NOW)[0])
        # a zoned date as --until is that whole day too
        found = self.json_cli("search-all", "billing", "--since", "2026-11-24", "--until",
                              "2026-11-24Z", now=self.NOW)["results"]
        self.assertEqual([r["id"] for r in found], [self.nov24])
        for command in ("search-all", "list"):
            argv = ([command, "billing"] if command == "search-all" else [command]) + [
                "--since", "2026-12-01", "--until", "2026-11-01"]
            _, err = self.run_cli(*argv, now=self.NOW, code=2)
            self.assertIn("is after until", err, command)
        reply = self.call_tool("memory_search", {"query": "billing worker", "since": "2026-11-20",
                                                 "until": "2026-11-24"}, memory_tiered.parse_time(self.NOW))
        self.assertEqual([r["id"] for r in reply["results"]], [self.nov24])  # until: the whole day
        with self.assertRaisesRegex(memory_tiered.ValidationError, "is after until"):
            self.call_tool("memory_search", {"query": "billing", "since": "2026-12-01",
                                             "until": "2026-11-01"}, memory_tiered.parse_time(self.NOW))
        _, err = self.run_cli("search-all", "billing in November", "--explain", now=self.NOW)
        self.assertIn("period: 2026-11-01 .. 2026-11-29", err)

    def test_periods_without_search_words(self):
        rows = self.json_cli("search-all", "--since", "2026-11-24", "--until", "2026-11-28", now=self.NOW)["results"]
        self.assertEqual([r["id"] for r in rows], [self.nov28, self.nov27, self.nov24])
        listed = self.json_cli("list", "--since", "2026-11-01", now=self.NOW)["records"]
        self.assertEqual({r["id"] for r in listed}, {self.nov17, self.nov24, self.nov27, self.nov28})


class ProjectNameTests(CLITestCase):
    def test_the_name_of_the_project_asked_in_makes_no_memory_relevant(self):
        # every memory of a session is its project's; those that merely write its name are not
        # about what the prompt asks
        for number, summary in enumerate((
                "admin-web 从 npm 迁到 pnpm workspace，补上了幽灵依赖 dayjs",
                "admin-web 的 Docker 构建要 8 分钟，加了 BuildKit cache mount",
                "admin-web 登录页加了验证码",
                "图表库选了 ECharts，没用 Recharts：大数据量下 canvas 渲染更快")):
            self.add_l1(summary, session="w%d" % number, project="admin-web")
        for number, summary in enumerate((
                "订单接口加了限流，每个用户每分钟 60 次", "商品详情加了 Redis 缓存，TTL 10 分钟",
                "Stripe webhook 用 event id 去重", "Postgres 从 14 升到 16，用 pg_dump 迁移",
                "Celery worker 改成 prefork，并发 4", "支付回调超时改成 10 秒",
                "优惠券规则：满 200 减 20，不可叠加", "日志统一接入 Loki")):
            self.add_l1(summary, session="s%d" % number, project="shop-api")
        out, _ = self.run_cli("context", "--query", "admin-web 为什么选 echarts 不用 recharts",
                              "--project", "admin-web", "--no-touch")
        self.assertEqual(re.findall(r"^- \[L1#(\d+)", out, re.M), ["4"])
        # the name alone is still a query
        out, _ = self.run_cli("context", "--query", "admin-web", "--project", "admin-web",
                              "--no-touch")
        self.assertIn("[L1#", out)
        self.assertEqual(memory_tiered.without_project_name("在admin-web里 admin-web2 Admin-Web",
                                                            "admin-web-0a1b2c"), "在 里 admin-web2  ")
        # a project called by an ordinary word is also that word; a file named after it is a file
        for text, project in (("why is memory usage so high?", "memory"),
                              ("where is app.py?", "app"), ("where is admin-web.py?", "admin-web"),
                              ("shop-api?", "shop-api-0a1b2c")):
            self.assertEqual(memory_tiered.without_project_name(text, project), text)


class DiaryTests(CLITestCase):
    def test_a_period_and_a_name_every_memory_holds(self):
        # in a diary of Caroline, "What did Caroline do in March?" names nothing but the period:
        # the hook injects that period's memories, not all twelve
        path = os.path.join(self.tmp, "diary.jsonl")
        days = ["2025-%02d-10" % month for month in range(1, 13)]
        with open(path, "w", encoding="utf-8") as out:
            for number, day in enumerate(days):
                out.write(json.dumps({"session_id": "d%d" % number, "created_at": day, "summary":
                                      "Caroline wrote entry %d of her diary." % number}) + "\n")
        self.run_cli("import", path, now="2026-11-29T12:00:00")
        # a day whose memory does not hold the name injects nothing
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps({"session_id": "m", "created_at": "2025-06-20", "summary":
                                  "Melanie took her kids to the museum."}) + "\n")
        self.run_cli("import", path, now="2026-11-29T12:00:00")
        out, _ = self.run_cli("context", "--query", "What did Caroline do on 20 June 2025?",
                              "--no-touch", now="2026-11-29T12:00:00")
        self.assertNotIn("[L1#", out)
        for prompt, months in (("What did Caroline do in March 2025?", ["2025-03"]),
                               ("What did Caroline do between March 2025 and May 2025?",
                                ["2025-03", "2025-04", "2025-05"])):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch", now="2026-11-29T12:00:00")
            self.assertEqual(sorted(re.findall(r"^- \[L1#\d+ (\d{4}-\d\d)", out, re.M)), months,
                             prompt)


class EmbeddingTests(CLITestCase):
    """The optional meaning path against a local fake OpenAI-compatible endpoint on 127.0.0.1."""

    CONCEPTS = [("database", "postgres", "mysql", "sqlite", "数据库"), ("deploy", "release", "ship", "rollout"),
                ("food", "lunch", "sushi", "dinner"), ("bill", "billing", "invoice", "payment")]

    def setUp(self):
        super().setUp()
        import http.server
        import threading
        concepts = self.CONCEPTS
        calls = self.calls = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                calls.append(body)
                if self.server.down:
                    self.send_response(503)
                    self.end_headers()
                    return
                if self.server.garbage is not None:  # a broken endpoint: 200 with no vectors
                    payload = self.server.garbage
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                data = []
                for n, text in enumerate(body["input"]):
                    low = text.lower()[:1000]  # a small model reads about 256 word pieces
                    vector = [float(sum(low.count(w) for w in words)) for words in concepts] + [0.1]
                    data.append({"object": "embedding", "index": n, "embedding": vector})
                payload = json.dumps({"object": "list", "data": data, "model": body["model"]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.down = False
        self.server.garbage = None
        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        from unittest import mock
        patcher = mock.patch.dict("os.environ", {
            "MEMORY_TIERED_EMBED_URL": "http://127.0.0.1:%d/v1" % self.server.server_address[1],
            "MEMORY_TIERED_EMBED_MODEL": "fake-concepts", "MEMORY_TIERED_EMBED_TIMEOUT": "2"})
        patcher.start()
        self.addCleanup(patcher.stop)

    @slow
    def test_meaning_finds_what_shares_no_word(self):
        target = self.add_l1("We chose Postgres for the ledger service", session="a")
        self.add_l1("Lunch was sushi on Friday", session="b")
        self.assertEqual(self.calls[-1]["model"], "fake-concepts")
        found = self.search("which database did we pick?", "--no-touch", "--explain")
        self.assertEqual(found[0]["id"], target)
        self.assertGreater(found[0]["explain"]["vector_cosine"], 0.9)
        self.assertEqual(found[0]["explain"]["relevance"], 0.0)  # no shared word: found by meaning alone

    @slow

    def test_a_fact_in_the_key_points_has_a_vector_too(self):
        # the summary says nothing of databases; a key point does
        target = self.add_l1("Set up the ledger service", session="a",
                             key_points="Postgres 16 behind pgbouncer")
        self.add_l1("Lunch was sushi on Friday", session="b")
        self.assertIn("Postgres 16 behind pgbouncer", self.calls[0]["input"][0])
        found = self.search("which database did we choose?", "--no-touch", "--explain")
        self.assertEqual(found[0]["id"], target)
        self.assertGreater(found[0]["explain"]["vector_cosine"], 0.9)
        # a changed key point is embedded again
        before = len(self.calls)
        self.run_cli("edit", "l1", target, "--key-points", "MySQL 8 on RDS")
        self.assertIn("MySQL 8 on RDS", self.calls[before]["input"][0])

    @slow
    def test_a_long_record_is_embedded_in_chunks_so_its_end_is_found(self):
        long_text = ("The team met in room four and talked about the weather. " * 25
                     + "In the end we chose Postgres for the ledger.")
        target = self.add_l1(long_text, session="a")
        self.add_l1("Lunch was sushi on Friday", session="b")
        sent = self.calls[0]["input"]
        self.assertGreaterEqual(len(sent), 2)  # sentence-aligned chunks of one record
        self.assertTrue(all(memory_tiered.token_count(t) <= memory_tiered.EMBED_CHUNK_TOKENS for t in sent))
        self.assertIn("we chose Postgres for the ledger", sent[-1])
        found = self.search("which database did we pick?", "--no-touch", "--explain")
        self.assertEqual(found[0]["id"], target)
        self.assertGreater(found[0]["explain"]["vector_cosine"], 0.9)  # its last chunk, not the average
        conn = self.connect(self.db)
        chunks = conn.execute("SELECT count(*) FROM embedding_chunks").fetchone()[0]
        self.assertEqual(chunks, len(sent) - 1)
        self.run_cli("edit", "l1", target, "--text", "Short now: we chose MySQL")
        self.assertEqual(conn.execute("SELECT count(*) FROM embedding_chunks").fetchone()[0], 0)
        self.run_cli("edit", "l1", target, "--text", long_text)
        self.run_cli("forget", "l1", target, "--yes")
        self.assertEqual(conn.execute("SELECT count(*) FROM embedding_chunks").fetchone()[0], 0)

    @slow
    def test_an_endpoint_that_answers_nonsense_never_fails_a_write_or_a_search(self):
        garbage = [b'{"data": [[1.0, 2.0]]}', b'{"data": [{"embedding": [' + b"9" * 400 + b']}]}',
                   b'{"data": [{"embedding": [NaN, 1, 2]}]}', b"[" * 100000 + b"]" * 100000]
        for n, payload in enumerate(garbage):
            with self.subTest(payload[:30]):
                self.server.garbage = payload
                out, err = self.run_cli("add-l1", "--session-id", "g%d" % n, "--summary",
                                        "We chose Postgres for ledger %d" % n)
                self.assertNotIn("Traceback", err)
                found = self.search("Postgres ledger", "--no-touch")
                self.assertEqual(len(found), n + 1)
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], 0)
        self.server.garbage = None
        self.run_cli("job", "index")
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], len(garbage))

    @slow
    def test_a_failing_endpoint_never_loses_a_memory(self):
        self.server.down = True
        rid = self.add_l1("We chose MySQL for the invoice archive", session="a")
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], 0)
        self.assertEqual(self.search("which database did we pick?", "--no-touch"), [])  # lexical only, no error
        self.server.down = False
        out, _ = self.run_cli("job", "index")
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], 1)
        self.assertEqual(self.search("which database did we pick?", "--no-touch")[0]["id"], rid)
        self.run_cli("forget", "l1", rid, "--yes")
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], 0)

    @slow
    def test_import_embeds_in_batches(self):
        self.bulk_l1(["Release note %d about the rollout" % n for n in range(70)])
        self.assertEqual(len([c for c in self.calls if len(c["input"]) > 1]), 3)  # 32 + 32 + 6
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0], 70)

    @slow
    def test_beyond_the_scan_the_lexical_candidates_are_compared_too(self):
        old = self.add_l1("We chose Postgres for the ledger database", session="old")
        self.bulk_l1(["Lunch note %d: sushi or dinner plans" % n for n in range(30)])
        from unittest import mock
        with mock.patch.object(memory_tiered, "EMBED_SCAN_LIMIT", 10), \
                mock.patch.object(memory_tiered, "EMBED_CANDIDATES", 5):
            found = self.search("ledger database", "--no-touch", "--explain")
        self.assertEqual(found[0]["id"], old)
        self.assertGreater(found[0]["explain"]["vector_cosine"], 0.5)  # scored although outside the scan


class NewcomerTests(CLITestCase):
    def test_typos_get_a_did_you_mean_and_levels_any_case(self):
        _, err = self.run_cli("serch-all", "x", code=2)
        self.assertIn("did you mean 'search-all'", err)
        self.add_l1("one")
        self.assertEqual(len(self.json_cli("list", "--level", "L1")["records"]), 1)
        _, err = self.run_cli("decay", "--hours", "5", code=2)
        self.assertIn("decay --help", err)

    def test_read_only_hooks_never_create_a_database(self):
        import io
        import os
        import sys
        from unittest import mock
        missing = os.path.join(self.tmp, "nowhere", "state.db")
        for event, payload in (("user-prompt-submit", {"session_id": "s", "prompt": "how do we deploy?"}),
                               ("session-start", {"session_id": "s", "source": "startup"})):
            stream = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()), encoding="utf-8")
            with mock.patch.object(sys, "stdin", stream):
                out, err = self.run_cli("hook", event, "--db", missing)
            self.assertEqual(err, "")
        self.assertFalse(os.path.exists(os.path.dirname(missing)))
        self.assertIn("add-l1 --session-id s", out)  # the new user still learns how to store a session

    def test_hints_and_plurals(self):
        rid = self.add_l1("Old memory about the sandbox", now="2026-01-01T00:00:00")
        self.run_cli("cleanup", "--archive", "--yes", now="2026-06-01T00:00:00")
        _, err = self.run_cli("search-all", "sandbox", now="2026-06-01T00:00:00")
        self.assertIn("1 record is archived or superseded", err)
        _, err = self.run_cli("export")
        self.assertIn("export: 1 line of jsonl", err)
        out, _ = self.run_cli("compress")
        self.assertNotIn("Near the thresholds:", out)
        self.assertIsNotNone(rid)


class StrengthNowTests(CLITestCase):
    def test_strength_is_as_of_now_everywhere_and_fading_is_reported(self):
        old = self.add_l1("Idle memory about the staging VPN", session="a", now="2026-05-01T00:00:00")
        soon = self.add_l1("Memory about to fade", session="b", now="2026-05-10T00:00:00")
        now = "2026-05-20T00:00:00"  # no decay job ran in between
        self.assertLess(self.json_cli("get", "l1", old, now=now)["decay_score"], 0.05)
        self.assertLess(self.json_cli("list", now=now)["records"][-1]["decay_score"], 0.05)
        stats = self.json_cli("stats", now=now)
        self.assertEqual(stats["levels"]["l1"]["cleanup_candidates"], 1)
        cleanup = self.json_cli("cleanup", now=now)
        self.assertEqual([c["id"] for c in cleanup["candidates"]], [old])
        self.assertEqual([f["id"] for f in cleanup["fading_soon"]], [soon])  # 0.99^240 = 0.09, under 0.05 in 3 days
        out, _ = self.run_cli("cleanup", now=now)
        self.assertIn("Fading soon (below the threshold within 3 days unless recalled):", out)
        report, _ = self.run_cli("report", "--vault", self.tmp + "/vault", now=now)
        self.assertIn("## Fading soon", report)


class DateQuestionTests(CLITestCase):
    NOW = "2026-11-28T12:00:00"  # a Saturday

    def setUp(self):
        super().setUp()
        self.day = self.add_l1("修复了登录页的样式问题", session="a", created_at="2026-11-24T10:00:00")
        self.add_l1("决定先做移动端，再做网页版", session="b", created_at="2026-11-27T10:00:00")
        self.add_l1("Wrote the billing migration and discussed the rollout", session="c",
                    created_at="2026-11-26T10:00:00")

    def test_a_question_that_names_a_day_lists_that_day_first(self):
        for question in ("11月24日做了什么", "这周二做了什么", "11月24日讨论了什么", "11月24日干了啥",
                         "what did I do on November 24?", "what did we discuss on Nov 24?"):
            with self.subTest(question):
                found = self.search(question, now=self.NOW)
                self.assertEqual(found[0]["id"], self.day, found[:2])

    def test_the_hook_injects_that_days_memory(self):
        out, _ = self.run_cli("context", "--query", "11月24日做了什么", "--no-touch", now=self.NOW)
        self.assertIn("[L1#%d " % self.day, out)
        self.assertNotIn("移动端", out)



@slow
class BilingualGateTests(CLITestCase):
    """The prompt hook on the bilingual coding-session store (bench/data/injection/): prompts
    whose one shared term is their most specific (webp, RSS, docstrings), a memory sharing two of
    a prompt's names although it lacks a third (Neovim, Rust, LSP; 403 Forbidden), and the
    benchmark's goals as a whole."""

    DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench", "data",
                        "injection")

    def setUp(self):
        super().setUp()
        def read(name):
            with open(os.path.join(self.DATA, name), encoding="utf-8") as handle:
                return [json.loads(line) for line in handle if line.strip()]
        self.memories, self.needs, self.everyday = (read("memories.jsonl"), read("needs.jsonl"),
                                                    read("everyday.jsonl"))
        self.now = memory_tiered.parse_time("2026-11-20T12:00:00")
        self.db_handle = memory_tiered.MemoryDB(self.db)
        self.addCleanup(self.db_handle.close)
        self.ids = {}
        for m in self.memories:
            written = memory_tiered.add_memory(self.db_handle, level="l1", origin="import", now=self.now,
                                               values=dict(session_id=m["id"], summary=m["summary"],
                                                           key_points=m["key_points"],
                                                           importance=m["importance"],
                                                           created_at="2026-11-01T10:00:00"))
            self.ids[written.id] = m["id"]

    def injected(self, prompt):
        text = memory_tiered.build_context(self.db_handle, prompt, budget=800, core=False, now=self.now)
        return [self.ids[int(i)] for i in re.findall(r"^- \[L[123]#(\d+)", text, re.M)]

    def test_one_specific_shared_term_written_as_a_name_is_enough(self):
        # (a request for new work, "Convert these screenshots to webp ..." or "Add docstrings to
        # ...", is weighed as work the prompt holds: the gate fitted on blind stores keeps
        # most such requests silent; see bench/injection_blind.py)
        for prompt, gold in (("How many items does the blog RSS feed include, and where's the template?", "m68"),):
            with self.subTest(prompt):
                self.assertIn(gold, self.injected(prompt))

    def test_two_shared_names_outweigh_a_third_the_memory_lacks(self):
        # ("Neovim 里 Rust 的 LSP 怎么装？" reads as a general how-to: silent since the fitted gate)
        for prompt, gold in (("dvc pull 报 403 Forbidden，怎么回事", "m22"),):
            with self.subTest(prompt):
                self.assertIn(gold, self.injected(prompt))

    def test_the_benchmark_goals_hold_in_both_languages(self):
        hits = {}
        for n in self.needs:
            row = hits.setdefault(("need", n["lang"]), [0, 0])
            row[0] += n["memory"] in self.injected(n["prompt"])
            row[1] += 1
        for e in self.everyday:
            got = self.injected(e["prompt"])
            for kind in ("everyday",) + (("ack",) if e["kind"] in ("ack", "continue") else ()):
                row = hits.setdefault((kind, e["lang"]), [0, 0])
                row[0] += not got
                row[1] += 1
        for lang in ("en", "zh"):
            with self.subTest(lang):
                # (this set is the one the earlier rules were tuned on; the gate's weights are
                # fitted on blind stores, and its figures of record are bench/injection_blind.py's)
                self.assertGreaterEqual(hits[("need", lang)][0] / hits[("need", lang)][1], 0.75)
                self.assertGreaterEqual(hits[("everyday", lang)][0] / hits[("everyday", lang)][1], 0.97)
                self.assertEqual(hits[("ack", lang)][0], hits[("ack", lang)][1])


class GateWordTests(CLITestCase):
    def test_a_language_or_nationality_is_not_a_name_the_memory_must_hold(self):
        vat = self.add_l1("EU business customers with a valid VAT number are invoiced with reverse charge, "
                          "no VAT added", session="vat", key_points="VAT,reverse charge")
        self.add_l1("Invoices are rendered with WeasyPrint", session="pdf")
        self.add_l1("The checkout uses Stripe Elements", session="stripe")
        out, _ = self.run_cli("context", "--query",
                              "a German business customer gave us their VAT number, do we still charge VAT?")
        self.assertIn("[L1#%d" % vat, out)

    def test_a_file_extension_is_not_a_term(self):
        self.add_l1("Replay Stripe webhooks in staging with replay_webhooks.py against the API", session="a")
        self.add_l1("Invoices are rendered with WeasyPrint", session="b")
        out, _ = self.run_cli("context", "--query", "fix the flaky test in test_api.py")
        self.assertEqual(out.strip(), "")

    def test_a_lone_chinese_word_counts_only_in_a_question_about_what_was_decided(self):
        logs = self.add_l1("日志统一用 Loki 收集，保留 30 天，Promtail 要求 JSON 格式", session="logs")
        api = self.add_l1("退款接口走 Stripe refund API，记录写 refunds 表", session="refund")
        self.add_l1("商品列表页用 ISR，revalidate 设为 60 秒", session="isr")
        self.add_l1("发票 PDF 用 WeasyPrint 渲染，中文字体用思源宋体", session="pdf")
        self.add_l1("部署用 Helm，超时设成 10 分钟", session="helm")
        asked, _ = self.run_cli("context", "--query", "日志能查多久以前的？")
        self.assertIn("[L1#%d" % logs, asked)
        for prompt in ("给这个接口加个分页", "帮我写个单元测试覆盖空列表的情况", "把超时时间改成可配置的",
                       "这段代码的时间复杂度是多少？"):
            with self.subTest(prompt):
                out, _ = self.run_cli("context", "--query", prompt)
                self.assertEqual(out.strip(), "", prompt)

    def test_a_lone_rare_english_word_counts_when_asking_what_we_do(self):
        backups = self.add_l1("Nightly pg_dump of the main database to S3; backups are kept 30 days",
                              session="b", key_points="pg_dump,S3")
        self.add_l1("The checkout uses Stripe Elements", session="s")
        self.add_l1("Logs go to Loki through Promtail", session="l")
        self.add_l1("Deploys roll out with Helm to the staging cluster first", session="d")
        self.add_l1("Invoices are rendered with WeasyPrint", session="i")
        asked, _ = self.run_cli("context", "--query", "for how long do we retain old backups?")
        self.assertIn("[L1#%d" % backups, asked)
        out, _ = self.run_cli("context", "--query", "add a test for these backups helpers")
        self.assertEqual(out.strip(), "")

    def test_a_request_about_the_code_in_front_needs_more_than_its_tool_name(self):
        self.add_l1("Redis keys are prefixed with mud: and sessions expire after 30 minutes",
                    session="r", project="mudforge")
        self.add_l1("Leaderboards live in a Redis sorted set, reset weekly", session="l", project="mudforge")
        self.add_l1("WebSocket sessions survive a 60 s disconnect", session="w", project="mudforge")
        commits = self.add_l1("The user wants commit messages in Conventional Commits, in Chinese",
                              session="c", importance="0.9")
        out, _ = self.run_cli("context", "--query", "add a context timeout to this Redis call",
                              "--project", "mudforge")
        self.assertEqual(out.strip(), "")
        asked, _ = self.run_cli("context", "--query", "how do we prefix our Redis keys?", "--project", "mudforge")
        self.assertIn("mud:", asked)
        out, _ = self.run_cli("context", "--query", "how do I write commit messages here?",
                              "--project", "mudforge")
        self.assertIn("[L1#%d" % commits, out)  # the person's standing preference still comes



class CrossLanguageTests(CLITestCase):
    """A prompt in one language finds a memory written in the other through the glossary of the
    words of software work (GLOSSARY), in search and in what the prompt hook injects."""

    def test_a_chinese_question_finds_an_english_memory(self):
        crash = self.add_l1("Fixed the Android 14 crash in the photo picker: a media permission was "
                            "missing", session="crash")
        self.add_l1("Invoices are rendered with WeasyPrint", session="pdf")
        self.add_l1("Deploys roll out with Helm to the staging cluster first", session="helm")
        out, _ = self.run_cli("context", "--query", "安卓上选照片闪退的那个问题，当时是怎么修的？")
        self.assertIn("[L1#%d" % crash, out)
        found, _ = self.run_cli("search-all", "--keyword", "照片闪退", "--json")
        self.assertEqual(json.loads(found)["results"][0]["id"], crash)

    def test_an_english_question_finds_a_chinese_memory(self):
        tiles = self.add_l1("离线地图瓦片缓存上限 500MB，超出按 LRU 清理", session="tiles")
        self.add_l1("发票 PDF 用 WeasyPrint 渲染，中文字体用思源宋体", session="pdf")
        self.add_l1("部署用 Helm，超时设成 10 分钟", session="helm")
        out, _ = self.run_cli("context", "--query", "how big can the offline map tile cache get?")
        self.assertIn("[L1#%d" % tiles, out)

    def test_a_translation_is_as_common_as_its_most_common_word(self):
        # "user" is in every memory: 用户 in the prompt says as little as "user" would
        self.add_l1s(("The user list is paged by 50", "Each user has a timezone",
                      "The user avatar is cropped square", "Admin user can export CSV"), session="u")
        out, _ = self.run_cli("context", "--query", "用户")
        self.assertEqual(out.strip(), "")

    def test_a_plain_word_is_plain_in_both_languages(self):
        self.add_l1("Fixed a typo in the onboarding email subject", session="typo")
        self.add_l1("Invoices are rendered with WeasyPrint", session="pdf")
        out, _ = self.run_cli("context", "--query", "第 3 行有个错别字，改一下")
        self.assertEqual(out.strip(), "")

    def test_the_words_of_a_path_or_identifier_are_not_translated(self):
        self.add_l1("用户特征每小时刷新一次，存在 Redis 里", session="feat")
        self.add_l1("发票 PDF 用 WeasyPrint 渲染", session="pdf")
        out, _ = self.run_cli("context", "--query", "add type hints to features/user.py")
        self.assertEqual(out.strip(), "")
        out, _ = self.run_cli("context", "--query", "how often are the user features refreshed?")
        self.assertIn("用户特征", out)

    def test_translations_are_the_glossarys_words_in_the_other_language(self):
        query = memory_tiered.Query("数据库连接池满了", memory_tiered.now_utc())
        forms = dict(query.other_forms)
        self.assertEqual(forms["database"], ("数据", "据库"))  # the longer word, not 数据 alone
        self.assertIn("pool", forms)
        query = memory_tiered.Query("the webhook retries", memory_tiered.now_utc())
        self.assertEqual(dict(query.other_forms)["重试"], ("retries",))
        # two words a memory may write as one
        query = memory_tiered.Query("how do I roll back the last deploy?", memory_tiered.now_utc())
        self.assertEqual(dict(query.other_forms)["rollback"], ("roll",))


class RequestGateTests(CLITestCase):
    def test_an_inflected_plain_word_is_plain(self):
        self.add_l1("集成测试用 LocalStack，只有 make test-integration 才跑", session="it")
        self.add_l1("Invoices are rendered with WeasyPrint", session="pdf")
        for prompt in ("makes sense, keep going", "works for me, going on"):
            with self.subTest(prompt):
                out, _ = self.run_cli("context", "--query", prompt)
                self.assertEqual(out.strip(), "")

    def test_a_request_to_change_code_needs_more_than_one_project_word(self):
        config = self.add_l1("Config precedence: a command-line flag wins over the environment, which "
                             "wins over the config file", session="c", project="driftctl")
        self.add_l1("Scans run accounts in parallel, five at a time", session="s", project="driftctl")
        for prompt in ("add a --verbose flag that turns on debug logging", "给 scan 命令加一个 --region 参数"):
            with self.subTest(prompt):
                out, _ = self.run_cli("context", "--query", prompt, "--project", "driftctl")
                self.assertEqual(out.strip(), "")
        asked, _ = self.run_cli("context", "--query", "which wins, the flag or the environment?",
                                "--project", "driftctl")
        self.assertIn("[L1#%d" % config, asked)


class EverydayWordsTests(CLITestCase):
    def test_two_words_a_memory_writes_as_one_are_found(self):
        deploy = self.add_l1("Deploys of the API: tag the image and push; rollback = retag the previous image",
                             session="d")
        self.add_l1("Invoices are rendered with WeasyPrint", session="i")
        self.add_l1("The checkout uses Stripe Elements", session="s")
        out, _ = self.run_cli("context", "--query", "how do I roll back the last deploy of the API?")
        self.assertIn("[L1#%d" % deploy, out)

    def test_a_duration_names_no_memory(self):
        self.add_l1("短信验证码 5 分钟内有效，同一手机号每 30 分钟最多 3 条", session="sms")
        self.add_l1s(("The checkout uses Stripe Elements", "发票 PDF 用 WeasyPrint 渲染",
                      "部署用 Helm，先发 staging", "日志统一用 Loki 收集", "前端用 Vue 3 和 Vite",
                      "Postgres 16 with pgbouncer in transaction mode"), session="o")
        for prompt in ("为什么单元测试跑一次要三分钟，太慢了", "how long does the test suite take, ten minutes?"):
            with self.subTest(prompt):
                out, _ = self.run_cli("context", "--query", prompt)
                self.assertEqual(out.strip(), "")


class GlossaryEdgeTests(CLITestCase):
    """What the words in the other language must not do: match a word with another meaning, a
    word made by the cut of two others, or count a long word as several."""

    def setUp(self):
        super().setUp()
        self.add_l1s(("推送通知用 FCM，苹果用 APNs", "主库在阿里云 RDS，从库两台", "部分支付走分期通道",
                      "线上线下价格保持一致", "金额四舍五入用银行家舍入", "The profile page shows the avatar",
                      "Invoices are rendered with WeasyPrint", "日志统一用 Loki 收集"), session="g")

    def injected(self, prompt):
        out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
        return re.findall(r"^- \[L1#(\d+)", out, re.M)

    def test_a_word_with_another_meaning_or_made_by_a_cut_injects_nothing(self):
        for prompt in ("do we push to master directly?", "how do we round trip the json?",
                       "which branch do we deploy from?", "个人资料", "后台跑着呢"):
            with self.subTest(prompt):
                self.assertEqual(self.injected(prompt), [])

    def test_a_glossary_word_with_a_stop_character_is_still_a_word(self):
        self.add_l1("Every outgoing request has a 10 second timeout", session="t")
        found = self.json_cli("search-all", "请求超时怎么处理")
        self.assertIn("request", found["also_searched"])
        self.assertIn("请求", found["terms"])

    def test_full_width_letters_are_searched_as_ascii(self):
        cache = self.add_l1("The Redis cache keeps pages for 300 seconds", session="c")
        found = self.json_cli("search-all", "ｃａｃｈｅ 多久过期？", "--no-touch")["results"]
        self.assertEqual(found[0]["id"], cache)

    def test_a_prompt_in_traditional_characters(self):
        # typed in Traditional characters, a prompt finds memories in Simplified characters, in
        # English through the glossary, and in Traditional characters; its acknowledgements
        # are acknowledgements
        crash = self.add_l1("安卓上选照片闪退，原因是 Activity 被回收", session="t1")
        cache = self.add_l1("The cart cache expires after 7 days", session="t2")
        pool = self.add_l1("資料庫連線池改成 pgbouncer，交易模式，連線數上限 50", session="t3")
        for prompt, expected in (("安卓選照片閃退怎麼修？", crash), ("購物車緩存過期時間是多少", cache),
                                 ("資料庫連線池上限是多少", pool), ("连线池上限是多少", pool)):
            self.assertEqual(self.injected(prompt)[:1], [str(expected)], prompt)
        for prompt in ("好的，繼續", "謝謝，可以了", "這個函數改個名字"):
            self.assertEqual(self.injected(prompt), [], prompt)
        found = self.json_cli("search-all", "緩存", "--no-touch")
        self.assertEqual(found["terms"], ["缓存"])
        self.assertIn("cache", found["also_searched"])
        self.assertEqual(memory_tiered.simplified("閃退 cache 繼續"), "闪退 cache 继续")
        # common characters beyond the glossary's: no half-converted pair (確认) is searched
        order = self.add_l1("执行顺序：先迁移数据库，再确认规则和逻辑", session="t4")
        found = self.json_cli("search-all", "執行順序確認規則邏輯", "--no-touch")
        self.assertEqual(found["results"][0]["id"], order)
        self.assertEqual(found["terms"], ["执行", "行顺", "顺序", "序确", "确认", "认规", "规则",
                                          "则逻", "逻辑"])

    def test_lag_and_what_was_changed(self):
        froze = self.add_l1("Orders page froze with 5k rows; switched to server-side pagination",
                            session="f")
        self.assertIn(str(froze), self.injected("订单页面卡顿那次是怎么优化的"))
        # 改了啥 asks for a period's work, as 做了什么 does: 改 is no search term
        for text in ("两周前改了啥", "上周改了什么", "11月9号到11号之间修改了哪些东西"):
            found = self.json_cli("search-all", text, "--no-touch")
            self.assertEqual((found["terms"], len(found["periods"])), ([], 1), text)

    def test_a_plain_word_inside_a_longer_word_is_part_of_it(self):
        database = self.add_l1("We use PostgreSQL 16 as the main database", session="db")
        self.assertIn(str(database), self.injected("我们的数据库用的什么？"))

    def test_without_the_full_text_index_a_long_prompt_still_searches(self):
        words = " ".join(sorted(memory_tiered.glossary()[0])[:300])
        with mock.patch.dict(os.environ, {"MEMORY_TIERED_FTS": "off"}):
            out, _ = self.run_cli("search-all", words + " WeasyPrint")
        self.assertIn("WeasyPrint", out)


class PlainFormTests(CLITestCase):
    def test_a_word_that_only_stems_like_a_plain_word_still_counts(self):
        generator = self.add_l1("The id generator lives in ids/snowflake.go, seeded per node", session="g")
        self.add_l1s(("Invoices are rendered with WeasyPrint", "Deploys go through Helm",
                      "日志统一用 Loki 收集"), session="o")
        out, _ = self.run_cli("context", "--query", "where is the id generator configured?")
        self.assertIn("[L1#%d" % generator, out)

    def test_a_chinese_word_starting_like_a_request_is_no_request(self):
        sentry = self.add_l1("Sentry is disabled in staging to save quota", session="s", project="shop")
        self.add_l1s(("WeasyPrint renders invoices", "Deploys go through ArgoCD",
                      "Redis is the session store"), session="o", project="shop")
        out, _ = self.run_cli("context", "--query", "改版后 Sentry 报警太多", "--project", "shop")
        self.assertIn("[L1#%d" % sentry, out)


class NameCaseTests(CLITestCase):
    def test_a_name_the_memory_writes_in_lower_case_names_something_else(self):
        self.add_l1("The product catalog is cached for 10 minutes", session="c")
        self.add_l1("Stripe webhooks are verified with the signing secret", session="s")
        self.add_l1s(("Invoices are rendered with WeasyPrint", "Deploys go through Helm",
                      "日志统一用 Loki 收集", "Postgres 16 with pgbouncer"), session="o")
        out, _ = self.run_cli("context", "--query", "why does the Product fixture fail with IntegrityError?")
        self.assertEqual(out.strip(), "")
        sku = self.add_l1("Product.sku is unique per tenant; the Product fixture needs a tenant", session="p")
        out, _ = self.run_cli("context", "--query", "the Product fixture fails with IntegrityError again, "
                              "what did we find?")
        self.assertIn("[L1#%d" % sku, out)

    def test_a_prompt_typed_in_capitals_names_only_what_memories_write_capitalised(self):
        stale = self.add_l1("Redis cache went stale after each deploy; fixed by bumping the key prefix",
                            session="r")
        jwt = self.add_l1("Auth uses JWT tokens signed with RS256", session="j")
        eas = self.add_l1("发测试包用 eas build --profile preview，不走 TestFlight", session="e")
        self.add_l1s(("Switched the billing worker to two queues", "Docs site moved to a new theme"),
                     session="o")
        for prompt in ("cache", "CACHE", "THEME"):  # an English word in capitals names nothing
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertEqual(out.strip(), "", prompt)
        for prompt, rid in (("REDIS", stale), ("WHY IS THE REDIS CACHE STALE AFTER DEPLOY?", stale),
                            ("JWT", jwt), ("用 EAS 打个测试包", eas)):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertIn("[L1#%d" % rid, out, prompt)
        # a word in capitals for emphasis in a normal sentence is the word
        worker = self.add_l1("The image resizing worker leaked sharp instances", session="w")
        shown = []
        for prompt in ("the WORKER is slow again", "the worker is slow again"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            shown.append("[L1#%d" % worker in out)
        self.assertEqual(shown[0], shown[1])
