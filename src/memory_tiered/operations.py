"""Each change to the memory, whole: one function per operation that every front end calls.

Uses: base, text, scrubbing, safety, files, schema, records, sessions, tombstones, decay, embeddings, search, store, promote, vault, report, recall.
"""

import contextlib
import json
import os
import sqlite3

from .base import (
    LazyRe, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MAX_SHORT, MemoryTieredError, NotFoundError,
    now_utc, TRANSCRIPT_TURN_MAX, ValidationError)
from .text import check_text
from .scrubbing import scrub
from .safety import user_words
from .files import digest_files, make_private_dirs, write_atomic
from .schema import adopt_path_keys
from .records import insert_sql, check_level, jaccard, read_config, similarity_tokens
from .sessions import append_turns, buffer_turns, queue_session, session_done
from .tombstones import tombstone
from .decay import DecayEngine
from .embeddings import embed_pending, embed_quietly, embed_settings
from .search import recalled_keys, Searcher
from .store import MemoryStore
from .promote import Promoter
from .vault import VAULT_ASIDE, VaultSync
from .report import REPORT_FOLDER, vault_path, write_digest
from .recall import forget_all_log, forget_in_log, sync_recall_notes


# Every front end (CLI, MCP, hooks, vault read-back, importers, Hermes) calls one of these with
# keywords and only formats what it returns.  Each owns every effect of its change: validation,
# scrubbing, flagging, the write, related links, embedding, promotion marks, id allocation, and
# telling the digest, the vault's reports and the backups what changed.

PERSON_ORIGINS = ("cli", "mcp", "vault")  # a correction from these is a person's (or their agent's)


def add_memory(db, *, level, values, origin="cli", now=None, supersedes=None, embed=True):
    """Store one record of ``level`` from ``values`` (its LEVEL_FIELDS by name: checked,
    scrubbed, flagged, related to its neighbours, an L2/L3's sources marked promoted), then
    embed it (``embed=False``: the caller embeds it once its transaction is over, as a vault
    sync does).  Returns a Written."""
    level = check_level(level)
    now = now or now_utc()
    written = MemoryStore(db).add(level, dict(values, origin=origin), now, supersedes)
    if written.created and embed:
        embed_quietly(db, [(level, written.id)])
    return written


def edit_memory(db, *, level, record_id, changes, by="cli", now=None, embed=True):
    """Correct a record in place (``changes``: text, key_points, importance, tags, category,
    project); its related links are chosen again when its words changed, and it is embedded
    again.  A correction ``by`` a person (PERSON_ORIGINS) is marked, so no importer overwrites
    it.  Returns an Edited."""
    level = check_level(level)
    store = MemoryStore(db)
    edited = store.edit(level, record_id, changes, now, person=by in PERSON_ORIGINS)
    if {LEVEL_TEXT[level], "key_points"} & set(edited.changed):
        store.relate(level, record_id)
    if edited.changed and embed:
        embed_quietly(db, [(level, record_id)])
    return edited


def pin_memory(db, *, level, record_id, pinned=True, now=None):
    """Pin a record (a standing memory: keeps its strength, never a cleanup candidate) or unpin it.
    """
    return DecayEngine(db).pin(level, record_id, pinned, now)


def recall_memories(db, *, query, queries=(), level=None, limit=10, project=None, category=None,
                    tag=None, since=None, until=None, session_id=None, now=None):
    """Search for an agent (several phrasings fused, or one with its weak results marked) and
    count what it was given as recalled, once per session."""
    now = now or now_utc()
    searcher = Searcher(db)
    options = dict(level=level, limit=limit, project=project, now=now, touch=False,
                   category=category, tag=tag, since=since, until=until)
    if queries:
        found = searcher.search_many([query] + list(queries), **options)
    else:
        found = searcher.search(query, **options)
        searcher.gate(query, found["results"], now, prompt=False)
    with contextlib.suppress(sqlite3.OperationalError):
        DecayEngine(db).recall(recalled_keys(found["results"]), session_id, now)
    return found


