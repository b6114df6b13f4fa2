"""The one way the tool writes a file (atomic, owner-only, never through a planted link), and
lock files.

Uses: base, text, safety.
"""

import contextlib
import os
import time

from .base import O_NOFOLLOW, MemoryTieredError, ValidationError
from .text import clean_name
from .safety import open_regular


def check_path(path, what):
    """A path the tool can store and print: valid UTF-8, no NUL."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError("%s is not valid UTF-8: %r; rename it or choose another"
                              % (what, path))
    if "\x00" in str(path):
        raise ValidationError("%s contains a NUL character" % what)
    return path


def remove_stale_temp_files(folders, older_than=3600):
    """Remove the tool's own temp files (``.mt-*.tmp``) left by a killed run, once they are
    ``older_than`` seconds old (0: all; only where a lock says no run of ours is writing)."""
    cutoff = time.time() - older_than
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if name.startswith(".mt-") and name.endswith(".tmp") and not os.path.islink(path):
                with contextlib.suppress(OSError):
                    if os.path.getmtime(path) <= cutoff:
                        os.unlink(path)


def make_private_dirs(folder, mode=0o700):
    """Create ``folder`` and its missing parents, owner-only; an existing folder is left as it is.
    """
    try:
        os.makedirs(folder, mode=mode, exist_ok=True)
    except FileExistsError:
        raise MemoryTieredError("cannot create the folder %s: a file of that name is in the way"
                                % folder)
    except OSError as exc:
        raise MemoryTieredError("cannot create the folder %s: %s" % (folder, exc.strerror or exc))


@contextlib.contextmanager
def atomic_file(path, mode=0o600, root=None):
    """The one way the tool writes a file: yields (fd, temp path) of a new, unpredictable,
    owner-only temp file in the target's folder (``tempfile.mkstemp``: O_EXCL, so never through
    a symlink); on success it is given ``mode`` and renamed over ``path`` (a symlink at ``path``
    is replaced, never followed); on failure it is removed.  With ``root``, the folder must
    really lie inside ``root``, so a planted symlinked folder cannot lead the write outside it.
    Raises MemoryTieredError with a one-line reason."""
    import tempfile
    path = os.path.abspath(os.path.expanduser(path))
    folder = os.path.dirname(path)
    if root is not None:
        real_root = os.path.realpath(root)
        real = os.path.realpath(folder)
        if real != real_root and not real.startswith(real_root.rstrip(os.sep) + os.sep):
            raise MemoryTieredError("cannot write %s: its folder leads outside %s (a symlink?); "
                                    "nothing was written there" % (path, root))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".mt-", suffix=".tmp", dir=folder)
    except OSError as exc:
        if isinstance(exc, NotADirectoryError):
            raise MemoryTieredError("cannot write %s: part of that path is a file, not a folder"
                                    % path)
        if isinstance(exc, FileNotFoundError):
            raise MemoryTieredError("cannot write %s: the folder %s does not exist"
                                    % (path, folder))
        raise MemoryTieredError("cannot write %s: %s" % (path, exc.strerror or exc))
    try:
        try:
            if mode != 0o600 and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            yield fd, tmp
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        finally:
            with contextlib.suppress(OSError):
                os.close(fd)
    except OSError as exc:
        if isinstance(exc, IsADirectoryError) or os.path.isdir(path):
            raise MemoryTieredError("cannot write %s: a folder of that name is in the way" % path)
        if isinstance(exc, NotADirectoryError):
            raise MemoryTieredError("cannot write %s: part of that path is a file, not a folder"
                                    % path)
        raise MemoryTieredError("cannot write %s: %s" % (path, exc.strerror or exc))


def write_atomic_lines(path, lines, durable=True, mode=0o600, root=None):
    """Write lines to path through atomic_file(); return the count.

    ``durable`` also fsyncs the file before the rename (exports, backups);
    vault notes skip it, since the database can always write them again.
    """
    count = 0
    with atomic_file(path, mode, root) as (fd, _):
        with os.fdopen(os.dup(fd), "w", encoding="utf-8", newline="\n") as handle:
            for line in lines:
                handle.write(line + "\n")
                count += 1
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
    return count


def write_atomic(path, text, mode=0o600):
    """Write text to path exactly, through atomic_file(); False if it already held that text."""
    path = os.path.abspath(path)
    try:
        # (only a regular file is read: a FIFO planted there must not block the write)
        with open_regular(path, 4 * len(text) + 4, "file") as handle:
            if handle.read().decode("utf-8") == text:
                return False
    except (MemoryTieredError, OSError, UnicodeDecodeError):
        pass
    with atomic_file(path, mode) as (fd, _):
        with os.fdopen(os.dup(fd), "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    return True


DIGEST_NAME = "MEMORY_DIGEST.md"


def digest_path(db_path, project=None):
    """MEMORY_DIGEST.md next to the default database (state.db); MEMORY_DIGEST-<name>.md next to
    any other, so two databases in one folder never share a digest.  A project's digest (its
    memories only) is MEMORY_DIGEST[-<name>]@<project key>.md."""
    folder, name = os.path.split(os.path.abspath(db_path))
    stem = os.path.splitext(name)[0]
    base = DIGEST_NAME if stem == "state" else "MEMORY_DIGEST-%s.md" % stem
    if project:
        base = "%s@%s.md" % (base[:-3], clean_name(project, 120).replace(" ", "_"))
    return os.path.join(folder, base)


def digest_files(db_path):
    """[(path, project key or None)] of the digests written for this database."""
    folder = os.path.dirname(os.path.abspath(db_path))
    base = os.path.basename(digest_path(db_path))[:-3]
    found = []
    with contextlib.suppress(OSError):
        for name in sorted(os.listdir(folder)):
            if name == base + ".md":
                found.append((os.path.join(folder, name), None))
            elif name.startswith(base + "@") and name.endswith(".md"):
                found.append((os.path.join(folder, name), name[len(base) + 1:-3]))
    return found


class JobLock:
    """A non-blocking lock file next to the database, one per job kind."""

    def __init__(self, path):
        self.path = path
        self.handle = None

    def acquire(self, wait=0.0):
        """Take the lock, trying for up to ``wait`` seconds; False if another process holds it."""
        try:
            import fcntl
        except ImportError:  # Windows: no overlap protection, but never a crash
            return True
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | O_NOFOLLOW, 0o600)
        except OSError as exc:
            raise MemoryTieredError("cannot open the lock file %s: %s"
                                    % (self.path, exc.strerror or exc))
        self.handle = os.fdopen(fd, "a")
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except OSError:
                if time.monotonic() >= deadline:
                    self.handle.close()
                    self.handle = None
                    return False
                time.sleep(0.05)

    def release(self):
        if self.handle is not None:
            self.handle.close()
            self.handle = None
