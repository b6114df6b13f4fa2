"""The prompt gate, whole: the evidence for each candidate, measured and weighed by fitted weights.

GateEvidence.gate (inherited by Searcher) measures a candidate against the prompt (how much of the prompt's information it
holds, whether it holds the prompt's names and rarest terms, where it ranks, whether it is of
the period the prompt names) and what the prompt is (a question about the person's own work or
life, or a general question that only mentions a topic).  GateModel turns that evidence into a
probability that the person needs the memory, with weights fitted by bench/fit_gate.py on the
blind stores of its fit split and on bench/data/injection, and a threshold chosen on the choose
split (see bench/injection_blind.py); the figures of the test split are in the README.

Uses: base, text, checks, scrubbing, indexing, queries, records.
"""

import collections
import contextlib
import json
import math
import sqlite3

from .base import (
    LazyRe, GATE_COVERAGE, GATE_NAME_COVERAGE, GATE_NAME_TOP, GATE_OTHER_NAMES, LEVEL_NUM,
    LEVEL_TABLE, LEVEL_TEXT, LEVELS, now_utc, SUBJECT_MIN_RECORDS)
from .text import CJK_CLASS, cjk_runs, word_runs
from .checks import int_list
from .scrubbing import contains_any
from .indexing import cjk_bigrams
from .queries import (
    all_weak, compound_terms, extensions_in, gate_forms, gate_terms, in_periods, long_cjk,
    of_the_days, prompt_strength, stands_alone, strong_terms, GATE_NOT_NAMES)
from .records import record_dict

# The prompt asks about the person's own past, plans, setup or things ("what did we decide",
# "my knee", "the pool size now", "上次", "我们的", "现在"): a memory is what it wants.
_OWN_EN = LazyRe(
    r"(?i)\b(?:we|our|ours|us|my|mine|me|i|i'm|i've|i'd|did|didn't|was|were|had|last|again|"
    r"earlier|before|remind|remember|recall|decided|agreed|told|said|yesterday|ago|previous|"
    r"still|usual|now|currently|anymore|so far|our team|the team)\b")
_OWN_ZH = ("我们", "咱们", "我的", "我", "上次", "之前", "以前", "那次", "那个", "当时", "记得", "提醒",
           "说过", "决定", "定的", "约定", "了吗", "过吗", "来着", "平时", "昨天", "前天", "上周",
           "上个", "那天", "咱", "现在", "目前", "当初", "最终", "到底", "后来", "那几")
# The prompt asks for general knowledge that only mentions a topic ("what's new in Postgres
# 17?", "how does X work in general", "A vs B", "LPR 是什么？", "各有啥优缺点"): a memory is
# rarely what it wants.
_GENERAL_EN = LazyRe(  # (not "why is ...": that is a question about what broke here)
    r"(?i)(?:^|[.?!]\s*)(?:what(?:'s| is| are) (?:a |an |the )?(?:new|difference|best|point)|"
    r"what(?:'s| is| are| does) (?:a|an)\b|how to\b|how (?:does|should|would) one\b|"
    r"explain|tell me about|which is better|best way)|"
    r"\b(?:in general|generally|usually|typically|normally|vs\.?|versus|these days|pros and cons|"
    r"tips for|considered|which would you pick|how does .{1,60} work|what's new in)\b")
_GENERAL_ZH = ("什么是", "如何", "有哪些", "区别", "差别", "介绍一下", "科普", "原理", "新特性", "一般",
               "通常", "各有", "优缺点", "副作用", "兼容吗", "值得", "哪个好", "怎么选")
# ... and "X 是什么" / "X 是啥" of a bare term ("LPR 是什么？"; not "那次的修复方案是什么")
_WHAT_IS_ZH = LazyRe(r"^[^的了我们]{1,10}(?:是什么|是啥|是什么意思)[？?。！!\s]*$")
# The prompt asks for one fact: when, who, where, how much, which ("when is the tooth thing
# scheduled?", "中期报告要写多少页", "谁来看").
_ASKS_EN = LazyRe(r"(?i)\b(?:when|who|whom|whose|where|which|how much|how many|how long|how often|"
                  r"what time|what date|what day)\b")
_ASKS_ZH = ("什么时候", "多少", "几点", "几号", "哪天", "谁", "哪里", "哪儿", "多久", "多长", "几个", "几次",
            "哪个", "哪家", "哪些")
# The prompt asks for new work on what it holds or names ("fix the typo in ...", "add a
# docstring to this function", "把这句翻成英文", "给这个函数加上类型注解"): the work is in the
# prompt, not in a memory.
_TASK_EN = LazyRe(
    r"(?i)(?:^\s*(?:please\s+|pls\s+|can you\s+|could you\s+)?(?:fix|add|rename|make|write|"
    r"turn|convert|refactor|implement|create|generate|translate|rewrite|format|sort|simplify|"
    r"optimi[sz]e|shorten|polish|regex|git|python|bash|latex|jq|sql|give me|show me|"
    r"good name|name)\b)|\bthis (?:function|file|code|button|struct|sentence|query|test|"
    r"component|class|method|snippet|error|line|paragraph|message|email|regex|script|page)\b")
