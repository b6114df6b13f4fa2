"""The days and periods a query names, in English and Chinese.

Uses: base, scrubbing.
"""

import contextlib
import datetime

from .base import LazyRe, local_zone, MAX_PERIODS
from .scrubbing import contains_any


MONTH_NAMES = {
    m: i + 1 for i, names in enumerate((
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"), ("december", "dec")
    )) for m in names
}
_MONTH_NAMES = "|".join(sorted(MONTH_NAMES, key=len, reverse=True))
_DATE_RES = (  # the date expressions a query may name
    # 2026-05-02, 2026/5/2
    LazyRe(r"(?<![\d.])(?P<y>\d{4})([-/])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?![\d.])"),
    # 2026年5月2日, 5月2日, 4月27号, 去年3月5日
    LazyRe(r"(?:(?P<y>\d{4})\s*年\s*|(?P<ry>今年|去年|前年)\s*)?(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*"
            r"[日号號]"),
    # May 2, May 2nd, May 2 2026, May 2, 2026
    LazyRe(
        r"(?i)\b(?P<mn>%s)\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>\d{4})\b)?"
        % _MONTH_NAMES),
    # 2 May, 2nd May 2026
    LazyRe(
        r"(?i)\b(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mn>%s)\b(?:,?\s+(?P<y>\d{4})\b)?"
        % _MONTH_NAMES),
)

# Whole months, read after the days: "July 2023", 2023年7月, 去年3月, 7月份, "March last year", "last
# March", and a month named after "in" or "during" without a year ("in July"; May only
# capitalised: "in may" is a verb; "IN MAY" in a prompt typed in capitals is the month)
_FULL_MONTHS = "january|february|march|april|june|july|august|september|october|november|december"
_ZH_YEAR = r"(?:(?P<y>\d{4})\s*年\s*|(?P<ry>今年|去年|前年)\s*的?\s*)?"
_MONTH_RES = (
    # since a month, to today: "since March", "since March 2025", 3月以来, 自2025年3月至今
    LazyRe(r"\b(?P<since>(?i:since))\s+(?P<mn>(?i:%s)|May|MAY)\b(?:,?\s+(?P<y>\d{4})\b)?"
            % _FULL_MONTHS),
    LazyRe(r"(?:(?:自|从)\s*)?(?:(?P<y>\d{4})\s*年\s*|(?P<ry>今年|去年|前年)\s*)?(?<!\d)(?P<m>\d{1,2})"
            r"\s*月份?\s*(?P<since>以来|至今|到现在|起到现在)"),
    LazyRe(r"(?i)\b(?P<mn>%s)\.?,?\s+(?:of\s+)?(?P<y>\d{4})\b" % _MONTH_NAMES),
    LazyRe(r"\b(?P<mn>(?i:%s)|May|MAY),?\s+(?i:of\s+)?(?P<ry>(?i:this|last)\s+(?i:year))\b"
            % _FULL_MONTHS),
    LazyRe(r"\b(?P<rw>(?i:this|last))\s+(?P<mn>(?i:%s)|May|MAY)\b" % _FULL_MONTHS),
    LazyRe(_ZH_YEAR + r"(?<!\d)(?P<m>\d{1,2})\s*月份?"),
    LazyRe(_ZH_YEAR + r"(?<![一二三四五六七八九十两几个上下本这每第])"
            r"(?P<zm>十[一二]?|[一二三四五六七八九])月份?(?![一二三四五六七八九十\d])"),
    LazyRe(r"\b(?i:in|during|early|late|mid)[\s-]+(?:(?i:the\s+month\s+of)\s+)?"
            r"(?P<mn>(?i:%s)|May|MAY)\b" % _FULL_MONTHS),
)
# A span of months: "between March and May", "from March 2025 to May 2025", 3月到5月,
# 2024年11月至2025年2月 (a year may follow each English month and precede each Chinese one)
_SPAN_MONTH = r"(?P<%s>(?i:" + _MONTH_NAMES + r"))\b(?:,?\s+(?P<y%s>\d{4})\b)?"
_SPAN_ZH_MONTH = (r"(?:(?P<y%s>\d{4})\s*年\s*)?(?<!\d)(?P<%s>\d{1,2}|十[一二]?|[一二三四五六七八九])"
                  r"\s*月份?")
