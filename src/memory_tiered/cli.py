"""The command line's frame (shared options, the command table, output, errors) and the commands
on the memory itself.

Uses: base, text, scrubbing, safety, projects, checks, files, db, records, decay, search, store, operations, replication, proposals, context.
"""

import functools
import json
import os
import sys

from .base import (
    LazyRe, DEFAULT_DB_PATH, iso, LEVEL_TABLE, LEVELS, MAX_ID, MemoryTieredError, NotFoundError,
    now_utc, parse_period, SEARCH_LIMIT_MAX, ValidationError)
from .text import CJK_CLASS, short, plural, shell_quote
from .scrubbing import scrub
from .safety import inert
from .projects import current_project, project_label, resolve_project
from .checks import ID_TEXT_RE, ORIGINS, parse_ids
from .files import check_path
from .db import MemoryDB
from .records import check_level, FIELDS, LEVEL_FIELDS, record_dict, similarity_tokens
from .decay import DecayEngine
from .search import Searcher
from .store import MemoryStore
from .operations import (
    add_memory, archive_faded, clear_flag, decay_memories, forget_in_backups, forget_memories,
    merge_memories, promote_memories, restore_memories, supersede_memory)
from .replication import others_team_record, proposals_waiting, replication_reach
from .proposals import (
    accept_proposal, list_proposals, proposal_lines, proposals_note, reject_proposal)
from .context import refresh_bytecode


_INVALID_CHOICE_RE = LazyRe(r"invalid choice: '([^']*)' \(choose from (.*)\)")
_QUOTED_RE = LazyRe(r"'([^']*)'")


@functools.lru_cache(maxsize=None)
def argparse_module():
    """(argparse, Parser, the help formatter), imported on first use (a hook that is answered
    before parsing never needs it)."""
    import argparse

    class Parser(argparse.ArgumentParser):
        """argparse that reports a usage error in one line and exits 2."""

        def error(self, message):
            import difflib
            m = _INVALID_CHOICE_RE.search(message)
            if m:
                choices = _QUOTED_RE.findall(m.group(2))
                close = difflib.get_close_matches(m.group(1).lower(), choices, n=1, cutoff=0.5) or \
                    [c for c in choices if c.startswith(m.group(1).lower()[:4])][:1]
                what = "a command" if len(choices) > 8 else "one of the choices"
                if close:
                    message = "%r is not %s; did you mean %r?" % (m.group(1), what, close[0])
                elif len(choices) > 8:
                    message = "%r is not a command" % m.group(1)
            self.exit(2, "error: %s (see `%s --help`)\n" % (message, self.prog))

    return argparse, Parser, argparse.RawDescriptionHelpFormatter


def command_in(argv):
    """The subcommand named in argv (skipping the shared options), or None."""
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token == "--db":
            skip = True
        elif not token.startswith("-"):
            return token
    return None


def positive_int(text, most=MAX_ID):
    if not ID_TEXT_RE.fullmatch(str(text)) or not 1 <= int(text) <= most:
        raise argparse_module()[0].ArgumentTypeError("must be a whole number from 1 to %d (got %r)"
                                               % (most, text))
    return int(text)


def _search_limit(text):
    return positive_int(text, SEARCH_LIMIT_MAX)


COMMANDS = {}  # name -> (handler, help, example, options), in the order `--help` lists them


def option(*flags, **options):
    """One argparse argument of a subcommand, as the command table keeps it."""
    return flags, options


def subcommand(name, help_text, example, *options):
    """Register the decorated function as the handler of the CLI command ``name``, with its help,
    an example and its arguments (``arg``), so each command's parts stand together."""
    def register(func):
        COMMANDS[name] = (func, help_text, example, options)
        return func
    return register


COMMON_OPTIONS = (  # every command's, and the top level's; absent from the arguments unless given
    option("--db", help="database path (env MEMORY_TIERED_DB)"),
    option("--json", action="store_true", help="print one JSON document on stdout"),
    option("--debug", action="store_true", help="show a traceback on errors"),
)


def common_options():
    argparse, _, formatter = argparse_module()
    parent = argparse.ArgumentParser(add_help=False, formatter_class=formatter)
    for flags, options in COMMON_OPTIONS:
        parent.add_argument(*flags, default=argparse.SUPPRESS, **options)
    return parent


PROJECT_HELP = ("a repository path (or .) or a project name; default: the repository of the "
                "working folder, none outside one (env MEMORY_TIERED_PROJECT)")


def _flag(name):
    return "--" + name.replace("_", "-")


def _field_options(level, after=None):
    """The options of `add-LEVEL`: one per field of the level the CLI sets (FIELDS, in
    LEVEL_FIELDS order), the project as --project or --global; ``after``: {field: options} of
    the command's own, listed after that field's."""
    out = []
    for name in LEVEL_FIELDS[level]:
        field = FIELDS[name]
        if name == "project":
            out += [option("--project", help=PROJECT_HELP),
                    option("--global", dest="global_", action="store_true",
                           help="belongs to no project (%s)"
                           % ("an insight" if level == "l3" else "a preference"))]
        elif field.cli:
            text = field.help.get(level) if isinstance(field.help, dict) else field.help
            out.append(option(_flag(name), required=level in field.required, help=text))
        out += (after or {}).get(name, [])
    return tuple(out)