_TASK_ZH = ("帮我写", "写一个", "写个", "生成", "翻译", "翻成", "改成", "润色", "加上", "这段", "这句",
            "这个函数", "这个类", "这个文件", "这个报错", "这个错误", "重构", "优化一下", "解释一下")

FEATURES = (  # of a candidate
    "rule",        # the verdict of the rules the gate had before it weighed evidence
    "coverage",    # the share of the prompt's information the memory holds
    "count",       # prompt words it holds (up to 4), / 4
    "enough",      # two words, or one strong word it holds as the prompt writes it
    "one",         # one shared word that is the prompt's most specific and a name
    "dated",       # of a period the prompt names, and among the best
    "named",       # holds the names the prompt uses (or enough else)
    "rare",        # holds a term rare in this store
    "top",         # ranked first by search
    "rank",        # 1 / (1 + its rank)
    "relative",    # its search score / the best one's
    "project",     # of the project the prompt is typed in
    "own",         # the prompt asks about the person's own work or life
    "general",     # the prompt asks for general knowledge
    "task",        # the prompt asks for new work on what it holds
    "asks",        # the prompt asks for one fact (when, who, how much, which)
    "period",      # the prompt names a day or a period
    "in_period",   # the candidate was written in it
    "terms",       # the prompt's known terms (up to 8), / 8
    "unknown",     # the share of the prompt's strong words no memory holds
    "cov_top",     # coverage, when ranked first
    "rel2",        # relative, squared
    "cov2",        # coverage, squared
)
# ... of the prompt: its form, and the best evidence any candidate has, and the first one's
_BEST = ("rule", "coverage", "count", "enough", "one", "dated", "named", "rare", "cov2")
PROMPT_FEATURES = (("own", "general", "task", "asks", "period", "general_only", "task_only",
                    "terms", "unknown", "rules", "best_in_period") + tuple("best_" + n for n in _BEST) + tuple("top_" + n for n in _BEST))

# Fitted by bench/fit_gate.py (logistic regression, L2 0.01) on bench/data/injection and the
# blind stores of its fit split; thresholds chosen on the choose split.  PROMPT_WEIGHTS say
# whether the prompt wants a memory at all; WEIGHTS which candidates it wants.
PROMPT_WEIGHTS = {
    "bias": -1.999, "own": 1.501, "general": -1.463, "task": -1.683, "asks": 0.816,
    "period": 0.628, "general_only": -1.235, "task_only": -0.312, "terms": 0.634,
    "unknown": -0.536, "rules": 0.549, "best_in_period": 0.588, "best_rule": 0.085,
    "best_coverage": 0.346, "best_count": 0.713, "best_enough": 0.293, "best_one": 0.327,
    "best_dated": 0.235, "best_named": 0.049, "best_rare": -0.343, "best_cov2": 0.276,
    "top_rule": 0.256, "top_coverage": 0.199, "top_count": 0.516, "top_enough": -0.016,
    "top_one": -0.092, "top_dated": 0.235, "top_named": -0.066, "top_rare": -0.387,
    "top_cov2": 0.156,
}
WEIGHTS = {
    "bias": -3.654, "rule": 0.521, "coverage": 0.368, "count": 0.58, "enough": -0.073,
    "one": 0.483, "dated": 0.194, "named": -0.086, "rare": 0.256, "top": 0.495, "rank": 0.853,
    "relative": 1.36, "project": 0.534, "own": -0.012, "general": 0.033, "task": -0.08,
    "asks": 0.245, "period": 0.096, "in_period": 1.017, "terms": -0.022, "unknown": 0.02,
    "cov_top": 0.427, "rel2": 1.577, "cov2": 0.366,
}
PROMPT_THRESHOLD = 0.45
THRESHOLD = 0.40
KEEP_MAX = 3  # at most this many memories for one prompt
STRONG = 0.85  # the probability at which a candidate passes whatever the rules say


def prompt_form(text):
    """{"own", "general", "task", "asks": 0/1}: whether ``text`` asks about the person's own
    work or life, for general knowledge, for new work on what it holds, for one fact."""
    own = bool(_OWN_EN.search(text)) or contains_any(text, _OWN_ZH)
    general = bool(_GENERAL_EN.search(text)) or contains_any(text, _GENERAL_ZH) or bool(
        _WHAT_IS_ZH.search(text.strip()))
    task = bool(_TASK_EN.search(text)) or contains_any(text, _TASK_ZH)
    asks = bool(_ASKS_EN.search(text)) or contains_any(text, _ASKS_ZH)
    return {"own": float(own), "general": float(general), "task": float(task), "asks": float(asks)}


