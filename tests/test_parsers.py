"""The pure parsers and formatters, called directly: YAML scalars and frontmatter, CSV and JSON
Lines rows, key points and ids, index text, token counts, dates in queries, and the quick command
line reader against argparse."""

import contextlib
import datetime
import io
import os
import subprocess
import sys
import unittest

from helpers import ROOT, CLITestCase, memory_tiered

M = memory_tiered
NOW = datetime.datetime(2026, 11, 29, 15, 0, tzinfo=datetime.timezone.utc)  # a Sunday


class YamlTests(unittest.TestCase):
    def test_scalars(self):
        cases = [("", None), ("null", None), ("~", None), ("true", True), ("False", False), ("42", 42),
                 ("-3", -3), ("0.5", 0.5), ("1e3", 1000.0), ('"a \\"b\\" \\u00e9 \\n"', 'a "b" é \n'),
                 ("'it''s'", "it's"), ("plain text: with colon", "plain text: with colon"),
                 ("[a, 'b, c', \"d\"]", ["a", "b, c", "d"]), ("[]", []), ("记忆", "记忆")]
        for text, expected in cases:
            self.assertEqual(M._yaml_scalar(text), expected, text)

    def test_bad_scalars_raise(self):
        for text in ('"unterminated', "'unterminated", '"bad \\q escape"'):
            with self.assertRaises(ValueError, msg=text):
                M._yaml_scalar(text)

    def test_flow_lists_split_only_outside_quotes(self):
        self.assertEqual([p.strip() for p in M._split_flow("a, 'b, c', \"f,g\", ")], ["a", "'b, c'", '"f,g"', ""])

    def test_every_value_survives_render_and_parse(self):
        fields = {"id": 7, "level": "l1", "importance": 0.25, "flagged": None, "archived": False,
                  "text": 'quote " backslash \\ colon: hash # \u2028 tab\t 记忆', "tags": ["a b", "c:d", "记忆"],
                  "empty": [], "created": "2026-05-01T00:00:00"}
        parsed, body = M.parse_note(M.render_frontmatter(fields) + "\nbody line\n")
        self.assertEqual(body.strip(), "body line")
        for key, value in fields.items():
            self.assertEqual(parsed[key], value, key)

    def test_frontmatter_person_edits(self):
        text = "\ufeff---\ntags:\n  - one\n  - 'two'\naliases: [x, y]\nnote: plain words\n---\nhello"
        fields, body = M.parse_note(text)
        self.assertEqual(fields, {"tags": ["one", "two"], "aliases": ["x", "y"], "note": "plain words"})
        self.assertEqual(body, "hello")
        for bad in ("no frontmatter", "---\nkey: value\n", "---\n: no key\n---\n"):
            with self.assertRaises(ValueError, msg=bad):
                M.parse_note(bad)

    def test_body_sections_are_the_trailing_ones(self):
        body = ("We chose SQLite.\n\n## 要点 Key points\n\ninside the text\n\n## 要点 Key points\n\n- wal\n- fts5\n\n"
                "## 关联 Links\n\n- [[S-abc]]\n")
        text, points = M.split_body(body, "l1")
        self.assertIn("inside the text", text)
        self.assertEqual(points, ["wal", "fts5"])