def edit_options():
    """The options of `edit`: the text, then each editable field (FIELDS), the project as
    --project or --global."""
    out = [option("--text", help="new summary, knowledge or insight")]
    for name, field in FIELDS.items():
        if field.editable:
            out.append(option(_flag(name), help=field.edit_help))
    return tuple(out) + (option("--global", dest="global_", action="store_true",
                                help="make it global (no project)"),)


RECORD_OPTIONS = (option("level", help="l1, l2 or l3"),  # one record: `get`, `edit`, `unarchive`
                  option("id", type=positive_int, help="the record's id"))


FILTER_OPTIONS = (  # the record filters `list` and `search-all` share
    option("--project", help="only this project's memories (a name, a key or a repository path)"),
    option("--origin", choices=ORIGINS, help="only memories that arrived this way"),
    option("--category", help="only L2/L3 memories of this category"),
    option("--tag", help="only memories with this tag"),
    option("--since", help="ISO date: created on or after"),
    option("--until", help="ISO date: created on or before (whole day)"),
)


# -- helpers for handlers --


def cli_db_path(args, environ=None):
    env = os.environ if environ is None else environ
    if getattr(args, "db", None) == "":
        raise ValidationError("--db is empty; give the database's path, or leave --db out for "
                              "%s" % (env.get("MEMORY_TIERED_DB") or DEFAULT_DB_PATH))
    return check_path(
        getattr(args, "db", None) or env.get("MEMORY_TIERED_DB")
        or os.path.expanduser(DEFAULT_DB_PATH), "the database path",)


READ_ONLY_COMMANDS = ("get", "list", "search-all", "stats", "context", "export", "review",
                      "compress", "recall-log")


def open_database(args):
    """The database of this run.  A command that only reads never creates one: it says to `init`."""
    path = cli_db_path(args)
    if getattr(args, "command", None) in READ_ONLY_COMMANDS and not os.path.exists(path) and not (
            getattr(args, "command",
                    None) == "review" and args.clear or getattr(args, "apply", False)):
        raise NotFoundError("no memory database at %s yet; run `init` (or store a first memory "
                            "with `add-l1`), or pass --db" % path)
    return MemoryDB(path)


def emit(args, data, text_lines):
    if getattr(args, "json", False):
        indent = 2 if sys.stdout.isatty() else None  # compact for programs, readable on a terminal
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=indent, default=str) + "\n")
    else:
        for line in text_lines() if callable(text_lines) else text_lines:
            sys.stdout.write(inert(line) + "\n")  # (stored text never drives the terminal)


def say(message):
    """A note on stderr: scrubbed (a token given as an argument is not echoed) and inert."""
    sys.stderr.write(inert(scrub(message)[0]) + "\n")


def project_arg(db, value, writing=False):
    """``--project`` resolved (resolve_project), with a note on stderr when it names a project the
    store does not know and that is not the repository the command runs in: a repository's hooks
    file its memories under its own key (folder name and a short hash), so a bare name given
    elsewhere would never meet them."""
    key = resolve_project(db, value)
    here = current_project(repository_only=True)
    if key and key == str(value).strip() and key != here and not any(
            db.execute("SELECT 1 FROM %s WHERE project = ? LIMIT 1" % table, (key,)).fetchone()
            for table in LEVEL_TABLE.values()):
        similar = sorted({r[0] for table in LEVEL_TABLE.values() for r in db.execute(
            "SELECT DISTINCT project FROM %s WHERE project LIKE ?" % table, (key + "-%",))})
        say("note: %s project %r%s; %s" % (
            "the first memory under" if writing else "no memory is kept under",
            key, " (known: %s)" % ", ".join(similar[:5]) if similar else "",
            "the hooks file a repository's memories under its own key (its folder name and a "
            "short hash): to file it with them, give the repository's folder (--project PATH) or "
            "run the command inside it" if writing else "nothing of it to show"))
    return key


# -- handlers --


def _near_duplicate_note(duplicates):
    for d in duplicates:
        say("near-duplicate of %s #%d (overlap %.2f): %s; see `review`, `merge`" % (
            d["level"].upper(), d["id"], d["similarity"], short(d["text"], 50)))
    return duplicates


def redaction_note(redacted):
    if redacted:
        say("redacted %d secret(s) before storing: %s" % (sum(redacted.values()), ", ".join(
            "%s %d" % kv for kv in sorted(redacted.items()))))
    return dict(redacted)


def _written_out(args, level, written, duplicates=True):
    """What `add-l1/2/3` print: the id (the JSON also says whether it was new, what was redacted
    and which near-duplicates exist)."""
    data = {"level": level, "id": written.id, "created": written.created,
            "redacted": redaction_note(written.redacted)}
    if duplicates:
        data["near_duplicates"] = _near_duplicate_note(written.near_duplicates)
    emit(args, data, [str(written.id)])


def _write_project(db, args):
    """The project a record written by the CLI belongs to: --global none, --project NAME|PATH,
    MEMORY_TIERED_PROJECT, else the repository of the working folder (none outside one)."""
    if getattr(args, "global_", False):
        if args.project:
            raise ValidationError("give --project or --global, not both")
        return None
    if args.project:
        return project_arg(db, args.project, writing=True)
    return current_project(repository_only=True)


