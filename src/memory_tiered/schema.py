"""The tables: the ordered migrations, each version's shape, the full-text index DDL.

Uses: base, text, safety, projects, checks, indexing.
"""

import functools
import os
import sqlite3

from .base import LazyRe, LEVEL, LEVEL_NUM, LEVEL_TABLE, LEVELS, parse_time, ValidationError
from .text import new_uid
from .safety import instruction_flag
from .projects import path_project_key, project_key, project_root
from .checks import dump_list, load_ids, load_list
from .indexing import index_text, text_units


def _migrate_projects(conn):
    """Schema 5: a project was the basename of the session's folder; it becomes the repository key
    where the folder is known (a pending session's cwd).  Names that cannot be mapped stay and are
    listed by `doctor`."""
    for session_id, cwd in conn.execute("SELECT session_id, cwd FROM pending_sessions WHERE cwd IS "
                                        "NOT NULL").fetchall():
        key = project_key(cwd)
        conn.execute("UPDATE memory_l1 SET project = ? WHERE session_id = ? AND project = ?",
                     (key, session_id, os.path.basename(cwd.rstrip("/\\"))))


def adopt_path_keys(conn, folders):
    """Records keyed by a repository's path (before keys followed the ``origin`` remote) take
    the repository's key, for each folder of ``folders`` that is in such a repository."""
    for folder in folders:
        root = project_root(folder)
        old, new = path_project_key(root), project_key(folder)
        for table in LEVEL_TABLE.values() if old != new else ():
            if conn.execute("SELECT 1 FROM %s WHERE project = ? LIMIT 1" % table,
                            (old,)).fetchone():
                conn.execute("UPDATE %s SET project = ? WHERE project = ?" % table, (new, old))


def _give_uids(conn):
    """Schema 8: every record gets its global id, dated by its creation."""
    for table in ("memory_l1", "memory_l2", "memory_l3"):
        rows = conn.execute("SELECT id, created_at FROM %s WHERE uid IS NULL" % table).fetchall()
        for record_id, created in rows:
            try:
                moment = parse_time(created) if created else None
            except ValidationError:
                moment = None
            conn.execute("UPDATE %s SET uid = ? WHERE id = ?" % table, (new_uid(moment), record_id))


