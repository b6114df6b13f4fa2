"""Search that finds things: Chinese, questions, dates, hostile text, ranking, touching."""

import os
import random
import sqlite3
import unittest
from unittest import mock

from helpers import CLITestCase, memory_tiered, slow


class ChineseAndQuestionTests(CLITestCase):
    def setUp(self):
        super().setUp()
        self.ids = {
            "cool": self.add_l1("第一次使用记忆系统，感觉很酷", session="zh1"),
            "go": self.add_l1("Go 微服务 鉴权中间件 设计完成", session="zh2"),
            "auth": self.add_l1("We decided to use JWT tokens for the auth middleware", session="en1",
                                key_points="auth,JWT"),
            "cook": self.add_l1("Talked about cooking pasta and the best tomato sauce", session="en2"),
            "cat": self.add_l1("我的猫叫小白，喜欢晒太阳", session="zh3"),
        }

    def first(self, text, *extra):
        results = self.search(text, "--no-touch", *extra)
        self.assertTrue(results, "no result for %r" % text)
        return results[0]["id"]

    def test_two_character_word_inside_unsegmented_sentence(self):
        self.assertEqual(self.first("记忆"), self.ids["cool"])
        self.assertEqual(self.first("系统"), self.ids["cool"])

    def test_one_character_query(self):
        self.assertEqual(self.first("酷"), self.ids["cool"])
        self.assertEqual(self.first("猫"), self.ids["cat"])
        self.assertEqual(self.first("阳"), self.ids["cat"])

    def test_mixed_text(self):
        self.assertEqual(self.first("鉴权中间件"), self.ids["go"])
        self.assertEqual(self.first("Go 微服务"), self.ids["go"])

    def test_questions_in_english_and_chinese(self):
        self.assertEqual(self.first("What did we decide about the auth middleware?"), self.ids["auth"])
        self.assertEqual(self.first("how do I cook a tomato sauce"), self.ids["cook"])
        self.assertEqual(self.first("我的猫叫什么名字？"), self.ids["cat"])
        self.assertEqual(self.first("上次关于记忆系统我们说了什么"), self.ids["cool"])

    def test_stemming(self):
        self.assertEqual(self.first("cooked"), self.ids["cook"])
        self.assertEqual(self.first("deciding"), self.ids["auth"])

    def test_hostile_text_never_errors(self):
        for text in ['"', '""', "*", "a*", "NOT", "AND OR NOT", "NEAR(a b)", "(", ")", "^start", "col:val",
                     "-x", "'; DROP TABLE memory_l1; --", "%", "_", "\\", "memory_fts MATCH 'x'",
                     "{a b}", "a + b", "🧠", "x" * 5000]:
            out, _ = self.run_cli("search-all", "--keyword=" + text, "--no-touch", "--json")
            self.assertIn("results", out)
        self.assertEqual(len(self.json_cli("list")["records"]), 5)
        _, err = self.run_cli("search-all", "--keyword=\t ", code=2)
        self.assertEqual(err, "error: search text must not be empty\n")

    def test_no_match_is_success_with_empty_list(self):
        out, err = self.run_cli("search-all", "zebra", "--json")
        self.assertIn('"results": []', out)
        self.assertIn("no memory matches", err)

    def test_positional_and_keyword_forms(self):
        out, _ = self.run_cli("search-all", "猫", "--no-touch")
        self.assertIn("L1 #%d" % self.ids["cat"], out)
        self.run_cli("search-all", code=2)
        self.run_cli("search-all", "a", "--keyword", "b")  # several phrasings are fused, not refused

    def test_json_shape(self):
        result = self.search("auth", "--no-touch")[0]
        for key in ("level", "id", "text", "session_id", "importance", "decay_score", "access_count", "score"):
            self.assertIn(key, result)
        self.assertEqual(result["session_id"], "en1")
        self.assertNotIn("explain", result)

    def test_explain_prints_each_part(self):
        out, _ = self.run_cli("search-all", "auth", "--explain", "--no-touch")
        self.assertIn("relevance", out)
        self.assertIn("importance", out)
        self.assertIn("strength", out)
        parts = self.json_cli("search-all", "auth", "--explain", "--no-touch")["results"][0]["explain"]
        e = parts
        self.assertAlmostEqual(
            (e["relevance"] + e["date_bonus"]) * e["importance_factor"] * e["strength_factor"] * e["level_weight"],
            self.json_cli("search-all", "auth", "--no-touch")["results"][0]["score"], places=4)