def _record_lines(r):
    lines = ["%s #%d  importance %.2f  strength %.3f  stability %g  accessed %d×  created %s" % (
        r["level"].upper(), r["id"], r["importance"] if r["importance"] is not None else 0.5,
        r["decay_score"], r.get("stability") or 1, r["access_count"] or 0, r["created_at"])]
    if r["level"] == "l1":
        lines.append("session: %s%s" % (r["session_id"], "  parent: %s" % r["parent_session"]
                                        if r.get("parent_session") else ""))
    elif r.get("category"):
        lines.append("category: %s" % r["category"])
    extra = "".join("  %s: %s" % (name,
                                  r[name]) for name in ("agent", "device", "author") if r.get(name))
    lines.append("project: %s  origin: %s%s" % (r.get("project") or "(global)",
                                                 r.get("origin") or "unknown", extra))
    if r.get("damaged"):
        lines.append("damaged: %s hold(s) what no memory_tiered write stores (another program "
                     "changed the row); shown as neutral values, `edit` sets them again"
                     % ", ".join(r["damaged"]))
    if r.get("flagged"):
        lines.append("FLAGGED (%s): not injected automatically; `review --clear %s %d` after "
                     "reading it"
                     % (r["flagged"], r["level"], r["id"]))
    lines.append(r["text"])
    for p in r.get("key_points") or []:
        lines.append("  - " + p)
    if r.get("tags"):
        lines.append("tags: " + ", ".join(r["tags"]))
    for s in r.get("sources", []):
        lines.append("source %s #%d: %s" % (s["level"].upper(), s["id"],
                                             short(s["text"]) if s["text"] else "(forgotten)"))
    for s in r.get("promoted", []):
        lines.append("promoted to %s #%d: %s"
                     % (s["level"].upper(), s["id"], short(s["text"] or "")))
    for s_ in r.get("superseded_chain", []):
        lines.append("superseded by %s #%d: %s"
                     % (s_["level"].upper(), s_["id"], short(s_["text"] or "(forgotten)")))
    for s_ in r.get("supersedes", []):
        lines.append("supersedes %s #%d: %s" % (s_["level"].upper(), s_["id"], short(s_["text"])))
    if r.get("archived_at"):
        lines.append("archived at %s" % r["archived_at"])
    return lines


def _period_args(args):
    """--since and --until as datetimes (parse_period)."""
    return parse_period(args.since, args.until, ("--since", "--until"))


def _list_lines(rows):
    return [
        "%s #%-6d imp %.2f  str %.3f  acc %-3d %s  %s"
        % (
            r["level"].upper(), r["id"], r["importance"] if r["importance"] is not None else 0.5,
            r["decay_score"], r["access_count"] or 0, (r["created_at"] or "")[:10],
            short(r["text"], 70))
        for r in rows
    ]


def forget_matches(db, text, now=None):
    """Records a person would call a match for ``text``: every significant word of it (stop
    words dropped, words lightly stemmed, Chinese as bigrams) is in the record's text, key
    points, category or tags.  However many there are; archived and superseded included."""
    wanted = similarity_tokens(text)
    if not wanted:
        raise ValidationError("%r has no significant word to match; name what to forget"
                              % short(text, 60))
    found = Searcher(db).search(text, limit=1000, touch=False, include_archived=True,
                                include_superseded=True,
                                merge_promoted=False,
                                now=now)["results"]
    if len(found) < 1000:
        rows = [(r["level"], r["id"]) for r in found]
    else:  # more candidates than one search returns: look at every record
        rows = [(lv,
                 r[0]) for lv in LEVELS for r in db.execute("SELECT id FROM %s" % LEVEL_TABLE[lv])]
    out = []
    for lv, rid in rows:
        row = db.execute("SELECT * FROM %s WHERE id = ?" % LEVEL_TABLE[lv], (rid,)).fetchone()
        record = record_dict(lv, row)
        words = similarity_tokens(
            " ".join(
                [record["text"] or ""] + (record.get("key_points") or [])
                + (record.get("tags") or []) + [record.get("category") or ""])
        )
        if wanted <= words:
            out.append((lv, rid, record["text"]))
    return sorted(out, key=lambda t: (LEVELS.index(t[0]), t[1]))


@subcommand("init", "Create or migrate the database (idempotent).", "memory_tiered.py init")
def cmd_init(args):
    with open_database(args) as db:
        data = {"database": db.path, "schema_version": db.schema_version(), "fts": db.fts}
    refresh_bytecode()  # later launches with -m (hooks, cron, MCP) read it instead of compiling
    emit(args, data, ["✅ 数据库初始化完成: %s" % data["database"]])
    return 0


def _add_command(args, level, supersedes=None):
    """`add-LEVEL`: the fields the CLI sets, the project from --project/--global, one add."""
    values = {name: getattr(args, name) for name in LEVEL_FIELDS[level]
              if FIELDS[name].cli and name != "project"}
    with open_database(args) as db:
        values["project"] = _write_project(db, args)
        return add_memory(db, level=level, values=values, supersedes=supersedes)


@subcommand("add-l1", "Store one conversation summary (L1).",
            'memory_tiered.py add-l1 --session-id s42 --summary "Chose SQLite WAL" '
            '--key-points "sqlite,wal" --importance 0.8',
            *_field_options("l1"))
def cmd_add_l1(args):
    written = _add_command(args, "l1")
    if not written.created:
        say("same summary already stored for this session as L1 #%d; not added again" % written.id)
    _written_out(args, "l1", written)
    return 0