_LOOKUP_WORDS = LazyRe(r"[A-Za-z0-9_.\-]+|[\u3400-\u9fff]{1,6}")


def is_lookup(text, form):
    """Whether ``text`` is a few key words rather than a request ("REDIS", "deploy notes",
    "膝盖"): looked up as a search is (the candidates' evidence alone), not weighed as a prompt
    that may want no memory."""
    words = _LOOKUP_WORDS.findall(text)
    rest = _LOOKUP_WORDS.sub("", text).strip(" \t,，、")
    return 0 < len(words) <= 3 and not rest and not any(form.values())


def candidate_features(form, *, coverage, rule, count, enough, one, dated, named, rare, rank,
                       relative, project, terms, unknown, period, in_period):
    """FEATURES of one candidate, from the evidence Searcher.gate measured."""
    coverage = min(1.0, coverage)
    return dict(
        form, rule=float(bool(rule)), coverage=coverage, count=min(count, 4) / 4.0,
        enough=float(bool(enough)), one=float(bool(one)), dated=float(bool(dated)),
        named=float(bool(named)), rare=float(bool(rare)), top=float(rank == 0),
        rank=1.0 / (1 + rank), relative=relative, project=float(bool(project)),
        terms=min(terms, 8) / 8.0, unknown=unknown, cov_top=coverage * float(rank == 0),
        rel2=relative ** 2, cov2=coverage ** 2, period=float(bool(period)),
        in_period=float(bool(in_period)))


def prompt_features(candidates):
    """PROMPT_FEATURES from the FEATURES of a prompt's candidates (best first)."""
    first = candidates[0]
    out = {n: first[n] for n in ("own", "general", "task", "asks", "period", "terms", "unknown")}
    out["best_in_period"] = max(c["in_period"] for c in candidates)
    out["general_only"] = first["general"] * (1 - first["own"])
    out["task_only"] = first["task"] * (1 - first["own"])
    out["rules"] = min(3, sum(c["rule"] for c in candidates)) / 3.0
    for name in _BEST:
        out["best_" + name] = max(c[name] for c in candidates)
        out["top_" + name] = first[name]
    return out


def _logistic(weights, names, features):
    z = weights.get("bias", 0.0) + sum(weights.get(n, 0.0) * float(features.get(n, 0.0))
                                       for n in names)
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


class GateModel:
    """Weighs the evidence in two steps: does the prompt want a memory (PROMPT_WEIGHTS), and
    which of its candidates (WEIGHTS): the most probable one, and up to KEEP_MAX with a
    probability of at least the threshold."""

    def __init__(self, weights=None, prompt_weights=None, threshold=None, prompt_threshold=None):
        self.weights = dict(WEIGHTS if weights is None else weights)
        self.prompt_weights = dict(PROMPT_WEIGHTS if prompt_weights is None else prompt_weights)
        self.threshold = THRESHOLD if threshold is None else threshold
        self.prompt_threshold = PROMPT_THRESHOLD if prompt_threshold is None else prompt_threshold

    def probability(self, features):
        return _logistic(self.weights, FEATURES, features)

    def wants(self, candidates):
        """The probability that a prompt with these candidates' FEATURES wants a memory."""
        return _logistic(self.prompt_weights, PROMPT_FEATURES, prompt_features(candidates))

    def choose(self, candidates, prompt=True):
        """(the indexes of the candidates kept, in their order; the prompt's probability;
        each candidate's probability).  ``prompt``: True, the text is a prompt to an agent, which
        may want no memory at all; "lookup", a prompt of a few key words (is_lookup), which wants
        the candidates that both the evidence and the rules accept; False, a search, which wants
        its matches above the threshold."""
        if not candidates:
            return [], 0.0, []
        wanted = self.wants(candidates)
        each = [self.probability(c) for c in candidates]
        if prompt == "lookup":  # (key words typed as a prompt: evidence and rules must agree)
            return [i for i, p in enumerate(each) if p >= self.threshold
                    and candidates[i].get("rule")], wanted, each
        if not prompt:
            return [i for i, p in enumerate(each) if p >= self.threshold], wanted, each
        if wanted < self.prompt_threshold:
            return [], wanted, each
        # (a candidate the rules reject passes only on strong evidence: STRONG)
        order = [i for i in sorted(range(len(each)), key=lambda i: (-each[i], i))
                 if candidates[i].get("rule") or each[i] >= STRONG]
        kept = order[:1] + [i for i in order[1:KEEP_MAX] if each[i] >= self.threshold]
        return sorted(kept), wanted, each

    def explain(self, features, prompt=False):
        """[(feature, value, contribution)], largest contribution first."""
        names, weights = (PROMPT_FEATURES, self.prompt_weights) if prompt else (FEATURES,
                                                                               self.weights)
        parts = [(n, float(features.get(n, 0.0)), weights.get(n, 0.0) * float(features.get(n, 0.0)))
                 for n in names]
        return sorted(parts, key=lambda p: -abs(p[2]))