_MONTH_SPAN_RES = (
    LazyRe(r"\b(?i:between)\s+%s\s+(?i:and)\s+%s"
            % (_SPAN_MONTH % ("a", "a"), _SPAN_MONTH % ("b", "b"))),
    LazyRe(r"\b(?i:from)\s+%s\s+(?i:to|until|till|through|thru)\s+%s"
            % (_SPAN_MONTH % ("a", "a"), _SPAN_MONTH % ("b", "b"))),
    LazyRe(r"(?:(?:从|自)\s*)?(?:(?P<ry>今年|去年|前年)\s*的?\s*)?%s\s*(?:到|至|~|～|-|—|－)\s*%s"
            % (_SPAN_ZH_MONTH % ("a", "a"), _SPAN_ZH_MONTH % ("b", "b"))),
)
# A span of days in one month: "May 2-9", "from May 2 to 9", 5月2日到9日, 2025年5月2号至9号
_DAY_RANGE_RES = (
    LazyRe(r"(?i)(?:\bfrom\s+)?\b(?P<mn>%s)\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\s*"
            r"(?:-|–|—|to\b|through\b|thru\b|until\b|till\b)\s*(?P<d2>\d{1,2})(?:st|nd|rd|th)?\b"
            r"(?![-/.:]?\d)"
            r"(?:,?\s+(?P<y>\d{4})\b)?" % _MONTH_NAMES),
    LazyRe(r"(?:(?P<y>\d{4})\s*年\s*)?(?<!\d)(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号號]?\s*"
            r"(?:到|至|-|~|～|—|－)\s*(?P<d2>\d{1,2})\s*[日号號]"),
)
# a span written without years may cross New Year ("from November to February", 12月28日到1月3日),
# up to half a year; a longer one is a span written backwards ("between Dec 2 and Nov 24")
SPAN_WRAP_DAYS = 183
_SPAN_WORDS = ("between", "from", "到", "至", "~", "～", "-", "—", "－", "–", "to", "through", "thru",
               "until", "till")
_ZH_MONTHS = {"十一": 11, "十二": 12, "十": 10, **{c: i + 1 for i, c in enumerate("一二三四五六七八九")}}
# a year named relative to now, before a month or day: how many years back
_YEARS_BACK = {"今年": 0, "去年": 1, "前年": 2, "this year": 0, "last year": 1}


WEEKDAY_NAMES = {"monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
             "thursday": 3, "thu": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
             "sunday": 6, "sun": 6}
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_ZH_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
               "十": 10}