@subcommand("add-l2", "Store a piece of structured knowledge (L2).",
            'memory_tiered.py add-l2 --category skills --knowledge "Writes Go daily" --source-ids '
            '3,7',
            *_field_options("l2", after={"source_ids": [option(
                "--supersedes", type=positive_int, help="id of an older L2 this one replaces")]}))
def cmd_add_l2(args):
    _written_out(args, "l2", _add_command(args, "l2", supersedes=args.supersedes))
    return 0


@subcommand("add-l3", "Store a core insight (L3).",
            'memory_tiered.py add-l3 --insight "Prefers boring tech" --source-ids 2,5,9',
            *_field_options("l3"))
def cmd_add_l3(args):
    _written_out(args, "l3", _add_command(args, "l3"), duplicates=False)
    return 0


@subcommand("get", "Show one record with its sources and promotions.",
            "memory_tiered.py get l2 5",
            *RECORD_OPTIONS)
def cmd_get(args):
    with open_database(args) as db:
        record = MemoryStore(db).get(args.level, args.id)
    emit(args, record, lambda: _record_lines(record))
    return 0


@subcommand("list", "List records.",
            "memory_tiered.py list --level l1 --sort importance --limit 5",
            option("--level", type=str.lower, choices=LEVELS, help="l1, l2 or l3"),
            option("--sort", choices=("created", "importance", "decay", "access"),
                   default="created",
                   help="newest first (default), or by importance, strength or retrievals"),
            option("--limit", type=positive_int, default=20,
                   help="at most this many per level (default 20)"),
            option("--include-archived", action="store_true", help="also archived records"),
            *FILTER_OPTIONS)
def cmd_list(args):
    with open_database(args) as db:
        since, until = _period_args(args)
        rows = MemoryStore(db).list(args.level, args.sort, args.limit, args.include_archived,
                                    project_arg(db, args.project), args.origin, args.category,
                                    args.tag,
                                    since, until)
    emit(args, {"records": rows}, lambda: _list_lines(rows))
    return 0


def _search_lines(results, explain):
    """The text form of `search-all` results (with --explain, each score's parts)."""
    out = []
    for n, r in enumerate(results, 1):
        where = " session %s" % r["session_id"] if r["session_id"] else (
            " [%s]" % r["category"] if r.get("category") else "")
        label = "  [%s]" % project_label(r["project"]) if r["project"] else ""
        marks = ("FLAGGED " if r.get("flagged") else "") + ("(weak) " if r.get("weak") else "")
        out.append("%2d. %s #%d%s%s  score %.3f  %s%s"
                   % (n, r["level"].upper(), r["id"], where, label,
                                                          r["score"], marks, short(r["text"], 90)))
        if explain:
            e = r["explain"]
            vector = ("; vector cosine %.3f, fused %.4f" % (e["vector_cosine"], e["fused_score"])
                      if "vector_cosine" in e else "")
            out.append("    = (relevance %.3f [bm25 %.3f] + date bonus %.2f) × importance factor "
                       "%.3f "
                       "(0.75 + 0.5 × %.2f) × strength factor %.3f (0.6 + 0.4 × %.3f, stability "
                       "%g) × level %.1f%s" % (e["relevance"], e["bm25"], e["date_bonus"],
                                           e["importance_factor"],
                                           r["importance"], e["strength_factor"], r["decay_score"],
                                           e["stability"], e["level_weight"], vector))
    return out


def _joined_pairs(terms):
    """Prompt terms as a person wrote them: a Chinese word's overlapping pairs joined (数据 据库:
    数据库)."""
    out = []
    for term in terms:
        if out and len(term) == 2 and min(term) >= CJK_CLASS[0] and out[-1][-1] == term[0]:
            out[-1] += term[1]
        else:
            out.append(term)
    return " ".join(out)


@subcommand("search-all", "Search all three levels; one ranked list.",
            'memory_tiered.py search-all "what did we decide about auth?"',
            option("text", nargs="?", help="the search text (or --keyword)"),
            option("--keyword", "-k", action="append",
                   help="search text; repeat it with paraphrases and synonyms: the rankings are "
                        "fused"),
            option("--level", type=str.lower, choices=LEVELS, help="l1, l2 or l3"),
            option("--limit", type=_search_limit, default=10,
                   help="results (default 10, at most 1000)"),
            option("--here", action="store_true",
                   help="only this repository's memories and global ones"),
            *FILTER_OPTIONS,
            option("--explain", action="store_true", help="show each part of the score"),
            option("--no-touch", action="store_true", help="do not count this as a retrieval"),
            option("--include-archived", action="store_true", help="also archived records"),
            option("--include-superseded", action="store_true",
                   help="also records replaced by newer ones"))