class RankingTests(CLITestCase):
    def test_date_in_query_favours_that_day(self):
        self.add_l1("deploy notes for the api", session="a", created_at="2026-05-01T09:00")
        target = self.add_l1("deploy notes for the api server", session="b", created_at="2026-05-02T09:00")
        self.add_l1("deploy notes for the api gateway", session="c", created_at="2026-05-03T09:00")
        for text in ("5月2日 deploy", "2026-05-02 deploy", "deploy on May 2", "4月27号 之后 5月2号的 deploy"):
            results = self.search(text, "--no-touch", now="2026-06-01T00:00:00")
            self.assertEqual(results[0]["id"], target, text)
        only_date = self.search("5月2日", "--no-touch", now="2026-06-01T00:00:00")
        # the day itself first, then (graded) the day after it: a memory is often written after the event
        self.assertEqual([r["id"] for r in only_date], [target, target + 1])
        self.assertGreater(only_date[0]["score"], only_date[1]["score"])

    def test_a_name_every_record_holds_chooses_the_sentence(self):
        # a diary of talks between Alice and Bob: both names are in every record, so they tell no
        # record apart; "what does Alice do" is answered by a sentence about Alice
        chat = ["Alice and Bob talked about the weather. Alice wants rain for her garden.",
                "Alice and Bob planned a trip to the coast. Alice will book the train.",
                "Alice and Bob compared recipes. Alice bakes a lemon cake on Sundays.",
                "Alice told Bob about her new job at the library. Alice starts on Monday.",
                "Alice and Bob watched a film about sailing. Alice had sailed as a child.",
                "Bob and Alice discussed the garden. Alice grows tomatoes and beans.",
                "Alice and Bob talked about the neighbours' dog. Alice walks it sometimes.",
                "Alice helped Bob move a sofa on Saturday. Alice hurt her back a little.",
                "Alice and Bob caught up. Alice said a long yoga class helps her destress after "
                "work. Bob talked about his garden.",
                "Alice and Bob caught up. Bob loves to destress: to destress he goes fishing at "
                "the lake, and he will destress there all summer. Alice laughed.",
                "Bob asked Alice for a book to read on the train. Alice lent him a novel."]
        self.bulk_l1(chat)
        ids = {r["session_id"]: r["id"] for r in self.json_cli("list", "--limit", "50")["records"]}
        gold = ids["s8"]
        for text in ("What does Alice do to destress?", "How does Alice destress"):
            self.assertEqual(self.search(text, "--no-touch")[0]["id"], gold, text)
        # a question on Bob's way still finds Bob's
        self.assertEqual(self.search("What does Bob do to destress?", "--no-touch")[0]["id"],
                         ids["s9"])

    def test_a_name_written_once_on_every_record_is_a_label(self):
        # session cards all begin "Session in shop: ..."; "shop" tells no card from another, but
        # it is a label, not what the cards are about: a query naming Shop is ranked by all the
        # sentences, so the card whose outcome answers stays first
        cards = ["Session in shop: tidy the footer links. Outcome: footer links sorted.",
                 "Session in shop: rename the cart button. Outcome: button says Add to bag.",
                 "Session in shop: bump eslint. Outcome: eslint 9, no new warnings.",
                 "Session in shop: fix the product grid gap. Outcome: gap is 16px on mobile.",
                 "Session in shop: update the privacy page. Outcome: copy from legal pasted.",
                 "Session in shop: add a sitemap. Outcome: sitemap.xml generated at build.",
                 "Session in shop: speed up images. Outcome: images served as webp.",
                 "Session in shop: customers see double payments. Outcome: stripe webhook events "
                 "deduplicated by event id; retries no longer charge twice.",
                 "Session in shop: stripe keys in CI. Outcome: keys moved to the CI secrets.",
                 "Session in shop: stripe webhook retries on the dashboard. Outcome: nothing to "
                 "change.",
                 "Session in shop: fix the 404 page. Outcome: 404 page has a search box."]
        self.bulk_l1(cards)
        ids = {r["session_id"]: r["id"] for r in self.json_cli("list", "--limit", "50")["records"]}
        found = self.search("Why did Shop charge twice on stripe webhook retries?", "--no-touch")
        self.assertEqual(found[0]["id"], ids["s7"])

    def test_since_until(self):
        self.add_l1("release alpha", session="a", created_at="2026-05-01")
        b = self.add_l1("release beta", session="b", created_at="2026-05-02T23:00")
        self.add_l1("release gamma", session="c", created_at="2026-05-03")
        got = [r["id"] for r in self.search("release", "--since", "2026-05-02", "--until", "2026-05-02")]
        self.assertEqual(got, [b])
        self.run_cli("search-all", "release", "--since", "yesterday", code=2)

    def test_importance_and_level_order_equal_matches(self):
        low = self.add_l1("kubernetes cluster upgrade", session="a", importance=0.1)
        high = self.add_l1("kubernetes cluster upgrade", session="b", importance=0.9)
        self.assertEqual([r["id"] for r in self.search("kubernetes", "--no-touch")], [high, low])

    def test_weak_strength_lowers_but_never_hides_the_only_match(self):
        self.add_l1("an old note about terraform state", now="2026-01-01T00:00:00")
        self.run_cli("decay", now="2026-12-01T00:00:00")
        results = self.search("terraform", "--no-touch", now="2026-12-01T00:00:00")
        self.assertEqual(len(results), 1)
        self.assertLess(results[0]["decay_score"], 0.05)

    def test_level_filter_and_project(self):
        a = self.add_l1("redis cache", project="p1")
        self.add_l1("redis cache", session="s2", project="p2")
        l2 = int(self.run_cli("add-l2", "--category", "infra", "--knowledge", "redis cache tuning")[0])
        self.assertEqual([(r["level"], r["id"]) for r in self.search("redis", "--level", "l2")], [("l2", l2)])
        self.assertEqual([r["id"] for r in self.search("redis", "--project", "p1")], [a])

    def test_l2_tags_and_category_are_searched(self):
        l2 = int(self.run_cli("add-l2", "--category", "habits", "--knowledge", "Runs every morning",
                              "--tags", "跑步,fitness")[0])
        self.assertEqual(self.search("跑步")[0]["id"], l2)
        self.assertEqual(self.search("fitness")[0]["id"], l2)


