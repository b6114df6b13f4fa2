"""Constants, limits and tunables, the error classes, patterns compiled on first use, and the
clock.

Uses: the standard library only.
"""

import collections
import datetime
import os


DEFAULT_DB_PATH = os.path.join("~", ".hermes", "state", "state.db")
BUSY_TIMEOUT_MS = 10000
HOOK_BUSY_MS = 1500  # the prompt hook waits this long for another writer, then only reads
# keep retrying BEGIN IMMEDIATE this long when another writer holds the lock
WRITE_RETRY_SECONDS = 30
NEAR_DUPLICATE = 0.75  # word and bigram overlap (Jaccard) that makes two records near-duplicates
RELATED_MIN = 0.2  # overlap that makes two records related (linked in the vault)
RELATED_MAX = 3  # related records a note links
RELATED_BACKFILL = 200  # records without related links a sync fills in (older or imported ones)
CONTRADICTION_OVERLAP = 0.4  # L2s of one category overlapping this much may contradict each other

O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Level(collections.namedtuple("Level",
                                   "name number table text weight source promoted fts units "
                                   "watched")):
    """Everything that differs between the levels, in one place: the table and its text column,
    the number in index references (id * 4 + number), the ranking weight, the level a record is
    distilled from (``source``) and promoted to (``promoted``), and the full-text row, sentence
    units and watched columns of the index triggers ({p} = new/old).  Its fields are
    ``LEVEL_FIELDS``."""


LEVEL = {level.name: level for level in (
    Level("l1", 1, "memory_l1", "summary", 1.0, None, "l2",
          "mt_index_text({p}.summary), mt_index_text({p}.key_points), "
          "mt_index_text(coalesce({p}.tags, ''))",
          "mt_units({p}.summary, {p}.key_points)",
          "summary, key_points, tags, project, created_at, archived_at, superseded_by"),
    Level("l2", 2, "memory_l2", "knowledge", 1.1, "l1", "l3",
          "mt_index_text({p}.knowledge), '', mt_index_text({p}.category || ' ' || "
          "coalesce({p}.tags, ''))",
          "mt_units({p}.knowledge, NULL)",
          "knowledge, category, tags, project, created_at, archived_at, superseded_by"),
    Level("l3", 3, "memory_l3", "insight", 1.2, "l2", None,
          "mt_index_text({p}.insight), '', mt_index_text(coalesce({p}.category, '') || ' ' || "
          "coalesce({p}.tags, ''))",
          "mt_units({p}.insight, NULL)",
          "insight, category, tags, project, created_at, archived_at, superseded_by"),
)}
LEVELS = tuple(LEVEL)
# What a write found, returned to its caller: the record's id, whether it was new (an equal L1
# of the same session is not stored twice), near-duplicates of it, and the secrets redacted.
Written = collections.namedtuple("Written", "id created near_duplicates redacted")
# fields that changed, secrets redacted
Edited = collections.namedtuple("Edited", "changed redacted")
LEVEL_NUM = {name: level.number for name, level in LEVEL.items()}
LEVEL_TABLE = {name: level.table for name, level in LEVEL.items()}
LEVEL_TEXT = {name: level.text for name, level in LEVEL.items()}