def cmd_search_all(args):
    texts = ([args.text] if args.text is not None else []) + (args.keyword or [])
    since, until = _period_args(args)
    if not texts and (since or until):
        # a period without search words: what was written then, newest first
        with open_database(args) as db:
            rows = MemoryStore(db).list(args.level, "created", args.limit, args.include_archived,
                                        project_arg(db, args.project), args.origin,
                                        args.category, args.tag,
                                        since, until)
        emit(args, {"query": None, "results": rows}, lambda: _list_lines(rows))
        return 0
    if not texts:
        raise ValidationError("give the search text, as `search-all TEXT` or `--keyword TEXT` "
                              "(repeatable), or a period with --since/--until")
    text = texts[0]
    with open_database(args) as db:
        searcher = Searcher(db)
        if args.here and args.project:
            raise ValidationError("give --project or --here, not both")
        options = dict(level=args.level, limit=args.limit,
                       project=project_arg(db, args.project), since=since,
                       until=until, include_archived=args.include_archived, touch=not args.no_touch,
                       now=now_utc(),
                       include_superseded=args.include_superseded,
                       scope=current_project() if args.here else None,
                       origin=args.origin, category=args.category, tag=args.tag)
        if len(texts) > 1:
            found = searcher.search_many(texts, **options)
        else:
            found = searcher.search(text, **options)
            # marks weak matches; the ranking stays
            searcher.gate(text, found["results"], options["now"], prompt=False)
    if searcher.touch_skipped:
        say("note: %s" % searcher.touch_skipped)
    if args.explain and found.get("also_searched"):
        say("also searched: %s" % ", ".join(
            "%s (%s)" % (form, _joined_pairs(sources))
            for form, sources in found["also_searched"].items()))
    if args.explain and found.get("periods"):
        say("period: %s" % ", ".join("%s .. %s" % tuple(p) if p[0] != p[1] else p[0]
                                      for p in found["periods"]))
    if args.explain and found.get("read_as"):
        say("read as: %s" % ", ".join("%s -> %s" % pair for pair in found["read_as"].items()))
    if not args.explain:
        for r in found["results"]:
            r.pop("explain")

    emit(args, found, lambda: _search_lines(found["results"], args.explain))
    if not found["results"]:
        hidden = []
        if not (args.include_archived and args.include_superseded):
            with open_database(args) as db:
                hidden = Searcher(db).search(text, args.level, 100, touch=False,
                                             include_archived=True,
                                             include_superseded=True,
                                             project=resolve_project(db, args.project),
                                             scope=current_project() if args.here
                                             else None)["results"]
                hidden = [r for r in hidden if r["archived"] or r["superseded"]]
        if hidden:
            say("no live memory matches %r; %s archived or superseded (add --include-archived "
                 "--include-superseded to see %s)" % (short(text, 60),
                                                      plural(len(hidden), "record") + (
                     " is" if len(hidden) == 1 else " are"), "it" if len(hidden) == 1 else "them"))
        else:
            say("no memory matches %r" % short(text, 60))
    return 0


@subcommand("decay", "Apply the strength decay for the time elapsed.",
            "memory_tiered.py decay",
            option("--dry-run", action="store_true", help="count what would change, write nothing"))
def cmd_decay(args):
    now = now_utc()
    with open_database(args) as db:
        changed = decay_memories(db, now=now, dry_run=args.dry_run)
    data = {"now": iso(now), "changed": changed, "dry_run": args.dry_run}
    emit(args, data, [])
    say(
        "decay%s: %d L1, %d L2, %d L3 records brought to %s"
        % (
            " (dry run)" if args.dry_run else "", changed["l1"], changed["l2"], changed["l3"],
            iso(now))
    )
    return 0


@subcommand("cleanup", "Report records below the cleanup threshold; deletes nothing.",
            "memory_tiered.py cleanup --archive --yes",
            option("--archive", action="store_true",
                   help="mark the candidates archived (with --yes)"),
            option("--yes", action="store_true", help="confirm --archive"),
            option("--limit", type=positive_int,
                   help="list (or with --archive, archive) only the N weakest; default: list 50, "
                        "archive all"))
def cmd_cleanup(args):
    now = now_utc()
    if args.archive and not args.yes:
        raise ValidationError("--archive hides the candidates from search; add --yes to confirm")
    with open_database(args) as db:
        engine = DecayEngine(db)
        found = engine.candidates(now, limit=args.limit if args.archive else (args.limit or 50))
        archived = archive_faded(db, now=now, limit=args.limit) if args.archive else None
        fading = engine.fading(now)
    data = {"candidates": found, "archived": archived, "fading_soon": fading}
    emit(args, data,
         lambda: ["%s #%d  %s  %s" % (c["level"].upper(), c["id"], c["why"], short(c["text"], 60))
                              for c in found] + (["Fading soon (below the threshold within %s "
                                                  "unless recalled):"
                                                  % plural(fading[0]["in_days"],
                                                           "day")] if fading else []) + [
        "  %s #%d  strength %.3f  %s" % (f["level"].upper(), f["id"], f["decay_score"],
                                         short(f["text"], 60))
        for f in fading])
    if archived is not None:
        say("cleanup: %d candidates archived (kept, hidden from search)" % sum(archived.values()))
    else:
        say("cleanup: %d candidates; nothing deleted" % len(found))
    return 0


@subcommand("compress", "Promotion report; --apply promotes eligible L1s to L2.",
            "memory_tiered.py compress --apply",
            option("--apply", action="store_true", help="promote the eligible L1s to L2s"),
            option("--dry-run", action="store_true", help="with --apply: report only"))
