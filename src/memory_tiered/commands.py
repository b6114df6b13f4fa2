"""The commands on devices, the vault, agents and jobs, the parser built from the command table,
and main(): the single exit point.

Uses: base, text, projects, indexing, files, db, records, sessions, decay, store, report, recall, operations, replication, context, agents, importers, hooks, mcp, jobs, cli.
"""

import contextlib
import functools
import json
import os
import sqlite3
import sys
import time

from . import __version__
from .base import (
    LazyRe, DatabaseError, DEFAULT_BUDGET, LEVELS, MemoryTieredError, NotFoundError, now_utc,
    TUNABLES, ValidationError)
from .text import short, plural, shell_quote
from .projects import current_project, project_key, project_label, resolve_project
from .indexing import token_count
from .files import JobLock, make_private_dirs, write_atomic, write_atomic_lines
from .db import describe_sqlite_error, MemoryDB, wal_problem
from .records import (
    check_fields, check_level, csv_row, EDITABLE, EXPORT_COLUMNS, FIELDS, iter_csv, iter_jsonl,
    LEVEL_FIELDS, markdown_export, read_config)
from .sessions import pending_sessions
from .decay import DecayEngine
from .store import MemoryStore
from .report import report_vault, vault_path, vault_template_files, write_digest
from .operations import (
    edit_memory, import_memories, pin_memory, set_tunable, supersede_changed_rules, sync_vault,
    unarchive_memory)
from .replication import (
    replicate_summary_lines, daily_report, leave_folder, others_team_record, rename_device,
    replica_status,
    replicate_configured, replicate_folder, set_replica_names)
from .context import build_context, HOOK_EVENTS, module_command, refresh_bytecode
from .agents import (
    refuse_links, AGENTS, apply_agent_install, capture_transcript, HOOK_AGENT_EVENTS,
    hook_handlers, install_hooks, plan_agent_install, TRANSCRIPT_AGENTS, transcript_folders)
from .importers import IMPORT_FORMATS, import_transcripts, notes_records, STANDING_FILES
from .hooks import read_hook_input, run_hook, summarise_pending
from .recall import (
    active_pauses, parse_duration, parse_memory_ref, pause_recall, pause_scope, record_feedback,
    recall_entries, refit_gate, resume_recall, VERDICTS, weights_in_use)
from .mcp import serve_mcp
from .jobs import (
    job_logger, cron_lines, CRON_SCRIPTS, JOB_NAMES, load_env_file, maintain_index,
    merge_crontab, run_job)
from .cli import (
    argparse_module, command_in, common_options, cli_db_path, edit_options, open_database, emit, positive_int,
    project_arg, redaction_note, say, COMMANDS, option, RECORD_OPTIONS, subcommand)


def _duration(seconds):
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return "%.1f %s" % (seconds / float(size), unit)
    return "%d seconds" % seconds


def _status_lines(status):
    lines = ["device %s (author %s); memory digest %s" % (status["device"], status["author"],
                                                          status["digest"][:16])]
    for f in status["folders"]:
        team = " (team: %s)" % project_label(f["project"]) if f["project"] else ""
        devices = ", ".join("%s %s, %d bytes%s" % (
            d["device"], plural(d["files"], "file"), d["bytes"],
            " (%d conflict copies)" % d["conflict_copies"] if d["conflict_copies"] else "")
            for d in f["devices"])
        lines.append("%s%s: %s" % (f["folder"], team, devices or "no device files yet"))
    for clock in status.get("clocks_ahead", []):
        lines.append("device %s wrote stamps %s ahead of this clock (seen %s): its changes are "
                     "applied, its clock never adopted; set its time right" % (
                         clock["device"], _duration(clock["ahead_s"]), clock["seen"]))
    if status.get("same_name"):
        lines.append("another database writes as %s too (%s, seen %s): if you copied this "
                     "database, run `replicate --rename NEW` on one of them" % (
                         status["device"], status["same_name"]["file"],
                         status["same_name"]["seen"]))
    return lines


@subcommand("replicate",
            "Keep this memory in step with your other devices (or a team) through a shared folder.",
            "memory_tiered.py replicate --dir ~/Sync/memory   |   replicate --dir .memory "
            "--project .",
            option("--dir", help="the replica folder (default: `config replica_dir` and the team "
                                 "folders in use); each device writes only its own files there"),
            option("--project", help="a team folder: share only this repository's records (its "
                                     "path, e.g. .); teammates' arrive with origin team"),
            option("--compact", action="store_true",
                   help="fold this device's files into one snapshot now"),
            option("--status", action="store_true",
                   help="show this device, its folders, the devices "
                                                         "seen there and the memory's digest"),
            option("--leave", action="store_true",
                   help="stop replicating --dir (your files there stay)"),
            option("--device",
                   help="name this device (letters, digits, . _ -), before its first run"),
            option("--rename", metavar="NEW",
                   help="give this device a new name at any time (a copied database)"),
            option("--author", help="your name on records you share through a team folder"))
def cmd_replicate(args):
    now = now_utc()
    with open_database(args) as db:
        if args.rename is not None:
            old, new = rename_device(db, name=args.rename)
            emit(args, {"device": new, "was": old}, [])
            say("replicate: this device is now %s (was %s); its next run writes a whole snapshot "
                "under the new name, and its files under the old one stay" % (new, old))
            return 0
        if args.device is not None or args.author is not None:
            for key, value in set_replica_names(db, device=args.device, author=args.author).items():
                say("replicate: %s is now %s" % (key, value))
        if args.leave:
            if not args.dir:
                raise ValidationError("--leave needs --dir: the folder to stop replicating")
            emit(args, {"left": leave_folder(db, folder=args.dir)}, [])
            say("replicate: %s is no longer replicated here; your files there stay" % args.dir)
            return 0
        if args.status:
            status = replica_status(db, args.dir)
            emit(args, status, lambda: _status_lines(status))
            return 0
        if args.project and not os.path.isdir(args.project):
            raise ValidationError("--project takes the repository's folder (e.g. .); %s is not a "
                                  "folder"
                                  % args.project)
        project = project_key(args.project) if args.project else None
        if args.dir:
            done = [replicate_folder(db, folder=args.dir, project=project, compact=args.compact,
                                     now=now)]
        elif project:
            raise ValidationError("--project needs --dir: the team folder, e.g. "
                                  "`replicate --dir .memory --project .`")
        else:
            done = replicate_configured(db, now, compact=args.compact)
            if not done and (args.device is not None or args.author is not None):
                emit(args, [], [])
                return 0
            if not done:
                raise ValidationError("no replica folder: give --dir PATH, or set one with "
                                      "`config replica_dir PATH`")
    emit(args, done, lambda: replicate_summary_lines(done))
    failed = [run for run in done if "error" in run]
    return 1 if failed else 0


@subcommand("doctor", "Check integrity, index, links, permissions and disk; --repair fixes.",
            "memory_tiered.py doctor --repair",
            option("--repair", action="store_true",
                   help="rebuild the index, drop broken links, fix permissions"))
