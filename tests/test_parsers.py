"""The pure parsers and formatters, called directly: YAML scalars and frontmatter, CSV and JSON
Lines rows, key points and ids, index text, token counts, dates in queries, and the quick command
line reader against argparse."""

import contextlib
import datetime
import io
import os
import re
import subprocess
import sys
import unittest

from helpers import ROOT, CLITestCase, memory_tiered, slow

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
            self.assertEqual(parsed[key], value + "Z" if key == "created" else value, key)  # UTC, said so

    def test_a_block_scalar_reads_as_yaml_does(self):
        text = "---\na: |-\n  one\n    two\nb: >\n  folded\n  line\n\nc: |\n  kept\nd: 1\n---\nbody"
        fields, _ = M.parse_note(text)
        self.assertEqual(fields, {"a": "one\n  two", "b": "folded line\n", "c": "kept\n", "d": 1})

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
                 ("上上周做了什么", [(day(2026, 11, 9), day(2026, 11, 15))]),  # not last week
                 ("上上个月", [(day(2026, 9, 1), day(2026, 9, 30))]),
                 ("前年", [(day(2024, 1, 1), day(2024, 12, 31))]),
                 ("Dec 24", [(day(2025, 12, 24), day(2025, 12, 24))])]  # the latest not after now
        for text, expected in cases:
            periods, rest = M.extract_periods(text, NOW)
            self.assertEqual(periods, expected, text)
        periods, rest = M.extract_periods("11月24日做了什么", NOW)
        self.assertNotIn("24", rest)
        self.assertEqual(M.extract_periods("24 小时 uptime", NOW)[0], [])  # a number is not a date

    def test_months_in_queries_become_periods(self):
        day = datetime.date
        cases = [("2025年3月的会议", (day(2025, 3, 1), day(2025, 3, 31))),
                 ("我10月份做了什么", (day(2026, 10, 1), day(2026, 10, 31))),
                 ("十一月做了什么", (day(2026, 11, 1), day(2026, 11, 29))),  # not after now
                 ("十二月定了什么", (day(2025, 12, 1), day(2025, 12, 31))),  # the latest not after now
                 ("Where did we travel in July 2022?", (day(2022, 7, 1), day(2022, 7, 31))),
                 ("the report for Feb 2026", (day(2026, 2, 1), day(2026, 2, 28))),
                 ("when did we go camping in July?", (day(2026, 7, 1), day(2026, 7, 31))),
                 ("WHAT DID WE SHIP DURING AUGUST", (day(2026, 8, 1), day(2026, 8, 31))),
                 ("the release in May", (day(2026, 5, 1), day(2026, 5, 31))),
                 ("去年3月做了什么", (day(2025, 3, 1), day(2025, 3, 31))),
                 ("前年的十二月", (day(2024, 12, 1), day(2024, 12, 31))),
                 ("今年3月", (day(2026, 3, 1), day(2026, 3, 31))),
                 ("in March last year", (day(2025, 3, 1), day(2025, 3, 31))),
                 ("March of this year", (day(2026, 3, 1), day(2026, 3, 31))),
                 ("last March", (day(2026, 3, 1), day(2026, 3, 31))),  # the latest before now
                 ("last December", (day(2025, 12, 1), day(2025, 12, 31))),
                 ("去年3月5日", (day(2025, 3, 5), day(2025, 3, 5))),
                 ("what changed since March?", (day(2026, 3, 1), day(2026, 11, 29))),
                 ("since March 2025", (day(2025, 3, 1), day(2026, 11, 29))),
                 ("3月以来改了什么", (day(2026, 3, 1), day(2026, 11, 29))),
                 ("自2025年3月至今", (day(2025, 3, 1), day(2026, 11, 29)))]
        for text, expected in cases:
            floating = {}
            periods, rest = M.extract_periods(text, NOW, floating)
            self.assertEqual(periods, [expected], text)
            named_year = re.search(r"\d{4}|年|last|this|since|以来|至今", text)
            self.assertEqual(list(floating.values()), [] if named_year else ["month"], text)
            self.assertFalse(re.search(r"(?i)july|august|may\b|feb|march|december|月|年", rest),
                             (text, rest))
        for text in ("3个月", "一个月", "每月", "半个月", "it may fail", "the may flag", "in may", "第一月",
                     "last may", "until July",
                     "November's figures", "24 小时 uptime", "version 2.13"):
            self.assertEqual(M.extract_periods(text, NOW)[0], [], text)
        for text, days in (("十五天前", 15), ("二十天前", 20), ("二十五天前", 25), ("三天前", 3)):
            first = day(2026, 11, 29) - datetime.timedelta(days=days)
            self.assertEqual(M.extract_periods(text, NOW)[0], [(first, first)], text)
        for text in ("100个月前", "1000天前", "version 2024.1.2", "v2024.1.2.3", "December 9999",
                     "9999年12月"):  # too far, a version, not after now: no period, no error
            self.assertEqual(M.extract_periods(text, NOW)[0], [], text)
        for text, month in (("3个月前做了什么", 8), ("两个月以前的方案", 9), ("2 months ago", 9),
                            ("1 month ago we decided", 10), ("十个月前", 1)):  # the whole month, n months back
            first = day(2026, month, 1)
            self.assertEqual(M.extract_periods(text, NOW)[0],
                             [(first, M._month_start(first, 1) - datetime.timedelta(days=1))], text)
        self.assertEqual(M.extract_periods("十二个月前", NOW)[0], [(day(2025, 11, 1), day(2025, 11, 30))])
        many = " ".join("Mar %d" % day for day in range(1, 29)) + " 十月 in July 2024年5月"
        periods, rest = M.extract_periods(many, NOW)
        self.assertEqual(len(periods), M.MAX_PERIODS)  # each costs look-ups: a few are searched
        self.assertFalse(re.search(r"Mar|月|July|\d", rest), rest)  # all leave the terms
        floating = {}
        M.extract_periods("what did we decide on May 2nd", NOW, floating)
        self.assertEqual(floating, {(day(2026, 5, 2), day(2026, 5, 2)): "day"})

    def test_spans_leap_days_weeks_and_capitals_in_queries(self):
        day = datetime.date
        cases = [("between March and May", [(day(2026, 3, 1), day(2026, 5, 31))]),
                 ("what shipped from March to May 2025?", [(day(2025, 3, 1), day(2025, 5, 31))]),
                 # without a year: the latest span that has begun (in progress: to today)
                 ("from November to February", [(day(2026, 11, 1), day(2026, 11, 29))]),
                 ("between November and December", [(day(2026, 11, 1), day(2026, 11, 29))]),
                 ("from September to February", [(day(2026, 9, 1), day(2026, 11, 29))]),
                 ("from March to January", []),  # backwards (ten months round New Year)
                 ("from March 2025 to May 2025", [(day(2025, 3, 1), day(2025, 5, 31))]),
                 ("between March 2025 and May 2025", [(day(2025, 3, 1), day(2025, 5, 31))]),
                 ("2025年3月到2025年5月", [(day(2025, 3, 1), day(2025, 5, 31))]),
                 ("2024年11月至2025年2月", [(day(2024, 11, 1), day(2025, 2, 28))]),
                 ("3月到5月发布了什么", [(day(2026, 3, 1), day(2026, 5, 31))]),
                 ("三月至五月", [(day(2026, 3, 1), day(2026, 5, 31))]),
                 ("2024年11月到2月", [(day(2024, 11, 1), day(2025, 2, 28))]),
                 ("10月24日到11月2日做了什么", [(day(2026, 10, 24), day(2026, 11, 2))]),
                 ("from May 2 to May 9", [(day(2026, 5, 2), day(2026, 5, 9))]),
                 ("between Nov 24 and Dec 2", [(day(2026, 11, 24), day(2026, 11, 29))]),
                 ("from Feb 29 to Mar 1", [(day(2024, 2, 29), day(2024, 3, 1))]),
                 ("May 2-9", [(day(2026, 5, 2), day(2026, 5, 9))]),
                 ("from May 2 to 9", [(day(2026, 5, 2), day(2026, 5, 9))]),
                 ("May 2-9, 2025", [(day(2025, 5, 2), day(2025, 5, 9))]),
                 ("5月2日到9日", [(day(2026, 5, 2), day(2026, 5, 9))]),
                 ("5月2号至9号", [(day(2026, 5, 2), day(2026, 5, 9))]),
                 ("12月28日到1月3日", [(day(2025, 12, 28), day(2026, 1, 3))]),
                 ("2024-01-01 to 2025-06-01", [(day(2024, 1, 1), day(2025, 6, 1))]),
                 # two days joined by "and" are two days; a span written backwards stays two days
                 ("2026-05-02 and 2026-05-09", [(day(2026, 5, 2), day(2026, 5, 2)),
                                                (day(2026, 5, 9), day(2026, 5, 9))]),
                 ("Nov 24 to Nov 2", [(day(2026, 11, 24), day(2026, 11, 24)),
                                      (day(2026, 11, 2), day(2026, 11, 2))]),
                 ("between Dec 2 and Nov 24", [(day(2025, 12, 2), day(2025, 12, 2)),
                                               (day(2026, 11, 24), day(2026, 11, 24))]),
                 # 29 February without a year: the latest leap year's
                 ("what shipped on Feb 29", [(day(2024, 2, 29), day(2024, 2, 29))]),
                 ("2月29日发布", [(day(2024, 2, 29), day(2024, 2, 29))]),
                 ("两周前发布的", [(day(2026, 11, 12), day(2026, 11, 18))]),
                 ("三周前", [(day(2026, 11, 5), day(2026, 11, 11))]),
                 ("3个星期前", [(day(2026, 11, 5), day(2026, 11, 11))]),
                 ("2 weeks ago", [(day(2026, 11, 12), day(2026, 11, 18))]),
                 # a prompt typed in capitals: "IN MAY" is the month
                 ("WHAT DID WE SHIP IN MAY", [(day(2026, 5, 1), day(2026, 5, 31))]),
                 ("SINCE MAY", [(day(2026, 5, 1), day(2026, 11, 29))])]
        for text, expected in cases:
            periods, rest = M.extract_periods(text, NOW)
            self.assertEqual(periods, expected, text)
            if len(expected) == 1:
                self.assertFalse(re.search(r"\d|月|(?i:may|march|between|from|to)\b", rest),
                                 (text, rest))
        for text in ("you may go from here to there", "version 1-2", "Feb 30",
                     "pages 3-5", "between December and November"):
            self.assertEqual(M.extract_periods(text, NOW)[0], [], text)
        # a mark the reading of days uses inside the text cannot be typed in
        self.assertEqual(M.extract_periods("\x015\x02 and \x010\x02", NOW)[0], [])
        # no date pattern starts a match on a space: one that can tries every space of a long
        # run again and again (a query of 20,000 spaces took 24 s)
        patterns = (list(M._DATE_RES) + list(M._MONTH_RES) + list(M._MONTH_SPAN_RES)
                    + list(M._DAY_RANGE_RES) + [p for p, _, _ in M._RELATIVE_RES])
        for form in ("3月以来", "3月到5月", "5月2日到9日", "2025年3月", "May 2-9", "3 days ago",
                     "两周前", "between March and May", "11月24日"):
            text = "   \u3000 " + form
            for pattern in patterns:
                found = pattern.search(text)
                if found:
                    self.assertFalse(text[found.start()].isspace(), (form, pattern.pattern))

    def test_the_quick_guards_never_hide_a_date(self):
        # extract_periods tries a pattern only when the query holds one of its guard words; every
        # documented form, in any case, must still be found, and give what every pattern finds
        forms = ["today", "tonight", "this morning", "yesterday", "last night", "the day before yesterday",
                 "3 days ago", "2 weeks ago", "last week", "this week", "last month", "this month", "last year",
                 "this year", "last Tuesday", "on friday", "this Sun", "今天", "今早", "昨天", "昨晚", "前天",
                 "大前天", "3天前", "三天前", "上周", "上个星期", "这周二", "本礼拜五", "上周二", "周三", "上个月",
                 "上月", "这个月", "本月", "去年", "今年", "上上周", "上上个月", "前年", "11月24日", "11月24号", "2026-11-24", "2026/11/24",
                 "Nov 24", "24 November", "May 2nd", "2025年3月", "10月份", "十一月", "July 2023",
                 "in July", "during August", "3个月前", "三个月前", "2 months ago", "去年3月",
                 "last March", "March last year", "两周前", "3个星期前", "between March and May",
                 "from March to May 2025", "3月到5月", "10月24日到11月2日", "IN MAY"]
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
                for pattern in M._MONTH_RES + M._MONTH_SPAN_RES:
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
    if spec.get("type") is M.positive_int:
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


