"""One SQLite database file: connection setup, migrations on open, transactions and write turns,
backups, the WAL check and `doctor`.

Uses: base, checks, indexing, files, schema.
"""

import contextlib
import json
import math
import os
import sqlite3
import time

from . import __version__
from .base import (
    O_NOFOLLOW, BUSY_TIMEOUT_MS, DatabaseError, iso, LEVEL_TABLE, LEVELS, MemoryTieredError,
    NotFoundError, now_utc, READ_CACHE_KIB, SchemaTooNewError, ValidationError, WRITE_CACHE_KIB,
    WRITE_RETRY_SECONDS)
from .checks import dump_list, load_ids
from .indexing import index_tokens
from .files import atomic_file, make_private_dirs, remove_stale_temp_files
from .schema import (
    complete_schema, CURRENT_SCHEMA_VERSION, register_functions, run_migration_step,
    schema_statements, sqlite_has_fts5, FTS_DDL, FTS_FILL,
    schema_shapes, SCHEMA_VERSION)


def stat_is_regular(mode):
    import stat
    return stat.S_ISREG(mode)


def stat_is_dir(mode):
    import stat
    return stat.S_ISDIR(mode)


def describe_sqlite_error(exc, path):
    text = str(exc)
    if "not a database" in text or "malformed" in text:
        return ("%s is damaged or not a SQLite database (%s); run `doctor --repair`, or `restore` "
                "a good backup" % (path, text))
    if "locked" in text or "busy" in text:
        return ("%s is busy: another process held it for over %d s; try again"
                % (path, BUSY_TIMEOUT_MS // 1000))
    if "readonly" in text or "read-only" in text:
        return "%s cannot be written (read-only file or folder)" % path
    if "disk" in text and ("full" in text or "I/O" in text):
        return "cannot write %s: %s (free some disk space)" % (path, text)
    if "unable to open" in text:
        return "cannot open %s (%s); check the path and permissions" % (path, text)
    return "%s: %s" % (path, text)


def _wal_sum(data, big, s0=0, s1=0):
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from (s0, s1)."""
    import struct
    words = struct.unpack("%s%dI" % (">" if big else "<", len(data) // 4), data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def wal_problem(path):
    """None when the write-ahead log next to the database ``path`` is absent or whole; else what
    is wrong with it (read before SQLite opens the file: SQLite ignores a damaged tail, so the
    writes in it would be lost without a word).  File format: sqlite.org/fileformat.html#the_wal"""
    import struct
    try:
        with open(path + "-wal", "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if not data:
        return None
    if len(data) < 32:
        return "the -wal file is %d bytes, shorter than its header (cut short?)" % len(data)
    magic, _, page, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:32])
    if magic not in (0x377F0682, 0x377F0683):
        return "the -wal file does not start as a write-ahead log"
    big = magic & 1
    if _wal_sum(data[:24], big) != (c0, c1):
        return "the -wal file's header fails its checksum"
    frame = 24 + page
    whole, rest = divmod(len(data) - 32, frame)
    sums, last_commit, valid = (c0, c1), 0, 0
    for n in range(whole):
        at = 32 + n * frame
        number, commit, f1, f2, k0, k1 = struct.unpack(">6I", data[at:at + 24])
        if (f1, f2) != (salt1, salt2):
            break  # frames of an earlier generation: not part of this log
        sums = _wal_sum(data[at:at + 8] + data[at + 24:at + frame], big, *sums)
        if sums != (k0, k1):
            return (
                "frame %d of %d in the -wal file fails its checksum: writes after it are lost"
                % (n + 1, whole))
        valid = n + 1
        if commit:
            last_commit = valid
    if rest:
        return ("the -wal file ends inside a frame (%d stray bytes after %d whole frames): it was "
                "cut short, and writes in it may be lost" % (rest, whole))
    if valid > last_commit:
        return (
            "%d frame(s) at the end of the -wal file were never committed (a writer was stopped)"
            % (valid - last_commit))
    return None


def connect_read_only(path):
    """A read-only connection to another SQLite file (a backup): opened by URI, never created."""
    return sqlite3.connect("file:%s?mode=ro" % path.replace("?", "%3f").replace("#", "%23"),
                           uri=True)


def _quick_check(conn):
    """None when SQLite's quick_check finds the file sound, else its first finding."""
    try:
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    if result == "ok":
        return None
    lines = [line.strip() for line in str(result).splitlines()
             if line.strip() and not line.strip().startswith("***")]
    first = lines[0] if lines else str(result).strip()
    return first + (" and %d more finding(s)" % (len(lines) - 1) if len(lines) > 1 else "")


def backup_is_good(path):
    """Whether the backup at ``path`` opens as a memory database: whole pages, a readable schema
    with memory_l1 and its rows.  (Each backup was checked in full when it was written; rotation
    reads only this much of the older ones, not every backup whole on every run.)"""
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
        page = int.from_bytes(head[16:18], "big") if len(head) == 100 else 0
        page = 65536 if page == 1 else page
        if head[:16] != b"SQLite format 3\x00" or not page or os.path.getsize(path) % page:
            return False
        conn = connect_read_only(path)
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                                "'table'")}
            return (
                "memory_l1" in names
                and conn.execute("SELECT count(*) FROM memory_l1").fetchone() is not None)
        finally:
            conn.close()
    except sqlite3.Error:
        return False