def cmd_doctor(args):
    # before opening: SQLite would read the log and drop a bad tail
    wal = wal_problem(cli_db_path(args))
    with open_database(args) as db:
        checks = db.doctor(args.repair, wal=wal)
    problems = [c for c in checks if not c["ok"]]
    emit(args, {"checks": checks, "healthy": not problems}, lambda: [
        "%-16s %s  %s%s" % (c["check"], "ok " if c["ok"] else "BAD", c["detail"],
                            " (repaired)" if c["repaired"] else "")
        for c in checks])
    say(
        "doctor: healthy"
        if not problems
        else "doctor: %d problem(s): %s%s"
        % (
            len(problems), ", ".join(c["check"] for c in problems),
            "" if args.repair else "; try doctor --repair")
    )
    return 0 if not problems else 1


@subcommand("config", "Show or set a tunable.",
            "memory_tiered.py config decay_factor 0.995",
            option("key", nargs="?", help="a tunable (without it: all of them)"),
            option("value", nargs="?", help="its new value (without it: show it)"))
def cmd_config(args):
    with open_database(args) as db:
        if args.key and args.value is not None:
            values = set_tunable(db, key=args.key, value=args.value)
        elif args.key and args.key not in TUNABLES:
            raise ValidationError("unknown setting %r; choose one of: %s"
                                  % (args.key, ", ".join(TUNABLES)))
        else:
            values = MemoryStore(db).config()
    shown = {args.key: values[args.key]} if args.key else values
    emit(args, shown,
         lambda: ["%s = %s    # %s" % (k, json.dumps(v), TUNABLES[k][2]) for k, v in shown.items()])
    return 0


@subcommand("export", "Write every record as JSON Lines, CSV or Markdown.",
            "memory_tiered.py export --format csv --out memories.csv",
            option("--out", help="file to write (default stdout)"),
            option("--level", type=str.lower, choices=LEVELS, help="l1, l2 or l3"),
            option("--format", choices=("jsonl", "csv", "markdown"), default="jsonl",
                   help="jsonl and csv import back losslessly; markdown is for reading"),
            option("--category", help="only L2/L3 memories of this category"),
            option("--tag", help="only memories with this tag"))
def cmd_export(args):
    count = 0
    with open_database(args) as db:
        rows = MemoryStore(db).export_rows(args.level, args.category, args.tag)
        if args.format == "csv":
            import csv
            import io

            def lines():
                buffer = io.StringIO()
                # fields with CR or LF get quoted
                writer = csv.writer(buffer, lineterminator="\r\n")
                writer.writerow(EXPORT_COLUMNS)
                yield "\ufeff" + buffer.getvalue()[:-2]
                for r in rows:
                    buffer.seek(0)
                    buffer.truncate()
                    writer.writerow(csv_row(r))
                    yield buffer.getvalue()[:-2]
            produced = lines()
        elif args.format == "markdown":  # for reading: each record's strength as of now
            engine, now = DecayEngine(db), now_utc()
            produced = markdown_export(dict(r, decay_score=engine.current(r, now)) for r in rows)
        else:
            produced = (json.dumps(r, ensure_ascii=False) for r in rows)
        if args.out:
            count = write_atomic_lines(args.out, produced)
        else:
            for line in produced:
                sys.stdout.write(line + "\n")
                count += 1
    say("export: %s of %s%s" % (plural(count, "line"), args.format,
                                 " to %s" % args.out if args.out else ""))
    return 0


def _check_note_records(path, records):
    """The records read from one notes file, checked as import checks them; the error names the
    file and the record."""
    now = now_utc()
    for number, obj in enumerate(records, 1):
        try:
            level = check_level(obj.get("level") or "l1")
            check_fields(level, {name: obj.get(name) for name in LEVEL_FIELDS[level]}, now)
        except ValidationError as exc:
            raise ValidationError("%s, record %d: %s" % (path, number, exc))


def _forgotten_part(count):
    return ("; %s forgotten before, not brought back" % plural(count, "record")) if count else ""


def import_notes_command(args):
    """`import-notes PATH...`, and `import PATH --from FORMAT`: every file that exists is read
    and checked before any is written (a dry run too); a missing one is named and left out."""
    total, redacted = {"added": 0, "skipped": 0, "forgotten": 0}, {}
    kinds = []
    paths = []
    for path in args.paths:  # a folder (basic-memory, a plain Obsidian vault): its Markdown files
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                paths += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
        elif os.path.lexists(path) or len(args.paths) == 1:
            paths.append(path)
        else:
            say("import-notes: no file at %s; left out" % path)
    if not paths:
        raise NotFoundError("none of the files named exists (%s)" % ", ".join(args.paths[:3]))
    read = []
    for path in paths:
        try:
            kind, records = notes_records(path, getattr(args, "from_", None))
        except OSError as exc:
            raise NotFoundError("cannot read %s: %s" % (path, exc.strerror or exc))
        except (ValueError, UnicodeDecodeError) as exc:
            raise ValidationError("%s is not a memory file this command knows (%s)"
                                  % (path, short(str(exc), 80)))
        _check_note_records(path, records)
        read.append((path, kind, records))
    with open_database(args) as db:
        for path, kind, records in read:
            kinds.append({"path": path, "kind": kind, "records": len(records)})
            if records and not args.dry_run:
                counts = import_memories(
                    db, records=lambda records=records: enumerate(records, 1),
                    warn=lambda text: say("import-notes: %s; the index job embeds the rest later"
                                           % text))
                for name in total:
                    total[name] += counts[name]
                if kind == "markdown" and os.path.basename(path).upper() in STANDING_FILES:
                    for old_id, new_id in supersede_changed_rules(db, records=records):
                        say("import-notes: L2 #%d (a rule %s no longer holds) is superseded by "
                            "its new text, L2 #%d" % (old_id, os.path.basename(path), new_id))
                for kind, count in counts["redacted"].items():
                    redacted[kind] = redacted.get(kind, 0) + count
    emit(args, {"files": kinds, "added": total["added"], "skipped": total["skipped"]},
         ["%s: %s, %s" % (k["path"], k["kind"], plural(k["records"], "record")) for k in kinds])
    if args.dry_run:
        say("import-notes (dry run): %s read from %s; nothing written (a real run adds those not "
             "present yet)"
             % (plural(sum(k["records"] for k in kinds), "record"), plural(len(kinds), "file")))
    else:
        redaction_note(redacted)
        say("import-notes: %d added, %d already present, from %s%s" % (
            total["added"], total["skipped"], plural(len(kinds), "file"),
            _forgotten_part(total["forgotten"])))
    return 0


@subcommand("import", "Read records from JSON Lines or CSV (full or minimal).",
            "memory_tiered.py import memories.jsonl",
            option("path", help="a .jsonl or .csv file, or - for JSON Lines on stdin"),
            option("--progress", action="store_true",
                   help="a line on stderr after each committed batch"),
            option("--from", dest="from_", choices=IMPORT_FORMATS,
                   help="another tool's memories instead of an export (see import-notes)"),
            option("--dry-run", action="store_true",
                   help="with --from: show what each file gives, write nothing"))