# Each entry is the list of statements that takes the database to that version
# (index + 1).  Version 1 is the seed schema that earlier hand-written memory
# CLIs created; version 2 adds what the tiers, decay and promotion need.
MIGRATIONS = [
    [
        """CREATE TABLE IF NOT EXISTS memory_l1 (
            id           INTEGER PRIMARY KEY,
            session_id   TEXT NOT NULL,      -- the conversation this summarises
            summary      TEXT NOT NULL,      -- what happened, in a few sentences
            key_points   TEXT,               -- JSON array of short strings
            importance   REAL DEFAULT 0.5,   -- the user's judgement 0..1; never decays
            access_count INTEGER DEFAULT 0,  -- times a search returned it
            created_at   TEXT,               -- UTC ISO 8601
            updated_at   TEXT,               -- UTC ISO 8601
            decay_score  REAL DEFAULT 1.0    -- strength 0..1; fades hourly
        )""",
        """CREATE TABLE IF NOT EXISTS memory_l2 (
            id           INTEGER PRIMARY KEY,
            category     TEXT NOT NULL,      -- e.g. skills, habits, decisions
            knowledge    TEXT NOT NULL,      -- the distilled knowledge
            source_ids   TEXT,               -- JSON array of memory_l1 ids
            tags         TEXT,               -- JSON array of tags
            importance   REAL DEFAULT 0.5,
            access_count INTEGER DEFAULT 0,
            created_at   TEXT,
            updated_at   TEXT,
            decay_score  REAL DEFAULT 1.0
        )""",
        """CREATE TABLE IF NOT EXISTS memory_l3 (
            id           INTEGER PRIMARY KEY,
            insight      TEXT NOT NULL,      -- a core insight across L2s
            source_ids   TEXT,               -- JSON array of memory_l2 ids
            category     TEXT,
            created_at   TEXT,
            updated_at   TEXT,
            decay_score  REAL DEFAULT 1.0
        )""",
    ],
    [
        "ALTER TABLE memory_l1 ADD COLUMN parent_session TEXT",  # session this one continued
        "ALTER TABLE memory_l1 ADD COLUMN project TEXT",  # project or repository name
        "ALTER TABLE memory_l1 ADD COLUMN agent TEXT",  # which agent wrote it
        "ALTER TABLE memory_l1 ADD COLUMN last_accessed_at TEXT",  # last time a search returned it
        # strength is exact as of this time
        "ALTER TABLE memory_l1 ADD COLUMN decay_applied_at TEXT",
        "ALTER TABLE memory_l1 ADD COLUMN promoted_to INTEGER",  # memory_l2.id it became
        "ALTER TABLE memory_l1 ADD COLUMN archived_at TEXT",  # set by cleanup --archive
        "ALTER TABLE memory_l2 ADD COLUMN project TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN last_accessed_at TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN decay_applied_at TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN promoted_to INTEGER",  # memory_l3.id it fed
        "ALTER TABLE memory_l2 ADD COLUMN archived_at TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN importance REAL DEFAULT 0.5",
        "ALTER TABLE memory_l3 ADD COLUMN access_count INTEGER DEFAULT 0",
        "ALTER TABLE memory_l3 ADD COLUMN project TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN last_accessed_at TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN decay_applied_at TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN archived_at TEXT",
        # Seed databases stored "YYYY-MM-DD HH:MM:SS" and comma-separated lists.
        (
            "UPDATE memory_l1 SET created_at = replace(coalesce(created_at, :now), ' ', 'T'),"
            " updated_at = replace(coalesce(updated_at, created_at, :now), ' ', 'T')"),
        (
            "UPDATE memory_l2 SET created_at = replace(coalesce(created_at, :now), ' ', 'T'),"
            " updated_at = replace(coalesce(updated_at, created_at, :now), ' ', 'T')"),
        (
            "UPDATE memory_l3 SET created_at = replace(coalesce(created_at, :now), ' ', 'T'),"
            " updated_at = replace(coalesce(updated_at, created_at, :now), ' ', 'T')"),
        "UPDATE memory_l1 SET key_points = mt_json_list(key_points)",
        "UPDATE memory_l2 SET source_ids = mt_json_ids(source_ids), tags = mt_json_list(tags)",
        "UPDATE memory_l3 SET source_ids = mt_json_ids(source_ids)",
        "UPDATE memory_l1 SET decay_applied_at = updated_at",
        "UPDATE memory_l2 SET decay_applied_at = updated_at",
        "UPDATE memory_l3 SET decay_applied_at = updated_at",
        "CREATE INDEX IF NOT EXISTS memory_l1_session ON memory_l1(session_id)",
        "CREATE INDEX IF NOT EXISTS memory_l1_created ON memory_l1(created_at)",
        (
            "CREATE INDEX IF NOT EXISTS memory_l1_promotable ON memory_l1(importance, access_count)"
            " WHERE promoted_to IS NULL AND archived_at IS NULL"),
        "CREATE INDEX IF NOT EXISTS memory_l2_category ON memory_l2(category)",
        "CREATE INDEX IF NOT EXISTS memory_l2_created ON memory_l2(created_at)",
        "CREATE INDEX IF NOT EXISTS memory_l3_created ON memory_l3(created_at)",
        """CREATE TABLE IF NOT EXISTS config (
            key   TEXT PRIMARY KEY,  -- a tunable, see `config`
            value TEXT NOT NULL      -- JSON value
        )""",
    ],
    [
        # JSON array; editable in the vault
        "ALTER TABLE memory_l1 ADD COLUMN tags TEXT DEFAULT '[]'",
        "ALTER TABLE memory_l3 ADD COLUMN tags TEXT DEFAULT '[]'",
        # id of the newer record that replaces it
        "ALTER TABLE memory_l1 ADD COLUMN superseded_by INTEGER",
        "ALTER TABLE memory_l2 ADD COLUMN superseded_by INTEGER",
        "ALTER TABLE memory_l3 ADD COLUMN superseded_by INTEGER",
        """CREATE TABLE IF NOT EXISTS vault_notes (
            vault       TEXT NOT NULL,     -- absolute vault folder
            kind        TEXT NOT NULL,     -- l1, l2, l3, session, index
            ref         TEXT NOT NULL,     -- record id or session id
            path        TEXT NOT NULL,     -- note path relative to the vault
            file_hash   TEXT NOT NULL,     -- sha256 of the file as last written or read back
            render_hash TEXT NOT NULL,     -- sha256 of what the database rendered at that time
            fingerprint TEXT,              -- hash of the row and its links (skips rendering)
            base        TEXT NOT NULL,     -- JSON: the editable fields both sides last agreed on
            mtime_ns    INTEGER,           -- file stat at that time, to skip unchanged files fast
            size        INTEGER,
            state       TEXT NOT NULL DEFAULT 'live',  -- live or archived (in the archive folder)
            PRIMARY KEY (vault, kind, ref)
        )""",
        """CREATE TABLE IF NOT EXISTS pending_sessions (
            session_id      TEXT PRIMARY KEY,  -- an agent session that may still need an L1
            transcript_path TEXT,              -- where the agent keeps its transcript
            cwd             TEXT,              -- working folder; its name is the project
            reason          TEXT,              -- why the session ended
            recorded_at     TEXT NOT NULL,     -- when session-end or capture saw it (UTC)
            done_at         TEXT               -- when an automatic L1 was written for it
        )""",
        """CREATE TABLE IF NOT EXISTS session_turns (
            session_id  TEXT NOT NULL,
            turn        INTEGER NOT NULL,      -- order within the transcript
            role        TEXT NOT NULL,         -- user or assistant
            text        TEXT NOT NULL,         -- the turn's text (tool output left out)
            captured_at TEXT NOT NULL,         -- kept for buffer_hours, then purged
            PRIMARY KEY (session_id, turn)
        )""",
        "CREATE INDEX IF NOT EXISTS session_turns_captured ON session_turns(captured_at)",
    ],
    [
        # Spacing: each recall on a new day slows the record's decay (see DecayEngine).
        # hours of age per decay step
        "ALTER TABLE memory_l1 ADD COLUMN stability REAL DEFAULT 1.0",
        "ALTER TABLE memory_l2 ADD COLUMN stability REAL DEFAULT 1.0",
        "ALTER TABLE memory_l3 ADD COLUMN stability REAL DEFAULT 1.0",
        """CREATE TABLE IF NOT EXISTS id_floor (
            tbl     TEXT PRIMARY KEY,  -- memory_l1, memory_l2 or memory_l3
            last_id INTEGER NOT NULL   -- highest id ever used there: ids are never given out twice
        )""",
        (
            "INSERT OR IGNORE INTO id_floor SELECT 'memory_l1', max(coalesce((SELECT max(id) FROM "
            "memory_l1), 0),"
            " coalesce((SELECT max(CAST(ref AS INTEGER)) FROM vault_notes WHERE kind = 'l1'), 0))"),
        (
            "INSERT OR IGNORE INTO id_floor SELECT 'memory_l2', max(coalesce((SELECT max(id) FROM "
            "memory_l2), 0),"
            " coalesce((SELECT max(CAST(ref AS INTEGER)) FROM vault_notes WHERE kind = 'l2'), 0))"),
        (
            "INSERT OR IGNORE INTO id_floor SELECT 'memory_l3', max(coalesce((SELECT max(id) FROM "
            "memory_l3), 0),"
            " coalesce((SELECT max(CAST(ref AS INTEGER)) FROM vault_notes WHERE kind = 'l3'), 0))"),
        """CREATE TABLE IF NOT EXISTS recalls (
            session_id  TEXT NOT NULL,     -- the agent session a memory was put in front of
            level       TEXT NOT NULL,
            record_id   INTEGER NOT NULL,
            recalled_at TEXT NOT NULL,     -- counted once per session; purged after a week
            PRIMARY KEY (session_id, level, record_id)
        )""",
        "CREATE INDEX IF NOT EXISTS recalls_at ON recalls(recalled_at)",
        # An L1 named as a source by an L2 written by hand was never marked promoted.
        (
            "UPDATE memory_l1 SET promoted_to = (SELECT min(l2.id) FROM memory_l2 l2, "
            "json_each(l2.source_ids) j"
            " WHERE json_valid(l2.source_ids) AND j.value = memory_l1.id) WHERE promoted_to IS NULL"
        ),
        (
            "UPDATE memory_l2 SET promoted_to = (SELECT min(l3.id) FROM memory_l3 l3, "
            "json_each(l3.source_ids) j"
            " WHERE json_valid(l3.source_ids) AND j.value = memory_l2.id) WHERE promoted_to IS NULL"
        ),
    ] + [
        "CREATE TRIGGER IF NOT EXISTS %s_id_floor AFTER DELETE ON %s BEGIN "
        "INSERT INTO id_floor(tbl, last_id) VALUES ('%s', old.id) "
        "ON CONFLICT(tbl) DO UPDATE SET last_id = max(last_id, excluded.last_id); END" % (t, t, t)
        for t in ("memory_l1", "memory_l2", "memory_l3")],
    [
        # Provenance and the poisoning guard; projects become repository keys.
        # how it arrived: cli, mcp, hook, auto, import, vault
        "ALTER TABLE memory_l1 ADD COLUMN origin TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN origin TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN origin TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN agent TEXT",  # which agent wrote it, where known
        "ALTER TABLE memory_l3 ADD COLUMN agent TEXT",
        # why the text looks like instructions to a model
        "ALTER TABLE memory_l1 ADD COLUMN flagged TEXT",
        # (kept out of automatic injection until cleared)
        "ALTER TABLE memory_l2 ADD COLUMN flagged TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN flagged TEXT",
        (
            "UPDATE memory_l1 SET origin = CASE agent WHEN 'auto' THEN 'auto' WHEN 'mcp' THEN"
            " 'mcp' END"),
        "UPDATE memory_l1 SET flagged = mt_flag(summary || ' ' || coalesce(key_points, ''))",
        "UPDATE memory_l2 SET flagged = mt_flag(knowledge)",
        "UPDATE memory_l3 SET flagged = mt_flag(insight)",
        "CREATE INDEX IF NOT EXISTS memory_l1_project ON memory_l1(project)",
        lambda conn, now: _migrate_projects(conn),
    ],
    ["""CREATE TABLE IF NOT EXISTS embeddings (
            level     TEXT NOT NULL,     -- l1, l2, l3
            record_id INTEGER NOT NULL,
            model     TEXT NOT NULL,     -- MEMORY_TIERED_EMBED_MODEL that made it
            text_hash TEXT NOT NULL,  -- of the text embedded: a changed record is embedded again
            vector    BLOB NOT NULL,     -- float32 values, unit length
            PRIMARY KEY (level, record_id)
        )"""]
    + [
        "CREATE TRIGGER IF NOT EXISTS %s_embedding_ad AFTER DELETE ON %s BEGIN "
        "DELETE FROM embeddings WHERE level = '%s' AND record_id = old.id; END" % (t, t, lv)
        for lv, t in (("l1", "memory_l1"), ("l2", "memory_l2"), ("l3", "memory_l3"))],
    [
        # JSON ids of the most similar records of the level
        "ALTER TABLE memory_l1 ADD COLUMN related TEXT",
        # (set when the text is written; NULL: not yet)
        "ALTER TABLE memory_l2 ADD COLUMN related TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN related TEXT",
    ],
    [
        # when a person last corrected it (importers leave it be)
        "ALTER TABLE memory_l1 ADD COLUMN edited_at TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN edited_at TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN edited_at TEXT",
        # 1: a standing memory, never fades
        "ALTER TABLE memory_l1 ADD COLUMN pinned INTEGER DEFAULT 0",
        # (imported rule files, or pinned by a
        "ALTER TABLE memory_l2 ADD COLUMN pinned INTEGER DEFAULT 0",
        # person): no cleanup candidate either
        "ALTER TABLE memory_l3 ADD COLUMN pinned INTEGER DEFAULT 0",
        # globally unique id (ULID): the record on every device
        "ALTER TABLE memory_l1 ADD COLUMN uid TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN uid TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN uid TEXT",
        lambda conn, now: _give_uids(conn),
    ] + [
        "CREATE UNIQUE INDEX IF NOT EXISTS %s_uid ON %s(uid)" % (t, t)
        for t in ("memory_l1", "memory_l2", "memory_l3")],
    [
        # Replication (see `replicate`): provenance of records from other devices, and the agreed
        # state.
        "ALTER TABLE memory_l1 ADD COLUMN device TEXT",  # the device that wrote it (NULL: this one)
        "ALTER TABLE memory_l2 ADD COLUMN device TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN device TEXT",
        # who wrote it, for a record from a team folder
        "ALTER TABLE memory_l1 ADD COLUMN author TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN author TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN author TEXT",
        """CREATE TABLE IF NOT EXISTS replica_meta (
            key   TEXT PRIMARY KEY,  -- device (this device's name), clock (its last stamp), author
            value TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS replica_state (
            uid       TEXT PRIMARY KEY,  -- the record's global id
            level     TEXT NOT NULL,
            fields    TEXT NOT NULL,     -- JSON {field: [value, stamp, device]}: the agreed values
            counts    TEXT NOT NULL,     -- JSON {device: recalls counted there}
            forgotten TEXT,              -- JSON [stamp, device] of its forget (then no fields)
            project   TEXT,              -- its project, kept for a tombstone's folder
            touched   TEXT,              -- this device's stamp when the state last changed here
            came_from TEXT,              -- the folder that last told us (not told back)
            seen      TEXT               -- fingerprint of the local row when last compared with it
        )""",
        """CREATE TABLE IF NOT EXISTS replica_deleted (
            uid TEXT PRIMARY KEY  -- a record deleted here (forget, merge) since the last run
        )""",
        """CREATE TABLE IF NOT EXISTS replica_merged (
            uid      TEXT PRIMARY KEY,   -- folded into another by a merge here since the last run
            into_uid TEXT NOT NULL       -- the record it was folded into
        )""",
        """CREATE TABLE IF NOT EXISTS replica_waiting (
            target TEXT NOT NULL,        -- a record named by a link that has not arrived here yet
            uid    TEXT NOT NULL,        -- the record whose link waits for it
            PRIMARY KEY (target, uid)
        )""",
    ] + [
        "CREATE TRIGGER IF NOT EXISTS %s_replica_ad AFTER DELETE ON %s WHEN old.uid IS NOT NULL "
        "BEGIN INSERT OR IGNORE INTO replica_deleted(uid) VALUES (old.uid); END" % (t, t)
        for t in ("memory_l1", "memory_l2", "memory_l3")] + [
        """CREATE TABLE IF NOT EXISTS replica_folders (
            folder   TEXT PRIMARY KEY,   -- absolute path of a replica folder
            project  TEXT,               -- a team folder's project (NULL: personal, every record)
            sent     TEXT,               -- stamp of this device's last write there
            scrubbed TEXT                -- own files there hold no text forgotten up to this
        )""",
        """CREATE TABLE IF NOT EXISTS replica_files (
            folder   TEXT NOT NULL,
            name     TEXT NOT NULL,      -- DEVICE/FILE inside the folder's devices/
            size     INTEGER,            -- as last read: a file is read again only when it changed
            mtime_ns INTEGER,
            PRIMARY KEY (folder, name)
        )""",
        lambda conn, now: adopt_path_keys(conn, sorted({r[0] for r in conn.execute(
            "SELECT cwd FROM pending_sessions WHERE cwd IS NOT NULL")})),
    ],
    ["""CREATE TABLE IF NOT EXISTS embedding_chunks (
            level     TEXT NOT NULL,     -- l1, l2, l3
            record_id INTEGER NOT NULL,
            chunk     INTEGER NOT NULL,  -- 1, 2, ...: a long record's parts after its first,
                                         -- whose vector is in embeddings
            vector    BLOB NOT NULL,     -- float32 values, unit length (the model of embeddings)
            PRIMARY KEY (level, record_id, chunk)
        )"""]
    + [
        "CREATE TRIGGER IF NOT EXISTS %s_chunks_ad AFTER DELETE ON %s BEGIN "
        "DELETE FROM embedding_chunks WHERE level = '%s' AND record_id = old.id; END" % (t, t, lv)
        for lv, t in (("l1", "memory_l1"), ("l2", "memory_l2"), ("l3", "memory_l3"))],
    [
        # Forget is final: what every way in checks before it writes a record again.
        """CREATE TABLE IF NOT EXISTS forgotten (
            uid          TEXT,           -- the forgotten record's global id
            level        TEXT NOT NULL,
            record_id    INTEGER,        -- its id here (ids are never given out twice)
            source       TEXT,           -- what an importer would make it from: session:ID
            text_hash    TEXT,           -- keyed hash of its normalised text (never the text)
            forgotten_at TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS forgotten_uid ON forgotten(uid)",
        "CREATE INDEX IF NOT EXISTS forgotten_source ON forgotten(source)",
        "CREATE INDEX IF NOT EXISTS forgotten_hash ON forgotten(text_hash)",
        # the flag a person cleared (its reason): the same text is not flagged again
        "ALTER TABLE memory_l1 ADD COLUMN flag_cleared TEXT",
        "ALTER TABLE memory_l2 ADD COLUMN flag_cleared TEXT",
        "ALTER TABLE memory_l3 ADD COLUMN flag_cleared TEXT",
    ],
    [
        # The person's control of recall (recall.py): none of it leaves this machine.
        """CREATE TABLE IF NOT EXISTS recall_pauses (
            scope      TEXT PRIMARY KEY,   -- all, project:KEY or session:ID
            until      TEXT,               -- when it ends (NULL: when resumed)
            capture    INTEGER DEFAULT 1,  -- 0: the sessions it covers are not kept either
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS recall_log (
            id          INTEGER PRIMARY KEY,
            at          TEXT NOT NULL,     -- when the gate judged a prompt
            way         TEXT NOT NULL,     -- hook, context or mcp
            session_id  TEXT,
            project     TEXT,
            prompt_hash TEXT,              -- keyed hash of the prompt
            prompt      TEXT,              -- the prompt, only when it held no secret
            wanted      REAL,              -- the gate's probability that it wanted a memory
            shown       TEXT NOT NULL,     -- JSON [{level, id, p, features}] injected
            held_back   TEXT NOT NULL      -- JSON: the best candidates it held back
        )""",
        "CREATE INDEX IF NOT EXISTS recall_log_session ON recall_log(session_id)",
        """CREATE TABLE IF NOT EXISTS recall_feedback (
            id         INTEGER PRIMARY KEY,
            at         TEXT NOT NULL,
            log_id     INTEGER,            -- the judgement it is about
            session_id TEXT,
            level      TEXT NOT NULL,
            record_id  INTEGER NOT NULL,
            verdict    TEXT NOT NULL,      -- irrelevant, missing or relevant
            source     TEXT NOT NULL,      -- cli, mcp or vault
            features   TEXT                -- JSON: the gate's evidence for it then (NULL: unseen)
        )""",
        """CREATE TABLE IF NOT EXISTS gate_weights (
            id          INTEGER PRIMARY KEY,
            fitted_at   TEXT NOT NULL,
            weights     TEXT NOT NULL,     -- JSON: the candidate weights of this refit
            examples    INTEGER,           -- verdicts fitted on
            held_back   INTEGER,           -- verdicts it was judged on
            loss_before REAL,              -- log loss of the weights in use on those
            loss_after  REAL,              -- and of this refit
            in_use      INTEGER DEFAULT 0  -- 1: the gate uses it
        )""",
    ],
    [
        # A teammate's change to a record of another author in a team folder: proposed, not applied.
        """CREATE TABLE IF NOT EXISTS replica_proposals (
            id         INTEGER PRIMARY KEY,
            uid        TEXT NOT NULL,      -- the record it would change
            level      TEXT NOT NULL,
            folder     TEXT NOT NULL,      -- the team folder it came through
            proposer   TEXT NOT NULL,      -- the teammate (author name) whose device wrote it
            device     TEXT NOT NULL,      -- that device
            kind       TEXT NOT NULL,      -- edit or forget
            fields     TEXT,               -- JSON {field: [value, stamp, device]}
            stamp      TEXT NOT NULL,      -- its newest stamp
            status     TEXT NOT NULL DEFAULT 'open',  -- open, accepted or rejected
            decided_at TEXT,
            UNIQUE (uid, device, stamp)
        )""",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)  # PRAGMA user_version of a file this code made


# The current schema, as a new file gets it (the migrations above are how an older file reaches
# it; tests/test_schema_history.py checks the two give the same tables, columns, indexes and
# triggers).  The full-text index is FTS_DDL below.
CURRENT_SCHEMA_VERSION = 13  # the version CURRENT_SCHEMA is (a newer migration runs after it)
# (the columns every record table ends with)
_RECORD_TAIL = """\
    flagged              TEXT,                 -- why it reads like an instruction (NULL: not)
    related              TEXT,                 -- JSON array of related records
    edited_at            TEXT,                 -- last edit by a person
    pinned               INTEGER DEFAULT 0,    -- 1: a standing rule; never fades
    uid                  TEXT,                 -- global id across devices
    device               TEXT,                 -- the device that wrote it
    author               TEXT,                 -- who wrote it
    flag_cleared         TEXT                  -- why a person cleared its flag"""
CURRENT_SCHEMA = """
CREATE TABLE memory_l1 (
    id                   INTEGER PRIMARY KEY,
    session_id           TEXT NOT NULL,        -- the conversation this summarises
    summary              TEXT NOT NULL,        -- what happened, in a few sentences
    key_points           TEXT,                 -- JSON array of short strings
    importance           REAL DEFAULT 0.5,     -- the user's judgement 0..1; never decays
    access_count         INTEGER DEFAULT 0,    -- times a search returned it
    created_at           TEXT,                 -- UTC ISO 8601
    updated_at           TEXT,                 -- UTC ISO 8601
    decay_score          REAL DEFAULT 1.0,     -- strength 0..1; fades hourly
    parent_session       TEXT,                 -- the session this one continued, if any
    project              TEXT,                 -- repository key; NULL: of no project
    agent                TEXT,                 -- the agent that wrote it
    last_accessed_at     TEXT,                 -- last retrieval (UTC)
    decay_applied_at     TEXT,                 -- decay_score is the strength as of this time
    promoted_to          INTEGER,              -- the L2 (or L3) it was promoted into
    archived_at          TEXT,                 -- hidden from search since; still kept
    tags                 TEXT DEFAULT '[]',    -- JSON array of tags
    superseded_by        INTEGER,              -- the record that replaced it
    stability            REAL DEFAULT 1.0,     -- divides decay's hours; spaced recalls raise it
    origin               TEXT,                 -- cli, mcp, hook, auto, import, vault or team
    {record}
);
CREATE TABLE memory_l2 (
    id                   INTEGER PRIMARY KEY,
    category             TEXT NOT NULL,        -- e.g. skills, habits, decisions
    knowledge            TEXT NOT NULL,        -- the distilled knowledge
    source_ids           TEXT,                 -- JSON array of memory_l1 ids
    tags                 TEXT,                 -- JSON array of tags
    importance           REAL DEFAULT 0.5,
    access_count         INTEGER DEFAULT 0,
    created_at           TEXT,
    updated_at           TEXT,
    decay_score          REAL DEFAULT 1.0,
    project              TEXT,                 -- repository key; NULL: of no project
    last_accessed_at     TEXT,                 -- last retrieval (UTC)
    decay_applied_at     TEXT,                 -- decay_score is the strength as of this time
    promoted_to          INTEGER,              -- the L2 (or L3) it was promoted into
    archived_at          TEXT,                 -- hidden from search since; still kept
    superseded_by        INTEGER,              -- the record that replaced it
    stability            REAL DEFAULT 1.0,     -- divides decay's hours; spaced recalls raise it
    origin               TEXT,                 -- cli, mcp, hook, auto, import, vault or team
    agent                TEXT,                 -- the agent that wrote it
    {record}
);
CREATE TABLE memory_l3 (
    id                   INTEGER PRIMARY KEY,
    insight              TEXT NOT NULL,        -- a core insight across L2s
    source_ids           TEXT,                 -- JSON array of memory_l2 ids
    category             TEXT,
    created_at           TEXT,
    updated_at           TEXT,
    decay_score          REAL DEFAULT 1.0,
    importance           REAL DEFAULT 0.5,
    access_count         INTEGER DEFAULT 0,
    project              TEXT,                 -- repository key; NULL: of no project
    last_accessed_at     TEXT,                 -- last retrieval (UTC)
    decay_applied_at     TEXT,                 -- decay_score is the strength as of this time
    archived_at          TEXT,                 -- hidden from search since; still kept
    tags                 TEXT DEFAULT '[]',    -- JSON array of tags
    superseded_by        INTEGER,              -- the record that replaced it
    stability            REAL DEFAULT 1.0,     -- divides decay's hours; spaced recalls raise it
    origin               TEXT,                 -- cli, mcp, hook, auto, import, vault or team
    agent                TEXT,                 -- the agent that distilled it
    {record}
);
CREATE TABLE config (
    key                  TEXT PRIMARY KEY,  -- a tunable, see `config`
    value                TEXT NOT NULL      -- JSON value
);
CREATE TABLE vault_notes (
    vault                TEXT NOT NULL,                 -- absolute vault folder
    kind                 TEXT NOT NULL,                 -- l1, l2, l3, session, index
    ref                  TEXT NOT NULL,                 -- record id or session id
    path                 TEXT NOT NULL,                 -- note path relative to the vault
    file_hash            TEXT NOT NULL,  -- sha256 of the file as last written or read back
    render_hash          TEXT NOT NULL,  -- sha256 of what the database rendered at that time
    fingerprint          TEXT,  -- hash of the row and its links (skips rendering)
    base                 TEXT NOT NULL,  -- JSON: the editable fields both sides last agreed on
    mtime_ns             INTEGER,  -- file stat at that time, to skip unchanged files fast
    size                 INTEGER,
    state                TEXT NOT NULL DEFAULT 'live',  -- live or archived (in the archive folder)
    PRIMARY KEY (vault, kind, ref)
);
CREATE TABLE pending_sessions (
    session_id           TEXT PRIMARY KEY,  -- an agent session that may still need an L1
    transcript_path      TEXT,              -- where the agent keeps its transcript
    cwd                  TEXT,              -- working folder; its name is the project
    reason               TEXT,              -- why the session ended
    recorded_at          TEXT NOT NULL,     -- when session-end or capture saw it (UTC)
    done_at              TEXT               -- when an automatic L1 was written for it
);
CREATE TABLE session_turns (
    session_id           TEXT NOT NULL,
    turn                 INTEGER NOT NULL,  -- order within the transcript
    role                 TEXT NOT NULL,     -- user or assistant
    text                 TEXT NOT NULL,     -- the turn's text (tool output left out)
    captured_at          TEXT NOT NULL,     -- kept for buffer_hours, then purged
    PRIMARY KEY (session_id, turn)
);
CREATE TABLE id_floor (
    tbl                  TEXT PRIMARY KEY,  -- memory_l1, memory_l2 or memory_l3
    last_id           INTEGER NOT NULL  -- highest id ever used there: ids are never given out twice
);
CREATE TABLE recalls (
    session_id           TEXT NOT NULL,          -- the agent session a memory was put in front of
    level                TEXT NOT NULL,
    record_id            INTEGER NOT NULL,
    recalled_at          TEXT NOT NULL,          -- counted once per session; purged after a week
    PRIMARY KEY (session_id, level, record_id)
);
CREATE TABLE embeddings (
    level                TEXT NOT NULL,     -- l1, l2, l3
    record_id            INTEGER NOT NULL,
    model                TEXT NOT NULL,     -- MEMORY_TIERED_EMBED_MODEL that made it
    text_hash         TEXT NOT NULL,  -- of the text embedded: a changed record is embedded again
    vector               BLOB NOT NULL,     -- float32 values, unit length
    PRIMARY KEY (level, record_id)
);
CREATE TABLE replica_meta (
    key               TEXT PRIMARY KEY,  -- device (this device's name), clock (last stamp), author
    value                TEXT NOT NULL
);
CREATE TABLE replica_state (
    uid                  TEXT PRIMARY KEY,  -- the record's global id
    level                TEXT NOT NULL,
    fields               TEXT NOT NULL,  -- JSON {field: [value, stamp, device]}: the agreed values
    counts               TEXT NOT NULL,     -- JSON {device: recalls counted there}
    forgotten            TEXT,              -- JSON [stamp, device] of its forget (then no fields)
    project              TEXT,              -- its project, kept for a tombstone's folder
    touched              TEXT,              -- this device's stamp when the state last changed here
    came_from            TEXT,              -- the folder that last told us (not told back)
    seen                 TEXT  -- fingerprint of the local row when last compared with it
);
CREATE TABLE replica_deleted (
    uid               TEXT PRIMARY KEY  -- a record deleted here (forget, merge) since the last run
);
CREATE TABLE replica_merged (
    uid               TEXT PRIMARY KEY,  -- folded into another by a merge here since the last run
    into_uid             TEXT NOT NULL      -- the record it was folded into
);
CREATE TABLE replica_waiting (
    target               TEXT NOT NULL,  -- a record named by a link that has not arrived here yet
    uid                  TEXT NOT NULL,  -- the record whose link waits for it
    PRIMARY KEY (target, uid)
);
CREATE TABLE replica_folders (
    folder               TEXT PRIMARY KEY,  -- absolute path of a replica folder
    project              TEXT,  -- a team folder's project (NULL: personal, every record)
    sent                 TEXT,              -- stamp of this device's last write there
    scrubbed             TEXT               -- own files there hold no text forgotten up to this
);
CREATE TABLE replica_files (
    folder               TEXT NOT NULL,
    name                 TEXT NOT NULL,  -- DEVICE/FILE inside the folder's devices/
    size                 INTEGER,        -- as last read: a file is read again only when it changed
    mtime_ns             INTEGER,
    PRIMARY KEY (folder, name)
);
CREATE TABLE embedding_chunks (
    level                TEXT NOT NULL,     -- l1, l2, l3
    record_id            INTEGER NOT NULL,
    chunk                INTEGER NOT NULL,  -- 1, 2, ...: a long record's parts after its first,
    vector               BLOB NOT NULL,  -- float32 values, unit length (the model of embeddings)
    PRIMARY KEY (level, record_id, chunk)
);
CREATE TABLE forgotten (
    uid                  TEXT,           -- the forgotten record's global id
    level                TEXT NOT NULL,
    record_id            INTEGER,        -- its id here (ids are never given out twice)
    source               TEXT,           -- what an importer would make it from: session:ID
    text_hash            TEXT,           -- keyed hash of its normalised text (never the text)
    forgotten_at         TEXT NOT NULL
);

CREATE INDEX memory_l1_session ON memory_l1(session_id);
CREATE INDEX memory_l1_created ON memory_l1(created_at);
CREATE INDEX memory_l1_promotable ON memory_l1(importance, access_count)
    WHERE promoted_to IS NULL AND archived_at IS NULL;
CREATE INDEX memory_l2_category ON memory_l2(category);
CREATE INDEX memory_l2_created ON memory_l2(created_at);
CREATE INDEX memory_l3_created ON memory_l3(created_at);
CREATE INDEX session_turns_captured ON session_turns(captured_at);
CREATE INDEX recalls_at ON recalls(recalled_at);
CREATE TRIGGER memory_l1_id_floor AFTER DELETE ON memory_l1
    BEGIN INSERT INTO id_floor(tbl, last_id) VALUES ('memory_l1', old.id)
    ON CONFLICT(tbl) DO UPDATE SET last_id = max(last_id, excluded.last_id);
    END;
CREATE TRIGGER memory_l2_id_floor AFTER DELETE ON memory_l2
    BEGIN INSERT INTO id_floor(tbl, last_id) VALUES ('memory_l2', old.id)
    ON CONFLICT(tbl) DO UPDATE SET last_id = max(last_id, excluded.last_id);
    END;
CREATE TRIGGER memory_l3_id_floor AFTER DELETE ON memory_l3
    BEGIN INSERT INTO id_floor(tbl, last_id) VALUES ('memory_l3', old.id)
    ON CONFLICT(tbl) DO UPDATE SET last_id = max(last_id, excluded.last_id);
    END;
CREATE INDEX memory_l1_project ON memory_l1(project);
CREATE TRIGGER memory_l1_embedding_ad AFTER DELETE ON memory_l1
    BEGIN DELETE FROM embeddings WHERE level = 'l1' AND record_id = old.id;
    END;
CREATE TRIGGER memory_l2_embedding_ad AFTER DELETE ON memory_l2
    BEGIN DELETE FROM embeddings WHERE level = 'l2' AND record_id = old.id;
    END;
CREATE TRIGGER memory_l3_embedding_ad AFTER DELETE ON memory_l3
    BEGIN DELETE FROM embeddings WHERE level = 'l3' AND record_id = old.id;
    END;
CREATE UNIQUE INDEX memory_l1_uid ON memory_l1(uid);
CREATE UNIQUE INDEX memory_l2_uid ON memory_l2(uid);
CREATE UNIQUE INDEX memory_l3_uid ON memory_l3(uid);
CREATE TRIGGER memory_l1_replica_ad AFTER DELETE ON memory_l1 WHEN old.uid IS NOT NULL
    BEGIN INSERT OR IGNORE INTO replica_deleted(uid) VALUES (old.uid);
    END;
CREATE TRIGGER memory_l2_replica_ad AFTER DELETE ON memory_l2 WHEN old.uid IS NOT NULL
    BEGIN INSERT OR IGNORE INTO replica_deleted(uid) VALUES (old.uid);
    END;
CREATE TRIGGER memory_l3_replica_ad AFTER DELETE ON memory_l3 WHEN old.uid IS NOT NULL
    BEGIN INSERT OR IGNORE INTO replica_deleted(uid) VALUES (old.uid);
    END;
CREATE TRIGGER memory_l1_chunks_ad AFTER DELETE ON memory_l1
    BEGIN DELETE FROM embedding_chunks WHERE level = 'l1' AND record_id = old.id;
    END;
CREATE TRIGGER memory_l2_chunks_ad AFTER DELETE ON memory_l2
    BEGIN DELETE FROM embedding_chunks WHERE level = 'l2' AND record_id = old.id;
    END;
CREATE TRIGGER memory_l3_chunks_ad AFTER DELETE ON memory_l3
    BEGIN DELETE FROM embedding_chunks WHERE level = 'l3' AND record_id = old.id;
    END;
CREATE INDEX forgotten_uid ON forgotten(uid);
CREATE INDEX forgotten_source ON forgotten(source);
CREATE INDEX forgotten_hash ON forgotten(text_hash);
CREATE TABLE recall_pauses (
    scope      TEXT PRIMARY KEY,                -- all, project:KEY or session:ID
    until      TEXT,                            -- when it ends (NULL: when resumed)
    capture    INTEGER DEFAULT 1,               -- 0: the sessions it covers are not kept either
    created_at TEXT NOT NULL
);
CREATE TABLE recall_log (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,                  -- when the gate judged a prompt
    way         TEXT NOT NULL,                  -- hook, context or mcp
    session_id  TEXT,
    project     TEXT,
    prompt_hash TEXT,                           -- keyed hash of the prompt
    prompt      TEXT,                           -- the prompt, only when it held no secret
    wanted      REAL,                           -- the gate's probability it wanted a memory
    shown       TEXT NOT NULL,                  -- JSON [{level, id, p, features}] injected
    held_back   TEXT NOT NULL                   -- JSON: the best candidates it held back
);
CREATE INDEX recall_log_session ON recall_log(session_id);
CREATE TABLE recall_feedback (
    id         INTEGER PRIMARY KEY,
    at         TEXT NOT NULL,
    log_id     INTEGER,                         -- the judgement it is about
    session_id TEXT,
    level      TEXT NOT NULL,
    record_id  INTEGER NOT NULL,
    verdict    TEXT NOT NULL,                   -- irrelevant, missing or relevant
    source     TEXT NOT NULL,                   -- cli, mcp or vault
    features   TEXT                             -- JSON: the gate's evidence then (NULL: unseen)
);
CREATE TABLE gate_weights (
    id          INTEGER PRIMARY KEY,
    fitted_at   TEXT NOT NULL,
    weights     TEXT NOT NULL,                  -- JSON: the candidate weights of this refit
    examples    INTEGER,                        -- verdicts fitted on
    held_back   INTEGER,                        -- verdicts it was judged on
    loss_before REAL,                           -- log loss of the weights in use on those
    loss_after  REAL,                           -- and of this refit
    in_use      INTEGER DEFAULT 0               -- 1: the gate uses it
);
CREATE TABLE replica_proposals (
    id         INTEGER PRIMARY KEY,
    uid        TEXT NOT NULL,                   -- the record it would change
    level      TEXT NOT NULL,
    folder     TEXT NOT NULL,                   -- the team folder it came through
    proposer   TEXT NOT NULL,                   -- the teammate whose device wrote it
    device     TEXT NOT NULL,                   -- that device
    kind       TEXT NOT NULL,                   -- edit or forget
    fields     TEXT,                            -- JSON {field: [value, stamp, device]}
    stamp      TEXT NOT NULL,                   -- its newest stamp
    status     TEXT NOT NULL DEFAULT 'open',    -- open, accepted or rejected
    decided_at TEXT,
    UNIQUE (uid, device, stamp)
);
INSERT INTO id_floor(tbl, last_id) VALUES ('memory_l1', 0), ('memory_l2', 0), ('memory_l3', 0);
""".replace("    {record}", _RECORD_TAIL)


def schema_statements():
    """CURRENT_SCHEMA's statements, one by one."""
    statements, pending = [], ""
    for line in CURRENT_SCHEMA.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    return statements


# The full-text index is not a migration: it exists only where SQLite has
# FTS5, and is created (and filled) the first time such a build opens the file.
# Triggers keep it in step; mt_index_text() is registered on every connection.
FTS_DDL = [
    """CREATE VIRTUAL TABLE memory_fts USING fts5(
        body,                 -- summary / knowledge / insight
        points,               -- L1 key points
        labels,               -- category and tags
        level UNINDEXED,      -- 1, 2 or 3
        project UNINDEXED,
        created_at UNINDEXED,
        state UNINDEXED,      -- '' for live records, 'archived'
        tokenize = 'porter unicode61 remove_diacritics 2'
    )""",
    # One row per sentence or key point; rowid = memory_fts rowid * 256 + unit number.
    """CREATE VIRTUAL TABLE memory_units USING fts5(
        unit,
        tokenize = 'porter unicode61 remove_diacritics 2'
    )""",
]
_FTS_STATE = ("CASE WHEN {p}superseded_by IS NOT NULL THEN 'superseded' "
              "WHEN {p}archived_at IS NOT NULL THEN 'archived' ELSE '' END")


def _units_insert_sql(level, p, source=""):
    return (
        "INSERT INTO memory_units(rowid, unit) SELECT ({p}.id * 4 + {n}) * 256 + j.key, j.value "
        "FROM %s json_each(%s) j" % (source, LEVEL[level].units)).format(p=p, n=LEVEL_NUM[level])


def _fts_insert_sql(level, p):
    return (
        "INSERT INTO memory_fts(rowid, body, points, labels, level, project, created_at, state) "
        "VALUES ({p}.id * 4 + {n}, %s, {n}, {p}.project, {p}.created_at, "
        "%s)" % (LEVEL[level].fts, _FTS_STATE.format(p=p + "."))).format(p=p, n=LEVEL_NUM[level])


_FTS_DELETE = (
    "DELETE FROM memory_fts WHERE rowid = old.id * 4 + %d; "
    "DELETE FROM memory_units WHERE rowid BETWEEN (old.id * 4 + %d) * 256 AND (old.id * 4 + %d) * "
    "256 + 255")

FTS_FILL = []
for _level in LEVELS:
    _t = LEVEL_TABLE[_level]
    _n = LEVEL_NUM[_level]
    FTS_DDL += [
        "CREATE TRIGGER %s_fts_ai AFTER INSERT ON %s BEGIN %s; %s; END"
        % (_t, _t, _fts_insert_sql(_level, "new"), _units_insert_sql(_level, "new")),
        "CREATE TRIGGER %s_fts_ad AFTER DELETE ON %s BEGIN %s; END"
                % (_t, _t, _FTS_DELETE % (_n, _n, _n)),
        "CREATE TRIGGER %s_fts_au AFTER UPDATE OF %s ON %s BEGIN %s; %s; %s; END"
        % (_t, LEVEL[_level].watched, _t, _FTS_DELETE % (_n, _n, _n),
           _fts_insert_sql(_level, "new"),
           _units_insert_sql(_level, "new")),
    ]
    FTS_FILL += [
        _units_insert_sql(_level, _t, _t + ","),
        "INSERT INTO memory_fts(rowid, body, points, labels, level, project, created_at, state) "
        "SELECT id * 4 + %d, %s, %d, project, created_at, " "%s FROM %s"
        % (_n, LEVEL[_level].fts.format(p=_t), _n, _FTS_STATE.format(p=""), _t),]
del _level, _t, _n


def sqlite_has_fts5():
    try:
        probe = sqlite3.connect(":memory:")
        try:
            probe.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
            return True
        finally:
            probe.close()
    except sqlite3.Error:
        return False


_ADD_COLUMN_RE = LazyRe(r"(?i)^ALTER TABLE (\w+) ADD COLUMN (\w+)")


def register_functions(conn):
    """The SQL functions the triggers and migrations call, on every connection."""
    conn.create_function("mt_index_text", 1, index_text, deterministic=True)
    conn.create_function("mt_units", 2, text_units, deterministic=True)
    conn.create_function("mt_json_list", 1, lambda v: dump_list(load_list(v)), deterministic=True)
    conn.create_function("mt_json_ids", 1, lambda v: dump_list(load_ids(v)), deterministic=True)
    conn.create_function("mt_flag", 1, instruction_flag, deterministic=True)


def run_migration_step(conn, target, now):
    """The statements of one migration; a column that is already there is not added again (a
    file from a build that shipped the column under an earlier version number)."""
    for statement in MIGRATIONS[target - 1]:
        if callable(statement):
            statement(conn, now)
            continue
        m = _ADD_COLUMN_RE.match(statement)
        if m and m.group(2) in {r[1] for r in conn.execute("PRAGMA table_info(%s)" % m.group(1))}:
            continue
        conn.execute(statement, {"now": now} if ":now" in statement else ())


@functools.lru_cache(maxsize=None)
def schema_shapes():
    """[the schema of each version]: {"tables": {name: (create sql, [(column, type, default)])},
    "other": [(name, create sql) of indexes and triggers]}, made by running the migrations on an
    empty database: what a file of that version must hold."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        register_functions(conn)
        shapes = [None]
        for target in range(1, SCHEMA_VERSION + 1):
            run_migration_step(conn, target, "2000-01-01T00:00:00")
            tables, other = {}, []
            for kind, name, sql in conn.execute("SELECT type, name, sql FROM sqlite_master WHERE "
                                                "sql IS NOT NULL ORDER BY rowid"):
                if kind == "table":
                    columns = [(r[1], r[2],
                                r[4]) for r in conn.execute("PRAGMA table_info(%s)" % name)]
                    tables[name] = (sql, columns)
                else:
                    other.append((name, sql))
            shapes.append({"tables": tables, "other": other})
        return shapes
    finally:
        conn.close()


def complete_schema(conn, version):
    """Add what a file claiming ``version`` lacks of that version's schema (tables, columns,
    indexes, triggers): early builds changed a migration without a new version number."""
    if version < 1:
        return
    shape = schema_shapes()[version]
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    for table, (sql, columns) in shape["tables"].items():
        if table not in names:
            conn.execute(sql)
            continue
        have = {r[1] for r in conn.execute("PRAGMA table_info(%s)" % table)}
        for column, kind, default in columns:
            if column not in have:
                conn.execute(
                    "ALTER TABLE %s ADD COLUMN %s %s%s"
                    % (table, column, kind, " DEFAULT %s" % default if default else ""))
    for name, sql in shape["other"]:
        if name not in names:
            conn.execute(sql)