_WEEKDAY_NAMES = "|".join(sorted(WEEKDAY_NAMES, key=len, reverse=True))
_WEEKDAY_GUARD = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ZH_WEEK_GUARD = ("周", "星期", "礼拜")
# Relative dates, English and Chinese: (pattern, kind, guard).  A pattern is tried only when the
# query (case-folded) holds one of its guard's words, or a digit where the guard is None: most
# queries name no date, and compiling some thirty patterns would cost more than the search.
_RELATIVE_RES = (
    (LazyRe(r"(?i)\b(?:the\s+)?day\s+before\s+yesterday\b"), "days:2", ("yesterday",)),
    (LazyRe(r"(?i)\btoday\b|\btonight\b|\bthis\s+morning\b"), "days:0",
     ("today", "tonight", "morning")),
    (LazyRe(r"(?i)\byesterday\b|\blast\s+night\b"), "days:1", ("yesterday", "night")),
    (LazyRe(r"(?i)\b(?P<n>\d{1,3})\s+days?\s+ago\b"), "ago", None),
    (LazyRe(r"(?i)\b(?P<n>\d{1,2})\s+weeks?\s+ago\b"), "weeks-ago", None),
    (LazyRe(r"(?i)\b(?P<n>\d{1,2})\s+months?\s+ago\b"), "months-ago", None),
    (LazyRe(r"(?i)\blast\s+week\b"), "week:-1", ("week",)),
    (LazyRe(r"(?i)\bthis\s+week\b"), "week:0", ("week",)),
    (LazyRe(r"(?i)\blast\s+month\b"), "month:-1", ("month",)),
    (LazyRe(r"(?i)\bthis\s+month\b"), "month:0", ("month",)),
    (LazyRe(r"(?i)\blast\s+year\b"), "year:-1", ("year",)),
    (LazyRe(r"(?i)\bthis\s+year\b"), "year:0", ("year",)),
    (LazyRe(r"(?i)\blast\s+(?P<wd>%s)\b" % _WEEKDAY_NAMES), "last-weekday", _WEEKDAY_GUARD),
    (LazyRe(r"(?i)\b(?:this|on)\s+(?P<wd>%s)\b" % _WEEKDAY_NAMES), "this-weekday", _WEEKDAY_GUARD),
    (LazyRe(r"大前天"), "days:3", ("前天",)),
    (LazyRe(r"前天"), "days:2", ("前天",)),
    (LazyRe(r"昨天|昨日|昨晚"), "days:1", ("昨",)),
    (LazyRe(r"今天|今日|今晚|今早"), "days:0", ("今",)),
    (LazyRe(r"(?<![\d一两二三四五六七八九十])(?P<n>\d{1,3}|[一两二三四五六七八九十]{1,3})\s*天前"), "ago",
     ("天前",)),
    (LazyRe(r"(?<![\d一两二三四五六七八九十])(?P<n>\d{1,2}|[一两二三四五六七八九十]{1,3})\s*个月(?:以)?前"),
     "months-ago", ("月",)),
    (LazyRe(r"(?<![\d一两二三四五六七八九十])(?P<n>\d{1,2}|[一两二三四五六七八九十]{1,3})\s*个?(?:周|星期|礼拜)"
             r"(?:以)?前"), "weeks-ago", ("前",)),
    (LazyRe(r"上上个?(?:周|星期|礼拜)"), "week:-2", _ZH_WEEK_GUARD),  # before 上周 finds it
    (LazyRe(r"上上个?月"), "month:-2", ("月",)),
    (LazyRe(r"前年"), "year:-2", ("前年",)),
    (LazyRe(r"(?:上|上个)(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"), "prev-week-weekday", _ZH_WEEK_GUARD),
    (LazyRe(r"(?:这|本|这个)(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"), "this-week-weekday", _ZH_WEEK_GUARD),
    (LazyRe(r"(?:上|上个)(?:周|星期|礼拜)"), "week:-1", _ZH_WEEK_GUARD),
    (LazyRe(r"(?:这|本|这个)(?:周|星期|礼拜)"), "week:0", _ZH_WEEK_GUARD),
    (LazyRe(r"上个?月"), "month:-1", ("月",)),
    (LazyRe(r"(?:这个|本)月"), "month:0", ("月",)),
    (LazyRe(r"去年"), "year:-1", ("去年",)),
    (LazyRe(r"今年"), "year:0", ("今年",)),
    (LazyRe(r"(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"), "this-weekday-zh", _ZH_WEEK_GUARD),
)


def _zh_number(text):
    """A Chinese number from 1 to 99 (三, 十二, 二十, 二十五); KeyError for anything else."""
    if "十" not in text:
        if len(text) != 1:
            raise KeyError(text)
        return _ZH_NUMBERS[text]
    tens, _, ones = text.partition("十")
    if "十" in ones or len(tens) > 1 or len(ones) > 1:
        raise KeyError(text)
    return (_ZH_NUMBERS[tens] if tens else 1) * 10 + (_ZH_NUMBERS[ones] if ones else 0)