class FilterTests(CLITestCase):
    def test_every_filter_keeps_exactly_the_matching_records(self):
        # records varied in every field a filter reads; each filter (and the live-state rule) is
        # checked against the same rule applied to the stored rows directly
        rng = random.Random(5)
        projects, origins, tags = [None, "alpha", "beta"], ["cli", "mcp", "hook"], ["ops", "home", "db"]
        with memory_tiered.MemoryDB(self.db) as db, db.atomic() as conn:
            for n in range(120):
                level = ("l1", "l2", "l3")[n % 3]
                created = "2026-0%d-1%dT10:00:00" % (rng.randint(1, 9), rng.randint(0, 9))
                common = {"importance": rng.random(), "created_at": created, "project": rng.choice(projects),
                          "origin": rng.choice(origins), "tags": memory_tiered.dump_list(rng.sample(tags, 2)),
                          "flagged": rng.choice([None, "instruction"]),
                          "archived_at": rng.choice([None, None, "2026-10-01T00:00:00"])}
                if level == "l1":
                    conn.execute("INSERT INTO memory_l1 (session_id, summary, importance, created_at, project, origin, "
                                 "tags, flagged, archived_at) VALUES (:s, :t, :importance, :created_at, :project, "
                                 ":origin, :tags, :flagged, :archived_at)",
                                 dict(common, s="s%d" % n, t="filter probe note %d" % n))
                else:
                    conn.execute("INSERT INTO memory_%s (%s, category, importance, created_at, project, origin, tags, "
                                 "flagged, archived_at) VALUES (:t, :c, :importance, :created_at, :project, :origin, "
                                 ":tags, :flagged, :archived_at)" % (level, "knowledge" if level == "l2" else "insight"),
                                 dict(common, t="filter probe note %d" % n, c=rng.choice(["infra", "life"])))
            conn.execute("UPDATE memory_l1 SET superseded_by = 1 WHERE id % 4 = 0")
            rows = {}
            for level, table in memory_tiered.LEVEL_TABLE.items():
                for row in conn.execute("SELECT * FROM %s" % table):
                    rows[(level, row["id"])] = dict(row)
        cases = [
            ({}, lambda r: True),
            ({"project": "alpha"}, lambda r: r["project"] == "alpha"),
            ({"scope": "beta"}, lambda r: r["project"] in (None, "beta")),
            ({"category": "infra"}, lambda r: r.get("category") == "infra"),
            ({"tag": "db"}, lambda r: "db" in memory_tiered.load_list(r["tags"])),
            ({"origin": "mcp"}, lambda r: r["origin"] == "mcp"),
            ({"since": memory_tiered.parse_time("2026-05-01T00:00:00")}, lambda r: r["created_at"] >= "2026-05-01T00:00:00"),
            ({"until": memory_tiered.parse_time("2026-03-01T00:00:00")}, lambda r: r["created_at"] <= "2026-03-01T00:00:00"),
            ({"exclude_flagged": True}, lambda r: not r["flagged"]),
            ({"include_archived": True}, lambda r: True),
            ({"include_superseded": True}, lambda r: True),
            ({"project": "alpha", "origin": "cli", "tag": "ops", "include_archived": True}, lambda r: (
                r["project"] == "alpha" and r["origin"] == "cli" and "ops" in memory_tiered.load_list(r["tags"]))),
        ]
        with memory_tiered.MemoryDB(self.db) as db:
            for options, rule in cases:
                live = lambda r: ((options.get("include_archived") or not r["archived_at"])  # noqa: E731
                                  and (options.get("include_superseded") or not r.get("superseded_by")))
                expected = {key for key, r in rows.items() if rule(r) and live(r)}
                for prefer in (None, "beta"):
                    found = memory_tiered.Searcher(db).search("filter probe note", limit=1000, touch=False,
                                                              prefer=prefer, **options)["results"]
                    self.assertEqual({(r["level"], r["id"]) for r in found}, expected, options)
                    self.assertTrue(expected)


