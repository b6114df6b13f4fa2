"""Scheduled jobs and the crontab.

Uses: base, text, db, records, decay, embeddings, report, recall, operations, replication, context, hooks.
"""

import contextlib
import os
import sys
import time

from .base import DEFAULT_BUDGET, MemoryTieredError, ValidationError
from .text import shell_quote
from .db import MemoryDB
from .records import read_config
from .decay import DecayEngine
from .embeddings import embed_pending, embed_settings
from .report import refresh_digests, report_vault, vault_path
from .recall import refit_gate
from .operations import decay_memories, promote_memories, sync_vault
from .replication import replicate_summary_lines, daily_report, replicate_configured
from .context import module_command
from .hooks import summarise_pending


JOB_NAMES = ("decay", "index", "cleanup", "compress", "report", "sync", "replicate")


CRON_SCRIPTS = (
    ("0 * * * *", "memory_decay.py"), ("*/5 * * * *", "memory_index.py"),
    ("30 * * * *", "memory_cleanup.py"), ("0 3 * * *", "memory_compress.py"),
    ("0 0 * * *", "memory_stats_report.py"))


CRON_BEGIN = "# >>> memory_tiered jobs (managed by `memory_tiered.py cron --install`) >>>"


CRON_END = "# <<< memory_tiered jobs <<<"


def load_env_file(db_path, environ=None):
    """Read MEMORY_TIERED_* settings from memory_tiered.env next to the database.

    Cron gives jobs a bare environment; webhook URLs and secrets can live in
    this owner-only file instead of the crontab.  Set variables win.
    """
    env = os.environ if environ is None else environ
    path = os.path.join(os.path.dirname(os.path.abspath(db_path)), "memory_tiered.env")
    try:
        if os.stat(path).st_mode & 0o077:
            sys.stderr.write("warning: %s can be read by other users and may hold a webhook "
                             "secret; run chmod 600 on it\n" % path)
    except OSError:
        return
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                key, sep, value = line.strip().partition("=")
                key = key.strip()
                if sep and key.startswith("MEMORY_TIERED_") and key not in env:
                    env[key] = value.strip().strip('"').strip("'")
    except OSError:
        pass


def job_logger(db_path):
    import logging
    import logging.handlers
    logger = logging.getLogger("memory_tiered.jobs")
    logger.setLevel(logging.INFO)
    logger.propagate = False
    log_path = os.path.join(os.path.dirname(os.path.abspath(db_path)), "memory_tiered.log")
    for handler in list(logger.handlers):
        if getattr(handler, "baseFilename", None) != log_path:
            logger.removeHandler(handler)
            handler.close()
    class Handler(logging.handlers.RotatingFileHandler):
        def handleError(self, record):  # a full disk: one line instead of logging's traceback
            with contextlib.suppress(Exception):
                sys.stderr.write("warning: cannot write the job log %s: %s\n"
                                 % (log_path, sys.exc_info()[1]))

    if not logger.handlers:
        try:
            handler = Handler(log_path, maxBytes=1 << 20, backupCount=3, encoding="utf-8",
                              delay=True)
        except OSError as exc:
            handler = logging.StreamHandler(sys.stderr)
            sys.stderr.write("warning: cannot open the job log %s: %s\n"
                             % (log_path, exc.strerror or exc))
        formatter = logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
        formatter.converter = time.gmtime
        handler.setFormatter(formatter)
        logger.addHandler(handler)
    return logger


def maintain_index(db, rebuild=False, budget=DEFAULT_BUDGET):
    """Repair the full-text index if it is out of step, merge it, checkpoint, refresh the digest,
    and embed records still without a vector (when an embedding endpoint is set)."""
    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    status = db.index_status()
    repaired = (rebuild or not status["ok"]) and db.rebuild_index()
    db.optimize_index()
    written = refresh_digests(db, budget=budget)  # (a project's digest someone asked for too)
    if repaired:
        state = " rebuilt (%s of %s rows were indexed)" % (status["indexed"], status["rows"])
    else:
        state = " in step (%d rows)" % status["rows"]
    vectors = ""
    if embed_settings() is not None:
        try:
            vectors = ", %d record(s) embedded" % embed_pending(db, limit=2000)
        except MemoryTieredError as exc:
            vectors = ", embedding skipped: %s" % exc
    return "index %s%s, digest %s%s" % (status["mode"], state,
                                        "rewritten" if written else "unchanged", vectors)


