"""The prompt gate's judgement: the evidence for each candidate weighed by fitted weights.

Searcher.gate measures a candidate against the prompt (how much of the prompt's information it
holds, whether it holds the prompt's names and rarest terms, where it ranks, whether it is of
the period the prompt names) and what the prompt is (a question about the person's own work or
life, or a general question that only mentions a topic).  GateModel turns that evidence into a
probability that the person needs the memory, with weights fitted by bench/fit_gate.py on the
blind stores of its fit split and on bench/data/injection, and a threshold chosen on the choose
split (see bench/injection_blind.py); the figures of the test split are in the README.

Uses: base, safety.
"""

import math

from .base import LazyRe
from .safety import contains_any

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


def fit(rows, names=FEATURES, l2=0.01, steps=2000, rate=0.5):
    """Logistic regression by gradient descent: ``rows`` is [(features, label 0/1)]; returns
    weights of ``names`` and a bias (the classes weighted to count equally)."""
    features_of = names
    names = ("bias",) + tuple(names)
    w = {n: 0.0 for n in names}
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
            w[n] -= rate * (grad[i] / len(data) + (l2 * w[n] if n != "bias" else 0.0))
    return {n: round(v, 3) for n, v in w.items()}