def cmd_compress(args):
    now = now_utc()
    with open_database(args) as db:
        report = promote_memories(db, apply=args.apply and not args.dry_run, now=now,
                                  texts=getattr(args, "json", False))
    applied = report["applied"]

    def lines():
        out = []
        sections = [
            (
                "Promote (importance >= %.2f, access >= %d):"
                % (report["thresholds"]["importance"], report["thresholds"]["access"]),
                [
                    "  L1 #%d  importance %.2f  access %d  %s"
                    % (r["id"], r["importance"], r["access_count"], short(r["summary"], 60))
                    for r in report["promote"]
                ],
            ),
            (
                "Near the thresholds:",
                [
                    "  L1 #%d  %s  %s" % (r["id"], r["lacks"], short(r["summary"], 50))
                    for r in report["near"]
                ],
            ),
            (
                "L2 candidates (L1s sharing a key point):",
                [
                    "  %r: L1 %s\n    %s"
                    % (c["key_point"], ",".join(map(str, c["l1_ids"])), c["command"])
                    for c in report["l2_candidates"]],
            ),
            (
                "L3 candidates (L2s in one category):",
                [
                    "  %s: L2 %s\n    %s"
                    % (c["category"], ",".join(map(str, c["l2_ids"])), c["command"])
                    for c in report["l3_candidates"]],
            ),
        ]
        for heading, rows in sections:  # an empty section is left out, not printed as a bare header
            if rows:
                out += [heading] + rows
        out += ["Promoted L1 #%d -> L2 #%d" % (a["l1_id"], a["l2_id"]) for a in applied]
        return out

    emit(args, report, lines)
    say("compress: %d eligible, %d promoted%s" % (len(report["promote"]), len(applied),
                                                    "" if args.apply else " (report only; --apply "
                                                                          "to promote)"))
    return 0


@subcommand("stats", "Counts, strength distribution, file and index facts.",
            "memory_tiered.py stats")
def cmd_stats(args):
    with open_database(args) as db:
        data = MemoryStore(db).stats()

    def lines():
        out = ["database: %s (%.1f KiB)" % (data["database"], data["size_bytes"] / 1024.0),
               "schema version %d, SQLite %s, search: %s"
               % (data["schema_version"], data["sqlite_version"],
                                                             data["fts"]),
               "digest: %s" % data["digest"]]
        for lv, s in data["levels"].items():
            out.append("%s: %d records, %d archived, %d cleanup candidates, %d promoted" % (
                lv.upper(), s["count"], s["archived"], s["cleanup_candidates"], s["promoted"]))
            out.append("    strength " + "  ".join("%s: %d" % kv for kv in s["strength"].items()))
        return out

    emit(args, data, lines)
    return 0


def _forget_targets(db, args, now):
    """[(level, id, text)] a `forget` names: one record, or every match of --query (listed and
    confirmed)."""
    if not args.query:
        level = check_level(args.level)
        if not args.yes:
            raise ValidationError("forget deletes %s #%d for good; add --yes to confirm"
                                  % (level.upper(), args.id))
        return [(level, args.id, None)]
    targets = forget_matches(db, args.query, now)
    if not targets:
        if not args.purge_backups:
            say("forget: nothing has every significant word of %r" % short(args.query, 60))
        return []
    say("forget: %d record(s) contain every significant word of %r:"
         % (len(targets), short(args.query, 60)))
    for level, rid, text in targets:
        say("  %s #%d  %s" % (level.upper(), rid, short(text, 70)))
    if not args.yes:
        if not sys.stdin.isatty():
            raise ValidationError("%s (listed above); add --yes to forget %s" % (
                "1 record matches" if len(targets) == 1 else "%d records match" % len(targets),
                "it" if len(targets) == 1 else "them"))
        answer = input("Forget these %d records for good? [y/N] " % len(targets))
        if answer.strip().lower() not in ("y", "yes"):
            raise MemoryTieredError("forget: nothing changed")
    return targets


def _forget_in_backups(db, args, now):
    """`forget --query TEXT --purge-backups` when nothing here matches any more: the backups."""
    done = forget_in_backups(db, query=args.query, now=now)
    if not done["forgotten"]:
        say("forget: nothing here or in the backups has every significant word of %r"
             % short(args.query, 60))
    else:
        say("forget: rewrote %d backup(s) without %s that matched"
             % (len(done["backups_purged"]), plural(len(done["forgotten"]), "record")))
    emit(args, {"forgotten": [{"level": lv, "id": rid} for lv, rid in done["forgotten"]],
                "backups_purged": done["backups_purged"], "unlinked": []}, [])
    return 0


def _confirm_forget_all(db, args):
    """forget --all: --yes; on a device that replicates, --everywhere too (its tombstones reach
    every device), confirmed in a terminal by typing the count of records."""
    if not args.yes:
        raise ValidationError("forget --all deletes every memory; add --yes to confirm")
    folders, devices = replication_reach(db)
    if args.everywhere and not folders:
        raise ValidationError("--everywhere: this database replicates with no other device")
    if not folders:
        return
    total = sum(db.execute("SELECT count(*) FROM %s" % t).fetchone()[0]
                for t in LEVEL_TABLE.values())
    reach = "%s on %s through %s" % (plural(total, "record"), plural(len(devices) + 1, "device"),
                                     plural(len(folders), "folder"))
    if not args.everywhere:
        raise ValidationError(
            "this database replicates: forget --all would forget %s; add --everywhere for that, "
            "or `replicate --leave --dir FOLDER` for each folder first to forget here only" % reach)
    if sys.stdin.isatty() and sys.stderr.isatty():
        sys.stderr.write("forget --all --everywhere: %s. Type %d to confirm: " % (reach, total))
        sys.stderr.flush()
        if sys.stdin.readline().strip() != str(total):
            raise ValidationError("not confirmed; nothing was forgotten")