class _Timeout(Exception):
    pass


class BusyError(DatabaseError, sqlite3.OperationalError):
    """A write that did not get its turn in time: a DatabaseError with what happened, and still
    the sqlite3.OperationalError ("busy") that bookkeeping writes already give way to."""


class WriteTurns:
    """Writers of one database take turns.  SQLite's busy handler polls with growing sleeps, so
    behind writers that commit back to back (a hook each prompt, a job, a sync) a waiting one
    can miss every gap and fail after its whole timeout although no write held the lock long.
    Our writers queue on a lock file next to the database instead (flock, waited for in the
    kernel), and one that just wrote lets a waiting one in before it writes again (a second
    lock file says someone waits).  Processes of other programs still meet SQLite's own
    locking.  Where locks cannot be taken (Windows, a folder this user cannot write), writes
    go on without turns."""

    POLITE = 0.02  # seconds a writer that finds others waiting leaves them before its next write

    def __init__(self, path):
        self.paths = (path + ".write.lock", path + ".queue.lock")
        self.fds = None
        self.held = False

    def open_database(self):
        if self.fds is None:
            try:
                import fcntl  # noqa: F401  (no locks on Windows: writes go on without turns)
                self.fds = [os.open(p, os.O_RDWR | os.O_CREAT | O_NOFOLLOW, 0o600)
                            for p in self.paths]
            except (ImportError, OSError):
                self.fds = []
        return self.fds

    def acquire(self, seconds):
        """Take this database's write turn, waiting up to ``seconds``; True when held (False:
        no turn could be had; the write still meets SQLite's locking)."""
        import fcntl
        fds = self.open_database()
        if not fds:
            return False
        if self._others_waiting(fcntl, fds[1]):
            time.sleep(self.POLITE)
        try:
            fcntl.flock(fds[0], fcntl.LOCK_EX | fcntl.LOCK_NB)
            self.held = True
            return True
        except OSError:
            pass
        fcntl.flock(fds[1], fcntl.LOCK_SH)  # (in line: a writer that just wrote waits for us)
        try:
            self.held = self._wait(fcntl, fds[0], seconds)
        finally:
            fcntl.flock(fds[1], fcntl.LOCK_UN)
        return self.held

    @staticmethod
    def _others_waiting(fcntl, fd):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False

    @staticmethod
    def _wait(fcntl, fd, seconds):
        """Wait for the lock in the kernel (with an alarm in the main thread), else by polling."""
        import signal
        import threading
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            def expired(signum, frame):
                raise _Timeout()
            previous = signal.signal(signal.SIGALRM, expired)
            signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.01))
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                return True
            except (_Timeout, OSError):
                return False
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except OSError:
                time.sleep(0.005)
        return False

    def release(self):
        if self.held:
            import fcntl
            fcntl.flock(self.fds[0], fcntl.LOCK_UN)
            self.held = False

    def close(self):
        for fd in self.fds or ():
            with contextlib.suppress(OSError):
                os.close(fd)
        self.fds, self.held = None, False


