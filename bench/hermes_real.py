#!/usr/bin/env python3
"""The Hermes provider (integrations/hermes/memory_tiered) against the real hermes-agent package.

    python3 bench/hermes_real.py [--venv DIR] [--version 0.19.0]

Makes (once) a virtual environment of its own (default bench/.hermes-venv, never used by the tool
or its tests) with hermes-agent from PyPI, then runs there: copies the plugin into a scratch
$HERMES_HOME/plugins/ (Hermes' user-plugin location), loads it with Hermes' own
plugins.memory.load_memory_provider, checks it against agent.memory_provider.MemoryProvider and
drives it through agent.memory_manager.MemoryManager with the argument shapes Hermes itself uses
(its built-in memory tool, delegation, /new, compression, the setup wizard, `hermes backup`).
Prints one PASS/FAIL/WARN line per check; exits 1 if any check fails.  Needs the network once
(PyPI); CI runs tests/test_hermes.py, the standard-library stand-in, instead.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _bootstrap():
    """Re-run this file inside the benchmark's own environment, making it first if needed."""
    args = sys.argv[1:]
    venv = os.path.join(HERE, ".hermes-venv")
    version = None
    if "--venv" in args:
        venv = os.path.abspath(args[args.index("--venv") + 1])
    if "--version" in args:
        version = args[args.index("--version") + 1]
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", venv])
    wanted = "hermes-agent" + ("==" + version if version else "")
    if subprocess.call([python, "-c", "import agent.memory_provider"], stderr=subprocess.DEVNULL) or version:
        subprocess.check_call([python, "-m", "pip", "install", "-q", wanted])
    env = dict(os.environ, MEMORY_TIERED_HERMES_CHECK="1")
    os.execve(python, [python, os.path.abspath(__file__), os.path.dirname(HERE)], env)


if os.environ.get("MEMORY_TIERED_HERMES_CHECK") != "1":
    _bootstrap()

import inspect
import json
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import traceback

sys.dont_write_bytecode = True  # never write __pycache__ into the repo
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE))
PLUGIN_SRC = os.path.join(REPO, "integrations", "hermes", "memory_tiered")
SCRATCH = tempfile.mkdtemp(prefix="mt-hermes-")
HOME = os.path.join(SCRATCH, "hermes_home")
OUTSIDE_DB = os.path.join(SCRATCH, "outside", "mem.db")  # outside HERMES_HOME
PLUGIN_DST = os.path.join(HOME, "plugins", "memory_tiered")

# environment first: hermes_constants resolves HERMES_HOME when asked
os.makedirs(os.path.dirname(PLUGIN_DST), exist_ok=True)
shutil.copytree(PLUGIN_SRC, PLUGIN_DST, ignore=shutil.ignore_patterns("__pycache__"))
with open(os.path.join(HOME, "config.yaml"), "w") as fh:
    fh.write("memory:\n  provider: memory_tiered\n")