def cmd_import(args):
    if args.from_:
        args.paths = [args.path]
        return import_notes_command(args)
    progress = None
    if args.progress:
        def progress(done, total):
            say("import: %d/%d committed" % (done, total))
    elif sys.stderr.isatty():
        def progress(done, total):
            sys.stderr.write("\rimport: %d/%d" % (done, total) + ("\n" if done == total else ""))
    spool = None
    if args.path == "-":
        import tempfile
        spool = tempfile.TemporaryFile("w+", encoding="utf-8")
        stream = getattr(sys.stdin, "buffer", None)
        for number, line in enumerate(stream if stream is not None else sys.stdin, 1):
            if isinstance(line, bytes):
                try:
                    line = line.decode("utf-8-sig" if number == 1 else "utf-8")
                except UnicodeDecodeError:
                    raise ValidationError("stdin line %d is not UTF-8 text; nothing imported"
                                          % number)
            spool.write(line)
        source, is_csv = "stdin", False
    else:
        if not os.path.isfile(args.path):
            raise NotFoundError("no file at %s" % args.path)
        source = args.path
        with open(source, "rb") as handle:
            head = handle.read(64)
        is_csv = source.lower().endswith(".csv") or head.lstrip(b"\xef\xbb\xbf").startswith(
            b"level,")

    def records():
        if spool is not None:
            spool.seek(0)
            return iter_jsonl(spool)
        handle = open(source, encoding="utf-8-sig", newline="" if is_csv else None)
        handles.append(handle)
        return iter_csv(handle) if is_csv else iter_jsonl(handle)

    handles = []
    try:
        with open_database(args) as db:
            counts = import_memories(
                db, records=records, progress=progress,
                warn=lambda text: say("import: %s; the index job embeds the rest later" % text))
    except UnicodeDecodeError:
        raise ValidationError("%s is not UTF-8 text" % source)
    finally:
        for handle in handles:
            handle.close()
        if spool is not None:
            spool.close()
    redaction_note(counts["redacted"])
    emit(args, counts, [])
    say("import: %d added, %d already present, from %s%s"
         % (counts["added"], counts["skipped"], source, _forgotten_part(counts["forgotten"])))
    return 0


@subcommand("sync", "Sync every level to the Obsidian vault and read people's edits back.",
            "memory_tiered.py sync --vault ~/agent-memory/memory --dry-run",
            option("--level", choices=("all", "l1", "l2", "l3", "tree"), default="all",
                   help="what to sync (tree: the session notes)"),
            option("--vault",
                   help="vault folder (env MEMORY_TIERED_VAULT, default ~/agent-memory/memory)"),
            option("--dry-run", action="store_true",
                   help="list what would be written, renamed, archived or read"),
            option("--resolve", choices=("vault", "db"),
                   help="settle conflicts: take the note's fields, "
                   "or write the database version over the note"))
def cmd_sync(args):
    levels = ("l1", "l2", "l3", "tree") if args.level == "all" else (args.level,)
    with open_database(args) as db:
        report = sync_vault(db, vault=vault_path(args.vault), levels=levels, dry_run=args.dry_run,
                            resolve=args.resolve)

    def lines():
        out = ["%s %s" % ("would write" if args.dry_run else "wrote", p) for p in report["written"]]
        out += ["%s %s -> %s" % ("would rename" if args.dry_run else "renamed", r["from"], r["to"])
                for r in report["renamed"]]
        out += ["%s %s -> %s" % ("would archive" if args.dry_run else "archived", a["from"],
                                 a["to"] or "(gone)")
                for a in report["archived"]]
        out += [
            "%s %s (%s)"
            % (
                "would read back" if args.dry_run else "read back", r["path"],
                ", ".join(r["fields"]) or "no field changed")
            for r in report["read_back"]
        ]
        out += ["%s %s as %s #%s" % ("would import" if args.dry_run else "imported", i["path"],
                                     i["level"].upper(),
                                     i["id"] or "new") for i in report["imported"]]
        out += ["%s %s -> %s (L%s #%d is live again)"
                % ("would unarchive" if args.dry_run else "unarchived",
                                                           u["from"], u["to"], u["level"][1],
                                                         u["id"])
                for u in report["unarchived"]]
        for c in report["conflicts"]:
            out.append("conflict %s: %s" % (c["path"], c["why"]))
            for field in sorted(c.get("vault") or {}):
                out.append(
                    "  %s: vault %s | database %s"
                    % (
                        field, json.dumps(c["vault"][field], ensure_ascii=False),
                        json.dumps(c["database"][field], ensure_ascii=False))
                )
        out += ["error %s: %s; %s" % (e["path"], e["why"], e["fix"]) for e in report["errors"]]
        return out

    emit(args, report, lines)
    redaction_note(report.get("redacted"))
    say(
        "sync%s: %d written, %d renamed, %d archived, %d unarchived, %d read back, %d imported, "
        "%d conflicts, %d errors, %d kept as edited, %d unchanged (%s)"
        % (
            " (dry run)" if args.dry_run else "", len(report["written"]), len(report["renamed"]),
            len(report["archived"]), len(report["unarchived"]), len(report["read_back"]),
            len(report["imported"]), len(report["conflicts"]), len(report["errors"]),
            len(report["kept"]), report["unchanged"], report["vault"])
    )
    if report["conflicts"] or report["errors"]:
        say("sync: %s waiting; the other notes are in step. %s" % (
            " and ".join(x for x in ("%d conflict(s)"
                                     % len(report["conflicts"]) if report["conflicts"] else "",
                                     "%d note error(s)"
                                     % len(report["errors"]) if report["errors"] else "") if x),
            "Settle conflicts with --resolve vault or --resolve db." if report["conflicts"] else
            "Fix the files named above."))
        return 1
    return 0


@subcommand("init-vault", "Copy obsidian_template/ into the vault; never overwrites.",
            "memory_tiered.py init-vault --vault ~/agent-memory/memory",
            option("--vault", help="vault folder (env MEMORY_TIERED_VAULT)"))
def cmd_init_vault(args):
    source, files = vault_template_files()
    vault = vault_path(args.vault)
    copied, kept = [], []
    for rel, text in sorted(files.items()):
        target = os.path.join(vault, *rel.split("/"))
        if os.path.lexists(target):
            kept.append(rel)
            continue
        try:
            make_private_dirs(os.path.dirname(target))
        except MemoryTieredError as exc:
            raise MemoryTieredError("cannot write the vault %s: %s" % (vault, exc))
        write_atomic(target, text)
        copied.append(rel)
    emit(args, {"vault": vault, "source": source, "copied": copied, "kept": kept},
         ["copied " + c for c in copied])
    say("init-vault: %s copied from %s, %d already there and kept, in %s" % (
        plural(len(copied), "file"), source, len(kept), vault))
    return 0