def fit(rows, names=FEATURES, l2=0.01, steps=2000, rate=0.5, prior=None):
    """Logistic regression by gradient descent: ``rows`` is [(features, label 0/1)]; returns
    weights of ``names`` and a bias (the classes weighted to count equally).  With ``prior``
    (weights already in use), it starts there and is pulled toward them, not toward zero: a few
    verdicts move the weights a little."""
    features_of = names
    names = ("bias",) + tuple(names)
    prior = {n: float((prior or {}).get(n, 0.0)) for n in names}
    w = dict(prior)
    positives = sum(1 for _, y in rows if y) or 1
    negatives = (len(rows) - positives) or 1
    weight = {1: len(rows) / (2.0 * positives), 0: len(rows) / (2.0 * negatives)}
    data = [([1.0] + [float(f.get(n, 0.0)) for n in features_of], y) for f, y in rows]
    for _ in range(steps):
        grad = [0.0] * len(names)
        for x, y in data:
            z = sum(wi * xi for wi, xi in zip((w[n] for n in names), x))
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
            g = (p - y) * weight[y]
            for i, xi in enumerate(x):
                grad[i] += g * xi
        for i, n in enumerate(names):
            w[n] -= rate * (grad[i] / len(data) + (l2 * (w[n] - prior[n]) if n != "bias" else 0.0))
    return {n: round(v, 3) for n, v in w.items()}


_NAME_IN_PROMPT_RE = LazyRe(r"(?<=[^\s.!?。！？])\s+([A-Z][a-z]+)\b")


def stored_fields(level, row):
    """The stored fields the full-text index is made of (text, key points, category, tags) of a
    record's row, as one text."""
    return "\n".join(v or "" for v in (
        row[LEVEL_TEXT[level]], row["key_points"] if level == "l1" else None,
        None if level == "l1" else row["category"], row["tags"]))


def _chosen(results, evidence, choice):
    """The results GateModel.choose kept; each annotated with its evidence and probabilities,
    the others marked weak."""
    chosen, wanted, each = choice
    for i, r in enumerate(results):
        r["gate"].update(probability=round(each[i], 3), prompt=round(wanted, 3),
                         features={k: round(v, 3) for k, v in evidence[i].items()})
        r["weak"] = i not in chosen
    return [results[i] for i in chosen]


_CLAUSE_SPLIT_RE = LazyRe(r"[?？。!！;；\n]+|(?<=[a-z])[.,]\s+|，")
PERIOD_CLAUSES_MAX = 4  # clauses of a prompt a period question is looked for in
_QUESTION_WORDS = ("什么", "啥", "哪些", "哪个", "干了", "怎么样", "how", "what", "which", "did ",
                   "anything", "?", "？")


def local_weights(db):
    """The candidate weights refitted on this machine (recall.refit_gate), or None: the shipped
    ones.  A database older than the table has none."""
    try:
        row = db.execute("SELECT weights FROM gate_weights WHERE in_use = 1 ORDER BY id DESC "
                         "LIMIT 1").fetchone()
    except sqlite3.OperationalError:
        return None
    return json.loads(row[0]) if row else None