class VariableLimitTests(CLITestCase):
    @unittest.skipUnless(hasattr(sqlite3.Connection, "setlimit"), "Connection.setlimit is Python 3.11+")
    @slow
    def test_the_largest_search_fits_the_oldest_variable_limit(self):
        # SQLite before 3.32 (Ubuntu 20.04, for one) binds at most 999 variables in a statement:
        # a search of 1,000 results, its gate and its recall counting must not need more
        self.bulk_l1(["shared limit note %d" % n for n in range(1100)])
        with memory_tiered.MemoryDB(self.db) as db:
            db.conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
            searcher = memory_tiered.Searcher(db)
            found = searcher.search("shared limit note", limit=1000)["results"]
            self.assertEqual(len(found), 1000)
            self.assertEqual({r["access_count"] for r in found}, {1})
            self.assertEqual(len(searcher.gate("shared limit note", found)), 1000)
            searcher._stems = {}  # the gate's other way: one MATCH per term over the results
            self.assertEqual(len(searcher.gate("shared limit note", found)), 1000)
            long = " ".join("word%d" % n for n in range(1500))  # more terms than variables
            self.assertEqual(searcher._document_frequencies(long.split())["word7"], 0)


class TouchTests(CLITestCase):
    def test_each_result_counts_as_access(self):
        a = self.add_l1("sqlite wal mode", now="2026-05-01T00:00:00")
        self.run_cli("decay", now="2026-05-02T00:00:00")  # 24 h: 0.99**24
        results = self.search("sqlite", now="2026-05-02T00:00:00")
        self.assertEqual(results[0]["access_count"], 1)
        self.assertAlmostEqual(results[0]["decay_score"], 0.99 ** 24 + 0.1, places=9)
        rec = self.json_cli("get", "l1", str(a), now="2026-05-02T00:00:00")
        self.assertEqual(rec["last_accessed_at"], "2026-05-02T00:00:00")
        for _ in range(5):
            self.search("sqlite", now="2026-05-02T00:00:00")
        rec = self.json_cli("get", "l1", str(a), now="2026-05-02T00:00:00")
        self.assertEqual(rec["decay_score"], 1.0)
        self.assertEqual(rec["access_count"], 1)  # one sitting: strength boosted, one recall counted
        self.search("sqlite", now="2026-05-02T00:59:00")
        self.assertEqual(self.json_cli("get", "l1", str(a), now="2026-05-02T01:00:00")["access_count"], 1)
        self.search("sqlite", now="2026-05-02T02:00:00")  # an hour after the last one: a new sitting
        self.assertEqual(self.json_cli("get", "l1", str(a), now="2026-05-02T02:00:00")["access_count"], 2)

    def test_touch_catches_up_pending_decay_first(self):
        self.add_l1("sqlite wal mode", now="2026-05-01T00:00:00")
        results = self.search("sqlite", now="2026-05-01T10:00:00")
        self.assertAlmostEqual(results[0]["decay_score"], min(1.0, 0.99 ** 10 + 0.1), places=9)

    def test_no_touch(self):
        a = self.add_l1("sqlite wal mode")
        self.search("sqlite", "--no-touch")
        self.assertEqual(self.json_cli("get", "l1", str(a))["access_count"], 0)