@subcommand(
    "context",
    "Print a Markdown memory block for a prompt, within a token budget.",
    'memory_tiered.py context --query "how do we deploy?" --budget 800',
    option(
        "--query", help="what the prompt is about (without it: core insights, recent and strongest)"
    ),
    option(
        "--budget", type=positive_int, default=DEFAULT_BUDGET,
        help="tokens (CJK char = 1, 4 other chars = 1)"),
    option("--project", help="this project's memories (and global ones) only, ranked first"),
    option("--session-id", help="count each recalled memory once for this session"),
    option("--no-touch", action="store_true", help="do not count the memories shown as recalled"),
)
def cmd_context(args):
    with open_database(args) as db:
        project = (
            project_arg(db, args.project) if args.project
            else current_project(repository_only=True))
        text = build_context(db, args.query, args.budget, project, now_utc(),
                             touch=not args.no_touch,
                             session_id=args.session_id)
        if not text:  # nothing relevant, or something relevant that the budget cannot hold
            whole = build_context(db, args.query, 100000, project, now_utc())
            if whole:
                lines = whole.splitlines()
                least = token_count("\n".join(lines[:3] + lines[-1:]) + "\n")
                raise ValidationError("no memory fits in %d tokens (the block's header and its "
                                      "first memory take %d); give --budget %d or more"
                                      % (args.budget, least, least), "budget")
    emit(args, {"context": text, "tokens": token_count(text)}, [text.rstrip("\n")] if text else [])
    if not text:
        say("context: nothing relevant%s" % (" to %r" % short(args.query, 60)
                                              if args.query else " yet"))
    return 0


@subcommand("edit", "Correct a record in place; its vault note follows on the next sync.",
            'memory_tiered.py edit l2 7 --text "Uses pnpm, not npm" --importance 0.9',
            *RECORD_OPTIONS + edit_options())
def cmd_edit(args):
    changes = {name: getattr(args, name) for name in ("text",) + tuple(FIELDS)
               if name == "text" or FIELDS[name].editable and name != "project"}
    if args.global_ and args.project:
        raise ValidationError("give --project or --global, not both")
    if all(v is None for v in changes.values()) and not (args.global_ or args.project):
        raise ValidationError("nothing to change: give at least one of %s" % ", ".join(
            "--" + f.replace("_", "-") for f in EDITABLE[check_level(args.level)]
            if f != "project") + ", --project or --global")
    with open_database(args) as db:
        if args.global_ or args.project:
            changes["project"] = "" if args.global_ else resolve_project(db, args.project)
        edited = edit_memory(db, level=args.level, record_id=args.id, changes=changes, by="cli")
        changed = edited.changed
        author = changed and others_team_record(db, check_level(args.level), args.id)
    emit(args, {"level": check_level(args.level), "id": args.id, "changed": changed,
                "redacted": redaction_note(edited.redacted)}, [])
    say("edit: %s #%d %s" % (args.level.upper(), args.id,
                              "changed " + ", ".join(changed) if changed
                               else "already had these values; unchanged"))
    if author:
        say("edit: it is %s's team memory: changed here; on the other devices it waits for %s to "
            "decide (`review --proposals`)" % (author, author))
    return 0


def _pin_command(args, pinned):
    with open_database(args) as db:
        done = pin_memory(db, level=args.level, record_id=args.id, pinned=pinned)
    emit(args, {"level": check_level(args.level), "id": args.id, "pinned": pinned, "changed": done},
         [])
    say(
        "%s: %s #%d %s"
        % (
            "pin" if pinned else "unpin",
            args.level.upper(),
            args.id,
            (
                ("is standing now (keeps its strength)" if pinned else "fades again") if done
                else "unchanged"),
        )
    )
    return 0


@subcommand("unarchive", "Bring an archived record back (strength 1.0 again).",
            "memory_tiered.py unarchive l1 12",
            *RECORD_OPTIONS)
def cmd_unarchive(args):
    with open_database(args) as db:
        done = unarchive_memory(db, level=args.level, record_id=args.id)
    emit(args, {"level": check_level(args.level), "id": args.id, "unarchived": done}, [])
    say("unarchive: %s #%d %s" % (args.level.upper(), args.id, "is back (strength 1.0)" if done
                                    else "was not archived; unchanged"))
    return 0


@subcommand("pin",
            "Make a record standing: it keeps its strength and is never a cleanup candidate.",
            "memory_tiered.py pin l2 7",
            *RECORD_OPTIONS)
def cmd_pin(args):
    return _pin_command(args, True)


@subcommand("unpin", "Let a pinned record fade again like any other.",
            "memory_tiered.py unpin l2 7",
            *RECORD_OPTIONS)
def cmd_unpin(args):
    return _pin_command(args, False)


@subcommand("hook", "An agent's hook: reads the hook's JSON on stdin; never fails the session.",
            "memory_tiered.py hook session-start < input.json   |   hook session-end --agent codex",
            option("event", choices=sorted(HOOK_EVENTS), help="which hook is calling"),
            option("--agent", choices=sorted(HOOK_AGENT_EVENTS), default="claude-code",
                   help="the agent calling (its input fields and output format); default "
                   "claude-code"))
def cmd_hook(args):
    """Hooks never break the session: every problem is one stderr line and exit 0."""
    try:
        data = AGENTS[args.agent].hook_input(read_hook_input(sys.stdin))
        if data is None:
            return 0
        if args.event not in HOOK_AGENT_EVENTS[args.agent]:
            raise ValidationError("%s has no %s hook" % (args.agent, args.event))
        text = AGENTS[args.agent].hook_output(
            args.event, run_hook(args.event, data, cli_db_path(args), now_utc(), args.agent))
    except (MemoryTieredError, sqlite3.Error, OSError) as exc:
        say("memory_tiered hook %s: %s; nothing injected" % (args.event, exc))
        return 0
    except Exception as exc:  # noqa: BLE001 - a hook must never fail the session
        if getattr(args, "debug", False):
            raise
        say("memory_tiered hook %s: unexpected %s: %s; nothing injected"
             % (args.event, type(exc).__name__, exc))
        return 0
    if text:
        sys.stdout.write(text.encode("utf-8", "replace").decode("utf-8"))
    return 0


@subcommand("install-hooks", "Add the four hooks to Claude Code's settings.json.",
            "memory_tiered.py install-hooks --project",
            option("--project", action="store_true",
                   help="this project's .claude/settings.json instead of ~/.claude/"),
            option("--print", action="store_true", dest="print_only",
                   help="print the entries, change nothing"))
def cmd_install_hooks(args):
    folder = (
        os.path.join(os.getcwd(), ".claude") if args.project
        else os.path.join(os.path.expanduser("~"), ".claude"))
    # a project's hooks go where Claude Code keeps this person's own settings (never committed)
    path = os.path.join(folder, "settings.local.json" if args.project else "settings.json")
    if args.project:
        refuse_links(path, os.getcwd())
    handlers = hook_handlers(os.path.abspath(__file__), os.path.abspath(cli_db_path(args)))
    if args.print_only:
        emit(args, {"hooks": {k: [v] for k, v in handlers.items()}},
             [json.dumps({"hooks": {k: [v] for k, v in handlers.items()}}, indent=2,
                         ensure_ascii=False)])
        return 0
    backup, changed = install_hooks(path, handlers, now_utc())
    refresh_bytecode()  # the hooks launch with -m: bytecode read, not compiled, on every prompt
    emit(args, {"settings": path, "changed": changed, "backup": backup}, [])
    if changed:
        say("install-hooks: added SessionStart, UserPromptSubmit, SessionEnd and PreCompact to "
             "%s%s" % (
            path, " (backup: %s)" % backup if backup else ""))
    else:
        say("install-hooks: %s already has the hooks; unchanged" % path)
    return 0


