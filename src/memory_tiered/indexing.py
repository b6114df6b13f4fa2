"""The text the full-text index holds, and its tokenizer redone in Python (CJK bigrams).

Uses: base, text, checks.
"""

import functools

from .base import LazyRe, MAX_UNITS
from .text import CJK_RUN_RE, SPACE_PUNCT_RE
from .checks import dump_list, load_list


def normalise_text(text):
    """Lower-case text with space and punctuation removed, for duplicate checks."""
    return SPACE_PUNCT_RE.sub("", (text or "").lower())


def one_slip(word):
    """The strings one typing slip from ``word`` (lower-case ASCII): a letter left out, two
    neighbours swapped, a letter added.  Not a letter changed: that turns one real word into
    another too often (skipped, shipped; contract, contrast; staging, staling)."""
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in cuts if b}
    out.update(a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1)
    out.update(a + c + b for a, b in cuts for c in "abcdefghijklmnopqrstuvwxyz")
    out.discard(word)
    return out


def cjk_bigrams(run):
    """Overlapping bigrams of a CJK run; a one-character run is itself."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def _indexed_run(m):
    """A CJK run as index_text writes it: its bigrams, then its last character alone (the slice
    at the last position is that character), between spaces."""
    run = m.group()
    return " %s " % " ".join([run[i:i + 2] for i in range(len(run))])


def index_text(text):
    """Text as the full-text index stores it: CJK runs become bigrams.

    Each run is followed by its last character alone, so that every character
    starts some token and a one-character query can match by prefix.
    """
    if not text:
        return ""
    if text.startswith("["):
        items = load_list(text)
        text = "\n".join(str(i) for i in items)
    return CJK_RUN_RE.sub(_indexed_run, text)


SENTENCE_END_RE = LazyRe(r"(?<=[.!?])\s+|[。！？；;\n]+")


def unit_list(text, points=None):
    """The indexed form of each sentence of ``text`` and each key point (see text_units)."""
    units = [u.strip() for u in SENTENCE_END_RE.split(text or "") if u and u.strip()]
    units += [str(p) for p in load_list(points) if str(p).strip()]
    return [index_text(u) for u in units[:MAX_UNITS]]


def text_units(text, points=None):
    """The sentences of a text and its key points, as a JSON array for the unit index.

    Scoring each unit on its own rewards a memory where the query's words
    stand together in one sentence or key point.
    """
    return dump_list(unit_list(text, points))


def token_count(text):
    """Rough token count: a CJK character is one token, four other characters one."""
    cjk = sum(len(r) for r in CJK_RUN_RE.findall(text))
    return cjk + (len(text) - cjk + 3) // 4


def _porter_vowel(word, i, after_consonant):
    char = word[i]
    return char in "aeiou" or (char == "y" and after_consonant)


def _porter_vc_end(word, start=0, after_consonant=False):
    """The index just past the first vowel followed by a consonant in word[start:], or 0."""
    consonant, i, size = after_consonant, start, len(word)
    while i < size:
        consonant = not _porter_vowel(word, i, consonant)
        i += 1
        if not consonant:
            break
    else:
        return 0
    while i < size:
        consonant = not _porter_vowel(word, i, consonant)
        i += 1
        if consonant:
            return i
    return 0


def _porter_m_above_0(stem):
    return bool(_porter_vc_end(stem))


def _porter_m_above_1(stem):
    first = _porter_vc_end(stem)
    return bool(first) and bool(_porter_vc_end(stem, first, True))


def _porter_m_is_1(stem):
    first = _porter_vc_end(stem)
    return bool(first) and not _porter_vc_end(stem, first, True)


def _porter_cvc(stem):
    """Consonant, vowel, consonant at the end, the last not w, x or y."""
    if stem[-1] in "wxy":
        return False
    kinds, consonant = [], False
    for i in range(len(stem)):
        consonant = not _porter_vowel(stem, i, consonant)
        kinds.append(consonant)
    return kinds[-3:] == [True, False, True]


def _porter_has_vowel(stem):
    return any(c in "aeiou" or (c == "y" and i > 0) for i, c in enumerate(stem))


def _porter_m_above_1_st(stem):
    return stem[-1] in "st" and _porter_m_above_1(stem)


# (suffix, replacement); within a step the first suffix that ends the word (and is shorter than
# it) decides, whether or not its condition holds
_PORTER_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"),
    ("logi", "log"), ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"),
                 ("ousli", "ous"),
    ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"),
    ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"))
_PORTER_STEP3 = (("ical", "ic"), ("ness", ""), ("icate", "ic"), ("iciti", "ic"), ("ful", ""),
                 ("ative", ""),
                 ("alize", "al"))
_PORTER_STEP4 = tuple(
    (suffix, "")
    for suffix in (
        "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion",
        "ou", "ism", "ate", "iti", "ous", "ive", "ize")
)


def _porter_replace(word, rules, condition):
    for suffix, replacement in rules:
        if len(word) > len(suffix) and word.endswith(suffix):
            stem = word[:-len(suffix)]
            if (_porter_m_above_1_st if suffix == "ion" else condition)(stem):
                return stem + replacement
            return word
    return word


@functools.lru_cache(maxsize=4096)
def porter_stem(word):
    """The stem SQLite FTS5's porter tokenizer gives a lower-case ASCII token (M. F. Porter's 1980
    algorithm as FTS5 applies it: tokens under 3 or over 64 bytes unchanged)."""
    if not 3 <= len(word) <= 64:
        return word
    if word[-1] == "s":  # step 1a
        if word[-2] == "e":
            word = (
                word[:-2]
                if (len(word) > 4 and word[-4:-2] == "ss") or (len(word) > 3 and word[-3] == "i")
                else word[:-1])
        elif word[-2] != "s":
            word = word[:-1]
    if len(word) > 3 and word.endswith("eed"):  # step 1b
        if _porter_m_above_0(word[:-3]):
            word = word[:-1]
    elif (word.endswith("ed") or (len(word) > 3 and word.endswith("ing"))) \
            and _porter_has_vowel(word[:-2 if word.endswith("ed") else -3]):
        word = word[:-2 if word.endswith("ed") else -3]
        if len(word) < 2:
            # one vowel ("aed", "eing"): FTS5's later rules read before it but change nothing
            return word
        if len(word) > 2 and word.endswith(("at", "bl", "iz")):
            word += "e"
        elif word[-1] not in "aeiouslz" and word[-1] == word[-2]:
            word = word[:-1]
        elif _porter_m_is_1(word) and _porter_cvc(word):
            word += "e"
    if word[-1] == "y" and _porter_has_vowel(word[:-1]):  # step 1c
        word = word[:-1] + "i"
    word = _porter_replace(word, _PORTER_STEP2, _porter_m_above_0)
    word = _porter_replace(word, _PORTER_STEP3, _porter_m_above_0)
    word = _porter_replace(word, _PORTER_STEP4, _porter_m_above_1)
    if word[-1] == "e" and (_porter_m_above_1(word[:-1]) or (_porter_m_is_1(word[:-1])
                                                              # step 5a
                                                              and not _porter_cvc(word[:-1]))):
        word = word[:-1]
    if len(word) > 1 and word.endswith("ll") and _porter_m_above_1(word[:-1]):  # step 5b
        word = word[:-1]
    return word


# The index's tokenizer ('porter unicode61 remove_diacritics 2') redone in Python for the text it is
# sure of: ASCII and the CJK ideographs of U+4E00-U+9FA5 (letters in every Unicode version), with
# ASCII punctuation and the common CJK punctuation below as separators.  Search asks for the stems
# of a query and of its few results; the temporary probe table (MemoryDB.tokens) answers for any
# other text.  tests/test_recall.py compares the two over 60,000 words and every separator.
_INDEX_SEPARATORS = (
    "\u3000\u3001\u3002\u300a\u300b\u300c\u300d\u300e\u300f\u3010\u3011"
    "\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f\u2014\u2018\u2019\u201c\u201d\u2026\u00b7")


@functools.lru_cache(maxsize=1)
def _index_fold_table():
    """bytes.translate table for UTF-8: ASCII upper case folded, other ASCII that is not a letter or
    digit to a space, bytes of other characters kept."""
    return bytes(
        (
            code + 32 if 65 <= code <= 90
            else code if (97 <= code <= 122 or 48 <= code <= 57 or code > 127) else 32)
        for code in range(256)
    )


def index_tokens(text, only=None):
    """The tokens the full-text index makes of ``text`` (Porter stems; a CJK run stays whole, as
    index_text has already cut it into bigrams), or None when the text has a character outside
    what this function is sure of, or a token of ASCII and CJK together.

    With ``only`` (a set of stems), just those of them the text holds.  A stem is the start of
    its word plus at most four letters the rules put there, so only the words that start with
    all but the last four letters of one of them (at least its first) are stemmed.
    """
    try:
        folded = text.encode("utf-8").translate(_index_fold_table()).decode("utf-8")
    except UnicodeError:  # a lone surrogate
        return None
    if not folded.isascii():
        for separator in _INDEX_SEPARATORS:
            if separator in folded:
                folded = folded.replace(separator, " ")
        if not all("\u4e00" <= c <= "\u9fa5" for c in set(folded) if c > "\x7f"):
            return None
    if only is None:
        words = folded.split()
    else:
        padded = " %s " % folded  # its only white space is the single space
        words = []
        for start in {stem[:max(1, len(stem) - 4)] for stem in only}:
            at = padded.find(" " + start)
            while at >= 0:
                end = padded.find(" ", at + 1)
                words.append(padded[at + 1:end])
                at = padded.find(" " + start, end)
    out = []
    for word in words:
        if word.isascii():
            stem = porter_stem(word)
        elif min(word) >= "\u4e00":
            stem = word  # no ASCII in the token: Porter's rules match nothing
        else:
            return None  # ASCII and CJK in one token: left to SQLite
        if only is None or stem in only:
            out.append(stem)
    return out