os.environ.update(HERMES_HOME=HOME, MEMORY_TIERED_DB=OUTSIDE_DB,
                  PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
for var in ("MEMORY_TIERED_PATH", "MEMORY_TIERED_VAULT", "MEMORY_TIERED_PROJECT"):
    os.environ.pop(var, None)
sys.path.insert(0, REPO)  # = PYTHONPATH=REPO, so `import memory_tiered` works

RESULTS = []


def report(status, label, detail=""):
    RESULTS.append(status)
    print("%-4s %s%s" % (status, label, (" -- " + detail) if detail else ""), flush=True)


def check(label, fn):
    """fn() returns (ok, detail) or raises; ok may be True/False/'WARN'."""
    try:
        ok, detail = fn()
    except Exception as exc:
        report("FAIL", label, "%s: %s" % (type(exc).__name__, exc))
        traceback.print_exc(limit=3, file=sys.stdout)
        return None
    report({True: "PASS", False: "FAIL"}.get(ok, "WARN"), label, detail)
    return ok


class Capture(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)

    def take(self, min_level=logging.DEBUG):
        out = ["%s %s: %s" % (r.levelname, r.name, r.getMessage()) for r in self.records
               if r.levelno >= min_level and "memory" in r.name]
        self.records = []
        return out


LOG = Capture()
logging.getLogger().addHandler(LOG)
logging.getLogger().setLevel(logging.DEBUG)

import importlib.metadata  # noqa: E402

print("hermes-agent %s, repo %s, scratch %s" % (importlib.metadata.version("hermes-agent"), REPO, SCRATCH))

from agent.memory_provider import MemoryProvider  # noqa: E402
from agent.memory_manager import MemoryManager, normalize_tool_schema  # noqa: E402
import plugins.memory as pm  # noqa: E402
from toolsets import _HERMES_CORE_TOOLS  # noqa: E402
from tools.memory_tool import MemoryStore, memory_tool  # noqa: E402


def db_rows(sql, args=(), path=OUTSIDE_DB):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


# ---------------------------------------------------------------- discovery and loading
check("user plugin dir found by loader", lambda: (
    str(pm._get_user_plugins_dir()) == os.path.join(HOME, "plugins"), str(pm._get_user_plugins_dir())))
check("list_memory_provider_names() lists memory_tiered", lambda: (
    "memory_tiered" in pm.list_memory_provider_names(), str(pm.list_memory_provider_names())))
check("discover_memory_providers(): memory_tiered available", lambda: (
    [d for d in pm.discover_memory_providers() if d[0] == "memory_tiered"][0][2] is True,
    str([d for d in pm.discover_memory_providers() if d[0] == "memory_tiered"][0][:1])))


def _manifest():
    from pathlib import Path
    from hermes_cli.plugins import PluginManager
    m = PluginManager()._parse_manifest(Path(PLUGIN_DST) / "plugin.yaml", Path(PLUGIN_DST), "user", "")
    return m.kind == "exclusive", "general plugin loader kind=%s (exclusive = not loaded as a normal plugin)" % m.kind


check("plugin.yaml routed to memory discovery by hermes_cli.plugins", _manifest)

provider = pm.load_memory_provider("memory_tiered")
check("load_memory_provider('memory_tiered') returns an instance", lambda: (
    provider is not None, "%s from %s" % (type(provider).__name__, type(provider).__module__)))
if provider is None:
    sys.exit(1)
P = type(provider)
check("isinstance(provider, agent.memory_provider.MemoryProvider)", lambda: (
    isinstance(provider, MemoryProvider), "MRO: %s" % [c.__module__ + "." + c.__name__ for c in P.__mro__]))
check("every abstract method implemented", lambda: (
    not inspect.isabstract(P) and all(getattr(P, n) is not getattr(MemoryProvider, n)
                                      for n in MemoryProvider.__abstractmethods__),
    "abstract: %s" % sorted(MemoryProvider.__abstractmethods__)))
check("provider.name == plugin dir name", lambda: (provider.name == "memory_tiered", provider.name))

# ---------------------------------------------------------------- signatures vs the calls Hermes makes
MSGS = [{"role": "user", "content": "hi"}]
CALLS = {  # method: (args, kwargs) exactly as agent_init / MemoryManager / delegate_tool pass them
    "is_available": ((), {}),
    "initialize": ((), dict(session_id="s", platform="cli", hermes_home=HOME, agent_context="primary",
                            warning_callback=print, status_callback=print, session_title="t",
                            agent_identity="default", agent_workspace="hermes", user_id="u")),
    "system_prompt_block": ((), {}),
    "prefetch": (("q",), dict(session_id="s")),
    "queue_prefetch": (("q",), dict(session_id="s")),
    "sync_turn": (("u", "a"), dict(session_id="s", messages=MSGS)),
    "get_tool_schemas": ((), {}),
    "handle_tool_call": (("memory_stats", {}), {}),
    "shutdown": ((), {}),
    "on_turn_start": ((1, "msg"), dict(remaining_tokens=1, model="m", platform="cli", tool_count=3)),
    "on_session_end": ((MSGS,), {}),
    "on_session_switch": (("s2",), dict(parent_session_id="s", reset=True, reason="new_session", rewound=True)),
    "on_pre_compress": ((MSGS,), {}),
    "on_memory_write": (("add", "user", "x"), dict(metadata={"write_origin": "tool"})),
    "on_delegation": ((), dict(task="t", result="r", child_session_id="c")),
    "get_config_schema": ((), {}),
    "save_config": (({}, HOME), {}),
    "backup_paths": ((), {}),
}


def _sigs():
    bad = []
    for meth, (args, kwargs) in CALLS.items():
        try:
            inspect.signature(getattr(provider, meth)).bind(*args, **kwargs)
        except TypeError as exc:
            bad.append("%s%s: %s" % (meth, inspect.signature(getattr(provider, meth)), exc))
    return not bad, "; ".join(bad) or "%d call shapes bind" % len(CALLS)


check("signatures accept Hermes' real call shapes", _sigs)
check("MemoryManager passes metadata= to on_memory_write", lambda: (
    MemoryManager._provider_memory_write_metadata_mode(provider) == "keyword",
    MemoryManager._provider_memory_write_metadata_mode(provider)))
check("MemoryManager passes messages= to sync_turn", lambda: (
    MemoryManager._provider_sync_accepts_messages(provider), ""))

# ---------------------------------------------------------------- before initialize (wizard, backup)
schemas = provider.get_tool_schemas()


def _schemas():
    names = [s["name"] for s in schemas]
    bad = [s for s in schemas if normalize_tool_schema(s) is None or s.get("parameters", {}).get("type") != "object"]
    clash = sorted(set(names) & set(_HERMES_CORE_TOOLS))
    return not bad and not clash and "memory_search" in names, "%d tools %s; core clashes %s" % (
        len(names), names, clash)


check("get_tool_schemas() before initialize: OpenAI shape, no core-name clash", _schemas)


def _config_schema():
    fields = provider.get_config_schema()
    ok = all(isinstance(f, dict) and f.get("key") and f.get("description") for f in fields)
    return ok, "keys %s; secret %s; env_var %s" % ([f["key"] for f in fields],
                                                  [bool(f.get("secret")) for f in fields],
                                                  [f.get("env_var") for f in fields])


check("get_config_schema() shape (key/description/secret/default/env_var)", _config_schema)


def _wizard_defaults():
    """hermes memory setup (hermes_cli/memory_setup.py cmd_setup): Enter on each text prompt keeps
    the field's default; a non-empty value is put in provider_config AND written to .env under
    env_var; then provider.save_config(provider_config, hermes_home)."""
    home = os.path.join(SCRATCH, "wizard_home")
    values, env_writes = {}, {}
    for f in provider.get_config_schema():
        val = str(f["default"]) if f.get("default") else ""
        if val:
            values[f["key"]] = val
            if f.get("env_var"):
                env_writes[f["env_var"]] = val
    provider.save_config(values, home)
    fresh = P()
    saved_env = os.environ.pop("MEMORY_TIERED_DB")
    cwd = os.getcwd()
    os.chdir(SCRATCH)
    try:
        os.environ.update(env_writes)  # what Hermes' .env would put in the environment next start
        db, _, _ = fresh._settings(home)
    finally:
        os.chdir(cwd)
        for k in env_writes:
            os.environ.pop(k, None)
        os.environ["MEMORY_TIERED_DB"] = saved_env
    return "$" not in db and db.startswith(home), "accepting the defaults gives database %s (.env gets %s)" % (
        db, env_writes)


check("setup wizard with defaults accepted yields a usable database path", _wizard_defaults)
check("backup_paths() before initialize: absolute, includes the outside DB", lambda: (
    provider.backup_paths() == [OUTSIDE_DB], str(provider.backup_paths())))
check("system_prompt_block() before initialize", lambda: (
    "Long-term memory" in provider.system_prompt_block(), "%d chars" % len(provider.system_prompt_block())))

# ---------------------------------------------------------------- through the real MemoryManager
mm = MemoryManager()
LOG.take()
mm.add_provider(provider)
check("MemoryManager.add_provider routes every tool", lambda: (
    all(mm.has_tool(s["name"]) for s in schemas) and len(mm.get_all_tool_schemas()) == len(schemas),
    "%d routed" % len(mm.get_all_tool_names())))
mm.initialize_all(session_id="hs-1", platform="cli", hermes_home=HOME, agent_context="primary",
                  warning_callback=lambda *a: None, status_callback=lambda *a: None,
                  agent_identity="default", agent_workspace="hermes")
check("initialize_all(session_id=..., hermes_home, platform, agent_context) no warning", lambda: (
    not LOG.take(logging.WARNING) and os.path.exists(OUTSIDE_DB), "db %s exists" % OUTSIDE_DB))
check("build_system_prompt()", lambda: ("Long-term memory" in mm.build_system_prompt(), ""))

added = json.loads(mm.handle_tool_call("memory_add_l1", {
    "session_id": "older", "summary": "The ledger service runs on Postgres 16 with pgbouncer",
    "key_points": ["postgres", "ledger"]}))
check("handle_tool_call('memory_add_l1') via manager -> JSON", lambda: (added.get("created") is True, str(added)))
bad = json.loads(mm.handle_tool_call("memory_search", {"query": "x", "limit": 500}))
check("handle_tool_call bad args -> JSON error, not exception", lambda: (bad.get("ok") is False, str(bad)[:120]))
found = json.loads(mm.handle_tool_call("memory_search", {"query": "ledger postgres"}))
check("handle_tool_call('memory_search')", lambda: ("ledger" in json.dumps(found), json.dumps(found)[:120]))

block = mm.prefetch_all("Which database does the ledger service run on?", session_id="hs-1")
check("prefetch_all(query, session_id) returns the L1", lambda: (
    "[L1#%d" % added["id"] in block, "%d chars; <memory-context> in output: %s" % (
        len(block), "memory-context" in block)))
check("prefetch_all with an irrelevant query is empty", lambda: (
    mm.prefetch_all("帮我把这个函数改成异步的", session_id="hs-1") == "", ""))

turn_msgs = [{"role": "system", "content": "sys"},
             {"role": "user", "content": "Let's move the ledger cron to 02:00"},
             {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
                                                                   "function": {"name": "terminal", "arguments": "{}"}}]},
             {"role": "tool", "tool_call_id": "c1", "content": "ok"},
             {"role": "assistant", "content": "Moved it to 02:00 UTC."}]