# Tunables stored in the ``config`` table: name -> (default, kind, help).
TUNABLES = {
    "decay_factor": (0.99, "fraction", "strength multiplier per hour unaccessed"),
    "access_boost": (0.1, "fraction", "strength added per retrieval (max 1.0)"),
    "cleanup_threshold": (0.05, "fraction", "strength below which a record is a cleanup candidate"),
    "spacing_gain": (2.0, "factor",
                     "a recall on a new day multiplies the record's stability by this (1: off)"),
    "spacing_hours": (12, "count",
                      "hours since the previous recall that make a recall count as spaced"),
    "max_stability": (64, "count", "stability cap: at most this many hours of age per decay step"),
    "fading_days": (3, "count",
                    "cleanup and the daily report list records that fall below the threshold "
                    "within this many days"),
    "promote_importance": (0.8, "fraction", "minimum importance for L1 -> L2 promotion"),
    "promote_access": (3, "count", "minimum retrievals for L1 -> L2 promotion"),
    "cluster_min": (3, "count", "L1s sharing a key point that form an L2 candidate"),
    "l3_min": (3, "count", "L2s in one category that form an L3 candidate"),
    "auto_promote": (True, "bool", "the daily compress job applies L1 -> L2 promotions"),
    "buffer_hours": (48, "count", "hours captured session turns are kept"),
    "pending_hours": (1, "count", "hours before a session that ended without an L1 gets an "
                      "automatic one"),
    "backup_keep": (7, "count", "daily backups the compress job keeps in backups/ (0: none)"),
    "recall_log_max": (5000, "count", "entries the recall log keeps (the oldest go first)"),
    "recall_log_days": (90, "count", "days the recall log keeps an entry"),
    "vault_private": (True, "bool", "vault notes 0600 and folders 0700 (no: 0644 and 0755)"),
    "scope": ("project", "choice:project,all",
              "what the hooks and context inject: this project's memories "
              "and global ones (project), or every project's (all)"),
    "vault_shared": (False, "bool",
                     "the vault is written by several devices (a synced folder): notes are named "
                     "by uid and carry only what every device agrees on"),
    "replica_dir": ("", "path",
                    "folder kept in step with your other devices by `replicate`, the hooks and "
                    "`job replicate` (empty: off)"),
}

# Input limits (characters); documented in the README.
MAX_TEXT = 20000
MAX_SHORT = 200
MAX_ITEMS = 100
MAX_ITEM = 1000
MAX_UNITS = 256  # sentences and key points indexed one by one, per record

# Search ranking (documented in the README, printed by --explain).
FIELD_WEIGHTS = (1.0, 1.0, 0.5)  # body, key points, category and tags
UNIT_WEIGHT = 1.25  # weight of the best single sentence or key point (chosen on LoCoMo dev)
NEAR_WEIGHT = 0.5  # weight of adjacent query words found near each other
NEAR_DISTANCE = 5
# a name more than half the records hold, in a store of at least this many, is what the store is
# about: a query naming it is answered by the sentences that name it (see Searcher._unit_scores)
SUBJECT_MIN_RECORDS = 10
SUBJECT_SENTENCES = 2  # ... and that names it in this many sentences each (not a label on each)
LEVEL_WEIGHT = {name: level.weight for name, level in LEVEL.items()}
# a record created in the period a query names ranks above one that only shares words
DATE_BONUS = 1.0
DATE_AFTER = (0.6, 0.3, 0.15)  # bonus for a record created 1, 2, 3 days after that period
CANDIDATES_PER_RESULT = 5
# An L2 read from a CLAUDE.md by import-notes: Claude Code puts that file in front of the agent
# itself, so a context block does not repeat it (one copy of each rule).
IN_CLAUDE_MD = ("coalesce(pinned, 0) = 1 AND origin = 'import' AND (tags LIKE '%\"claude\"%' "
                 "OR tags LIKE '%\"claude.local\"%')")


SITTING_HOURS = 1  # retrievals of one record within this many hours of each other count as one
GATE_COVERAGE = 0.3  # share of a prompt's term information a memory must hold to be injected
GATE_NAME_TOP = 5  # with a name the store knows, this many best results containing it ...
GATE_NAME_COVERAGE = 0.1  # ... pass from this coverage
GATE_RARE = 0.75  # a term whose information is this share of the most a term can carry is rare ...
# ... and in a prompt of at most this many known content terms, one such term is enough
GATE_SHORT = 4
# a memory that shares two other names or identifiers of a prompt and this share of its term
# information need not hold every name in it ("Neovim 里 Rust 的 LSP", "403 Forbidden")
GATE_OTHER_NAMES = 0.5