def sync_vault(db, *, vault, levels=("l1", "l2", "l3", "tree"), dry_run=False, resolve=None,
               now=None):
    """Sync the vault (VaultSync.sync); the records a person changed or wrote in their notes are
    then embedded as any edit is.  Returns the sync report."""
    syncer = VaultSync(db, vault, add=add_memory, edit=edit_memory, pin=pin_memory)
    report = syncer.sync(levels, dry_run, now or now_utc(), resolve)
    embed_quietly(db, syncer.edited)
    # the recall notes: what a person ticked there is feedback; each day's injections written
    recalled = sync_recall_notes(db, vault=vault, now=now, dry_run=dry_run)
    report["recall_feedback"] = recalled["read_back"]
    report["written"] = list(report["written"]) + [
        os.path.relpath(p, vault) for p in recalled["written"]]
    return report


def import_memories(db, *, records, now=None, progress=None, warn=None):
    """Import records (``records()`` yields (line number, record dict) once per call, so a batch
    can be read again): each is checked, scrubbed and flagged, and one already present (its uid,
    or the same text) is skipped (MemoryStore.import_records).  The new records are then
    embedded, and related links fill in at the next sync.  ``warn(text)`` hears an embedding
    failure (the index job embeds the rest later).  Returns the counts."""
    counts = MemoryStore(db).import_records(records, now or now_utc(), progress)
    if counts["added"] and embed_settings() is not None:
        try:
            counts["embedded"] = embed_pending(db)
        except MemoryTieredError as exc:
            if warn:
                warn(str(exc))
    return counts


RULE_EDIT_OVERLAP = 0.4  # word overlap above which a new rule under a heading edits an old one


def supersede_changed_rules(db, *, records, now=None):
    """After a standing file (CLAUDE.md, AGENTS.md, ...) is imported again: a rule it held
    before and holds no more is superseded by the rule now under the same heading that reads
    most like it (an edited rule: overlap RULE_EDIT_OVERLAP or more), so the old text is kept,
    hidden and linked, and never injected beside the new one.  A rule only deleted from the
    file stays for a person to forget.  Returns [(old id, new id)]."""
    files = {}
    for record in records:
        if record.get("level") == "l2" and record.get("pinned") and record.get("tags"):
            files.setdefault(record["tags"][0], []).append(record)
    store, pairs = MemoryStore(db), []
    for tag, held in files.items():
        rows = store.imported_rules(tag, {r["category"] for r in held})
        now_held = {(r["category"], frozenset(similarity_tokens(r["knowledge"]))) for r in held}
        stored = [(row["id"], row["category"], frozenset(similarity_tokens(row["knowledge"])))
                  for row in rows]
        current = [s for s in stored if (s[1], s[2]) in now_held]
        for old_id, category, words in stored:
            if (category, words) in now_held:
                continue
            best = max(((jaccard(words, w), new_id) for new_id, c, w in current
                        if c == category and new_id > old_id), default=(0.0, None))
            if best[1] is not None and best[0] >= RULE_EDIT_OVERLAP:
                store.supersede("l2", old_id, best[1], now)
                pairs.append((old_id, best[1]))
    return pairs


def promote_memories(db, *, apply=True, now=None, texts=False):
    """The promotion report (Promoter.report) and, with ``apply``, every eligible L1 promoted to
    an L2 (its word-for-word copy, naming its source); each new L2 gets its related links and is
    embedded as any added record is.  Returns the report with ``applied``: the (L1, L2) pairs."""
    now = now or now_utc()
    promoter = Promoter(db)
    report = promoter.report(texts=texts)
    report["applied"] = promoter.apply(now) if apply else []
    store = MemoryStore(db)
    for pair in report["applied"]:
        store.relate("l2", pair["l2_id"])
    embed_quietly(db, [("l2", pair["l2_id"]) for pair in report["applied"]])
    return report


def merge_memories(db, *, level, keep_id, drop_id, now=None):
    """Fold ``drop_id`` into ``keep_id`` (MemoryStore.merge), then choose the kept record's
    related links again and embed it.  Returns the kept record."""
    store = MemoryStore(db)
    record = store.merge(level, keep_id, drop_id, now)
    store.relate(record["level"], keep_id)
    embed_quietly(db, [(record["level"], keep_id)])
    return record


def supersede_memory(db, *, level, old_id, new_id, now=None):
    MemoryStore(db).supersede(level, old_id, new_id, now)


def unarchive_memory(db, *, level, record_id, now=None):
    return DecayEngine(db).unarchive(level, record_id, now)