mm.sync_all("Let's move the ledger cron to 02:00", "Moved it to 02:00 UTC.", session_id="hs-1", messages=turn_msgs)
mm.flush_pending(10)
check("sync_all(..., session_id, messages) stores the turn (background worker)", lambda: (
    len(db_rows("SELECT text FROM session_turns WHERE session_id='hs-1'")) == 2 and not LOG.take(logging.WARNING),
    str(db_rows("SELECT turn, text FROM session_turns WHERE session_id='hs-1'"))[:160]))

# queue_prefetch: Hermes queues with THIS turn's user text; next turn prefetches the NEXT user text
broker = json.loads(mm.handle_tool_call("memory_add_l1", {
    "session_id": "older2", "summary": "The billing worker uses RabbitMQ 3.12 for its queues"}))
mm.queue_prefetch_all("What message broker does the billing worker use?", session_id="hs-1")
mm.flush_pending(10)
nxt = mm.prefetch_all("Please rename the variable foo to bar in utils.py", session_id="hs-1")
check("queued prefetch never served does not count as a recall", lambda: (
    db_rows("SELECT access_count FROM memory_l1 WHERE id=?", (broker["id"],))[0][0] == 0,
    "access_count=%s after queue_prefetch(q1) then prefetch(q2); next block %d chars" % (
        db_rows("SELECT access_count FROM memory_l1 WHERE id=?", (broker["id"],))[0][0], len(nxt))))