def run_job(name, db_path, now, vault=None):
    """One scheduled job; returns (exit code, summary).  No output on success."""
    with MemoryDB(db_path) as db:
        if name == "decay":
            changed = decay_memories(db, now=now)
            return 0, "decayed L1 %(l1)d, L2 %(l2)d, L3 %(l3)d" % changed
        if name == "index":  # (every five minutes: a session that ended gets its card soon)
            automatic = summarise_pending(db, now)
            return 0, maintain_index(db) + (", %d automatic L1s" % len(automatic)
                                            if automatic else "")
        if name == "cleanup":
            found = DecayEngine(db).candidates(now)
            return 0, "%d cleanup candidates, nothing deleted" % len(found)
        if name == "compress":
            cfg = read_config(db)
            automatic = summarise_pending(db, now)
            report = promote_memories(db, apply=cfg["auto_promote"], now=now)
            refit = refit_gate(db, now=now)  # (the verdicts given since: the gate learns here)
            applied = report["applied"]
            saved = db.backup(keep=cfg["backup_keep"], now=now)[0] if cfg["backup_keep"] else None
            return (
                0,
                "%d eligible, %d promoted, %d L2 candidates, %d L3 candidates, %d automatic L1s,"
                " backup %s, gate %s"
                % (
                    len(report["promote"]), len(applied), len(report["l2_candidates"]),
                    len(report["l3_candidates"]), len(automatic), saved or "off",
                    "refitted" if refit["used"] else "unchanged"),
            )
        if name == "sync":
            done = sync_vault(db, vault=vault_path(vault), now=now)
            failed = 1 if done["conflicts"] or done["errors"] else 0
            return failed, "vault %s: %d written, %d renamed, %d archived, %d read back, " \
                "%d conflicts, %d errors%s" % (
                done["vault"],
                len(done["written"]),
                len(done["renamed"]),
                len(done["archived"]),
                len(done["read_back"]),
                len(done["conflicts"]),
                len(done["errors"]),
                "".join("; %s: %s" % (e["path"], e["why"]) for e in done["errors"][:3]),
            )
        if name == "replicate":
            done = replicate_configured(db, now)
            if not done:
                return 0, "replicate: no replica folder set (`config replica_dir PATH`)"
            failed = any("error" in r or r["rejected"] or r["unreadable"] for r in done)
            return (1 if failed else 0), "; ".join(replicate_summary_lines(done))
        if name == "report":
            data = daily_report(db, vault=report_vault(vault), now=now)
            saved, outcomes = data["saved_to"], data["outcomes"]
            failed = [o for o in outcomes if not o[1]]
            summary = "report %s; %s" % ("saved to %s" % saved if saved else "not saved (no vault)",
                                          "; ".join(
                "%s %s" % (n,
                           "ok" if ok else "failed: %s"
                           % why) for n, ok, why in outcomes) or "no webhook set")
            return (1 if failed else 0), summary
    raise ValidationError("unknown job %r; choose one of: %s" % (name, ", ".join(JOB_NAMES)))


def cron_lines(db_path, python=None, root=None, vault=None, replica=False):
    """The crontab block for the jobs, with absolute paths: the scripts in cron/ when they are
    there, else the module itself (`job NAME`), so copying only memory_tiered.py is enough.
    Each job's output goes to cron.log next to the database, owner-only (each line sets umask
    077 first; no MAILTO line: it would silence every crontab line below it); the vault sync line, added when ``vault`` exists, is not
    redirected, so cron mails you its one-line error when a conflict waits."""
    python = python or sys.executable or "/usr/bin/python3"
    root = root or os.path.dirname(os.path.abspath(__file__))
    folder = os.path.dirname(os.path.abspath(db_path))
    log = os.path.join(folder, "cron.log")
    scripts = os.path.isdir(os.path.join(root, "cron"))
    module = os.path.join(root, os.path.basename(os.path.abspath(__file__)))
    launch = module_command(python, module)
    lines = [CRON_BEGIN, "# form: %s" % ("the scripts in %s" % os.path.join(root, "cron") if scripts
                                        else "%s job NAME (no cron/ folder next to it)" % launch)]
    env = "MEMORY_TIERED_DB=%s" % shell_quote(os.path.abspath(db_path))
    for (schedule, script), name in zip(CRON_SCRIPTS,
                                        ("decay", "index", "cleanup", "compress", "report")):
        target = "%s %s" % (shell_quote(python),
                            shell_quote(os.path.join(root, "cron", script))) if scripts \
            else "%s job %s" % (launch, name)
        lines.append("%s umask 077; %s %s >> %s 2>&1" % (schedule, env, target, shell_quote(log)))
    if vault and os.path.isdir(vault):
        lines.append("*/15 * * * * umask 077; %s MEMORY_TIERED_VAULT=%s %s job sync >/dev/null" % (
            env, shell_quote(vault), launch))
    if replica:  # with `config replica_dir` set: step with the other devices every ten minutes
        lines.append("*/10 * * * * umask 077; %s %s job replicate >> %s 2>&1"
                     % (env, launch, shell_quote(log)))
    lines.append(CRON_END)
    return lines


def merge_crontab(existing, block):
    """Replace our managed block in a crontab text (or append it); keep every other line."""
    kept, inside = [], False
    for line in existing.splitlines():
        if line.strip() == CRON_BEGIN:
            inside = True
            continue
        if inside:
            if line.strip() == CRON_END:
                inside = False
            continue
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept + ([""] if kept else []) + block) + "\n"
