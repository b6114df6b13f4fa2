"""The digest, the daily report and its webhooks.

Uses: base, text, checks, indexing, files, decay, store, vault.
"""

import datetime
import itertools
import json
import os
import time

from .base import (
    IN_CLAUDE_MD, DEFAULT_BUDGET, iso, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MemoryTieredError,
    ValidationError)
from .text import short, plural
from .checks import load_ids
from .indexing import token_count
from .files import check_path, digest_files, digest_path, write_atomic
from .decay import DecayEngine
from .store import MemoryStore
from .vault import VAULT_TEMPLATE


def vault_template_files():
    """(where, {relative path: text}) of the vault template: obsidian_template/ next to the module
    (the editable copy) or, when only the module was copied, its built-in copy."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "obsidian_template")
    if not os.path.isdir(source):
        return "the built-in template", dict(VAULT_TEMPLATE)
    files = {}
    for root, dirs, names in os.walk(source):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                files[os.path.relpath(path, source).replace(os.sep, "/")] = handle.read()
    return source, files

DEFAULT_VAULT = os.path.join("~", "agent-memory", "memory")
REPORT_FOLDER = "报告"
FEISHU_MAX_BYTES = 20000
def fit_sections(sections, used, budget, gap=False):
    """Headed sections of lines cut to ``budget`` tokens, ``used`` being spent already: each
    section keeps its lines in order while they fit; a section left with no line is dropped.
    With ``gap`` a blank line follows each section (counted), and a heading that no longer
    fits ends the block.  Returns (lines, tokens used)."""
    out = []
    for heading, lines in sections:
        lines = iter(lines)
        first = next(lines, None)
        if first is None:  # an empty section is skipped, never the end of the block
            continue
        block, cost = [heading], token_count(heading) + (2 if gap else 1)
        if gap and used + cost > budget:
            break
        for line in itertools.chain([first], lines):
            if used + cost + token_count(line) + 1 > budget:
                break
            block.append(line)
            cost += token_count(line) + 1
        if len(block) > 1:
            out += block + ([""] if gap else [])
            used += cost
    return out, used


def build_digest(db, budget=DEFAULT_BUDGET, project=None):
    """Markdown with the L3 insights, strongest L2s and latest L1s, within ``budget`` tokens:
    the global memories only (the digest a global CLAUDE.md includes reaches every project's
    sessions), or with ``project`` (a key) only that project's.  Flagged memories never.

    Tokens are counted as token_count() does: a CJK character is one token,
    four other characters are one.  The content depends only on the records,
    so an unchanged database gives an unchanged file.
    """
    if budget < 50:
        raise ValidationError("budget must be at least 50 tokens (got %d)" % budget, "budget")
    live = (
        "archived_at IS NULL AND superseded_by IS NULL AND flagged IS NULL AND %s AND NOT (%s)"
        % ("project IS NULL" if project is None else "project = ?", IN_CLAUDE_MD))
    params = () if project is None else (project,)
    sections = [
        ("## Core insights (L3)", "l3",
         "SELECT id, insight AS text, category FROM memory_l3 WHERE %s "
         "ORDER BY importance DESC, decay_score DESC, id DESC LIMIT 200" % live),
        ("## Knowledge (L2, strongest)", "l2",
         "SELECT id, knowledge AS text, category FROM memory_l2 WHERE %s "
         "ORDER BY importance * decay_score DESC, id DESC LIMIT 200" % live),
        ("## Recent sessions (L1)", "l1",
         "SELECT id, summary AS text, substr(created_at, 1, 10) AS category FROM memory_l1 WHERE "
         "%s ORDER BY created_at DESC, id DESC LIMIT 200" % live),
    ]
    lines = ["# Memory digest", "",
             "What the agent remembers about you, most important first. `memory_tiered.py get "
             "LEVEL ID` shows more.",
             ""]
    used = sum(token_count(line) + 1 for line in lines)

    def entries(level, rows):
        for row in rows:
            label = " (%s)" % row["category"] if row["category"] else ""
            yield "- [%s#%d]%s %s" % (level.upper(), row["id"], label, short(row["text"], 160))

    fitted, _ = fit_sections([(heading, entries(level, db.execute(sql, params).fetchall()))
                              for heading, level, sql in sections], used, budget, gap=True)
    return "\n".join(lines + fitted).rstrip("\n") + "\n"


def write_digest(db, *, project=None, budget=DEFAULT_BUDGET):
    """Write the digest of ``project`` (None: the global one) next to the database; returns
    (path, text, whether the file changed)."""
    path, text = digest_path(db.path, project), build_digest(db, budget, project=project)
    return path, text, write_atomic(path, text)


def refresh_digests(db, *, budget=DEFAULT_BUDGET):
    """Rewrite the global digest and each project digest someone asked for (the files next to
    the database); True if any changed."""
    written = write_digest(db, budget=budget)[2]
    for _, project in digest_files(db.path):
        if project:
            written = write_digest(db, project=project, budget=budget)[2] or written
    return written


def build_report(db, now):
    """The daily report as a dict: what changed in the last 24 h and the state of the store."""
    since = iso(now - datetime.timedelta(hours=24))
    stats = MemoryStore(db).stats(now)
    new = {lv: db.execute("SELECT count(*) FROM %s WHERE created_at > ? AND created_at <= ?"
                          % LEVEL_TABLE[lv], (since, iso(now))).fetchone()[0] for lv in LEVELS}
    promotions = []
    for lv in ("l2", "l3"):
        for row in db.execute("SELECT id, source_ids, %s AS text FROM %s WHERE created_at > ? AND "
                              "created_at <= ? "
                              "AND source_ids IS NOT NULL AND source_ids != '[]' ORDER BY id"
                              % (LEVEL_TEXT[lv], LEVEL_TABLE[lv]), (since, iso(now))):
            promotions.append({"level": lv, "id": row["id"],
                               "source_ids": load_ids(row["source_ids"]),
                               "text": short(row["text"], 80)})
    candidates = DecayEngine(db).candidates(now, limit=10)
    fading = DecayEngine(db).fading(now, limit=10)
    top = []
    for lv in LEVELS:
        for row in db.execute("SELECT id, %s AS text, access_count FROM %s WHERE access_count > 0 "
                              "ORDER BY access_count DESC, id LIMIT 5"
                              % (LEVEL_TEXT[lv], LEVEL_TABLE[lv])):
            top.append({"level": lv, "id": row["id"], "access_count": row["access_count"],
                        "text": short(row["text"], 80)})
    top.sort(key=lambda r: -r["access_count"])
    integrity = db.execute("PRAGMA quick_check").fetchone()[0]
    return {
        "date": now.date().isoformat(), "since": since, "new": new, "promotions": promotions,
        "strength": {lv: s["strength"] for lv, s in stats["levels"].items()},
        "counts": {lv: s["count"] for lv, s in stats["levels"].items()},
        "cleanup_candidates": sum(s["cleanup_candidates"] for s in stats["levels"].values()),
        "weakest": candidates, "fading_soon": fading, "most_retrieved": top[:5],
        "database": stats["database"], "size_bytes": stats["size_bytes"], "integrity": integrity}


def report_markdown(data):
    lines = ["# 记忆日报 %s" % data["date"], "",
             "## New in the last 24 h",
             "L1 %(l1)d, L2 %(l2)d, L3 %(l3)d" % data["new"],
             "Total: L1 %(l1)d, L2 %(l2)d, L3 %(l3)d" % data["counts"], "",
             "## Promotions"]
    lines += ["- %s #%d from %s %s: %s" % (p["level"].upper(), p["id"],
                                           "L1" if p["level"] == "l2" else "L2",
                                           ",".join(map(str, p["source_ids"])), p["text"])
              for p in data["promotions"]] or ["none"]
    lines += ["", "## Strength"]
    for lv, buckets in data["strength"].items():
        lines.append("%s: %s" % (lv.upper(), ", ".join("%s %d" % kv for kv in buckets.items())))
    lines += ["", "## Cleanup candidates: %d (nothing is deleted)" % data["cleanup_candidates"]]
    lines += ["- %s #%d %s: %s" % (c["level"].upper(), c["id"], c["why"], short(c["text"], 60))
              for c in data["weakest"]]
    if data.get("fading_soon"):
        lines += ["", "## Fading soon (below the threshold within %s unless recalled)"
                  % plural(data["fading_soon"][0]["in_days"], "day")]
        lines += ["- %s #%d strength %.3f: %s"
                  % (f["level"].upper(), f["id"], f["decay_score"], short(f["text"], 60))
                  for f in data["fading_soon"]]
    lines += ["", "## Most retrieved"]
    lines += ["- %s #%d (%d×) %s" % (t["level"].upper(), t["id"], t["access_count"], t["text"])
              for t in data["most_retrieved"]] or ["none yet"]
    lines += ["", "## Database",
              "%s, %.1f MiB, integrity check: %s" % (data["database"],
                                                     data["size_bytes"] / 1048576.0,
                                                     data["integrity"])]
    return "\n".join(lines) + "\n"


def vault_path(arg=None, environ=None):
    env = os.environ if environ is None else environ
    return check_path(
        os.path.abspath(os.path.expanduser(arg or env.get("MEMORY_TIERED_VAULT") or DEFAULT_VAULT)),
        "the vault path")


def report_vault(arg=None, environ=None):
    """The vault a report is saved in: the one named (--vault, MEMORY_TIERED_VAULT) or the
    default one when it exists; None otherwise (a report never makes a vault nobody asked for)."""
    env = os.environ if environ is None else environ
    if arg or env.get("MEMORY_TIERED_VAULT"):
        return vault_path(arg, env)
    default = vault_path(None, env)
    return default if os.path.isdir(default) else None


def save_report(vault, data, text, device=None):
    """Save the daily report note (named by its date, and by the device in a shared vault)."""
    folder = os.path.join(vault, REPORT_FOLDER)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise MemoryTieredError("cannot create %s: %s" % (folder, exc.strerror or exc))
    path = os.path.join(folder, data["date"] + (" " + device if device else "") + ".md")
    write_atomic(path, text)
    return path


def feishu_payload(title, text, secret=None, timestamp=None):
    """A Feishu custom-bot ``post`` message within Feishu's 20 KB body limit.

    With a secret, adds ``timestamp`` and ``sign`` = Base64(HMAC-SHA256 with
    key "timestamp\\nsecret" over an empty message), as Feishu documents.
    """
    lines = text.rstrip("\n").split("\n")

    def paragraph(line):
        # Feishu post messages do not render Markdown: headings become bold text, items bullets
        if line.startswith("## "):
            return [{"tag": "text", "text": line[3:], "style": ["bold"]}]
        if line.startswith("- "):
            return [{"tag": "text", "text": "• " + line[2:]}]
        return [{"tag": "text", "text": line}]

    def body(keep):
        paragraphs = [paragraph(line) for line in keep if not line.startswith("# ")]
        payload = {"msg_type": "post",
                   "content": {"post": {"zh_cn": {"title": title, "content": paragraphs}}}}
        if secret:
            import base64
            import hashlib
            import hmac
            stamp = str(int(time.time() if timestamp is None else timestamp))
            digest = hmac.new(("%s\n%s" % (stamp, secret)).encode("utf-8"), b"",
                              hashlib.sha256).digest()
            payload = dict({"timestamp": stamp, "sign": base64.b64encode(digest).decode("ascii")},
                           **payload)
        return json.dumps(payload, ensure_ascii=False).encode("utf-8")

    data = body(lines)
    while len(data) > FEISHU_MAX_BYTES and len(lines) > 1:
        lines = lines[: max(1, len(lines) * 9 // 10)]
        data = body(lines + ["… (shortened; the full report is in the vault)"])
    return data


def post_json(url, data, timeout, label):
    """POST JSON; return (ok, reason).  The URL (it holds the token) is never in the reason."""
    import urllib.error
    import urllib.request
    request = urllib.request.Request(url, data=data,
                                     headers={"Content-Type": "application/json; charset=utf-8"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read(65536)
            status = response.status
    except urllib.error.HTTPError as exc:
        return False, "%s answered HTTP %d" % (label, exc.code)
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        if "timed out" in str(reason):
            return False, "%s did not answer within %g s" % (label, timeout)
        return False, "%s unreachable (%s)" % (label, type(reason).__name__)
    if not 200 <= status < 300:
        return False, "%s answered HTTP %d" % (label, status)
    return True, raw


def push_report(title, text, environ=None):
    """Push to the configured webhooks with one retry each; return a list of (target, ok, reason).
    """
    env = os.environ if environ is None else environ
    timeout = float(env.get("MEMORY_TIERED_WEBHOOK_TIMEOUT") or 10)
    outcomes = []
    targets = []
    if env.get("MEMORY_TIERED_FEISHU_WEBHOOK"):
        targets.append(("feishu", env["MEMORY_TIERED_FEISHU_WEBHOOK"]))
    if env.get("MEMORY_TIERED_WEBHOOK"):
        targets.append(("webhook", env["MEMORY_TIERED_WEBHOOK"]))
    for name, url in targets:
        reason = ""
        for attempt in (1, 2):
            if name == "feishu":
                data = feishu_payload(title, text, env.get("MEMORY_TIERED_FEISHU_SECRET") or None)
            else:
                data = json.dumps({"text": text}, ensure_ascii=False).encode("utf-8")
            ok, raw = post_json(url, data, timeout, name)
            if ok and name == "feishu":
                try:
                    answer = json.loads(raw.decode("utf-8") or "{}")
                    code = answer.get("code", answer.get("StatusCode", 0))
                except (ValueError, AttributeError):
                    code, answer = None, {}
                if code != 0:
                    ok, raw = False, "feishu answered code %s (%s)" % (
                        code, short(str(answer.get("msg", "")), 80))
            if ok:
                outcomes.append((name, True, "sent" + (" on retry" if attempt == 2 else "")))
                break
            reason = raw
            if attempt == 1:
                time.sleep(1)
        else:
            outcomes.append((name, False, reason))
    return outcomes