def _month_start(day, offset):
    month = day.month - 1 + offset
    return datetime.date(day.year + month // 12, month % 12 + 1, 1)


def month_end(day):
    """The last day of ``day``'s month (December 9999 included)."""
    if (day.year, day.month) == (9999, 12):
        return datetime.date.max
    return _month_start(day, 1) - datetime.timedelta(days=1)


def _relative_period(kind, m, today):
    gd = m.groupdict()
    if kind.startswith("days:"):
        day = today - datetime.timedelta(days=int(kind[5:]))
        return day, day
    if kind in ("ago", "weeks-ago"):
        raw = gd["n"]
        n = int(raw) if raw.isdigit() else _zh_number(raw)
        day = today - datetime.timedelta(days=n * (7 if kind == "weeks-ago" else 1))
        return (day,
                day) if kind == "ago" else (day - datetime.timedelta(days=3),
                                            day + datetime.timedelta(days=3))
    if kind == "months-ago":  # the whole month, n months back
        raw = gd["n"]
        kind = "month:-%d" % (int(raw) if raw.isdigit() else _zh_number(raw))
    monday = today - datetime.timedelta(days=today.weekday())
    if kind.startswith("week:"):
        start = monday + datetime.timedelta(weeks=int(kind[5:]))
        return start, min(today, start + datetime.timedelta(days=6))
    if kind.startswith("month:"):
        start = _month_start(today, int(kind[6:]))
        return start, min(today, month_end(start))
    if kind.startswith("year:"):
        year = today.year + int(kind[5:])
        return datetime.date(year, 1, 1), min(today, datetime.date(year, 12, 31))
    wd = WEEKDAY_NAMES.get((gd.get("wd") or "").lower(), _ZH_WEEKDAYS.get(gd.get("wd")))
    if kind == "last-weekday":  # the most recent such day before today
        back = (today.weekday() - wd) % 7 or 7
        day = today - datetime.timedelta(days=back)
    elif kind == "prev-week-weekday":
        day = monday - datetime.timedelta(weeks=1) + datetime.timedelta(days=wd)
    elif kind == "this-week-weekday":
        day = monday + datetime.timedelta(days=wd)
    else:  # "on Tuesday", 周二: the most recent such day, today included
        day = today - datetime.timedelta(days=(today.weekday() - wd) % 7)
    return day, day


def _month_period(m, today, periods, floating):
    """A month a _MONTH_RES pattern matched, added to ``periods`` (without a year, its latest
    occurrence not after ``today``, also added to ``floating``); the text that replaces it."""
    gd = m.groupdict()
    month = (MONTH_NAMES[gd["mn"].lower()] if gd.get("mn") else _ZH_MONTHS[gd["zm"]] if gd.get("zm")
             else int(gd["m"]))
    if not 1 <= month <= 12:
        return m.group(0)
    if gd.get("ry"):  # 去年3月, March last year
        year = today.year - _YEARS_BACK[" ".join(gd["ry"].lower().split())]
    elif gd.get("rw"):  # this March; last March: the latest before this month
        year = today.year - (gd["rw"].lower() == "last" and month >= today.month)
    else:  # no year: the latest not after today
        year = int(gd["y"]) if gd.get("y") else today.year - (month > today.month)
    try:
        first = datetime.date(year, month, 1)
    except ValueError:
        return m.group(0)
    end = month_end(first)
    period = (first, today if gd.get("since") else min(today, end))
    if first <= today and period not in periods:
        periods.append(period)
        if not (gd.get("y") or gd.get("ry") or gd.get("rw") or gd.get("since")):
            floating[period] = "month"
    return " "


def _span_month(name):
    """A month of a span as its number (March, Mar, 3, 三, 十一); KeyError for anything else."""
    if name.isdigit():
        return int(name)
    return MONTH_NAMES[name.lower()] if name.isascii() else _ZH_MONTHS[name]


def _latest_day(month, day, today, later=False):
    """The latest date with this month and day not after ``today`` (29 February: the latest
    leap year's), or with ``later`` the first not before it; None when none is within nine
    years."""
    step = 1 if later else -1
    for year in range(today.year, min(max(today.year + 9 * step, 0), 10000), step):
        with contextlib.suppress(ValueError):
            found = datetime.date(year, month, day)
            if (found >= today) if later else (found <= today):
                return found
    return None


def _month_span(m, today, periods):
    """A span of months a _MONTH_SPAN_RES pattern matched, from the first day of its first month
    to the last of its last (not after ``today``), added to ``periods``; the text replacing it.
    A month's year is the one written with it; a span without any starts at its first month's
    latest occurrence not after today (asked in November, "between November and December" is
    this November on), and one written with a single year takes the other month's from it. A
    first month after the last crosses New Year ("from November to February"), up to half a year;
    a span that runs backwards is not read as one."""
    gd = m.groupdict()
    try:
        first, last = _span_month(gd["a"]), _span_month(gd["b"])
    except KeyError:
        return m.group(0)
    if not (1 <= first <= 12 and 1 <= last <= 12):
        return m.group(0)
    wrap = first > last
    start = (int(gd["ya"]) if gd.get("ya")
             else today.year - _YEARS_BACK[gd["ry"]] if gd.get("ry") else None)
    end = int(gd["yb"]) if gd.get("yb") else None
    if start is None and end is None:
        start = today.year - (first > today.month)
    if end is None:
        end = start + wrap
    elif start is None:
        start = end - wrap
    months = (end - start) * 12 + last - first
    if months < 0 or (wrap and not (gd.get("ya") or gd.get("yb")) and months > 5):
        return m.group(0)  # backwards
    try:
        begin = datetime.date(start, first, 1)
        period = (begin, min(today, month_end(datetime.date(end, last, 1))))
    except ValueError:
        return m.group(0)
    if begin <= today and period not in periods:
        periods.append(period)
    return " "


def _day_range(m, today, periods):
    """A span of days in one month a _DAY_RANGE_RES pattern matched ("May 2-9", 5月2日到9日),
    added to ``periods`` (without a year, the latest such span starting not after ``today``);
    the text replacing it, or the match itself when it is no span (backwards, no such day)."""
    gd = m.groupdict()
    month = MONTH_NAMES[gd["mn"].lower()] if gd.get("mn") else int(gd["m"])
    first_day, last_day = int(gd["d"]), int(gd["d2"])
    try:
        if gd.get("y"):
            first = datetime.date(int(gd["y"]), month, first_day)
        else:
            first = _latest_day(month, first_day, today)
        last = datetime.date(first.year, month, last_day) if first else None
    except ValueError:
        return m.group(0)
    if first is None or last < first or first > today:
        return m.group(0)
    period = (first, min(today, last))
    if period not in periods:
        periods.append(period)
    return " "


_DAY_MARK = "\x01\x02"  # a day read from a query, in its text until spans are read: \x01N\x02
_DAY_SPAN_RE = LazyRe(
    r"(?i)\bbetween\s+\x01(\d+)\x02\s*and\s+\x01(\d+)\x02|(?:\bfrom\s+)?\x01(\d+)\x02\s*"
    r"(?:到|至|~|～|-|—|－|\bto\b|\buntil\b|\btill\b|\bthrough\b)\s*\x01(\d+)\x02")
_DAY_MARK_RE = LazyRe(r"\x01\d+\x02")


def _day_period(m, today, periods, floating):
    """A day a _DATE_RES pattern matched, added to ``periods`` (without a year, its latest
    occurrence not after ``today``, also added to ``floating``); the text that replaces it: a
    mark naming the period (see _day_spans), or the match itself when no calendar has it."""
    gd = m.groupdict()
    month = MONTH_NAMES[gd["mn"].lower()] if gd.get("mn") else int(gd["m"])
    day = int(gd["d"])
    named = gd.get("y") or gd.get("ry")
    try:
        if named:
            year = int(gd["y"]) if gd.get("y") else today.year - _YEARS_BACK[gd["ry"]]
            found = datetime.date(year, month, day)
        else:
            found = _latest_day(month, day, today)
    except ValueError:
        return m.group(0)
    if found is None:
        return m.group(0)
    if (found, found) not in periods:
        periods.append((found, found))
        if not named:
            floating[(found, found)] = "day"
    return "%s%d%s" % (_DAY_MARK[0], periods.index((found, found)), _DAY_MARK[1])


def _day_spans(text, periods, floating, today):
    """Two days written as a span ("10月24日到11月2日", "from May 2 to May 9", "between Nov 24 and
    Dec 2") become one period from the first to the last (not after today); the text without
    the day marks. A first day without a year is its latest not after today, a last day without
    one the first on or after the first day (asked on 29 November, "between Nov 24 and Dec 2"
    runs from this 24 November); without years a span crosses New Year (12月28日到1月3日) up
    to SPAN_WRAP_DAYS, and a span written backwards ("Nov 24 to Nov 2") stays two days."""
    spans = []

    def repl(m):
        a, b = (periods[int(n)] for n in m.groups() if n is not None)
        first, last = a[0], b[1]
        if floating.get(b) == "day":
            last = _latest_day(last.month, last.day, first, later=True)
            if last is None or (floating.get(a) == "day"
                                and (last - first).days > SPAN_WRAP_DAYS):
                return m.group(0)  # backwards
        elif floating.get(a) == "day":
            first = _latest_day(first.month, first.day, last) or first
        if first > last:
            return m.group(0)
        last = max(first, min(last, today))
        spans.append((a, b, (first, last)))
        return " "
    text = _DAY_SPAN_RE.sub(repl, text)
    for a, b, span in spans:
        for day in (a, b):
            if day in periods:
                periods.remove(day)
                floating.pop(day, None)
        if span not in periods:
            periods.append(span)
    return _DAY_MARK_RE.sub(" ", text)


def extract_periods(text, now, floating=None):
    """The periods a query names, as (first day, last day) pairs, and the text without them.

    Absolute dates (2026-11-24, 2026/11/24, 11月24日, 11月24号, Nov 24, 24 November, May 2nd),
    months (July 2023, 2023年7月, 7月份, 十一月, in July) and relative ones resolved against ``now`` (今天, 昨天, 前天, 3天前, 这周二, 上周二, 上周,
    上个月, 去年, today, yesterday, 3 days ago, last Tuesday, last week, last month, last year).
    A date or month without a year is its latest occurrence not after ``now``; such periods are
    also kept in the dict ``floating`` when it is given, as "day" or "month" (see
    Searcher._anchor_periods).
    """
    periods, floating = [], {} if floating is None else floating
    today = now.astimezone(local_zone()).date()  # (the person's day, not UTC's)
    text = text.replace(_DAY_MARK[0], " ").replace(_DAY_MARK[1], " ")
    folded = text.casefold()
    digits = any(ch.isdigit() for ch in text)
    for pattern in _DAY_RANGE_RES if digits and contains_any(folded, _SPAN_WORDS) else ():
        text = pattern.sub(lambda m: _day_range(m, today, periods), text)
    for pattern in _DATE_RES if digits else ():  # every absolute form has a digit
        text = pattern.sub(lambda m: _day_period(m, today, periods, floating), text)
    text = _day_spans(text, periods, floating, today) if _DAY_MARK[0] in text else text
    if digits or "月" in text or any(n in folded for n in _FULL_MONTHS.split("|") + ["may"]):
        for pattern in _MONTH_SPAN_RES if contains_any(folded, _SPAN_WORDS) else ():
            text = pattern.sub(lambda m: _month_span(m, today, periods), text)
        for pattern in _MONTH_RES:
            text = pattern.sub(lambda m: _month_period(m, today, periods, floating), text)
    for pattern, kind, guard in _RELATIVE_RES:
        if not (digits if guard is None else any(word in folded for word in guard)):
            continue

        def repl(m, kind=kind):
            try:
                period = _relative_period(kind, m, today)
            except (ValueError, OverflowError, KeyError):
                return m.group(0)
            if period not in periods:
                periods.append(period)
            return " "
        text = pattern.sub(repl, text)
    return periods[:MAX_PERIODS], text