class RowTests(unittest.TestCase):
    def test_csv_round_trip_is_exact(self):
        import csv
        record = {"level": "l2", "id": 3, "knowledge": 'comma, quote " newline\n记忆', "category": "c",
                  "tags": ["a", "b,c"], "source_ids": [1, 2], "importance": 0.1 + 0.2, "decay_score": 1.0,
                  "access_count": 4, "created_at": "2026-05-01T00:00:00"}
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(M.EXPORT_COLUMNS)
        writer.writerow(M.csv_row(record))
        buffer.seek(0)
        (number, back), = list(M.iter_csv(buffer))
        self.assertEqual(number, 3)  # the file's line where the row ends (a quoted newline spans two)
        for key, value in record.items():
            self.assertEqual(back[key], value, key)

    def test_csv_refuses_what_is_not_an_export(self):
        with self.assertRaises(M.ValidationError):
            list(M.iter_csv(io.StringIO("name,text\nx,y\n")))
        with self.assertRaises(M.ValidationError):
            list(M.iter_csv(io.StringIO("level,id,surprise\nl1,1,x\n")))

    def test_jsonl_lines_numbers_and_errors(self):
        self.assertEqual(list(M.iter_jsonl(['{"a": 1}', "", '{"b": 2}'])), [(1, {"a": 1}), (3, {"b": 2})])
        with self.assertRaisesRegex(M.ValidationError, "line 2 is not valid JSON"):
            list(M.iter_jsonl(['{"a": 1}', "{nope"]))
        with self.assertRaisesRegex(M.ValidationError, "line 1 must be a JSON object"):
            list(M.iter_jsonl(["[1, 2]"]))

    def test_items_and_ids(self):
        self.assertEqual(M.split_items("a, b；c、d;;", "key points"), ["a", "b", "c", "d"])
        self.assertEqual(M.split_items(["x", " y "], "tags"), ["x", "y"])
        with self.assertRaises(M.ValidationError):
            M.split_items([1], "tags")
        self.assertEqual(M.parse_ids("3，7, 3", "ids"), [3, 7])
        for bad in ("0", "-1", "1.5", "x", str(M.MAX_ID + 1), [True]):
            with self.assertRaises(M.ValidationError, msg=bad):
                M.parse_ids(bad, "ids")


class TextTests(unittest.TestCase):
    def test_index_text_makes_bigrams_and_keeps_the_last_character(self):
        self.assertEqual(M.index_text("用记忆系统").split(), ["用记", "记忆", "忆系", "系统", "统"])
        self.assertEqual(M.index_text("plain words"), "plain words")
        self.assertEqual(M.index_text('["记忆", "a"]').split(), ["记忆", "忆", "a"])
        self.assertEqual(M.index_text("a中b文字c"), "a 中 b 文字 字 c")  # each run between spaces
        self.assertEqual(M.index_text("中"), " 中 ")
        self.assertEqual(M.index_text(""), "")
        self.assertEqual(M.index_text("ア한\U00020000x"), " ア한 한\U00020000 \U00020000 x")

    def test_token_count(self):
        self.assertEqual(M.token_count(""), 0)
        self.assertEqual(M.token_count("abcd"), 1)
        self.assertEqual(M.token_count("abcde"), 2)
        self.assertEqual(M.token_count("记忆abcd"), 3)

    def test_dates_in_queries_become_periods(self):
        day = datetime.date
        cases = [("11月24日做了什么", [(day(2026, 11, 24), day(2026, 11, 24))]),
                 ("what did we decide on May 2nd?", [(day(2026, 5, 2), day(2026, 5, 2))]),
                 ("2026/11/24", [(day(2026, 11, 24), day(2026, 11, 24))]),
                 ("昨天", [(day(2026, 11, 28), day(2026, 11, 28))]),
                 ("3 days ago", [(day(2026, 11, 26), day(2026, 11, 26))]),
                 ("上个月", [(day(2026, 10, 1), day(2026, 10, 31))]),
                 ("last week", [(day(2026, 11, 16), day(2026, 11, 22))]),
                 ("Dec 24", [(day(2025, 12, 24), day(2025, 12, 24))])]  # the latest not after now
        for text, expected in cases:
            periods, rest = M.extract_periods(text, NOW)
            self.assertEqual(periods, expected, text)
        periods, rest = M.extract_periods("11月24日做了什么", NOW)
        self.assertNotIn("24", rest)
        self.assertEqual(M.extract_periods("24 小时 uptime", NOW)[0], [])  # a number is not a date

    def test_the_quick_guards_never_hide_a_date(self):
        # extract_periods tries a pattern only when the query holds one of its guard words; every
        # documented form, in any case, must still be found, and give what every pattern finds
        forms = ["today", "tonight", "this morning", "yesterday", "last night", "the day before yesterday",
                 "3 days ago", "2 weeks ago", "last week", "this week", "last month", "this month", "last year",
                 "this year", "last Tuesday", "on friday", "this Sun", "今天", "今早", "昨天", "昨晚", "前天",
                 "大前天", "3天前", "三天前", "上周", "上个星期", "这周二", "本礼拜五", "上周二", "周三", "上个月",
                 "上月", "这个月", "本月", "去年", "今年", "11月24日", "11月24号", "2026-11-24", "2026/11/24",
                 "Nov 24", "24 November", "May 2nd"]
        unguarded = M._RELATIVE_RES
        for form in forms:
            for text in (form, form.upper(), "what did we do %s?" % form):
                periods = M.extract_periods(text, NOW)[0]
                self.assertTrue(periods, text)
                everything = []
                for pattern in M._DATE_RES:
                    everything += [m.group(0) for m in pattern.finditer(text)]
                for pattern, _, _ in unguarded:
                    everything += [m.group(0) for m in pattern.finditer(text)]
                self.assertTrue(everything, text)
        for pattern, _, guard in M._RELATIVE_RES:  # a guard word is in every match of its pattern
            for form in forms:
                for m in pattern.finditer(form):
                    found = m.group(0).casefold()
                    self.assertTrue(any(ch.isdigit() for ch in found) if guard is None
                                    else any(word in found for word in guard), (form, guard))