def _installed_elsewhere(name, db_path, written, project_dir):
    """A hook file of ``name`` at the other level (the project's when installing for the user,
    the user's for a project) that already runs our hooks, or None; never one of the files
    this install wrote itself."""
    if project_dir and os.path.abspath(project_dir) == os.path.expanduser("~"):
        return None
    with contextlib.suppress(MemoryTieredError, OSError):
        for path, old, _ in plan_agent_install(name, db_path, project_dir):
            if path not in written and old and "memory_tiered" in old and " hook " in old:
                return path
    return None


@subcommand("install-agent",
            "Connect another coding agent: its MCP configuration, hooks where it has them, and its "
            "instructions file.",
            "memory_tiered.py install-agent codex   |   install-agent cursor --project --print",
            option("name", help=" or ".join([", ".join(list(AGENTS)[:-1]), list(AGENTS)[-1]])),
            option("--project", action="store_true",
                   help="this project's instructions file; what names this machine's paths goes "
                        "where no team commits it (Claude Code's local scope, else your own "
                        "settings)"),
            option("--remove", action="store_true",
                   help="take back exactly what install-agent wrote"),
            option("--print", action="store_true", dest="print_only",
                   help="show the change as a diff, change nothing"))
def cmd_install_agent(args):
    import difflib
    plan = plan_agent_install(args.name, cli_db_path(args), os.getcwd() if args.project else None,
                              remove=args.remove)
    if args.print_only:
        lines = []
        for path, old, new in plan:
            lines += difflib.unified_diff((old or "").splitlines(), (new or "").splitlines(),
                                          path + " (now)",
                                          path + " (after install-agent)", lineterm="")
        emit(args, {"files": [{"path": p, "changes": old != new,
                               "after": new} for p, old, new in plan]},
             lines or ["(nothing to change)"])
        return 0
    done = apply_agent_install(plan, remove=args.remove)
    if args.remove:
        emit(args, {"agent": args.name, "removed": True,
                    "files": [{"path": p, "state": st} for p, st, _ in done]}, [])
        for path, state, _ in done:
            say("install-agent --remove: %s %s" % (state, path))
        return 0
    if args.name == "claude-code":
        refresh_bytecode()
    emit(args, {"agent": args.name,
                "files": [{"path": p, "state": st, "backup": b} for p, st, b in done]}, [])
    for path, state, backup in done:
        say("install-agent: %s %s%s" % (state, path,
                                         " (backup of the original: %s)"
                                         % backup if backup else ""))
    after = AGENTS[args.name].install_note
    if after:
        say("install-agent: " + after)
    other = _installed_elsewhere(args.name, cli_db_path(args), {p for p, _, _ in done},
                                 None if args.project else os.getcwd())
    if other:
        say("install-agent: %s also holds memory_tiered hooks; %s runs both, so every block "
             "would arrive twice: keep one (remove ours from one file)" % (other, args.name))
    if args.project and not AGENTS[args.name].private_project:
        say("install-agent: %s keeps no private project settings, so its MCP entry and hooks "
             "(they name this machine's paths) went to your own settings; the project got only "
             "what a teammate can commit" % args.name)
    return 0


CLI_NAME = "memory-tiered"
CLI_MARK = "# written by `memory_tiered.py install-cli`"


def cli_launcher_text(db=None):
    """The ``memory-tiered`` command install-cli writes: a shell script that runs this module from
    its cached bytecode (about twice as fast to start as ``python3 memory_tiered.py``, which
    compiles the whole file on every run), with ``--db`` when one was given."""
    command = module_command() + (" --db %s" % shell_quote(os.path.abspath(db)) if db else "")
    return "#!/bin/sh\n%s; runs %s\nexec %s \"$@\"\n" % (
        CLI_MARK, os.path.abspath(__file__), command)


@subcommand("install-cli",
            "Put a `memory-tiered` command on your PATH that starts from cached bytecode.",
            "memory_tiered.py install-cli   |   install-cli --bin ~/bin   |   install-cli --remove",
            option("--bin", dest="bin_dir",
                   help="the folder to write it in (default ~/.local/bin, created if missing)"),
            option("--remove", action="store_true",
                   help="take the command back (only one install-cli wrote)"),
            option("--print", action="store_true", dest="print_only",
                   help="print the command's text, write nothing"))
def cmd_install_cli(args):
    folder = os.path.abspath(os.path.expanduser(args.bin_dir or os.path.join("~", ".local", "bin")))
    path = os.path.join(folder, CLI_NAME)
    text = cli_launcher_text(getattr(args, "db", None))
    if args.print_only:
        emit(args, {"path": path, "text": text}, [text.rstrip("\n")])
        return 0
    old = None
    if os.path.lexists(path):
        if os.path.islink(path) or not os.path.isfile(path):
            raise ValidationError("%s is not a file install-cli wrote; nothing was changed" % path)
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                old = handle.read(64 << 10)
        except OSError as exc:
            raise MemoryTieredError("cannot read %s: %s" % (path, exc.strerror or exc))
        if CLI_MARK not in old:
            raise ValidationError("%s exists and was not written by install-cli; move it away or "
                                  "give another folder with --bin" % path)
    if args.remove:
        if old is not None:
            os.unlink(path)
        emit(args, {"path": path, "removed": old is not None}, [])
        say("install-cli: %s %s" % ("removed" if old is not None else "there is no", path))
        return 0
    make_private_dirs(folder)
    changed = write_atomic(path, text, mode=0o700)
    refresh_bytecode()  # what the command reads instead of compiling the module
    on_path = folder in [os.path.abspath(os.path.expanduser(p))
                         for p in os.environ.get("PATH", "").split(os.pathsep) if p]
    emit(args, {"path": path, "changed": changed, "on_path": on_path}, [])
    say("install-cli: %s %s%s" % (
        "wrote" if changed else "unchanged:", path,
        "" if on_path else "; %s is not on your PATH: add `export PATH=\"%s:$PATH\"` to your "
        "shell's startup file, or run it by its full path" % (folder, folder)))
    return 0


@subcommand("capture", "Store a Claude Code transcript's turns for later summarising.",
            "memory_tiered.py capture --transcript ~/.claude/projects/x/abc.jsonl",
            option("--transcript", required=True, help="a Claude Code transcript (.jsonl)"),
            option("--session-id", help="default: from the transcript"))
def cmd_capture(args):
    with open_database(args) as db:
        session_id, count = capture_transcript(db, args.transcript, args.session_id, now_utc())
    emit(args, {"session_id": session_id, "turns": count}, [session_id])
    say("capture: %d turns of session %s kept for %d hours"
         % (count, session_id, TUNABLES["buffer_hours"][0]))
    return 0