# built-in memory tool -> notify_memory_tool_write -> on_memory_write (real action/target/old_text)
store = MemoryStore(memory_char_limit=2200, user_char_limit=1375)
store.load_from_disk()


def builtin(**args):
    result = memory_tool(store=store, **args)
    mm.notify_memory_tool_write(result, args, build_metadata=lambda: {"write_origin": "tool", "session_id": "hs-1"})
    return json.loads(result)["success"]


def hermes_l2():
    return [r[0] for r in db_rows("SELECT knowledge FROM memory_l2 WHERE category='hermes-user'")]


check("builtin memory add -> pinned L2 hermes-user", lambda: (
    builtin(action="add", target="user", content="User prefers answers in Chinese")
    and hermes_l2() == ["User prefers answers in Chinese"]
    and db_rows("SELECT pinned, agent FROM memory_l2 WHERE category='hermes-user'") == [(1, "hermes")],
    str(db_rows("SELECT knowledge, pinned, agent FROM memory_l2"))))
check("builtin memory replace (old_text in metadata) -> old L2 replaced", lambda: (
    builtin(action="replace", target="user", old_text="answers in Chinese", content="User prefers answers in English")
    and hermes_l2() == ["User prefers answers in English"], "L2s now %s" % hermes_l2()))
check("builtin memory remove (content='', old_text in metadata) -> L2 forgotten", lambda: (
    builtin(action="remove", target="user", old_text="answers in English") and hermes_l2() == [],
    "L2s now %s" % hermes_l2()))