if __name__ == "__main__":
    unittest.main()


def _sample(spec, n=0):
    """A value the option or positional accepts."""
    if "choices" in spec:
        return list(spec["choices"])[n % len(spec["choices"])]
    if spec.get("type") is M._positive_int:
        return str(3 + n)
    return ["some words", "x", "记忆 数据库", ""][n % 4]


def _command_lines(name, options):
    """Ordinary and unusual command lines for one command: (argv, ordinary?)."""
    positionals = [(names, spec) for names, spec in options if not names[0].startswith("-")]
    optional = [(names, spec) for names, spec in options if names[0].startswith("-") and spec.get("nargs") is None]
    required = [a for names, spec in optional if spec.get("required") for a in (names[0], _sample(spec))]
    fixed = [_sample(spec) for _, spec in positionals if spec.get("nargs") is None]
    every = [_sample(spec, n) for n, (_, spec) in enumerate(positionals) if spec.get("nargs") in (None, "?")]
    values, equals, flags = [], [], []
    for n, (names, spec) in enumerate(optional):
        if spec.get("action") == "store_true":
            flags.append(names[-1])
        elif not spec.get("required"):
            values += [names[-1], _sample(spec, n)] * (2 if spec.get("action") == "append" else 1)
            equals.append("%s=%s" % (names[0], _sample(spec, n + 1)))
    ordinary = [[name] + fixed + required, [name] + fixed + required + values + flags,
                ["--json", "--db", "m.db", name] + fixed + required + equals,
                [name] + required + flags + values + fixed + ["--db=x.db", "--debug"]]
    if every != fixed:
        ordinary.append([name] + every + required)
    unusual = [[name, "--help"], [name, "--js"] + fixed, [name, "--nope"] + fixed + required,
               [name] + fixed + required + ["--db"], [name, "--"] + fixed + required, [name] + fixed + ["extra", "more"],
               ["--version"], [name] + fixed + required + ["--db", "-x"], fixed + [name], [name]]
    for names, spec in optional:
        if spec.get("action") != "store_true":
            unusual += [[name] + fixed + required + [names[0], bad] for bad in ("0", "-1", "nope", "--json")]
        else:
            unusual.append([name] + fixed + required + [names[0] + "=1"])
    if len(fixed) > 1:
        unusual.append([name, fixed[0], "--json", fixed[1]] + required)
    for n, (_, spec) in enumerate(positionals):
        if "choices" in spec or "type" in spec:
            unusual.append([name] + [("nope" if k == n else v) for k, v in enumerate(fixed)] + required)
    return [(a, True) for a in ordinary if not any(spec.get("nargs") not in (None, "?") for _, spec in positionals)] \
        + [(a, False) for a in ordinary + unusual]