def decay_memories(db, *, now=None, dry_run=False):
    """Bring every record's strength to ``now`` (the time elapsed since each was last brought
    up to date, so a missed or doubled run gives the same result).  Returns the count per
    level."""
    return DecayEngine(db).decay(now or now_utc(), dry_run=dry_run)


def archive_faded(db, *, now=None, limit=None):
    """Mark the cleanup candidates archived (kept, hidden from search): all of them, or exactly
    the ``limit`` weakest.  Returns the count per level."""
    return DecayEngine(db).archive(now or now_utc(), limit)


def recall_shown(db, *, keys, session_id=None, now=None):
    """The memories a block showed count as recalled (+0.1 strength, once per sitting)."""
    DecayEngine(db).recall(keys, session_id, now or now_utc())


def set_tunable(db, *, key, value):
    """Set one tunable (checked against its kind and range); returns every tunable's value."""
    store = MemoryStore(db)
    store.set_config(key, value)
    return store.config()


def clear_flag(db, *, level, record_id):
    return MemoryStore(db).clear_flag(level, record_id)


_REPORT_RECORD_RE = LazyRe(r"^- (L[123]) #(\d+)\b")


def _scrub_reports(vault, targets):
    """Rewrite the daily report notes of ``vault`` with each line that names a forgotten record
    (``- L1 #12 ...``; every record line when ``targets`` is None) as ``- (forgotten)``; returns
    the notes rewritten."""
    folder = os.path.join(vault, REPORT_FOLDER)
    wanted = None if targets is None else {(lv.upper(), str(rid)) for lv, rid in targets}
    rewritten = []
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".md"))
    except OSError:
        return rewritten
    for name in names:
        path = os.path.join(folder, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        try:
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
        except (OSError, UnicodeDecodeError):
            continue
        kept = []
        for line in lines:
            m = _REPORT_RECORD_RE.match(line)
            kept.append("- (forgotten)" if m and (wanted is None or m.groups() in wanted) else line)
        if kept != lines:
            write_atomic(path, "\n".join(kept))
            rewritten.append(path)
    return rewritten


def _vaults_of(db):
    """The vault folders the database keeps notes for, and the configured one."""
    found = {r[0] for r in db.execute("SELECT DISTINCT vault FROM vault_notes")} | {vault_path()}
    return sorted(v for v in found if os.path.isdir(v))


def after_forget(db, purge, targets, everything):
    """What a forget reaches besides the rows: the index and freed pages, every backup (with
    ``purge``), the digest (rewritten at once) and the daily report notes."""
    store = MemoryStore(db)
    store.erase_freed()
    held, purged = {}, []
    for path in store.backups():
        ids = store.backup_holds(path, None if everything else targets)
        if ids:
            held[path] = ids
    if purge:
        for path, ids in sorted(held.items()):
            MemoryStore.purge_backup(path, ids)
            purged.append(path)
    for _, project in digest_files(db.path):  # each digest written so far, without the record
        write_digest(db, project=project)
    reports = []
    for vault in _vaults_of(db):
        reports += _scrub_reports(vault, None if everything else targets)
    return {"backups_holding": sorted(set(held) - set(purged)), "backups_purged": purged,
            "reports": reports}


def forget_memories(db, *, targets=(), everything=False, purge_backups=False, now=None):
    """Delete records for good with every copy the tool keeps: ``targets`` [(level, id)], or
    ``everything``.  Rows, index entries, recall marks, embeddings, session buffers, vault notes
    (record and session notes), the digest, report notes, and with ``purge_backups`` every
    backup.  Without it, forgetting everything first saves a backup of it all (the result's
    ``backup``).  Returns {"forgotten", "unlinked", "notes_deleted", "backups_holding",
    "backups_purged", "reports", "backup"}."""
    now = now or now_utc()
    store = MemoryStore(db)
    result = {"forgotten": [], "unlinked": [], "notes_deleted": [], "backup": None}
    if everything:
        if not purge_backups:
            result["backup"] = db.backup(now=now, keep=0)[0]
        counts, notes = store.forget_all(now)
        result["forgotten"] = counts
        result["notes_deleted"] = notes
    else:
        for level, record_id in targets:
            try:
                done = store.forget(level, record_id, now)
            except NotFoundError:
                if not store.was_forgotten(level, record_id):
                    raise
                continue  # forgotten before: what its backups still hold is purged below
            result["forgotten"].append({"level": level, "id": record_id})
            result["unlinked"] += [dict(item,
                                        source={"level": level,
                                                "id": record_id}) for item in done["unlinked"]]
            result["notes_deleted"] += done["notes"]
    with db.atomic() as conn:  # (what the recall log said of it, and the verdicts on it)
        if everything:
            forget_all_log(conn)
        else:
            forget_in_log(conn, [(t["level"], t["id"]) for t in result["forgotten"]])
    result.update(after_forget(db, purge_backups, list(targets), everything))
    return result


def forget_in_backups(db, *, query, now=None):
    """The records of the backups that match ``query`` (every significant word) after they are
    gone from the database: each backup is rewritten without them, and each gets a tombstone
    here, so no importer brings it back.  Returns {"forgotten": [(level, id)], "backups_purged"}."""
    now = now or now_utc()
    store, held, rows = MemoryStore(db), {}, {}
    for path in store.backups():
        for level, record_id, row in MemoryStore.backup_matches(path, query):
            held.setdefault(path, []).append((level, record_id))
            rows[(level, record_id)] = row
    with db.atomic() as conn:
        for (level, record_id), row in sorted(rows.items()):
            if not store.was_forgotten(level, record_id) and row.get("uid"):
                tombstone(conn, level, dict(row, id=record_id), now)
    for path, records in sorted(held.items()):
        MemoryStore.purge_backup(path, records)
    return {"forgotten": sorted(rows), "backups_purged": sorted(held)}


def _move_aside(vault, rel, now):
    """Move a vault note into ``_aside/restore-DATE/`` (kept for the person, never read back)."""
    source = os.path.join(vault, *rel.split("/"))
    if os.path.islink(source) or not os.path.isfile(source):
        return None
    folder = os.path.join(vault, VAULT_ASIDE, "restore-" + now.strftime("%Y%m%d-%H%M%S"))
    make_private_dirs(folder)
    target = os.path.join(folder, os.path.basename(source))
    if os.path.lexists(target):
        return None
    os.rename(source, target)
    return target


def restore_memories(db, *, source, now=None):
    """Put a backup back: the current file is saved first; ids never given out twice (the
    highest id ever used survives); the vault follows the restored database (its bookkeeping
    is the current one for records the backup has; notes of records it lacks are moved aside
    into ``_aside/``, not read back).  Returns {"saved", "aside"}."""
    now = now or now_utc()
    floors = {t: db.execute("SELECT max(coalesce((SELECT max(id) FROM %s), 0), coalesce((SELECT "
                            "last_id FROM id_floor WHERE tbl = ?), 0))" % t,
                            (t,)).fetchone()[0] for t in LEVEL_TABLE.values()}
    notes = [dict(r) for r in db.execute("SELECT * FROM vault_notes")]
    saved = db.restore(source, now)
    aside = []
    with db.atomic() as conn:
        for table, last in floors.items():
            conn.execute("INSERT INTO id_floor(tbl, last_id) VALUES (?, ?) ON CONFLICT(tbl) DO "
                         "UPDATE SET last_id = max(last_id, excluded.last_id)", (table, last))
        conn.execute("DELETE FROM vault_notes")
        for row in notes:
            if (
                row["kind"] in LEVELS
                and conn.execute(
                    "SELECT 1 FROM %s WHERE id = ?" % LEVEL_TABLE[row["kind"]], (int(row["ref"]),)
                ).fetchone()
                is None
            ):
                moved = _move_aside(row["vault"], row["path"], now)
                if moved:
                    aside.append(moved)
                continue
            names = tuple(row)
            conn.execute(insert_sql("vault_notes", names), [row[n] for n in names])
    return {"saved": saved, "aside": aside}


def mirror_entry(db, *, category, action, content="", old_text="", agent, tags=(), now=None):
    """Mirror one entry of an agent's own memory file (Hermes' MEMORY.md and USER.md) as a
    standing L2 of ``category``.  ``add`` stores ``content`` pinned, once; ``remove`` forgets the
    mirrored entries that hold ``old_text`` (or equal ``content``); ``replace`` forgets those
    holding ``old_text`` and adds ``content``.  Returns {"added": id or None, "forgotten": ids}."""
    if action not in ("add", "remove", "replace"):
        raise ValidationError("action must be one of: add, remove, replace (got %r)" % (action,))
    content, old_text = (content or "").strip(), (old_text or "").strip()
    category = check_text(category, "category", MAX_SHORT)
    # only what this agent mirrored: a record of that category written elsewhere is not its
    rows = db.execute("SELECT id, knowledge FROM memory_l2 WHERE category = ? AND origin = "
                      "'import' AND agent = ?", (category, agent)).fetchall()
    gone = []
    if action in ("remove", "replace"):
        gone = [r[0] for r in rows if (old_text and old_text in r[1])
                or (action == "remove" and content and r[1] == content)]
        if gone:
            forget_memories(db, targets=[("l2", rid) for rid in gone], now=now)
    added, refused = None, None
    if action != "remove" and content and not any(
            r[1] == content for r in rows if r[0] not in gone):
        try:
            added = add_memory(db, level="l2", origin="import", now=now, values=dict(
                category=category, knowledge=content, tags=list(tags), agent=agent,
                project=None)).id
        except ValidationError as exc:  # forgotten here: the agent's file does not bring it back
            refused = str(exc)
        else:
            pin_memory(db, level="l2", record_id=added, now=now)
    return {"added": added, "forgotten": gone, "refused": refused}


def keep_session_turns(db, *, session_id, turns, transcript_path, cwd=None, now=None):
    """A transcript's turns, read by its front end, kept for the session's later summary (for
    the configured ``buffer_hours``), and the session queued."""
    now = now or now_utc()
    session_id = check_text(session_id, "session id", MAX_SHORT)
    hours = read_config(db)["buffer_hours"]
    with db.atomic() as conn:
        buffer_turns(conn, session_id, turns, transcript_path, cwd, now, hours)
    return session_id


def end_session(db, *, session_id, transcript_path=None, cwd=None, reason=None, now=None):
    """A session ended: it waits for its summary (the agent's, or the automatic card)."""
    with db.atomic() as conn:
        queue_session(conn, session_id, transcript_path, cwd, reason, now or now_utc())


def store_session_card(db, *, session_id, summary, key_points, project=None, tags=None,
                       created_at=None, now=None):
    """The automatic L1 of a session nobody summarised (agent "auto", importance 0.3); the
    session then stops waiting.  Returns its id."""
    now = now or now_utc()
    new_id = add_memory(db, level="l1", origin="auto", now=now, values=dict(
        session_id=session_id, summary=summary, key_points=key_points, importance=0.3,
        project=project or None, agent="auto", tags=tags, created_at=created_at)).id
    with db.atomic() as conn:
        session_done(conn, session_id, now)
    return new_id


def adopt_project_keys(db, *, folders):
    """Records keyed by the path of a repository that now has an ``origin`` remote take its
    key (so clones elsewhere agree)."""
    with db.atomic() as conn:
        adopt_path_keys(conn, folders)


def mark_shown(db, *, key, day):
    """Remember that a once-a-day block (``key``) was shown on ``day``; bookkeeping whose loss
    only shows the block again, so a busy database is not waited for."""
    with contextlib.suppress(sqlite3.OperationalError):
        with db.relaxed() as conn:
            conn.execute("INSERT INTO config(key, value) VALUES (?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                         (key, json.dumps(day)))


def shown_on(db, *, key):
    """The day a once-a-day block was last shown (mark_shown), or None."""
    row = db.execute("SELECT value FROM config WHERE key = ?", (key,)).fetchone()
    return json.loads(row[0]) if row else None


def record_turns(db, *, session_id, turns, cwd=None, replace=False, now=None):
    """Keep a session's turns (role, text) for its later summary, scrubbed and cut, and queue
    the session; ``replace`` keeps only these.  Returns the number of turns stored."""
    now = now or now_utc()
    # (a lone surrogate a host passes is dropped, as a card drops it: the turn is still kept)
    texts = [(role, scrub(str(text).encode("utf-8", "ignore").decode("utf-8").replace(
        "\x00", ""))[0][:TRANSCRIPT_TURN_MAX])
             for role, text in ((r, user_words(str(t)) if r == "user" and t else t)
                                for r, t in turns)
             if role in ("user", "assistant") and text and str(text).strip()]
    with db.atomic() as conn:
        append_turns(conn, session_id, texts, cwd, now, replace)
    return len(texts)