class ReadOnlyTests(CLITestCase):
    def test_a_database_in_a_folder_this_user_cannot_write_is_still_read(self):
        rid = self.add_l1("Deploys go through GitHub Actions", session="a")
        for suffix in ("-wal", "-shm"):
            self.assertFalse(os.path.exists(self.db + suffix))  # closed and checkpointed
        folder = os.path.dirname(self.db)
        real_access = os.access
        with mock.patch.object(memory_tiered.os, "access",
                               lambda path, mode: False if path == folder else real_access(path, mode)):
            self.assertEqual(self.search("deploys")[0]["id"], rid)  # (not counted: read-only)
            self.assertEqual([r["id"] for r in self.json_cli("list")["records"]], [rid])
            _, err = self.run_cli("add-l1", "--session-id", "b", "--summary", "More", code=1)
        self.assertIn("cannot be written", err)
        self.assertEqual(len(err.strip().splitlines()), 1)

    def test_read_only_database_is_still_searchable(self):
        self.add_l1("searchable while read-only")
        db = memory_tiered.MemoryDB(self.db)
        self.addCleanup(db.close)
        db.execute("PRAGMA query_only = ON")
        searcher = memory_tiered.Searcher(db)
        found = searcher.search("searchable")["results"]
        self.assertEqual(len(found), 1)
        self.assertEqual(found[0]["access_count"], 0)
        self.assertIn("read-only", searcher.touch_skipped)


class ScanFallbackTests(CLITestCase):
    def test_search_works_without_fts5(self):
        with mock.patch.dict(os.environ, {"MEMORY_TIERED_FTS": "off"}):
            self.add_l1("第一次使用记忆系统，感觉很酷", session="a")
            b = self.add_l1("We decided to use JWT tokens for the auth middleware", session="b")
            self.assertEqual(self.search("记忆")[0]["session_id"], "a")
            self.assertEqual(self.search("What did we decide about auth?")[0]["id"], b)
            self.assertEqual(self.search("酷")[0]["session_id"], "a")
            self.assertEqual(self.search('" OR *')[:0], [])
            self.assertIn("scan", self.json_cli("stats")["fts"])
        self.assertEqual(self.json_cli("stats")["fts"], "fts5")


if __name__ == "__main__":
    unittest.main()