class QuickArgumentsTests(unittest.TestCase):
    """quick_args reads ordinary command lines without argparse; wherever it answers, its answer
    must be argparse's, and it must answer the ordinary ones (or the start-up gain is not real)."""

    def test_agrees_with_argparse_on_every_command(self):
        answered = compared = 0
        for name, (_, _, _, options) in M.COMMANDS.items():
            for argv, ordinary in _command_lines(name, options):
                quick = M.quick_args(argv)
                with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                    try:
                        parsed, extra = M.build_parser(only=M._command_in(argv)).parse_known_args(argv)
                        reference = None if extra else vars(parsed)
                    except SystemExit:
                        reference = None
                if ordinary:
                    self.assertIsNotNone(quick, argv)
                if quick is not None:
                    compared += 1
                    self.assertEqual(vars(quick), reference, argv)
                answered += quick is not None
        self.assertGreater(compared, 4 * len(M.COMMANDS))

    def test_what_agents_and_cron_run_is_read_quickly(self):
        for argv in (["--db", "/m.db", "hook", "user-prompt-submit"], ["hook", "session-start"], ["job", "decay"], ["search-all", "db", "--json"],
                     ["add-l1", "--session-id", "s", "--summary", "text", "--key-points", "a,b", "--importance", "0.8"],
                     ["get", "l1", "12"], ["context", "--json"], ["search-all", "--keyword", "a", "-k", "b"]):
            self.assertIsNotNone(M.quick_args(M._attach_dash_values(argv)), argv)

    def test_a_search_process_does_not_import_argparse(self):
        code = ("import sys, memory_tiered, io, contextlib\n"
                "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
                "    memory_tiered.main(['search-all', 'x', '--db', 'missing/none.db'])\n"
                "print('argparse' in sys.modules)")
        proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60,
                              env={"PYTHONPATH": M.__file__.rsplit("/", 1)[0]})
        self.assertEqual(proc.stdout.strip(), "False", proc.stderr)