class ParserTests(unittest.TestCase):
    """Each command line is read by one argparse parser, built for the named command only."""

    @slow
    def test_the_one_command_parser_reads_like_the_whole_parser(self):
        compared = 0
        for name, (_, _, _, options) in M.COMMANDS.items():
            for argv, _ordinary in _command_lines(name, options):
                results = []
                for only in (M.command_in(argv), None):
                    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                        try:
                            parsed, extra = M.build_parser(only=only).parse_known_args(argv)
                            results.append(None if extra else vars(parsed))
                        except SystemExit as exc:
                            results.append(("exit", exc.code))
                self.assertEqual(results[0], results[1], argv)
                compared += results[0] is not None and not isinstance(results[0], tuple)
        self.assertGreater(compared, 4 * len(M.COMMANDS))


class SearchHelperTests(unittest.TestCase):
    def test_a_prompt_without_capitals_names_nobody(self):
        query = M.Query("did alice say hello to bob?", NOW)
        self.assertEqual(M.Searcher._names("did alice say hello to bob?", query), set())
        query = M.Query("did we tell Alice about it?", NOW)
        self.assertEqual(M.Searcher._names("did we tell Alice about it?", query), {"alice"})


class LazyImportTests(CLITestCase):
    def test_a_plain_search_imports_no_network_code(self):
        self.add_l1("Deployed the database migration on Friday", key_points="migration,数据库迁移")
        script = ("import sys, io, contextlib\n"
                  "import memory_tiered\n"
                  "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
                  "    code = memory_tiered.main(['search-all', sys.argv[1], '--db', sys.argv[2], '--no-touch'])\n"
                  "assert code == 0 and ' 1. L' in out.getvalue(), out.getvalue()\n"
                  "print(' '.join(sorted(m for m in ('ctypes', 'urllib.request', 'http.server', 'hmac', 'ssl') "
                  "if m in sys.modules)))\n")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.tmp, "PYTHONPATH": ROOT}
        for query in ("database migration", "数据库 迁移"):
            run = subprocess.run([sys.executable, "-S", "-c", script, query, self.db], capture_output=True,
                                 text=True, env=env, timeout=60)
            self.assertEqual((run.returncode, run.stdout.strip()), (0, ""), run.stderr)