# Words of a coding conversation that name no memory: what a person asks an agent to do to the
# code in front of it, question templates, conversational turns and a session card's own labels
# (Changed:, Ran:, Outcome:).  They carry no relevance in
# the injection gate (search still ranks by them).  Chinese ones are matched as words in the
# prompt's CJK runs, so their character pairs do not count either.
GATE_PLAIN_WORDS = frozenset("""
add again agent ahead alright anything bug bugs build can change changes check clean code cool
comment continue could did diff do doing done error errors explain file files fine fix fixed fixing
format function functions get give go good got great help here how job just let like line lines
look looks make me method more move name need next nice now okay please proceed put remove rename
resume review run running same see should show something sound sounds start step stop sure test
tests than thanks thank that the thing this time try typo unit update use want way well what works
worked would write wrong yes you lgtm ship cheers perfect awesome exactly carry keep going yep yeah
nope sorry hmm wait catch first second last one other either neither none unused import imports git
bash shell translate script call calls handle handling around new generate column value variable
class type types api
changed ran outcome asked session sessions command commands
long minute minutes hour hours second seconds
""".split())
# What code is written in or with: words so common in a coding session that alone they name no
# memory ("a list and a tuple in Python?", "convert this to async/await").  They still count as
# terms; they are never a name, a strong term or a rare one on their own.
GATE_TECH_WORDS = frozenset("""
python javascript typescript bash zsh sql json yaml toml html css regex async await readme
markdown
""".split())
GATE_PLAIN_ZH = ("直接", "数据", "一下", "帮我", "看看", "解释", "报错", "代码", "函数", "文件", "问题", "修复", "运行", "测试",
                 "重构", "格式化", "格式", "修改", "改成", "一遍", "继续", "谢谢", "好的", "可以", "没问题",
                 "搞定", "完美", "下一步", "下一个", "接着", "做了什么", "讨论了什么", "干了啥", "干嘛", "什么",
                 "怎么", "意思", "名字", "一段", "这段", "这个", "那个", "刚才", "撤销", "重命名", "变量",
                 "不错", "没毛病", "看起来", "能跑", "跑了", "先这样", "别停", "不用", "算了", "都行", "不要",
                 "不是", "是的", "第一个", "那个", "翻译", "命令", "错误", "检查", "类型", "注释", "注解",
                 "单元", "处理", "失败", "提示", "优化", "参数", "返回", "调用", "添加", "加上", "删除", "一点",
                 "一次", "再跑", "写个", "为什么", "有没有", "明显", "一样", "其他", "友好", "算法", "复杂度",
                 "分钟", "小时", "秒钟", "多久")
POSTINGS_BUDGET = 20000  # records a search scores at most when rarer terms suffice (see Searcher)
MIN_CANDIDATES = 50
SCAN_TERMS = 200  # terms a search without FTS5 matches at most (each is two parts of one sum)
MAX_PERIODS = 12  # dates a query is searched by at most (each is a look-up or more)
ANCHOR_YEARS = 20  # a day or month without a year is looked for this many years back at most
RESPELL_MIN = 7  # letters of a word no record holds that is read as the known word one slip away
RESPELL_WORDS = 3  # such words respelled per search at most (each costs a few milliseconds)
READ_AS_MAX = 40  # letters of the longest unknown word read as others (the cost grows as its square)
# SQLite's page cache per connection, in KiB.  A search reads a few hundred pages, most of them
# once: a small cache recycles its buffers instead of allocating (and at close freeing) one per
# page, which bench/scale.py measured faster.  A connection's first write transaction enlarges it.
READ_CACHE_KIB = 256
WRITE_CACHE_KIB = 32000
# a context block ranks the memories of the prompt's own project this much higher
PROJECT_BOOST = 1.2
DEFAULT_BUDGET = 2000  # tokens of a context block or digest unless asked otherwise
RRF_K = 60  # reciprocal rank fusion constant (Cormack et al. 2009)
SEARCH_LIMIT_MAX = 1000  # results one search returns at most
VECTOR_WEIGHT = 1.2  # fused score = lexical score / best lexical score + VECTOR_WEIGHT * cosine
IMPORT_BATCH = 1000
TRANSCRIPT_TURN_MAX = 4000
PENDING_OPEN_HOURS = 24  # hours a session captured but never ended (compacted, still going) waits
PENDING_HINT_MAX = 5  # pending sessions the session-start hook names, each with its own command
MAX_TRANSCRIPT_BYTES = 1 << 30  # a transcript larger than this is refused, not read
MAX_IMPORT_NOTES = 16 << 20  # bytes read from one memory file by import-notes
MAX_ID = 2 ** 63 - 1  # ids, counts and limits are SQLite integers
YEAR_RANGE = (1900, 9998)  # dates the tool accepts (UTC), so date arithmetic never overflows
CLUSTER_IDS = 20  # ids a promotion report lists per topic cluster (the newest)