class QuickPathTests(unittest.TestCase):
    """The shortcuts that spare a short command a pattern compile answer exactly like the pattern."""

    def test_the_cjk_guard_answers_like_the_pattern(self):
        import random
        import re
        pattern = re.compile(M._CJK_RUN_RE._pattern)
        rng = random.Random(7)
        alphabet = "ab Z9_-.\u303f\u3040\u30ff\u3400\u4e00\u9fff\uac00\ud7af\U00020000é\u00ff\u2028"
        for _ in range(2000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
            self.assertEqual(M._CJK_RUN_RE.findall(text), pattern.findall(text), ascii(text))
            self.assertEqual(M._CJK_RUN_RE.sub(" ", text), pattern.sub(" ", text), ascii(text))
            self.assertEqual(bool(M._CJK_RUN_RE.search(text)), bool(pattern.search(text)), ascii(text))

    def test_word_and_cjk_runs_answer_like_the_patterns(self):
        import random
        import re
        self.assertEqual(M._CJK, "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
                                 "\U00020000-\U0002ffff")
        words, cjk = re.compile(r"[^\W_]+"), re.compile("[%s]+" % M._CJK)
        every = "".join(chr(c) for c in range(0x30000) if not 0xD800 <= c <= 0xDFFF)
        texts = [every[at:at + 3900] for at in range(0, len(every), 3900)]  # the loop, every character
        texts += [every[:9000], "Plain ASCII, with_under-scores 42x", "", "  "]  # the pattern, the ASCII path
        rng = random.Random(11)
        alphabet = ("ab Z9_-.\u00e9\u0663\u2028\u3000\u303f\u3040\u30ff\u3400\u4e00\u9fff\uac00\ud7af"
                    "\U00020000\U0002ffff")
        texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(3000)]
        for text in texts:
            self.assertEqual(M.word_runs(text), words.findall(text), ascii(text[:30]))
            self.assertEqual(M.cjk_runs(text), (cjk.findall(text), cjk.sub(" ", text)), ascii(text[:30]))

    def test_stop_words_split_like_the_pattern(self):
        import random
        import re
        pattern = re.compile("|".join(map(re.escape, M.ZH_STOP_WORDS)))
        rng = random.Random(5)
        pieces = list(M.ZH_STOP_WORDS) + list("数据库迁移部署的了吗时候") + ["什", "么", "怎么样"]
        for _ in range(4000):
            run = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
            self.assertEqual(M.split_stop_words(run), pattern.split(run), run)

    def test_list_columns_read_like_json(self):
        import json
        import random
        from unittest import mock

        def by_json(text):  # load_list without its shortcut
            with mock.patch.object(M, "_quick_list", lambda text: None):
                return M.load_list(text)

        rng = random.Random(3)
        alphabet = ['a', 'Z', ' ', ',', ', ', '", "', '"', '\\', '\n', '\x00', '\x1f', '数', '\u2028', '[', ']', '0']
        texts = ["[]", "[ ]", "[1]", "[0]", "[1, 2, 30]", "[01]", "[-1]", "[1,2]", "[1.5]", '["a","b"]', '["a", 1]',
                 "[1, \"a\"]", '["]', '[""]', '["", ""]', "[\u0663]", "[\"x\"", "a, b", "[a, b]", '["a", "b"] ', "[true]"]
        for _ in range(3000):
            items = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(0, 4))]
            if rng.random() < 0.2:
                items = [rng.randint(0, 10 ** rng.randint(0, 20)) for _ in items]
            texts.append(M.dump_list(items))
            texts.append(json.dumps(items))
        quick = 0
        for text in texts:
            self.assertEqual(M.load_list(text), by_json(text), ascii(text))
            quick += M._quick_list(text) is not None
        self.assertGreater(quick, 2000)  # most stored lists take the shortcut
        self.assertEqual((M._quick_list("[7]"), M._quick_list('[""]'), M._quick_list('["]')), ([7], [""], None))

    def test_the_stored_time_form_reads_like_the_pattern(self):
        import re
        for text in ("2026-11-29T15:04:05", "1900-01-01T00:00:00", "9998-12-31T23:59:59", "2026-02-30T00:00:00",
                     "2026-13-01T00:00:00", "1899-12-31T23:59:59", "2026-11-29T24:00:00", "2026-11-29 15:04:05",
                     "\u0662\u0660\u0662\u0666-11-29T15:04:05", "2026-11-29T15:04:5x"):
            try:
                fast = M.parse_time(text)
            except M.ValidationError as exc:
                fast = str(exc)
            slow_text = text + "Z" if re.fullmatch(r"\S{19}", text) else text
            try:
                slow = M.parse_time(slow_text)  # the pattern's path (the zone makes it 20 characters)
            except M.ValidationError as exc:
                slow = str(exc).replace(repr(slow_text), repr(text))
            self.assertEqual(fast, slow, text)

    def test_a_prompt_without_capitals_names_nobody(self):
        query = M.Query("did alice say hello to bob?", NOW)
        self.assertEqual(M.Searcher._names("did alice say hello to bob?", query), set())
        query = M.Query("did we tell Alice about it?", NOW)
        self.assertEqual(M.Searcher._names("did we tell Alice about it?", query), {"alice"})


class LazyImportTests(CLITestCase):
    def test_a_plain_search_imports_neither_json_nor_re(self):
        self.add_l1("Deployed the database migration on Friday", key_points="migration,数据库迁移")
        self.add_l1("数据库迁移在周五部署完成", session="s2", key_points="部署")
        self.run_cli("add-l2", "--category", "ops", "--knowledge", "Database migrations deploy on Fridays",
                     "--tags", "deploy,数据库", "--source-ids", "1,2")
        script = ("import sys, io, contextlib\n"
                  "import memory_tiered\n"
                  "before = set(sys.modules)\n"
                  "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
                  "    code = memory_tiered.main(['search-all', sys.argv[1], '--db', sys.argv[2], '--no-touch'])\n"
                  "assert code == 0 and ' 2. L' in out.getvalue(), out.getvalue()\n"
                  "print(' '.join(sorted(m for m in set(sys.modules) - before if m in ('json', 're'))))\n")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.tmp, "PYTHONPATH": ROOT}
        for query in ("database migration", "数据库 迁移", "how did we deploy the database migration?"):
            run = subprocess.run([sys.executable, "-S", "-c", script, query, self.db], capture_output=True,
                                 text=True, env=env, timeout=60)
            self.assertEqual((run.returncode, run.stdout.strip()), (0, ""), run.stderr)