def _home_short(path):
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path.startswith(home + os.sep) else path


@subcommand("import-transcripts",
            "Summarise the agent sessions already on this machine (a session card each).",
            "memory_tiered.py import-transcripts --dry-run",
            option("paths", nargs="*",
                   help="transcript files or folders (default: those of the agents that exist: "
                   + ", ".join("~/" + "/".join(a.transcripts) for a in TRANSCRIPT_AGENTS) + ")"),
            option("--dry-run", action="store_true",
                   help="count what would be imported, write nothing"),
            option("--progress", action="store_true",
                   help="a line on stderr every 100 transcripts"))
def cmd_import_transcripts(args):
    paths = [os.path.abspath(os.path.expanduser(p)) for p in args.paths]
    if not paths:
        paths = [p for p in transcript_folders() if os.path.isdir(p)]
        if not paths:  # a machine with no agent sessions yet: nothing to do is no error
            emit(args, {"sessions": 0, "added": 0, "updated": 0, "skipped": 0, "empty": 0,
                        "forgotten": 0, "refused": []}, [])
            say("import-transcripts: nothing to import: no transcripts in %s (name a file or "
                 "folder)" % ", ".join(_home_short(p) for p in transcript_folders()))
            return 0
    for path in paths:
        if not os.path.exists(path):
            raise NotFoundError("no file or folder %s; agents keep their transcripts in %s"
                                % (path, ", ".join(_home_short(p) for p in transcript_folders())))
    progress = None
    if sys.stderr.isatty() or args.progress:
        def progress(done, total):
            say("import-transcripts: %d/%d transcripts read" % (done, total))
    with open_database(args) as db:
        counts = import_transcripts(db, paths, now_utc(), args.dry_run, progress)
    emit(args, counts, [])
    for refused in counts["refused"]:
        say("import-transcripts: %s not stored: %s" % (refused["path"], refused["why"]))
    say("import-transcripts%s: %s: %d %s, %d updated (grown since), %d already summarised, %d "
         "empty%s" % (
             " (dry run)" if args.dry_run else "", plural(counts["sessions"], "transcript"),
             counts["added"], "would be added" if args.dry_run else "added", counts["updated"],
             counts["skipped"], counts["empty"],
             ", %d forgotten (not brought back)" % counts["forgotten"] if counts["forgotten"]
             else ""))
    return 0


@subcommand("import-notes", "Import memory files you already keep (CLAUDE.md, MEMORY.md, "
            "daily notes, mem0, MCP memory graph).",
            "memory_tiered.py import-notes ~/.claude/CLAUDE.md memory/*.md",
            option("paths", nargs="+",
                   help="Markdown, daily notes (YYYY-MM-DD.md), mem0 JSON or MCP memory JSONL"),
            option("--dry-run", action="store_true",
                   help="show what each file would give, write nothing"))
def cmd_import_notes(args):
    return import_notes_command(args)


def _pause_scope_of(args, db):
    if sum(bool(x) for x in (args.session, args.project, args.all)) > 1:
        raise ValidationError("give one of --session, --project and --all")
    if args.session:
        return pause_scope(session_id=args.session)
    if args.project:
        return pause_scope(project=project_arg(db, args.project))
    return "all" if args.all or args.command == "pause" else None


_PAUSE_SCOPE_OPTIONS = (
    option("--session", metavar="ID", help="one session (its id, as the hooks print it)"),
    option("--project", metavar="P", help="one project (its name or folder, e.g. .)"),
    option("--all", action="store_true", help="everywhere (the default of pause)"))


@subcommand("pause", "Stop the hooks and MCP from injecting memories (a session, a project, or "
            "all), for a while or until resume.",
            "memory_tiered.py pause --project . --for 2h   |   pause --session abc123 "
            "--no-capture",
            *(_PAUSE_SCOPE_OPTIONS + (
                option("--for", dest="duration", metavar="DURATION",
                       help="how long: 30m, 2h, 1d (default: until `resume`)"),
                option("--no-capture", action="store_true",
                       help="do not keep the sessions it covers either"))))
def cmd_pause(args):
    with open_database(args) as db:
        seconds = parse_duration(args.duration) if args.duration is not None else None
        pause = pause_recall(db, scope=_pause_scope_of(args, db), seconds=seconds,
                             capture=not args.no_capture, now=now_utc())
    emit(args, pause, [])
    say("pause: recall is paused %s%s%s; `resume` turns it back on" % (
        "everywhere" if pause["scope"] == "all" else "for " + pause["scope"].replace(":", " "),
        " until %s UTC" % pause["until"].replace("T", " ")[:16] if pause["until"] else "",
        "; sessions are not kept either" if not pause["capture"] else ""))
    return 0


@subcommand("resume", "Turn recall back on (every pause, or the one named).",
            "memory_tiered.py resume   |   resume --project .",
            *_PAUSE_SCOPE_OPTIONS)
def cmd_resume(args):
    with open_database(args) as db:
        scope = _pause_scope_of(args, db)
        ended = resume_recall(db, scope=scope)
        left = active_pauses(db, now_utc())
    emit(args, {"ended": ended, "paused": left}, [])
    say("resume: %s ended%s" % (plural(ended, "pause"), "; still paused: %s" % ", ".join(
        p["scope"] for p in left) if left else ""))
    return 0


def _log_lines(entries):
    for e in entries:
        head = "#%d %s %s%s%s" % (e["id"], e["at"].replace("T", " ")[:16], e["way"],
                                  " session %s" % e["session_id"] if e["session_id"] else "",
                                  " [%s]" % project_label(e["project"]) if e["project"] else "")
        yield head + ("  want %.2f" % e["wanted"] if e["wanted"] is not None else "")
        yield "   prompt: %s" % (short(e["prompt"], 100) if e["prompt"] else
                                 "(not kept: it held a secret)")
        for kind, items in (("shown", e["shown"]), ("held back", e["held_back"])):
            if items:
                yield "   %s: %s" % (kind, ", ".join(
                    "%s:%d (p %.2f)" % (i["level"].upper(), i["id"], i["p"] or 0.0)
                    for i in items))
        for f in e["feedback"]:
            yield "   %s: %s:%d (%s)" % (f["verdict"], f["level"].upper(), f["record_id"],
                                        f["source"])


@subcommand("recall-log", "What the hooks, context and MCP injected, and why; --weights: the "
            "gate's weights in use.",
            "memory_tiered.py recall-log --session abc123   |   recall-log --since 2026-12-01",
            option("--session", metavar="ID", help="one session's injections"),
            option("--since", help="from this date or time (ISO 8601)"),
            option("--limit", type=positive_int, default=20, help="entries, newest first"),
            option("--weights", action="store_true",
                   help="show which weights the gate uses (shipped, or refitted here)"))