# -- Exceptions --


class MemoryTieredError(Exception):
    """Root of every error this module raises; ``exit_code`` is for the CLI."""

    exit_code = 1


class ValidationError(MemoryTieredError):
    """Input that cannot be accepted; nothing was written.  ``field`` names the argument (as the
    core and MCP call it); the CLI shows it as its option (``limit`` -> ``--limit``)."""

    exit_code = 2

    def __init__(self, message, field=None):
        super().__init__(message)
        self.field = field


class NotFoundError(MemoryTieredError):
    """A record or file named by the user does not exist."""

    exit_code = 2


class SchemaTooNewError(MemoryTieredError):
    """The database was written by a newer version of this module."""

    exit_code = 1


class DatabaseError(MemoryTieredError):
    """The database cannot be opened or used (locked, corrupt, not ours)."""

    exit_code = 1


# -- Patterns: compiled on first use --


class LazyRe:
    """A regular expression compiled on first use, so importing the module stays fast: the one
    way the module keeps a pattern, and the only place ``re`` is imported.  The pattern may be
    given as a sequence of words, matched literally, the first listed first (the alternation is
    built on first use too).  Flags go inline (``(?i)``).

    Each method used (``sub``, ``match``, ...) is looked up once, then kept on the instance.
    With ``below``, the lowest character any match contains, a text made only of lower characters
    is answered without compiling (a class spanning tens of thousands of characters takes about a
    millisecond to compile, a tenth of a short command).
    """

    _NO_MATCH = {"search": lambda text: None, "match": lambda text: None,
                 "findall": lambda text: [],
                 "sub": lambda text: text, "finditer": lambda text: iter(()),
                 "split": lambda text: [text]}

    def __init__(self, pattern, flags=0, below=None):
        self._pattern, self._flags, self._below, self._regex = pattern, flags, below, None

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self._below is not None and name in self._NO_MATCH:
            method = self._guarded(name)
        else:
            method = getattr(self._compiled(), name)
        setattr(self, name, method)
        return method

    def _compiled(self):
        if self._regex is None:
            import re  # here: a plain search needs no pattern at all
            pattern = self._pattern
            if not isinstance(pattern, str):  # words, matched literally, the first listed first
                pattern = "|".join(map(re.escape, pattern))
            self._regex = re.compile(pattern, self._flags)
        return self._regex

    def _guarded(self, name):
        no_match, below, at = self._NO_MATCH[name], self._below, 1 if name == "sub" else 0
        method = None

        def guarded(*args):
            nonlocal method
            text = args[at]
            if not text or max(text) < below:
                return no_match(text)
            if method is None:
                method = getattr(self._compiled(), name)
            return method(*args)
        return guarded


# -- Time helpers --


ISO_TIME_RE = LazyRe(
    r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6})\d*)?)?)?\s*(Z|"
    r"[+-]\d{2}:?\d{2})?$")