class GateEvidence:
    """The prompt gate's measurements, which Searcher inherits: ``gate`` (the one entry point
    the hooks, `context`, MCP and search's weak marks use) measures each candidate against the
    prompt with the store's statistics and weighs the evidence with GateModel.  Uses the
    Searcher's connection, query reading and index (self.db, self._query, self._rows, ...)."""

    def _period_question(self, text, now):
        """The clause of a prompt that only asks what a period held ("上周做了什么？帮我写个
        周报": the other clause says what to do with it, and the period's memories answer the
        first whatever words the task uses), or None.  A question of a few clauses only: a log
        pasted with dates in it asks nothing."""
        clauses = [c.strip() for c in _CLAUSE_SPLIT_RE.split(text) if c.strip()]
        if not 1 < len(clauses) <= PERIOD_CLAUSES_MAX:
            return None
        for clause in clauses:
            if not contains_any(clause.lower(), _QUESTION_WORDS):
                continue
            asked = self._query(clause, now or now_utc())
            if asked.periods and not gate_terms(asked, extensions_in(clause)):
                return clause
        return None

    def _weights(self):
        if not hasattr(self, "_local_weights"):
            self._local_weights = local_weights(self.db)
        return self._local_weights

    def gate(self, text, results, now=None, project=None, prompt=True):
        """The results a person would call a real match for ``text`` (ranked order kept), each
        annotated with ``gate`` (coverage, matched terms, evidence, probability); the others
        marked ``weak``.  The prompt's terms (gate_terms) are each worth ln(1 + N / df) here;
        the evidence for each result (FEATURES) is weighed by GateModel; ``prompt`` False: a
        search, not a prompt (see GateModel.choose).  Measured by bench/injection_blind.py."""
        text = self._as_read(text.strip())  # (as search() reads it: one Query for both)
        query = self._query(text, now or now_utc())
        text = query.raw  # (Traditional characters read as Simplified ones: 繼續, 這個)
        terms = gate_terms(query, extensions_in(text))
        asked = query.periods and terms and self._period_question(text, now)
        if asked:  # (a period's question followed by a task: the question is what counts)
            return self.gate(asked, results, now, project, prompt)
        everywhere, kept = self._of_a_period(query, text, terms, results)
        if kept is not None:
            return kept
        if not terms or not results:
            return all_weak(results)
        names = self._names(text, query) - GATE_NOT_NAMES
        shouted = self._shouted(text, terms)  # (CACHE typed with caps lock: see _shouted)
        forms = gate_forms(query, terms)
        frequencies, info, top = self._gate_information(terms, forms)
        if not info:
            return all_weak(results)
        strong, rare, specific, rare_cjk, here = prompt_strength(text, query, info, top)
        # ... except a name or identifier the store has never seen: then the prompt is about
        # something this memory does not hold (another person, another service)
        unknown = [
            t for t in terms
            if not frequencies.get(t) and (t in strong or t in names) and not t.isdigit()]
        total = sum(info.values()) + top * len(unknown)
        compounds, known = compound_terms(text), set(info)
        known_names = {n for n in names if frequencies.get(n)}
        matched, counts, direct = self._matched_with_forms(
            [(r["level"], r["id"]) for r in results], info, set(query.cjk_terms), forms)
        # a specific term a memory writes as a name (webp, RSS and KPI in a Chinese memory)
        held_any = set().union(*matched.values()) if matched else set()
        named = self._named_in_memory(specific & held_any - set(query.cjk_terms),
                                      (names | shouted) & held_any)
        evidence, model, form = [], GateModel(weights=self._weights()), prompt_form(text)
        best = max((r.get("score") or 0.0) for r in results)
        for rank, r in enumerate(results):
            mine = matched.get((r["level"], r["id"]), set()) & known
            # (held: what a single word may match through; not a Chinese word held only in another
            # form: 个人资料 through "profile")
            anchor, count = (r["level"], r["id"]) in direct, counts.get((r["level"], r["id"]), 0)
            held = direct.get((r["level"], r["id"]), set())
            coverage = sum(info[t] for t in mine) / total
            row = self._rows.get((r["level"], r["id"]))
            if here and row is not None and row["project"] and not row["pinned"]:
                mine_strong, mine_specific = set(), set()
            else:  # (a name the memory writes in lower case names something else: a product)
                mine_strong = strong - ((names | shouted) - named[(r["level"], r["id"])])
                mine_specific = specific
            strong_here = mine_strong | long_cjk(rare_cjk & held, held)
            # one shared term is a match only when it is strong: one plain word is not enough,
            # nor one word of an identifier the memory does not hold whole
            partial = {w for words in compounds if not (words & known) <= mine for w in words}
            enough = count >= 2 or bool(anchor and (mine & strong_here) - partial)
            others = {t for t in (mine & strong_here) - names - GATE_NOT_NAMES if not t.isdigit()}
            named_ok = not names or bool(names & mine) or (
                len(others) >= 2 and coverage >= GATE_OTHER_NAMES)
            # one shared term that is the prompt's most specific and a name on either side
            one = bool(anchor and (mine_specific & mine & (strong_here | named[(r["level"], r["id"])]))
                       - partial)
            dated = bool(mine - everywhere) and rank < GATE_NAME_TOP and in_periods(query, r)
            rule = named_ok and (one or dated or enough and (
                coverage >= GATE_COVERAGE or bool(rare & mine)
                or (known_names and rank < GATE_NAME_TOP and coverage >= GATE_NAME_COVERAGE)))
            evidence.append(candidate_features(
                form, coverage=coverage, rule=rule, count=count, enough=enough, one=one,
                dated=dated, named=named_ok, rare=rare & mine, rank=rank,
                relative=(r.get("score") or 0.0) / best if best > 0 else 0.0,
                project=project and row is not None and row["project"] == project,
                terms=len(known), unknown=len(unknown) / float(len(terms)),
                period=query.periods, in_period=query.periods and in_periods(query, r)))
            r["gate"] = {"coverage": round(coverage, 3), "matched": sorted(mine)}
        return _chosen(results, evidence, model.choose(
            evidence, "lookup" if prompt and is_lookup(text, form) else prompt))

    def _matched_with_forms(self, keys, info, bigrams, forms):
        """({key: the prompt terms the record holds, itself or in another form}, {key: how many
        words they are}, {key: the terms it holds as the prompt writes them, for a record a single
        word can match}).  A word in another form
        counts once however many character pairs it has (个人资料 is one word, as "profile" is).
        A two-character Chinese word found in a memory's text may be two halves of other words
        (部分支付 holds 分支, "branch"): a memory found only through such needs two words."""
        known = set(info)
        matched = self._matched_terms(keys, list(info), bigrams)
        via_forms = self._matched_forms(keys, {f: s & known for f, s in forms.items()})
        counts, direct = {}, {}
        for key in set(matched) | set(via_forms):
            held = matched.get(key, set()) & known
            groups = via_forms.get(key, ())
            counts[key] = len(held) + sum(1 for group, _ in groups if not group <= held)
            if held or any(not loose for _, loose in groups):
                direct[key] = held
            matched.setdefault(key, set()).update(*(group for group, _ in groups))
        return matched, counts, direct

    def _gate_information(self, terms, forms=None):
        """(each term's records, {term: its information}, the most a term can carry): a term
        no memory contains is left out, and of the words sharing a stem ("slides", "slide") the
        first stands for them all.  A term with translations (``forms``: {word in the other
        language: the terms it stands for}) counts as common as the most common of its words."""
        total_rows = max(1, self._total_records())
        frequencies = self._gate_frequencies(terms)
        for form, count in self._form_frequencies(list(forms or ())).items():
            for term in forms[form]:
                frequencies[term] = max(frequencies.get(term, 0), count)
        # a prompt term no memory contains does not count against a match: the prompt may say
        # more than any memory holds ("move the Stripe webhook handler to a background queue")
        info, seen = {}, set()
        for t in terms:
            stems = frozenset(self._stems.get(t) or ())
            if frequencies.get(t) and not (stems and stems in seen):
                info[t] = math.log(1 + total_rows / float(frequencies[t]))
                seen.add(stems)
        return frequencies, info, math.log(1 + total_rows)

    def _named_in_memory(self, terms, names=()):
        """{(level, id): those of ``terms`` (prompt words) the result writes as a name or an
        identifier (strong_terms of its text and key points), as the same word or its plural
        ("docstrings", not "tooling" for Tool), and those of ``names`` (the prompt's capitalised
        words) it writes capitalised anywhere ("Sentry is ..."), for the results just searched."""
        out = collections.defaultdict(set)
        for (lv, rid), row in self._rows.items() if terms or names else ():
            text = row[LEVEL_TEXT[lv]] or ""
            if lv == "l1" and row["key_points"]:
                with contextlib.suppress(ValueError, TypeError):
                    text += ". " + ". ".join(json.loads(row["key_points"]))
            words = strong_terms(text, memory=True) if terms else ()
            capitalised = {w.lower() for w in word_runs(text) if w[0].isupper()} if names else ()
            out[(lv, rid)] = {t for t in terms if t in words or t + "s" in words
                              or (t.endswith("s") and t[:-1] in words)} | {
                t for t in names if t in capitalised or t + "s" in capitalised}
        return out

    def _total_records(self):
        """_count_records, read once per searcher."""
        if self._total is None:
            self._total = self._count_records()
        return self._total

    def _count_records(self):
        """Records of all levels: the index's own row count (the first varint of its averages
        record, kept up to date by FTS5 on every change) instead of counting three tables."""
        if self.db.fts:
            with contextlib.suppress(sqlite3.Error, IndexError, TypeError):
                block = self.db.execute(
                    "SELECT block FROM memory_fts_data WHERE id = 1").fetchone()[0]
                value = 0
                for byte in block[:8]:  # an SQLite varint; nine-byte values are never row counts
                    value = (value << 7) | (byte & 0x7F)
                    if not byte & 0x80:
                        return value
        return sum(self.db.execute("SELECT count(*) FROM %s"
                                   % t).fetchone()[0] for t in LEVEL_TABLE.values())

    @staticmethod
    def _names(text, query):
        """Capitalised words inside a prompt (not at a sentence start): names of people and things.
        """
        names = set()
        if text == text.lower():
            return names  # no capital letter: no name (and the pattern is not compiled)
        for m in _NAME_IN_PROMPT_RE.finditer(text):
            word = m.group(1).lower()
            if word in query.words:
                names.add(word)
        return names

    def _as_read(self, text):
        """The prompt the last search read (``text``) with each typing slip it read as a word the
        store holds written as that word, its capital kept ("Kuberentes": Kubernetes), so the gate
        judges what was meant; a word read as two (a compound) is left."""
        slips = {word: reading for word, reading in self._read_as.items() if " " not in reading}
        if not slips or text != self._read_text:
            return text
        return LazyRe(r"(?i)\b(%s)\b" % "|".join(slips)).sub(lambda m: (
            slips[m.group(1).lower()].capitalize() if m.group(1)[0].isupper()
            else slips[m.group(1).lower()]), text)

    @staticmethod
    def _shouted(text, terms):
        """The prompt's words in capitals that are strong only for a memory writing them with a
        capital too, as a name is: every term of a prompt typed all in capitals without Chinese
        ("CACHE" is the word cache; "JWT" finds "JWT"), and elsewhere a word of five or more
        capitals, typed for emphasis ("the WORKER is slow again").  A shorter acronym in a
        mixed-case or Chinese prompt ("an EAS build", 用 EAS 打包) stays strong."""
        if text == text.lower():
            return set()
        if text == text.upper() and not cjk_runs(text)[0]:
            return set(terms)
        return {w.lower() for w in word_runs(text) if len(w) >= 5 and w.isupper()} & set(terms)

    def _everywhere(self, terms):
        """(the terms in more than half the records of a store of at least SUBJECT_MIN_RECORDS:
        they tell no memory from another, as Caroline in a diary of Caroline; the terms no
        record holds)."""
        if self._total_records() < SUBJECT_MIN_RECORDS:
            return set(), set()
        frequencies = self._gate_frequencies(terms)
        return ({term for term in terms if frequencies.get(term, 0) * 2 > self._total},
                {term for term in terms if not frequencies.get(term)})

    def _of_a_period(self, query, text, terms, results):
        """(the prompt's terms in most memories, what passes the gate when the prompt names a
        period and nothing that tells memories apart, else None): a day and nothing else
        ("11月24日做了什么") lets the day's memories pass, a period with only such terms (and
        terms no memory holds that are no names) those of the period that hold one of them."""
        everywhere, absent = (self._everywhere(terms) if results and query.periods
                              else (set(), set()))
        if query.periods and results and not terms:
            return everywhere, of_the_days(query, results)
        if (query.periods and everywhere and everywhere | absent >= set(terms)
                and not absent & (self._names(text, query) | strong_terms(text))):
            return everywhere, self._only_everywhere(query, everywhere, results)
        return everywhere, None

    def _only_everywhere(self, query, terms, results):
        """The gate for a prompt that names a period and otherwise only terms most memories
        hold, or none holds ("What did Caroline do in March?" in a diary of Caroline): the
        GATE_NAME_TOP best of the period that hold one of those terms (each memory would match
        them, and the period alone tells them apart)."""
        holding = self._matched_terms([(r["level"], r["id"]) for r in results], list(terms))
        held = [r for r in results if holding.get((r["level"], r["id"])) and in_periods(query, r)]
        kept = held[:GATE_NAME_TOP]
        for r in results:
            r["weak"] = r not in kept
        return kept

    def _gate_frequencies(self, terms):
        if self.db.fts:
            try:
                return self._document_frequencies(terms)
            except sqlite3.OperationalError:
                pass
        out = {}
        for term in terms:
            out[term] = sum(self.db.execute("SELECT count(*) FROM %s WHERE instr(lower(%s), ?) > 0"
                                            % (LEVEL_TABLE[lv], LEVEL_TEXT[lv]),
                                            (term,)).fetchone()[0]
                            for lv in LEVELS)
        return out

    def _form_frequencies(self, forms):
        """{translation: records containing it}: a Chinese word of more than two characters is
        held at most as often as its rarest character pair."""
        out = {}
        if not forms:
            return out
        pairs = {form: cjk_bigrams(form) for form in forms if min(form) >= CJK_CLASS[0]}
        plain = [form for form in forms if form not in pairs]
        counts = self._gate_frequencies(sorted(set(plain).union(*pairs.values())))
        for form in forms:
            out[form] = min(counts.get(p, 0) for p in pairs[form]) if form in pairs \
                else counts.get(form, 0)
        return out

    def _matched_forms(self, keys, forms):
        """{(level, id): [(the set of prompt terms a form the record holds stands for, whether it
        was found loosely)]}, for ``forms`` ({word in another form: the terms it stands for}): an
        English word by its stems, a Chinese one as text in the rows just searched (loosely when
        it has two characters: they may be the ends of two other words)."""
        out = {}
        forms = {form: sources for form, sources in forms.items() if sources}
        english = [form for form in forms if min(form) < CJK_CLASS[0]]
        for key, found in (self._matched_terms(keys, english) if english else {}).items():
            out.setdefault(key, []).extend((set(forms[form]), False) for form in found)
        chinese = [form for form in forms if form not in english]
        for key in keys if chinese else ():
            row = self._rows.get(key)
            if row is None:
                continue
            blob = stored_fields(key[0], row)
            for form in chinese:
                if form in blob:
                    loose = len(form) == 2 and not stands_alone(form, blob)
                    out.setdefault(key, []).append((set(forms[form]), loose))
        return out

    def _matched_terms(self, keys, terms, bigrams=()):
        """{(level, id): {query terms the record contains}} (text, key points, category, tags);
        ``bigrams``: the terms that are CJK bigrams of the query."""
        out = {}
        if not keys:
            return out
        if self.db.fts and all(t in self._stems for t in terms):
            return self._matched_by_probe(keys, terms, bigrams)
        if self.db.fts:
            refs = {rid * 4 + LEVEL_NUM[lv]: (lv, rid) for lv, rid in keys}
            for term in terms:
                for (ref,) in self.db.execute("SELECT rowid FROM memory_fts WHERE memory_fts MATCH "
                                              "? AND rowid IN (SELECT value FROM json_each(?))",
                                              ('"%s"' % term.replace('"', '""'), int_list(refs))):
                    out.setdefault(refs[ref], set()).add(term)
            return out
        for lv, rid in keys:
            row = self.db.execute("SELECT * FROM %s WHERE id = ?" % LEVEL_TABLE[lv],
                                  (rid,)).fetchone()
            record = record_dict(lv, row)
            blob = " ".join(
                [record["text"] or ""] + (record.get("key_points") or [])
                + (record.get("tags") or []) + [record.get("category") or ""]).lower()
            out[(lv, rid)] = {t for t in terms if t in blob}
        return out

    def _matched_by_probe(self, keys, terms, bigrams=()):
        """_matched_terms for a few records at once: their indexed fields go through the index's
        own tokenizer (the temporary probe table) and each term is found by its stems, instead of
        one MATCH per term over the whole index.  A CJK bigram that is its own only token is
        found as text: in the indexed fields every two adjacent CJK characters stand alone as a
        bigram token, so containing the text and containing the token are the same, and the
        same holds for the stored fields they are made of (text, key points, category, tags)."""
        as_text = [t for t in terms if t in bigrams and self._stems[t] == {t}]
        by_stem = [t for t in terms if t not in as_text]
        if by_stem:
            refs = {rid * 4 + LEVEL_NUM[lv]: (lv, rid) for lv, rid in keys}
            docs = [(refs[ref],
                     "\n".join(v or "" for v in fields)) for ref, *fields in self.db.execute(
                "SELECT rowid, body, points, labels FROM memory_fts WHERE rowid IN (SELECT value "
                "FROM json_each(?))",
                (int_list(refs),))]  # the fields as the index holds them (CJK already bigrammed)
        # bigrams only: the stored fields the index is made of, in the rows the search has just read
        else:
            rows = dict(self._rows)
            for lv in LEVELS:
                ids = [rid for l_, rid in keys if l_ == lv and (l_, rid) not in rows]
                if ids:
                    rows.update(
                        ((lv, row["id"]), row)
                        for row in self.db.execute(
                            "SELECT * FROM %s WHERE id IN (SELECT value FROM json_each(?))"
                            % LEVEL_TABLE[lv], (int_list(ids),),)
                    )
            docs = [(key, stored_fields(key[0], rows[key])) for key in keys if key in rows]
        found = {}
        if by_stem:
            for doc, stem in self.db.tokens([blob for _, blob in docs],
                                            set().union(*(self._stems[t] for t in by_stem))):
                found.setdefault(doc, set()).add(stem)
        out = {}
        for n, (key, blob) in enumerate(docs):
            have = found.get(n, set())
            matched = {t for t in by_stem if self._stems[t] and self._stems[t] <= have}
            matched.update(t for t in as_text if t in blob)
            if matched:
                out[key] = matched
        return out

    def _document_frequencies(self, terms):
        """{term: records containing it}, read from the index vocabulary (Porter-stemmed like the
        index); each term is looked up once per searcher."""
        missing = [t for t in terms if t not in self._df]
        if missing:
            self._df.update(self._lookup_frequencies(missing))
        return {t: self._df[t] for t in terms}

    def _lookup_frequencies(self, terms):
        """Each term's stems are its tokens by the index tokenizer (the probe table).  A term of
        characters from U+3040 up that the vocabulary holds is its own only token (the tokenizer
        folds what it stores, and Porter stemming changes only ASCII letters), so such terms are
        looked up as they are and only the others go through the probe."""
        frequencies = dict.fromkeys(terms, 0)
        direct = [t for t in terms if min(t) >= CJK_CLASS[0]]
        if direct:
            for term, count in self.db.vocabulary(direct):
                frequencies[term] = count
                self._stems[term] = {term}
        probed = [t for t in terms if t not in self._stems]
        stems = {}
        for doc, stem in self.db.tokens(probed) if probed else ():
            stems.setdefault(stem, []).append(probed[doc])
            self._stems.setdefault(probed[doc], set()).add(stem)
        # a stem among these is not in the vocabulary (it would have been found)
        looked_up = set(direct)
        wanted = [stem for stem in stems if stem not in looked_up]
        for stem, count in self.db.vocabulary(wanted) if wanted else ():
            for term in stems[stem]:
                frequencies[term] = max(frequencies[term], count)
        return frequencies