def cmd_recall_log(args):
    with open_database(args) as db:
        if args.weights:
            used = weights_in_use(db)
            emit(args, used, ["gate weights: %s%s" % (used["source"], (
                " on %s (%d verdicts, %d held back: log loss %.3f -> %.3f)" % (
                    used["fitted_at"], used["examples"], used["held_back"], used["loss_before"],
                    used["loss_after"])) if used["source"] != "shipped" else "")]
                 + ["  %s %+.3f" % (k, v) for k, v in sorted(used["weights"].items())])
            return 0
        entries = recall_entries(db, session_id=args.session, since=args.since, limit=args.limit)
    emit(args, {"entries": entries}, lambda: _log_lines(entries))
    if not entries:
        say("recall-log: nothing logged%s yet" % (" for session %s" % args.session
                                                  if args.session else ""))
    return 0


@subcommand("feedback", "Say what recall got wrong: a memory shown that was irrelevant, or one "
            "it missed; --refit learns from it now.",
            "memory_tiered.py feedback --session abc123 --irrelevant L2:5 --missing L1:3",
            option("--session", metavar="ID", help="the session the injection was in"),
            option("--log", type=positive_int, metavar="N", help="or the recall-log entry"),
            option("--irrelevant", action="append", default=[], metavar="LEVEL:ID",
                   help="a memory shown that did not help (repeatable)"),
            option("--missing", action="append", default=[], metavar="LEVEL:ID",
                   help="a memory it should have shown (repeatable)"),
            option("--relevant", action="append", default=[], metavar="LEVEL:ID",
                   help="a memory shown that did help (repeatable)"),
            option("--refit", action="store_true",
                   help="refit the gate's weights on this machine's verdicts now"))
def cmd_feedback(args):
    verdicts = [(v, ) + parse_memory_ref(ref) for v in VERDICTS for ref in getattr(args, v)]
    if not verdicts and not args.refit:
        raise ValidationError("name a memory: --irrelevant L2:5, --missing L1:3 or --relevant "
                              "L2:7 (or --refit)")
    with open_database(args) as db:
        kept = record_feedback(db, verdicts=verdicts, session_id=args.session, log_id=args.log,
                               now=now_utc()) if verdicts else []
        refit = refit_gate(db, now=now_utc()) if args.refit else None
    emit(args, {"kept": kept, "refit": refit}, [])
    for k in kept:
        say("feedback: %s %s:%d (recall-log #%d)%s" % (
            k["verdict"], k["level"].upper(), k["id"], k["log"], "" if k["seen_by_gate"] else
            "; the gate never saw it (search did not find it), so a refit cannot learn from it"))
    if refit:
        say("feedback --refit: %s" % (refit["why"] if not refit.get("held_back") else
                                      "%s (%d verdicts fitted, %d held back: log loss %.3f -> "
                                      "%.3f)" % (refit["why"], refit["examples"],
                                                 refit["held_back"], refit["loss_before"],
                                                 refit["loss_after"])))
    return 0


@subcommand("pending", "List sessions that have no L1 summary yet.",
            "memory_tiered.py pending",
            option("--auto", action="store_true",
                   help="write an automatic L1 for those pending over pending_hours"),
            option("--all", action="store_true", dest="every",
                   help="with --auto: for every pending session now (a session card from its "
                   "transcript, or its kept turns)"))
def cmd_pending(args):
    if args.every and not args.auto:
        raise ValidationError("--all goes with --auto: pending --auto --all")
    with open_database(args) as db:
        made = summarise_pending(db, now_utc(), older_than_hours=0 if args.every else None) \
            if args.auto else []
        waiting = pending_sessions(db)
    emit(args, {"pending": waiting, "automatic": made}, lambda: [
        "%s  recorded %s  %d turns  %s" % (p["session_id"], p["recorded_at"], p["turns"],
                                           p["cwd"] or "")
        for p in waiting])
    for item in made:
        say("pending: wrote automatic L1 #%d for session %s" % (item["l1_id"], item["session_id"]))
    say("pending: %s without a summary%s"
         % (plural(len(waiting), "session"), "; write one with add-l1 --session-id ID"
                                                          if waiting else ""))
    return 0


@subcommand("mcp", "Serve the memory over MCP (stdio, JSON-RPC 2.0).", "memory_tiered.py mcp")
def cmd_mcp(args):
    path = cli_db_path(args)
    MemoryDB(path).close()  # fail early, with a clear message, if the database is unusable
    say("memory_tiered mcp: serving %s on stdio" % path)
    stdout = open(sys.stdout.fileno(), "w", encoding="utf-8", closefd=False)
    serve_mcp(path, sys.stdin.buffer, stdout, say)
    return 0


@subcommand("digest", "Write MEMORY_DIGEST.md (global memories) next to the database and print it.",
            "memory_tiered.py digest --budget 1500   |   digest --project .",
            option("--budget", type=positive_int, default=DEFAULT_BUDGET,
                   help="tokens (CJK char = 1, 4 other chars = 1)"),
            option("--project",
                   help="a project's own digest (its memories only), for that repository's "
                        "CLAUDE.md"))
def cmd_digest(args):
    with open_database(args) as db:
        project = resolve_project(db, args.project) if args.project else None
        path, text, written = write_digest(db, project=project, budget=args.budget)
    emit(args, {"path": path, "written": written, "tokens": token_count(text), "text": text},
         [text.rstrip("\n")])
    say("digest: %s %s (%d tokens)" % ("wrote" if written else "unchanged", path,
                                        token_count(text)))
    return 0


@subcommand("index", "Check, repair and merge the full-text index; refresh the digest.",
            "memory_tiered.py index --rebuild",
            option("--rebuild", action="store_true",
                   help="rebuild the index even if it looks in step"))
def cmd_index(args):
    with open_database(args) as db:
        summary = maintain_index(db, rebuild=args.rebuild)
    emit(args, {"summary": summary}, [])
    say(summary)
    return 0


@subcommand("report", "The daily report: print it, save it in the vault, push it.",
            "memory_tiered.py report --push",
            option("--push", action="store_true",
                   help="send to MEMORY_TIERED_FEISHU_WEBHOOK / MEMORY_TIERED_WEBHOOK"),
            option("--vault", help="vault folder (env MEMORY_TIERED_VAULT)"))
def cmd_report(args):
    now = now_utc()
    load_env_file(cli_db_path(args))
    with open_database(args) as db:
        data = daily_report(db, vault=report_vault(args.vault), push=args.push, now=now)
    text, outcomes = data.pop("text"), data.pop("outcomes")
    data["pushed"] = [{"target": n, "ok": ok, "detail": why} for n, ok, why in outcomes]
    emit(args, data, [text.rstrip("\n")])
    say("report: saved to %s" % data["saved_to"] if data["saved_to"] else
         "report: no vault to save it in (give --vault, or `init-vault` first)")
    for name, ok, why in outcomes:
        say("report: %s %s" % (name, why if ok else "failed: %s" % why))
    if args.push and not outcomes:
        say("report: no webhook set (MEMORY_TIERED_FEISHU_WEBHOOK or MEMORY_TIERED_WEBHOOK); "
             "nothing pushed")
    return 1 if any(not ok for _, ok, _ in outcomes) else 0