@subcommand(
    "forget",
    "Delete records for good: one, those matching a query, or all.",
    'memory_tiered.py forget l1 12 --yes   |   forget --query "old address" --yes',
    option("level", nargs="?", help="l1, l2 or l3"),
    option("id", nargs="?", type=positive_int, help="the record's id"),
    option(
        "--query",
        help="forget every record that contains all significant words of TEXT (listed first)"),
    option("--all", action="store_true", help="forget everything (a backup is taken first)"),
    option("--everywhere", action="store_true",
           help="with --all on a device that replicates: on every device it replicates with"),
    option("--yes", action="store_true", help="confirm"),
    option(
        "--purge-backups", action="store_true",
        help="also rewrite the backups in backups/ that still hold the forgotten records"),
)
def cmd_forget(args):
    modes = [bool(args.level or args.id), bool(args.query), bool(args.all)]
    if sum(modes) != 1:
        raise ValidationError("forget takes LEVEL ID, or --query TEXT, or --all (one of them)")
    if modes[0] and not (args.level and args.id):
        raise ValidationError("forget LEVEL ID needs both, e.g. `forget l1 12 --yes`")
    now = now_utc()
    with open_database(args) as db:
        if args.all:
            _confirm_forget_all(db, args)
            done = forget_memories(db, everything=True, purge_backups=args.purge_backups, now=now)
        else:
            targets = _forget_targets(db, args, now)
            if not targets and args.query and args.purge_backups:
                return _forget_in_backups(db, args, now)
            if not targets:
                emit(args, {"forgotten": [], "unlinked": []}, [])
                return 0
            gone = [(lv, rid) for lv, rid, _ in targets if MemoryStore(db).was_forgotten(lv, rid)]
            if gone and not args.purge_backups:
                raise ValidationError("%s #%d was forgotten already; `forget %s %d --yes "
                                      "--purge-backups` rewrites the backups that still hold it"
                                      % (gone[0][0].upper(), gone[0][1], gone[0][0], gone[0][1]))
            for lv, rid, _ in targets:
                author = others_team_record(db, lv, rid)
                if author:
                    say("forget: %s #%d is %s's team memory: forgotten here; on the other "
                        "devices it waits for %s to decide (`review --proposals`)"
                        % (lv.upper(), rid, author, author))
            done = forget_memories(db, targets=[(lv, rid) for lv, rid, _ in targets],
                                   purge_backups=args.purge_backups, now=now)
    for item in done["unlinked"]:
        say(
            "%s #%d keeps its text but no longer links to %s #%d"
            % (
                item["level"].upper(), item["id"], item["source"]["level"].upper(),
                item["source"]["id"])
        )
    if done["backup"]:
        say("forget: backup of everything saved to %s" % done["backup"])
        say("forget: delete that backup too (or use --purge-backups) if the memories must be gone "
             "for good")
    if done["notes_deleted"]:
        say("forget: deleted %d vault note(s); the next `sync` drops the name from notes that "
             "linked to it"
             % len(done["notes_deleted"]))
    if done["backups_holding"] and not args.all:
        again = ("forget %s %d" % (done["forgotten"][0]["level"], done["forgotten"][0]["id"])
                 if len(done["forgotten"]) == 1 else "forget --query %s" % shell_quote(
                     args.query or ""))
        say("forget: %d backup(s) in %s still hold it; `%s --yes --purge-backups` rewrites them "
             "without it (also once it is gone)"
             % (len(done["backups_holding"]), os.path.dirname(done["backups_holding"][0]), again))
    if done["backups_purged"]:
        say("forget: rewrote %d backup(s) without it" % len(done["backups_purged"]))
    if args.all:
        counts = done["forgotten"]
        emit(args, done,
             ["forgot %d L1, %d L2, %d L3" % (counts["l1"], counts["l2"], counts["l3"])])
    else:
        emit(args, done, ["forgot %s #%d" % (f["level"].upper(),
                                             f["id"]) for f in done["forgotten"]])
    return 0


def _review_proposals(args):
    """review --proposals, --accept N, --reject N."""
    if sum(map(bool, (args.accept, args.reject, args.proposals))) != 1 or args.clear:
        raise ValidationError("review takes one of --proposals, --accept N, --reject N")
    with open_database(args) as db:
        if args.proposals:
            found = list_proposals(db, every=args.every)
            emit(args, {"proposals": found}, lambda: proposal_lines(found))
            say("review: %s" % plural(len(found), "proposal"))
            return 0
        decide = accept_proposal if args.accept else reject_proposal
        done = decide(db, proposal_id=args.accept or args.reject)
    emit(args, done, [])
    say("review: proposal #%d %s (%s %s #%s by %s); the next `replicate` tells every device"
        % (done["id"], done["status"], done["kind"], done["record"]["level"].upper(),
           done["record"]["id"], done["proposer"]))
    return 0


@subcommand("review", "List flagged memories, near-duplicate pairs and L2s that may contradict "
            "each other; --clear a flag.",
            "memory_tiered.py review --level l2   |   review --clear l1 12",
            option("--level", type=str.lower, choices=LEVELS, help="l1, l2 or l3"),
            option("--limit", type=positive_int, default=2000,
                   help="most recent records looked at per level"),
            option("--clear", nargs=2, metavar=("LEVEL", "ID"),
                   help="you read this flagged memory: let the hooks inject it again"),
            option("--proposals", action="store_true",
                   help="what teammates proposed for records you wrote (team folders)"),
            option("--all", action="store_true", dest="every",
                   help="with --proposals: the decided ones too"),
            option("--accept", type=positive_int, metavar="N",
                   help="make proposal N your own change"),
            option("--reject", type=positive_int, metavar="N",
                   help="keep your record as it is; proposal N is dropped"))
