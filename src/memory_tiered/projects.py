"""Which repository a memory belongs to: project keys that every clone shares.

Uses: base, text, safety.
"""

import os

from .base import LazyRe, LEVEL_TABLE, MAX_SHORT, MemoryTieredError
from .text import check_text, clean_name, sha1_hex
from .safety import open_regular


def project_root(path):
    """The repository root above ``path`` (a folder holding .git or .hg), or ``path`` itself."""
    path = os.path.abspath(os.path.expanduser(path))
    probe = path
    while True:
        if any(os.path.exists(os.path.join(probe, mark)) for mark in (".git", ".hg")):
            return probe
        parent = os.path.dirname(probe)
        if parent == probe:
            return path
        probe = parent


_ORIGIN_SECTION_RE = LazyRe(r'(?ms)^[ \t]*\[remote[ \t]+"origin"\][ \t]*$(.*?)(?=^[ \t]*\[|\Z)')
_URL_LINE_RE = LazyRe(r"(?m)^[ \t]*url[ \t]*=[ \t]*(\S+)[ \t]*$")
_REMOTE_URL_RE = LazyRe(r"^(?:[a-z][a-z0-9+.-]*://)?(?:[^@/]+@)?([^/:]+)(?::\d+)?[:/](.+)$")


def repository_remote(root):
    """Where a git repository's ``origin`` points, as host/path (lower-case host, no scheme,
    user, port or .git): the same for every clone, wherever it lives.  None without one."""
    config = os.path.join(root, ".git", "config")
    if os.path.isfile(os.path.join(root, ".git")):  # a worktree or submodule: .git names the folder
        try:
            with open_regular(os.path.join(root, ".git"), 4096, "git file") as handle:
                gitdir = handle.read().decode("utf-8", "replace").strip().partition(
                    "gitdir:")[2].strip()
        except (OSError, MemoryTieredError):
            return None
        gitdir = os.path.normpath(os.path.join(root, gitdir))
        parent = os.path.dirname(gitdir)
        config = os.path.join(
            os.path.dirname(parent) if os.path.basename(parent) == "worktrees" else gitdir, "config"
        )
    try:
        with open_regular(config, 1 << 20, "git config") as handle:
            text = handle.read().decode("utf-8", "replace")
    except (OSError, MemoryTieredError):
        return None
    section = _ORIGIN_SECTION_RE.search(text)
    line = _URL_LINE_RE.search(section.group(1)) if section else None
    if not line:
        return None
    url = line.group(1).strip('"')
    parts = _REMOTE_URL_RE.match(url)
    if parts:
        host, rest = parts.group(1).lower(), parts.group(2)
    else:  # a local path (a bare repository on this disk or a shared drive)
        host, rest = "", url
    rest = rest.strip("/")
    if rest.endswith(".git"):
        rest = rest[:-4]
    return "%s/%s" % (host, rest) if host else rest


def path_project_key(root):
    """The key of a repository without an origin remote: its folder name and a hash of its path."""
    name = clean_name(os.path.basename(root.rstrip("/\\")) or "root",
                      60).replace(" ", "_") or "root"
    return "%s-%s" % (name, sha1_hex(root)[:6])


def project_key(path):
    """A stable project key for a working folder: its repository's name plus a short hash of
    where its ``origin`` remote points, so every clone on every machine has the same key (two
    repositories called `api` stay apart); without a remote, of the repository's path."""
    root = project_root(path)
    remote = repository_remote(root)
    if not remote:
        return path_project_key(root)
    name = clean_name(remote.rstrip("/").rsplit("/", 1)[-1] or "root",
                      60).replace(" ", "_") or "root"
    return "%s-%s" % (name, sha1_hex(remote)[:6])


_KEY_HASH_RE = LazyRe(r"-[0-9a-f]{6}$")


def project_label(key):
    """The name part of a project key, for people."""
    return _KEY_HASH_RE.sub("", key) if key else key


def resolve_project(db, value):
    """``--project NAME|PATH``: a path (or ".") is keyed by its repository; a known key is kept;
    a name that is the label of exactly one known key becomes that key; anything else stays."""
    value = check_text(value, "project", MAX_SHORT, required=False)
    if not value:
        return None
    if value in (".", "..") or "/" in value or os.sep in value or os.path.isdir(value):
        return project_key(value)
    keys = set()
    for table in LEVEL_TABLE.values():
        keys.update(r[0] for r in db.execute("SELECT DISTINCT project FROM %s WHERE project = ? OR "
                                             "project LIKE ?"
                                             % table, (value, value + "-______")))
    if value in keys:
        return value
    matching = [k for k in keys if project_label(k) == value]
    return matching[0] if len(matching) == 1 else value


def current_project(environ=None, cwd=None, repository_only=False):
    """The project of this run: MEMORY_TIERED_PROJECT, else the repository of the working folder
    (with ``repository_only``, None outside a repository: the record is global)."""
    env = os.environ if environ is None else environ
    if env.get("MEMORY_TIERED_PROJECT"):
        return env["MEMORY_TIERED_PROJECT"]
    folder = cwd or os.getcwd()
    if repository_only and project_root(folder) == os.path.abspath(folder) and not any(
            os.path.exists(os.path.join(folder, mark)) for mark in (".git", ".hg")):
        return None
    return project_key(folder)