@subcommand("job", "Run one scheduled job with a lock and a log line (used by cron/).",
            "memory_tiered.py job decay",
            option("name", choices=JOB_NAMES, help="the job to run"),
            option("--vault", help="vault folder for the report job"))
def cmd_job(args):
    path = os.path.abspath(cli_db_path(args))
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as exc:
        raise DatabaseError("cannot create the folder of %s: %s" % (path, exc.strerror or exc))
    load_env_file(path)
    logger = job_logger(path)
    if args.name == "index":
        refresh_bytecode()  # a replaced memory_tiered.py gets fresh bytecode within five minutes
    lock = JobLock("%s.%s.lock" % (path, args.name))
    if not lock.acquire():
        logger.info("job=%s skipped: another %s run is still going", args.name, args.name)
        return 0
    started = time.monotonic()
    try:
        code, summary = run_job(args.name, path, now_utc(), args.vault)
    except (MemoryTieredError, sqlite3.Error, OSError) as exc:
        reason = str(exc) if isinstance(exc,
                                        MemoryTieredError) else describe_sqlite_error(exc, path) \
            if isinstance(exc, sqlite3.Error) else "%s" % exc
        logger.error("job=%s failed after %.2fs: %s", args.name, time.monotonic() - started, reason)
        say("error: job %s: %s" % (args.name, reason))
        return getattr(exc, "exit_code", 1)
    finally:
        lock.release()
    log = logger.info if code == 0 else logger.error
    log("job=%s %s %.2fs %s", args.name, "ok" if code == 0 else "failed",
        time.monotonic() - started, summary)
    if code:
        say("error: job %s: %s" % (args.name, summary))
    return code


@subcommand("cron", "Print or install the crontab lines for the five jobs.",
            "memory_tiered.py cron --install",
            option("--print", action="store_true", dest="print_only",
                   help="print the lines (default)"),
            option("--install", action="store_true",
                   help="add them to your crontab, replacing an older copy"))
def cmd_cron(args):
    import subprocess
    path = os.path.abspath(cli_db_path(args))
    replica = False
    if os.path.exists(path):
        with MemoryDB(path, create=False) as db:
            replica = bool(read_config(db)["replica_dir"] or db.execute(
                "SELECT 1 FROM replica_folders WHERE project IS NOT NULL").fetchone())
    block = cron_lines(path, vault=vault_path(), replica=replica)
    refresh_bytecode()
    if not os.path.isdir(os.path.dirname(path)):
        say("cron: note: %s does not exist yet; run `init` first, or the jobs cannot write their "
             "log there"
             % os.path.dirname(path))
    if not args.install:
        emit(args, {"lines": block}, block)
        return 0
    try:
        current = subprocess.run(["crontab", "-l"], capture_output=True, text=True, timeout=30)
    except OSError as exc:
        raise MemoryTieredError(
            "cannot run crontab (%s); add the lines from `cron --print` by hand" % exc.strerror)
    if current.returncode != 0 and "no crontab" not in current.stderr.lower():
        raise MemoryTieredError("crontab -l failed: %s" % short(current.stderr.strip(), 120))
    existing = current.stdout if current.returncode == 0 else ""
    merged = merge_crontab(existing, block)
    if merged == existing:
        say("cron: already installed; crontab unchanged")
        return 0
    done = subprocess.run(["crontab", "-"], input=merged, capture_output=True, text=True,
                          timeout=30)
    if done.returncode != 0:
        raise MemoryTieredError("crontab - failed: %s" % short(done.stderr.strip(), 120))
    emit(args, {"lines": block, "installed": True}, [])
    say("cron: installed %d jobs for %s" % (len(CRON_SCRIPTS), path))
    return 0


@functools.lru_cache(maxsize=8)
def build_parser(only=None):
    """The argument parser, from the command table (``subcommand``).  With ``only``, just that
    subcommand is built: argparse spends most of a short command's start-up building the
    other thirty.  Parsers are kept for the life of the process (parsing does not change them)."""
    common = common_options()
    _, parser_class, formatter = argparse_module()
    parser = parser_class(
        prog="memory_tiered.py", parents=[common],
        description="Tiered long-term memory for AI agents (L1 sessions, L2 knowledge, L3 "
                    "insights).",
        epilog="Run `memory_tiered.py COMMAND --help` for a command's options and an example.",
        formatter_class=formatter,
    )
    parser.add_argument("--version", action="version", version="memory_tiered " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)
    sub.required = True
    parser.subcommands = {}  # name -> its parser
    for name, (func, help_text, example, options) in COMMANDS.items():
        if only is not None and name != only:
            continue
        p = parser.subcommands[name] = sub.add_parser(
            name, parents=[common], help=help_text,
            description="%s\n\nExample:\n  %s" % (help_text, example), formatter_class=formatter)
        p.set_defaults(func=func)
        for flags, options_ in options:
            p.add_argument(*flags, **options_)
    return parser


_OPTION_RE = LazyRe(r"^--?[A-Za-z][\w-]*(=.*)?$")


_NEGATIVE_NUMBER_RE = LazyRe(r"-[0-9.]+")


def _attach_dash_values(argv):
    """``--summary ---`` or ``--text "- item"``: argparse would read a value that starts with a
    dash as an option; a value that cannot be an option is attached (``--summary=---``)."""
    out, i = [], 0
    while i < len(argv):
        token = argv[i]
        if (
            token.startswith("--") and "=" not in token and i + 1 < len(argv)
            and argv[i + 1].startswith("-") and not _OPTION_RE.match(argv[i + 1])
            and not _NEGATIVE_NUMBER_RE.fullmatch(argv[i + 1])):
            out.append(token + "=" + argv[i + 1])
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def main(argv=None):
    """Run the CLI; return the exit code (0 ok, 1 failure, 2 bad input, 130 interrupted)."""
    argv = _attach_dash_values(list(sys.argv[1:] if argv is None else argv))
    debug = "--debug" in argv
    os.umask(0o077)  # every file and folder the tool creates is owner-only unless it says otherwise
    name = command_in(argv)
    parser = build_parser(only=name if name in COMMANDS else None)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # name the subcommand's own help, not the top-level one
            sub = build_parser(only=args.command).subcommands.get(args.command)
            (sub or parser).error("unrecognized arguments: %s" % " ".join(extra))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return args.func(args)
    except MemoryTieredError as exc:
        if debug:
            raise
        message, field = str(exc), getattr(exc, "field", None)
        if field and message.startswith(field + " "):  # the CLI names its own option
            message = "--" + field.replace("_", "-") + message[len(field):]
        say("error: %s" % message)
        return exc.exit_code
    except sqlite3.Error as exc:
        if debug:
            raise
        say("error: %s" % describe_sqlite_error(exc, cli_db_path(args)))
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    except RecursionError:
        if debug:
            raise
        say("error: the input is nested too deeply to read (about 1,000 levels or more); nothing "
             "was changed")
        return 2
    except BrokenPipeError:
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        if debug:
            raise
        say("error: %s" % (exc.strerror and "%s: %s" % (exc.filename or "", exc.strerror) or exc))
        return 1