def cmd_review(args):
    if args.accept or args.reject or args.proposals:
        return _review_proposals(args)
    if args.clear:
        level, rid = check_level(args.clear[0]), parse_ids(args.clear[1], "id")
        if len(rid) != 1:
            raise ValidationError("review --clear takes LEVEL ID, e.g. `review --clear l1 12`")
        with open_database(args) as db:
            was = clear_flag(db, level=level, record_id=rid[0])
        emit(args, {"level": level, "id": rid[0], "was": was}, [])
        say("review: %s #%d %s" % (level.upper(), rid[0], "cleared (was flagged: %s)" % was if was
                                     else "was not flagged; unchanged"))
        return 0
    with open_database(args) as db:
        found = MemoryStore(db).review(args.level, args.limit)
        found["flagged"] = MemoryStore(db).flagged(args.level)
        found["proposals_waiting"] = waiting = proposals_waiting(db)
    emit(
        args,
        found,
        lambda: [
            "flagged %s #%d (%s%s): %s -- %s"
            % (
                f["level"].upper(), f["id"], f["origin"] or "origin unknown",
                ", agent %s" % f["agent"] if f["agent"] else "", f["flagged"], short(f["text"], 60)
            )
            for f in found["flagged"]
        ]
        + [
            "duplicate %s #%d ~ #%d (%.2f): %s"
            % (d["level"].upper(), d["ids"][0], d["ids"][1], d["similarity"], d["command"])
            for d in found["duplicates"]
        ]
        + [
            "may contradict: L2 #%d ~ #%d in %s (%.2f); if one replaces the other: supersede l2"
            " OLD NEW" % (c["ids"][0], c["ids"][1], c["category"], c["similarity"])
            for c in found["contradictions"]
        ],
    )
    say("review: %d flagged (kept out of injection until `review --clear LEVEL ID`), %d "
         "near-duplicate pairs, "
         "%d possible contradictions" % (len(found["flagged"]), len(found["duplicates"]),
                                         len(found["contradictions"])))
    if waiting:
        say("review: " + proposals_note(waiting))
    return 0


@subcommand("merge", "Fold the second record into the first (same level).",
            "memory_tiered.py merge l1 12 15",
            option("level", help="l1, l2 or l3"),
            option("keep", type=positive_int, help="the id to keep (its text stays)"),
            option("drop", type=positive_int, help="the id folded into it and removed"))
def cmd_merge(args):
    with open_database(args) as db:
        record = merge_memories(db, level=args.level, keep_id=args.keep, drop_id=args.drop)
    emit(args, record, lambda: _record_lines(record))
    say("merge: %s #%d folded into #%d" % (record["level"].upper(), args.drop, args.keep))
    return 0


@subcommand("supersede", "Mark OLD as replaced by NEW: kept, hidden from search.",
            "memory_tiered.py supersede l2 4 9",
            option("level", help="l1, l2 or l3"),
            option("old", type=positive_int, help="the id of the record replaced"),
            option("new", type=positive_int, help="the id of the record that replaces it"))
def cmd_supersede(args):
    level = check_level(args.level)
    with open_database(args) as db:
        supersede_memory(db, level=level, old_id=args.old, new_id=args.new)
    emit(args, {"level": level, "old": args.old, "new": args.new}, [])
    say("supersede: %s #%d is now superseded by #%d (kept; hidden from search unless "
         "--include-superseded)"
         % (level.upper(), args.old, args.new))
    return 0


@subcommand("backup", "A consistent online copy into backups/ next to the database.",
            "memory_tiered.py backup --keep 7",
            option("--to", help="file to write instead of backups/NAME-DATE.db"),
            option("--keep", type=positive_int, default=7,
                   help="backups kept in backups/ (newest)"))
def cmd_backup(args):
    with open_database(args) as db:
        path, removed = db.backup(args.to, args.keep, now_utc())
    emit(args, {"backup": path, "removed": removed}, [path])
    say("backup: wrote %s%s" % (path, "; removed %d older" % len(removed) if removed else ""))
    return 0


@subcommand("restore", "Put a backup back (the current database is backed up first).",
            "memory_tiered.py restore backups/state-20260501-030000.db --yes",
            option("path", help="a backup file, e.g. backups/state-20260501-030000.db"),
            option("--yes", action="store_true",
                   help="confirm: the current database is backed up, then replaced"))
def cmd_restore(args):
    if not args.yes:
        raise ValidationError(
            "restore replaces the current memories with %s; add --yes to confirm" % args.path)
    with open_database(args) as db:
        done = restore_memories(db, source=args.path)
    emit(args, {"restored": os.path.abspath(args.path), "previous_saved_to": done["saved"],
                "notes_moved_aside": done["aside"]}, [])
    say("restore: %s is back; the database as it was is saved at %s" % (args.path, done["saved"]))
    if done["aside"]:
        say("restore: %d vault note(s) of records the backup does not have moved to %s"
             % (len(done["aside"]), os.path.dirname(done["aside"][0])))
    return 0