check("builtin memory batch (operations=[...]) add", lambda: (
    builtin(target="memory", operations=[{"action": "add", "content": "Repo uses uv for packaging"}])
    and [r[0] for r in db_rows("SELECT knowledge FROM memory_l2 WHERE category='hermes-memory'")]
    == ["Repo uses uv for packaging"], ""))

mm.on_delegation(task="find the flaky test", result="test_login was flaky: a shared fixture", child_session_id="c1")
check("on_delegation(task=, result=, child_session_id=) stored in parent session", lambda: (
    any("shared fixture" in r[0] for r in db_rows("SELECT text FROM session_turns WHERE session_id='hs-1'")), ""))
check("on_pre_compress(messages) returns str", lambda: (isinstance(mm.on_pre_compress(turn_msgs), str), ""))

end_msgs = turn_msgs + [{"role": "user", "content": [{"type": "text", "text": "Also page me if it fails"}]},
                        {"role": "assistant", "content": "Added a PagerDuty alert on failure."}]
mm.commit_session_boundary_async(end_msgs, new_session_id="hs-2", parent_session_id="hs-1", reason="new_session")
mm.flush_pending(20)
check("/new: on_session_end(real messages) writes hs-1's L1, then on_session_switch -> hs-2", lambda: (
    bool(db_rows("SELECT 1 FROM memory_l1 WHERE session_id='hs-1'")) and provider._session == "hs-2",
    "L1 %s; session now %s; warnings %s" % (
        db_rows("SELECT agent, substr(summary,1,80) FROM memory_l1 WHERE session_id='hs-1'"),
        provider._session, LOG.take(logging.WARNING))))

# context compression (default: rotation): on_pre_compress, then on_session_switch(reason=compression)
mm.sync_all("Set the ledger retention to 90 days", "Retention is now 90 days.", session_id="hs-2")
mm.flush_pending(10)
mm.on_pre_compress([{"role": "user", "content": "Set the ledger retention to 90 days"},
                    {"role": "assistant", "content": "Retention is now 90 days."}])
mm.on_session_switch("hs-3", parent_session_id="hs-2", reset=False, reason="compression")
mm.on_session_end([{"role": "user", "content": "[compaction summary] retention set to 90 days"},
                   {"role": "assistant", "content": "ok"}])
check("compression rotation: parent session's turns get an L1 in-process", lambda: (
    True if db_rows("SELECT 1 FROM memory_l1 WHERE session_id='hs-2'") else "WARN",
    "L1 for hs-2: %s, for hs-3: %s (hs-2 left pending for a later summarise)" % (
        bool(db_rows("SELECT 1 FROM memory_l1 WHERE session_id='hs-2'")),
        bool(db_rows("SELECT 1 FROM memory_l1 WHERE session_id='hs-3'")))))

mm.shutdown_all()
check("shutdown_all()", lambda: (not LOG.take(logging.WARNING), str(mm.shutdown_drain_state)))