class CompoundWordTests(CLITestCase):
    def test_a_word_written_as_one_finds_the_two_the_store_holds(self):
        trip = self.add_l1("Melanie and her kids took a road trip to the Grand Canyon in June", session="a")
        self.add_l1("Caroline painted a sunrise over the lake", session="b")
        found = self.search("When did Melanie go on a roadtrip?", "--no-touch")
        self.assertEqual(found[0]["id"], trip)
        found = self.search("roadtrip", "--no-touch")
        self.assertEqual([r["id"] for r in found], [trip])

    def test_a_word_the_store_holds_is_left_as_it_is(self):
        one = self.add_l1("The notebook server restarts nightly", session="a")
        self.add_l1("A note about a book", session="b")
        self.assertEqual([r["id"] for r in self.search("notebook", "--no-touch")], [one])


    def test_a_long_word_no_record_holds_is_read_as_the_known_word_one_slip_away(self):
        won = self.add_l1("Nate won a regional video game tournament last week", session="a")
        self.add_l1("Joanna finished the third draft of her screenplay", session="b")
        shelter = self.add_l1("Maria is planning a fundraiser for the homeless shelter", session="c")
        for typo, expected in (("torunament", won), ("tournamnet", won), ("funraiser", shelter)):
            found = self.json_cli("search-all", "what happened at the %s?" % typo, "--no-touch",
                                  "--explain")
            self.assertEqual(found["results"][0]["id"], expected, typo)
            self.assertEqual(len(found["read_as"]), 1, typo)
        _, err = self.run_cli("search-all", "torunament", "--no-touch", "--explain")
        self.assertIn("read as: torunament -> tournament", err)
        # reported as a record writes it, not as the edit that reached its stem
        self.add_l1("Cache invalidation misses the CDN layer", session="d")
        self.assertEqual(self.json_cli("search-all", "invalidaton", "--no-touch")["read_as"],
                         {"invalidaton": "invalidation"})
        # a letter changed turns one real word into another: not read (skipped is not shipped)
        self.add_l1("Shipped the dark mode for the dashboard", session="e")
        found = self.json_cli("search-all", "why are the integration tests skipped?", "--no-touch")
        self.assertEqual((found["read_as"], found["results"]), ({}, []))
        # a phrasal join no record holds is not listed as searched ("token in": tokenin)
        found = self.json_cli("search-all", "refresh the tournament in cookies", "--no-touch")
        self.assertNotIn("tournamentin", found["also_searched"])
        # a word the store holds, a short word and a word two slips away are left as they are
        self.assertEqual(self.json_cli("search-all", "tournament", "--no-touch")["read_as"], {})
        self.assertEqual(self.json_cli("search-all", "gme", "--no-touch")["results"], [])
        self.assertEqual(self.json_cli("search-all", "screnplya", "--no-touch")["results"], [])

    def test_a_word_longer_than_forty_letters_is_not_read_as_another(self):
        # (the look-up grows as the square of a word's length: a 10,000-letter word took 35 s)
        self.add_l1("Pneumonoultramicroscopicsilicovolcanoconiosis is a long word", session="p")
        found = self.json_cli("search-all", "pneumonoultramicroscopicsilicovolcanoconiossi",
                              "--no-touch")
        self.assertEqual((found["read_as"], found["results"]), ({}, []))
        found = self.json_cli("search-all", "x" * 19000, "--no-touch")
        self.assertEqual(found["read_as"], {})

    def test_a_word_is_split_only_into_two_words_a_record_writes_side_by_side(self):
        self.add_l1s(("git show-ref prints each ref", "the worker uses two queues"), session="r")
        found = self.json_cli("search-all", "the server refuses writes", "--no-touch")
        self.assertEqual(found["read_as"], {})
        trip = self.add_l1("Melanie took a road trip to the canyon", session="t")
        found = self.json_cli("search-all", "roadtrip", "--no-touch")
        self.assertEqual((found["read_as"], found["results"][0]["id"]), ({"roadtrip": "road trip"}, trip))

    def test_a_prompt_with_a_typing_slip_brings_what_the_word_would(self):
        helm = self.add_l1("Started the Kubernetes migration: Helm charts for the API", session="k")
        self.add_l1("Blog RSS outputs a summary only, not the full text", session="b")
        self.add_l1s(("Billing worker split into two queues", "Docs site moved to a new theme"))
        for prompt in ("where are the Kubernetes helm charts?", "where are the Kuberentes helm charts?"):
            out, _ = self.run_cli("context", "--query", prompt, "--no-touch")
            self.assertIn("[L1#%d" % helm, out, prompt)
        # "summarize" is no slip of "summary" (an edit reaches its stem, the word is two away)
        found = self.json_cli("search-all", "summarize what you just changed", "--no-touch")
        self.assertEqual(found["read_as"], {})


class BudgetTests(CLITestCase):
    def test_a_common_word_with_another_form_or_beside_an_unknown_word_is_still_searched(self):
        ids = self.add_l1s(["The cache of page %d went stale after the deploy" % n for n in range(4)])
        with mock.patch.object(memory_tiered, "POSTINGS_BUDGET", 2):
            # "cache" is in more records than the budget, 缓存 (its other form) in none
            for text in ("cache", "缓存", "zyzzyvaq cache", "why is the cache stale? zyzzyvaq"):
                found = self.search(text, "--no-touch")
                self.assertTrue(set(r["id"] for r in found) & set(ids), text)
