"""The checks every write shares (origins, importance, numbers, items, ids) and stored lists.

Uses: base, text.
"""

import json

from .base import LazyRe, MAX_ID, MAX_ITEM, MAX_ITEMS, ValidationError
from .text import KEY_POINT_SPLIT_RE, check_text


ORIGINS = ("cli", "mcp", "hook", "auto", "import", "vault", "team")


def check_origin(origin):
    if origin not in ORIGINS:
        raise ValidationError("origin must be one of: %s (got %r)" % (", ".join(ORIGINS), origin))
    return origin


def check_importance(value, what="importance"):
    """Return importance as a float in [0, 1], or raise ValidationError."""
    if value is None:
        return 0.5
    try:
        if isinstance(value, bool):
            raise ValueError
        number = float(value)
    except (TypeError, ValueError):
        number = float("nan")
    if not (0.0 <= number <= 1.0):  # also rejects nan
        raise ValidationError("%s must be a number from 0 to 1 (got %r)" % (what, value))
    return number


def check_number(value, what, low, high):
    """A finite number from ``low`` to ``high``, or ValidationError."""
    try:
        if isinstance(value, bool):
            raise ValueError
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = float("nan")
    if not (low <= number <= high):
        raise ValidationError("%s must be a number from %g to %g (got %r)"
                              % (what, low, high, value))
    return number


def split_items(value, what, limit=MAX_ITEM):
    """Split key points or tags given as a list or as "a,b；c、d" into a clean list."""
    if value is None:
        return []
    if isinstance(value, str):
        items = KEY_POINT_SPLIT_RE.split(value)
    elif isinstance(value, (list, tuple)):
        items = []
        for item in value:
            if not isinstance(item, str):
                raise ValidationError("each of %s must be text (got %r)" % (what, item))
            items.append(item)
    else:
        raise ValidationError("%s must be a list or a comma-separated string" % what)
    out = []
    for item in items:
        text = check_text(item, what, limit=limit, required=False)
        if text and text not in out:
            out.append(text)
    if len(out) > MAX_ITEMS:
        raise ValidationError("too many %s: %d, the limit is %d" % (what, len(out), MAX_ITEMS))
    return out


ID_TEXT_RE = LazyRe(r"[0-9]{1,19}")


def parse_ids(value, what):
    """Parse "3,7" or [3, 7] into a list of positive ints, order kept, no repeats."""
    if value is None or value == "":
        return []
    items = value if isinstance(value, (list, tuple)) else str(value).replace("，", ",").split(",")
    out = []
    for item in items:
        text = str(item).strip()
        if not text:
            continue
        if isinstance(item, bool) or isinstance(item, float) or not ID_TEXT_RE.fullmatch(text) \
                or not 0 < int(text) <= MAX_ID:
            raise ValidationError("%s must be whole numbers from 1 to %d separated by commas (got "
                                  "%r)"
                                  % (what, MAX_ID, item))
        number = int(text)
        if number not in out:
            out.append(number)
    return out


def load_list(text):
    """Read a list column (JSON array; older databases stored comma text)."""
    if not text:
        return []
    if isinstance(text, list):
        return text
    try:
        value = json.loads(text)
        if isinstance(value, list):
            return value
    except ValueError:
        pass
    return [p.strip() for p in KEY_POINT_SPLIT_RE.split(str(text)) if p.strip()]


def load_ids(text):
    """Read a source-id list column as ints (older databases stored "1,2")."""
    return [int(i) for i in load_list(text) if str(i).strip().isdigit()]


def dump_list(items):
    return json.dumps(list(items), ensure_ascii=False)


def int_list(values):
    """Whole numbers as a JSON list for json_each(?), written without the json module."""
    return "[%s]" % ",".join(map(str, map(int, values)))