# ---------------------------------------------------------------- hermes backup's view
from hermes_cli import backup as hb  # noqa: E402


def _backup():
    paths = [str(p) for p in hb._collect_memory_provider_external_paths()]
    copy = os.path.join(SCRATCH, "rawcopy.db")  # external paths are zf.write()n raw, -wal excluded
    shutil.copyfile(OUTSIDE_DB, copy)
    n_live = db_rows("SELECT count(*) FROM memory_l1")[0][0]
    n_copy = db_rows("SELECT count(*) FROM memory_l1", path=copy)[0][0]
    under_home = OUTSIDE_DB.startswith(os.path.expanduser("~") + os.sep)
    ok = paths == [OUTSIDE_DB] and n_copy == n_live
    return ok, "declared %s; raw copy L1 rows %d/%d; wal present %s; under ~ (else hermes backup skips it) %s" % (
        paths, n_copy, n_live, os.path.exists(OUTSIDE_DB + "-wal"), under_home)


check("hermes backup collects the DB; raw copy is complete", _backup)

# ---------------------------------------------------------------- agent_context gating
cron = P()
cron.initialize("cron-1", hermes_home=HOME, platform="cron", agent_context="cron")
cron.sync_turn("a", "b", session_id="cron-1")
cron.on_session_end([{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}])
check("agent_context='cron' never writes", lambda: (
    not db_rows("SELECT 1 FROM session_turns WHERE session_id='cron-1'"), ""))

# ---------------------------------------------------------------- profile home without HERMES_HOME env
def _profile_override():
    """Multiplexed gateway (gateway/run.py) scopes a profile with set_hermes_home_override(), not
    os.environ; backup_paths/system_prompt_block run before initialize must follow it."""
    from hermes_constants import set_hermes_home_override, reset_hermes_home_override, get_hermes_home
    profile = os.path.join(SCRATCH, "profile_home")
    saved = os.environ.pop("MEMORY_TIERED_DB")
    token = set_hermes_home_override(profile)
    try:
        db, _, _ = P()._settings()
        return db.startswith(profile + os.sep), "get_hermes_home()=%s, plugin default DB %s" % (get_hermes_home(), db)
    finally:
        reset_hermes_home_override(token)
        os.environ["MEMORY_TIERED_DB"] = saved


check("default DB follows hermes_constants.get_hermes_home() (profile override)", _profile_override)

# ---------------------------------------------------------------- documented install: the file in lib/
def _copied_install():
    home2 = os.path.join(SCRATCH, "home2")
    dst = os.path.join(home2, "plugins", "memory_tiered")
    shutil.copytree(PLUGIN_SRC, dst, ignore=shutil.ignore_patterns("__pycache__"))
    os.makedirs(os.path.join(dst, "lib"))
    shutil.copy(os.path.join(REPO, "memory_tiered.py"), os.path.join(dst, "lib"))
    code = ("import sys, plugins.memory as pm\n"
            "p = pm.load_memory_provider('memory_tiered')\n"
            "print(p is not None and p.is_available(), len(p.get_tool_schemas()),\n"
            "      sorted(n for n in sys.modules if n.endswith('memory_tiered')))\n")
    env = dict(os.environ, HERMES_HOME=home2, MEMORY_TIERED_DB=os.path.join(home2, "m.db"))
    env.pop("PYTHONPATH", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=SCRATCH,
                         timeout=120)
    line = (out.stdout.strip().splitlines() or [out.stderr.strip()[-200:]])[-1]
    ok = line.startswith("True")
    double = "_hermes_user_memory.memory_tiered.memory_tiered" in line
    return (ok and not double) or ("WARN" if ok else False), line + (
        " (loader also executes memory_tiered.py as a plugin submodule)" if double else "")


check("install as the README says: memory_tiered.py in the plugin's lib/ (no PYTHONPATH)", _copied_install)

fails = RESULTS.count("FAIL")
print("\n%d PASS, %d FAIL, %d WARN" % (RESULTS.count("PASS"), fails, RESULTS.count("WARN")))
shutil.rmtree(SCRATCH, ignore_errors=True)
sys.exit(1 if fails else 0)