_NO_POW = None  # whether this process's SQLite lacks pow() (MemoryDB registers one), once known


class MemoryDB:
    """One SQLite database file: connection setup, migrations and transactions.

    Opening migrates the file to ``SCHEMA_VERSION`` (each migration and its
    version bump in one transaction) and refuses a file from a newer version.
    """

    def __init__(self, path, use_fts=None, create=True):
        self.path = os.path.abspath(os.path.expanduser(path))
        if use_fts is None:
            use_fts = os.environ.get("MEMORY_TIERED_FTS", "").lower() not in ("off", "0", "no")
        self._want_fts = use_fts
        self.fts = False
        self.conn = None
        self._vocab_ready = self._probe_ready = False
        self.wrote = False  # a write transaction ran (set by atomic)
        self.write_retry_seconds = WRITE_RETRY_SECONDS  # how long a write waits for another writer
        self._turns = WriteTurns(self.path)
        self.open_database(create)

    # -- setup --

    def _sealed(self):
        """The database lies in a folder this user cannot write, with no -wal or -shm file."""
        return not os.access(os.path.dirname(self.path) or ".", os.W_OK) and not any(
            os.path.exists(self.path + suffix) for suffix in ("-wal", "-shm"))

    def open_database(self, create):
        try:
            mode = os.stat(self.path).st_mode
        except OSError:
            mode = None
        if mode is not None and stat_is_dir(mode):
            raise DatabaseError("%s is a directory, not a database file" % self.path)
        if mode is not None and not stat_is_regular(mode):
            raise DatabaseError("%s is not a regular file (a pipe or a device?); point --db at a "
                                "database file"
                                % self.path)
        exists = mode is not None
        if not exists and not create:
            raise NotFoundError("no database at %s; run `init` first" % self.path)
        wal = False
        if exists:
            wal = self._check_header()
        else:
            folder = os.path.dirname(self.path)
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as exc:
                raise DatabaseError("cannot create the folder %s: %s"
                                    % (folder, exc.strerror or exc))
            # Owner-only from the first byte (SQLite gives the WAL and shared-memory files the same
            # mode).
            with contextlib.suppress(FileExistsError):
                try:
                    os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW,
                                     0o600))
                except OSError as exc:
                    if isinstance(exc, FileExistsError):
                        raise
                    raise DatabaseError("cannot create %s: %s; choose a folder you can write with "
                                        "--db or MEMORY_TIERED_DB, or fix that folder's permissions"
                                        % (self.path, exc.strerror or exc))
        try:
            if exists and self._sealed():
                # a folder this user may not write, and no -wal or -shm file there: SQLite could
                # not make its shared-memory file, so the file is read as it stands (nothing
                # here can change it); a write says the database is read-only
                self.conn = sqlite3.connect(
                    "file:%s?mode=ro&immutable=1" % self.path.replace("?", "%3f").replace(
                        "#", "%23"), uri=True, isolation_level=None)
            else:
                self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000.0,
                                            isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError("cannot open %s: %s" % (self.path, exc))
        try:
            # reads only: a file that is refused is never changed
            version, names = self._check_ours()
            self._configure(wal)
            # one transaction: a step that fails leaves the file as it was
            self._migrate(version, names)
            if not wal:
                mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    self.conn.execute("PRAGMA journal_mode = DELETE")
        except sqlite3.DatabaseError as exc:
            self.close()
            raise DatabaseError(describe_sqlite_error(exc, self.path))
        except MemoryTieredError:
            self.close()
            raise

    def _check_header(self):
        """Refuse a file that is not SQLite or is not whole; True when its header says WAL mode."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
            try:
                head = os.read(fd, 100)
                size = os.fstat(fd).st_size
            finally:
                os.close(fd)
        except OSError as exc:
            raise DatabaseError("cannot read %s: %s" % (self.path, exc.strerror or exc))
        if head and head[:16] != b"SQLite format 3\x00":
            raise DatabaseError("%s is not a SQLite database; point --db at a memory database"
                                % self.path)
        if len(head) == 100:
            page = int.from_bytes(head[16:18], "big")
            page = 65536 if page == 1 else page
            if page and size % page:
                raise DatabaseError("%s is damaged: %d bytes is not a whole number of %d-byte "
                                    "pages (truncated?); "
                                    "restore a backup" % (self.path, size, page))
        return head[18:20] == b"\x02\x02"  # file format versions 2: WAL

    def _configure(self, wal=False):
        """Per-connection settings (the busy timeout is connect's); ``wal``: the file is already
        in WAL mode, which SQLite keeps in the file."""
        global _NO_POW
        conn = self.conn
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA synchronous = FULL")  # a reported success survives a power cut
        conn.execute("PRAGMA cache_size = -%d" % READ_CACHE_KIB)  # atomic() enlarges it for writes
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA recursive_triggers = ON")
        # freed pages are zeroed: forgotten text leaves the file
        conn.execute("PRAGMA secure_delete = ON")
        register_functions(conn)
        if _NO_POW is None:  # the SQLite library is the same for every connection of a process
            try:
                conn.execute("SELECT pow(2, 2)").fetchone()
                _NO_POW = False
            except sqlite3.OperationalError:
                _NO_POW = True
        if _NO_POW:
            conn.create_function("pow", 2, math.pow, deterministic=True)

    def _has_fts_table(self):
        return bool(
            self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'memory_fts'").fetchone())

    @staticmethod
    def _reindex(conn):
        """Make the full-text tables, triggers and index anew (inside the caller's transaction):
        an index made by an older build may lack a table or index other columns."""
        for name, in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                  "AND name LIKE 'memory_l_\\_fts\\_a_' ESCAPE '\\'").fetchall():
            conn.execute("DROP TRIGGER %s" % name)
        conn.execute("DROP TABLE IF EXISTS memory_fts")
        conn.execute("DROP TABLE IF EXISTS memory_units")
        if sqlite_has_fts5():
            for statement in FTS_DDL + FTS_FILL:
                conn.execute(statement)

    def _looks_current(self, version):
        """A file at this schema version that answers the one probe a search can afford (the full
        shape check builds every version's schema: it runs only before a migration)."""
        if version != SCHEMA_VERSION:
            return False
        try:
            self.conn.execute("SELECT id, session_id, summary FROM memory_l1 LIMIT 0").fetchall()
            return True
        except sqlite3.OperationalError:
            return False

    def _check_ours(self):
        """Refuse, before anything is written, a file that is not a memory database or is newer;
        returns (schema version, table names)."""
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        names = {r[0] for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if version < 0:
            raise DatabaseError("%s has schema version %d, which no memory_tiered writes (another "
                                "program set it?); point --db at another file, or restore a backup"
                                % (self.path, version))
        if version > SCHEMA_VERSION:
            raise SchemaTooNewError(
                "%s has schema version %d but this memory_tiered (%s) knows up to %d; "
                "upgrade memory_tiered.py" % (self.path, version, __version__, SCHEMA_VERSION))
        ours = {"memory_l1", "memory_l2", "memory_l3"}
        if names and not ours <= names:
            raise DatabaseError(
                "%s is a SQLite database but not a memory database (tables: %s); "
                "point --db at another file" % (self.path, ", ".join(sorted(names)[:5])))
        if names and not self._looks_current(version):
            for table in sorted(ours):
                columns = {r[1] for r in self.conn.execute("PRAGMA table_info(%s)" % table)}
                seed = {c[0] for c in schema_shapes()[1]["tables"][table][1]}
                if not seed <= columns:
                    raise DatabaseError(
                        "%s has a %s table of another shape (columns: %s; missing: "
                        "%s); point --db at another file"
                        % (
                            self.path, table, ", ".join(sorted(columns)[:6]),
                            ", ".join(sorted(seed - columns)[:4]))
                    )
        return version, names

    def _migrate(self, version=None, names=None):
        """Bring the file to SCHEMA_VERSION.  ``version`` and ``names`` (table names): as
        _check_ours read them; a file that is already current needs no second look.

        Every step runs in one transaction that reads the version again once it holds the write
        lock: a step that fails (or a kill) leaves the file as it was, and processes opening an
        old file at once (cron and two sessions after an upgrade) migrate it once between them.
        Before each step the file is given what its version's schema holds and it lacks (early
        builds changed a migration without a new number).  Reaching SCHEMA_VERSION from an older
        schema also rebuilds the full-text tables, triggers and index in that transaction (a new
        schema may index other columns), so the new schema never runs with the old index."""
        conn = self.conn
        if version is None:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            names = None  # the steps may add tables
            with self.atomic():
                current = conn.execute("PRAGMA user_version").fetchone()[0]
                fresh = current == 0 and not conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE name = 'memory_l1'").fetchone()
                if fresh:  # a new file: the current schema at once, then any newer migration
                    for statement in schema_statements():
                        conn.execute(statement)
                    current = CURRENT_SCHEMA_VERSION
                    conn.execute("PRAGMA user_version = %d" % current)
                if current < SCHEMA_VERSION:  # not done by another process meanwhile
                    now = iso(now_utc())
                    for target in range(current + 1, SCHEMA_VERSION + 1):
                        complete_schema(conn, target - 1)
                        run_migration_step(conn, target, now)
                    complete_schema(conn, SCHEMA_VERSION)
                    conn.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
                    if current > 0 and not fresh and self._has_fts_table():
                        self._reindex(conn)
        has_fts_table = "memory_fts" in names if names is not None else self._has_fts_table()
        if self._want_fts and not has_fts_table and sqlite_has_fts5():
            with self.atomic() as conn:
                if not self._has_fts_table():  # another process may have made it meanwhile
                    for statement in FTS_DDL + FTS_FILL:
                        conn.execute(statement)
            has_fts_table = True
        self.fts = bool(self._want_fts and has_fts_table)

    # -- use --

    @contextlib.contextmanager
    def atomic(self):
        """A write transaction: BEGIN IMMEDIATE ... COMMIT, rolled back on error.

        Nested use joins the outer transaction.
        """
        if not self.wrote:
            self.conn.execute("PRAGMA cache_size = -%d" % WRITE_CACHE_KIB)
        self.wrote = True
        if self.conn.in_transaction:
            yield self.conn
            return
        started = time.monotonic()
        deadline = started + self.write_retry_seconds
        self._turns.acquire(self.write_retry_seconds)
        try:
            pause = 0.01
            while True:
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                    break
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc):
                        raise
                    if time.monotonic() > deadline:
                        raise BusyError(
                            "%s is busy: waited %d s for a turn to write while other processes "
                            "kept writing; try again (or stop the other writer)"
                            % (self.path, time.monotonic() - started))
                    time.sleep(pause)
                    pause = min(pause * 2, 0.2)
            try:
                yield self.conn
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")
        finally:
            self._turns.release()

    @contextlib.contextmanager
    def relaxed(self):
        """A write transaction whose commit skips the fsync: for bookkeeping whose loss in a
        power cut is harmless (access counts, vault note hashes).  Inside another transaction
        it simply joins it."""
        if self.conn.in_transaction:
            yield self.conn
            return
        self.conn.execute("PRAGMA synchronous = NORMAL")
        try:
            with self.atomic() as conn:
                yield conn
        finally:
            self.conn.execute("PRAGMA synchronous = FULL")

    def execute(self, sql, params=()):
        return self.conn.execute(sql, params)

    def rows(self, sql, params=()):
        """execute() with plain tuples for rows (no sqlite3.Row): for the many rows of a search."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        return cursor.execute(sql, params)

    def index_status(self):
        """Compare the full-text index with the tables: {"ok": bool, "rows": ..., "indexed": ...}.
        """
        rows = sum(self.conn.execute("SELECT count(*) FROM %s"
                                     % t).fetchone()[0] for t in LEVEL_TABLE.values())
        if not self.fts:
            return {"ok": True, "rows": rows, "indexed": None, "mode": "scan"}
        indexed = self.conn.execute("SELECT count(*) FROM memory_fts").fetchone()[0]
        return {"ok": indexed == rows, "rows": rows, "indexed": indexed, "mode": "fts5"}

    def rebuild_index(self):
        """Refill the full-text index from the tables, in one transaction."""
        if not self.fts:
            return False
        with self.atomic() as conn:
            conn.execute("DELETE FROM memory_fts")
            conn.execute("DELETE FROM memory_units")
            for statement in FTS_FILL:
                conn.execute(statement)
        return True

    def optimize_index(self, pages=500, seconds=1.0):
        """Merge index segments, ``pages`` of work per transaction, until a merge changes nothing
        or ``seconds`` have passed (cheap; safe to repeat).  Returns {table: segments left}.

        Each new transaction adds a segment, and a search reads every segment once per query
        word.  FTS5 merges a level once it holds ``usermerge`` segments (4 unless set); it is
        set to 2 here, so an index settles at a few segments: the 100k bench store's went from
        24 and 14 to 2 and 3, and its searches from 4.5 to 3.3 ms.
        """
        left = {}
        if not self.fts:
            return left
        deadline = time.monotonic() + seconds
        for table in ("memory_fts", "memory_units"):
            setting = self.conn.execute("SELECT v FROM %s_config WHERE k = 'usermerge'"
                                        % table).fetchone()
            if not setting or setting[0] != 2:
                with self.atomic() as conn:
                    conn.execute("INSERT INTO %s(%s, rank) VALUES ('usermerge', 2)"
                                 % (table, table))
            while True:
                with self.atomic() as conn:
                    before = conn.execute("SELECT block FROM %s_data WHERE id = 10"
                                          % table).fetchone()
                    conn.execute("INSERT INTO %s(%s, rank) VALUES ('merge', ?)" % (table, table),
                                 (pages,))
                    after = conn.execute("SELECT block FROM %s_data WHERE id = 10"
                                         % table).fetchone()
                if before == after or time.monotonic() > deadline:
                    break
            left[table] = self.conn.execute("SELECT count(DISTINCT segid) FROM %s_idx"
                                            % table).fetchone()[0]
        return left

    def schema_version(self):
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    # -- backups --

    def backup(self, dest=None, keep=7, now=None):
        """A consistent online copy (SQLite's backup API) into ``dest`` or the backups folder.

        Keeps the newest ``keep`` files of the backups folder; returns (path, removed paths).
        """
        now = now or now_utc()
        stem = os.path.splitext(os.path.basename(self.path))[0]
        folder = os.path.join(os.path.dirname(self.path), "backups")
        if dest is None:
            dest = os.path.join(folder, "%s-%s.db" % (stem, now.strftime("%Y%m%d-%H%M%S")))
            number = 2
            while os.path.exists(dest):
                dest = os.path.join(folder,
                                    "%s-%s-%d.db" % (stem, now.strftime("%Y%m%d-%H%M%S"), number))
                number += 1
        dest = os.path.abspath(os.path.expanduser(dest))
        if os.path.exists(dest) and os.path.samefile(dest, self.path):
            raise ValidationError("the backup cannot be the database itself")
        try:
            make_private_dirs(os.path.dirname(dest))
        except MemoryTieredError as exc:
            raise MemoryTieredError("cannot write the backup %s: %s" % (dest, exc))
        # from a backup or restore that was killed
        remove_stale_temp_files([folder, os.path.dirname(dest)])
        problem = _quick_check(self.conn)
        if problem:
            raise DatabaseError("%s is damaged (%s): no backup written, none removed; run `doctor "
                                "--repair` or `restore` a good backup" % (self.path, problem))
        try:
            with atomic_file(dest) as (_, tmp):
                target = sqlite3.connect(tmp)
                try:
                    self.conn.backup(target)
                    target.execute("PRAGMA journal_mode = DELETE")
                    problem = _quick_check(target)
                finally:
                    target.close()
                if problem:
                    raise DatabaseError("the copy fails its check (%s); no backup written, none "
                                        "removed" % problem)
        except sqlite3.Error as exc:
            raise MemoryTieredError("cannot write the backup %s: %s" % (dest, exc))
        removed = []
        if os.path.dirname(dest) == folder and keep:
            # only good backups count and go: a damaged one is never what rotation keeps instead
            ours = sorted(
                (n for n in os.listdir(folder) if n.startswith(stem + "-") and n.endswith(".db")),
                reverse=True)
            good = 0
            for name in ours:
                path = os.path.join(folder, name)
                if not backup_is_good(path):
                    continue
                good += 1
                if good > keep:
                    with contextlib.suppress(OSError):
                        os.unlink(path)
                        removed.append(path)
        return dest, sorted(removed)

    def restore(self, source, now=None):
        """Replace the database's content with a backup, after backing up the current file."""
        source = os.path.abspath(os.path.expanduser(source))
        if not os.path.isfile(source):
            raise NotFoundError("no backup file at %s" % source)
        if os.path.samefile(source, self.path):
            raise ValidationError("%s is the database itself" % source)
        try:
            with open(source, "rb") as handle:
                if handle.read(16) != b"SQLite format 3\x00":
                    raise ValidationError("%s is not a SQLite database" % source)
            src = connect_read_only(source)
            try:
                version = src.execute("PRAGMA user_version").fetchone()[0]
                names = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type = "
                                                   "'table'")}
                if "memory_l1" not in names:
                    raise ValidationError("%s is not a memory database (no memory_l1 table)"
                                          % source)
                if version > SCHEMA_VERSION:
                    raise SchemaTooNewError("%s has schema version %d; this memory_tiered knows up "
                                            "to %d"
                                            % (source, version, SCHEMA_VERSION))
                if src.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    raise ValidationError("%s fails its integrity check; choose another backup"
                                          % source)
                saved, _ = self.backup(now=now, keep=0)
                src.backup(self.conn)
            finally:
                src.close()
        except sqlite3.DatabaseError as exc:
            raise ValidationError("%s cannot be read as a database: %s" % (source, exc))
        self._migrate()
        return saved

    # -- health --

    def _orphan_links(self, repair):
        """[(level, id, column, value)] of links to records that no longer exist; with
        ``repair``, those links are dropped."""
        orphans = []
        missing = "NOT EXISTS (SELECT 1 FROM %s s WHERE s.id = %s)"
        for level, src in (("l2", "l1"), ("l3", "l2")):
            for row in self.conn.execute(
                    "SELECT t.id, j.value FROM %s t, json_each(t.source_ids) j WHERE "
                    "json_valid(t.source_ids) "
                    "AND " % LEVEL_TABLE[level] + missing % (LEVEL_TABLE[src], "j.value")):
                orphans.append((level, row[0], "source_ids", row[1]))
        for level, target, column in [("l1", "l2", "promoted_to"), ("l2", "l3", "promoted_to")] + [
                (lv, lv, "superseded_by") for lv in LEVELS]:
            for row in self.conn.execute(
                    "SELECT t.id, t.%s FROM %s t WHERE t.%s IS NOT NULL AND "
                                         % (column, LEVEL_TABLE[level], column)
                    + missing % (LEVEL_TABLE[target], "t." + column)):
                orphans.append((level, row[0], column, row[1]))
        if orphans and repair:
            with self.atomic() as conn:
                for level, rid, column, value in orphans:
                    table = LEVEL_TABLE[level]
                    if column == "source_ids":
                        ids = load_ids(conn.execute("SELECT source_ids FROM %s WHERE id = ?"
                                                    % table,
                                                    (rid,)).fetchone()[0])
                        conn.execute("UPDATE %s SET source_ids = ? WHERE id = ?" % table,
                                     (dump_list([i for i in ids if i != value]), rid))
                    else:
                        conn.execute("UPDATE %s SET %s = NULL WHERE id = ?" % (table, column),
                                     (rid,))
        return orphans

    def doctor(self, repair=False, wal=None):
        """Check the file and its contents; return a list of {check, ok, detail, repaired}.
        ``wal``: what wal_problem found before the file was opened (None: whole)."""
        import shutil
        checks = []

        def add(name, ok, detail, repaired=False):
            checks.append({"check": name, "ok": ok, "detail": detail, "repaired": repaired})

        add("wal", wal is None, wal or "whole (or none)")
        result = [r[0] for r in self.conn.execute("PRAGMA integrity_check")]
        add("integrity", result == ["ok"], "ok" if result == ["ok"] else "; ".join(result[:3]))
        add("schema", self.schema_version() == SCHEMA_VERSION, "version %d" % self.schema_version())
        status = self.index_status()
        fixed = False
        if not status["ok"] and repair:
            fixed = self.rebuild_index()
            status = self.index_status()
        add("full-text index", status["ok"],
            "%s, %s of %s rows indexed" % (status["mode"], status["indexed"], status["rows"]),
            fixed)
        orphans = self._orphan_links(repair)
        add("links", not orphans or repair, "%d link(s) to records that no longer exist%s" % (
            len(orphans), ": " + ", ".join("%s #%d %s -> %s" % (o[0].upper(), o[1], o[2], o[3])
                                           for o in orphans[:5]) if orphans else ""),
            bool(orphans and repair))
        loose = []
        for path in (self.path, self.path + "-wal", self.path + "-shm"):
            if os.path.exists(path) and os.stat(path).st_mode & 0o077:
                loose.append(path)
        if loose and repair:
            for path in loose:
                os.chmod(path, 0o600)
        add("permissions", not loose or repair,
            "%s readable by others%s" % (", ".join(loose), " (fixed)" if repair else "")
            if loose else "owner only", bool(loose and repair))
        bare = {}
        for table in LEVEL_TABLE.values():
            for project, count in self.conn.execute("SELECT project, count(*) FROM %s WHERE "
                                                    "project IS NOT NULL AND project NOT GLOB "
                                                    "'*-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]"
                                                    "[0-9a-f][0-9a-f]' GROUP BY project" % table):
                bare[project] = bare.get(project, 0) + count
        add("projects", True, "every project is a repository key" if not bare else
            "%d record(s) keep a project name that is not a repository key (%s): they are scoped "
            "by that name only; `edit LEVEL ID --project PATH` moves one to a repository"
            % (sum(bare.values()), ", ".join(sorted(bare)[:5])))
        free = shutil.disk_usage(os.path.dirname(self.path)).free
        size = os.path.getsize(self.path)
        add("disk space", free > max(100 << 20, 2 * size),
            "%.1f GiB free" % (free / float(1 << 30)))
        return checks

    def vocabulary(self, tokens):
        """[(token, records containing it)] for those of ``tokens`` the full-text index holds,
        read from its vocabulary (the temporary ``mt_vocab``, made once per connection)."""
        if not self._vocab_ready:
            self.conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.mt_vocab USING "
                              "fts5vocab(main, memory_fts, 'row')")
            self._vocab_ready = True
        found = []
        for start in range(0, len(tokens), 500):  # SQLite before 3.32 allows 999 variables
            chunk = tokens[start:start + 500]
            found += self.conn.execute("SELECT term, doc FROM temp.mt_vocab WHERE term IN (%s)"
                                       % ",".join("?" * len(chunk)), chunk).fetchall()
        return found

    def tokens(self, texts, only=None, quick=True):
        """[(n, token)]: the tokens of texts[n] as the full-text index makes them (Porter stems,
        CJK bigrams as given), only those in ``only`` when given.  The temporary ``mt_probe``
        (contentless, the index's tokenizer) and ``mt_probe_terms`` (its tokens) are made once
        per connection, and only for text index_tokens is not sure of (or with ``quick=False``)."""
        quick = [index_tokens(text, only) for text in texts] if quick else [None]
        if None not in quick:
            if only is None:
                return [(n, token) for n, tokens in enumerate(quick) for token in tokens]
            # already only those
            return [(n, token) for n, tokens in enumerate(quick) for token in set(tokens)]
        conn = self.conn
        if not self._probe_ready:
            conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.mt_probe USING fts5(term, "
                         "content = '', "
                         "columnsize = 0, tokenize = 'porter unicode61 remove_diacritics 2')")
            conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.mt_probe_terms USING "
                         "fts5vocab(temp, mt_probe, 'instance')")
            self._probe_ready = True
        conn.execute("INSERT INTO temp.mt_probe(mt_probe) VALUES ('delete-all')")
        conn.executemany("INSERT INTO temp.mt_probe(rowid, term) VALUES (?, ?)",
                         list(enumerate(texts)))
        if only is None:
            return conn.execute("SELECT doc, term FROM temp.mt_probe_terms").fetchall()
        return conn.execute("SELECT DISTINCT doc, term FROM temp.mt_probe_terms WHERE term IN "
                            "(SELECT value FROM "
                            "json_each(?))", (json.dumps(sorted(only)),)).fetchall()

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        self._turns.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