def parse_time(text, what="time"):
    """Parse an ISO 8601 date or date-time into an aware UTC datetime.

    Seconds and zone are optional; a time without a zone is taken as UTC.
    """
    m = ISO_TIME_RE.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise ValidationError(
            "%s must be an ISO 8601 date or date-time such as 2026-05-01 or "
            "2026-05-01T10:00:00 (got %r)" % (what, text))
    year, month, day, hh, mm, ss, frac, zone = m.groups()
    try:
        dt = datetime.datetime(
            int(year), int(month), int(day), int(hh or 0), int(mm or 0), int(ss or 0),
            int((frac or "0").ljust(6, "0")))
    except ValueError as exc:
        raise ValidationError("%s is not a real date or time: %r (%s)" % (what, text, exc))
    tz = datetime.timezone.utc
    if zone and zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        if hours > 23 or minutes > 59:
            raise ValidationError("%s has a zone offset out of range (at most ±23:59): %r"
                                  % (what, text))
        tz = datetime.timezone(sign * datetime.timedelta(hours=hours, minutes=minutes))
    try:
        result = dt.replace(tzinfo=tz).astimezone(datetime.timezone.utc)
    except OverflowError:
        result = None
    if result is None or not YEAR_RANGE[0] <= result.year <= YEAR_RANGE[1]:
        raise ValidationError("%s must fall in the years %d to %d (got %r)"
                              % (what, YEAR_RANGE[0], YEAR_RANGE[1],
                                                                               text))
    return result


def iso(dt):
    """Format an aware datetime as the stored form: UTC, ``YYYY-MM-DDTHH:MM:SS``."""
    return dt.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


def check_period(since, until):
    """``since`` and ``until`` (datetimes or None), refused when the first is after the second:
    nothing could match."""
    if since and until and since > until:
        raise ValidationError("since (%s) is after until (%s): no record can be in that period"
                              % (iso(since), iso(until)), "since")
    return since, until


def parse_period(since, until, names=("since", "until")):
    """``since`` and ``until`` (ISO 8601 texts or None) as datetimes; a bare date as ``until``
    means that whole day."""
    first = parse_time(since, names[0]) if since is not None else None
    last = None
    if until is not None:
        last = parse_time(until, names[1])
        if not any(c in str(until) for c in "T: "):  # a date, with or without its zone
            last += datetime.timedelta(days=1, seconds=-1)
    return check_period(first, last)


_OFFSET_RE = LazyRe(r"(?:Z|[+-]\d{2}:?\d{2})$")


def local_zone(environ=None):
    """The zone whose days "today", "yesterday" and "on Nov 4" mean: MEMORY_TIERED_TZ (an offset
    such as +08:00), else the offset of MEMORY_TIERED_NOW when that is set (none or Z: UTC), else
    this machine's local zone."""
    env = os.environ if environ is None else environ
    for name in ("MEMORY_TIERED_TZ", "MEMORY_TIERED_NOW"):
        value = (env.get(name) or "").strip()
        if not value:
            continue
        m = _OFFSET_RE.search(value)
        if not m or m.group(0) == "Z":
            if name == "MEMORY_TIERED_TZ" and value not in ("Z", "UTC", "+00:00"):
                raise ValidationError("MEMORY_TIERED_TZ must be an offset such as +08:00 or -05:00 "
                                      "(got %r)" % value)
            return datetime.timezone.utc
        digits = m.group(0)[1:].replace(":", "")
        hours, minutes = int(digits[:2]), int(digits[2:])
        if hours > 23 or minutes > 59:
            raise ValidationError("%s has a zone offset out of range: %r" % (name, value))
        sign = 1 if m.group(0)[0] == "+" else -1
        return datetime.timezone(sign * datetime.timedelta(hours=hours, minutes=minutes))
    return datetime.datetime.now().astimezone().tzinfo


def local_day(stamp, zone):
    """The day (ISO) of a stored UTC time in ``zone``; the stored date when it cannot be read."""
    text = stamp or ""
    if zone is datetime.timezone.utc or zone.utcoffset(None) == datetime.timedelta(0):
        return text[:10]
    try:
        moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text[:10]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.astimezone(zone).date().isoformat()


def day_bounds(first, last, zone):
    """The UTC times (ISO) where the days ``first`` to ``last`` of ``zone`` begin and end."""
    start = datetime.datetime.combine(first, datetime.time.min, zone)
    end = datetime.datetime.combine(last, datetime.time(23, 59, 59), zone)
    return (start.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"),
            end.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"))


def now_utc(environ=None):
    """The current time, or ``MEMORY_TIERED_NOW`` when it is set."""
    env = os.environ if environ is None else environ
    forced = env.get("MEMORY_TIERED_NOW")
    if forced:
        return parse_time(forced, "MEMORY_TIERED_NOW")
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
