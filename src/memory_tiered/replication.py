"""One memory on several devices and a team, through folders they share (replicate).

Uses: base, text, scrubbing, safety, projects, checks, files, records, tombstones, embeddings, store, report, operations.
"""

import collections
import contextlib
import functools
import json
import os
import sqlite3

from .base import (
    LazyRe, iso, LEVEL_TABLE, LEVEL_TEXT, LEVELS, MAX_ITEMS, MAX_SHORT, MAX_TEXT,
    MemoryTieredError, NotFoundError, now_utc, parse_time, ValidationError)
from .text import UID_RE, check_text, plural, sha1_hex
from .scrubbing import scrub, scrub_record
from .safety import open_regular
from .projects import project_label
from .checks import dump_list, load_ids, load_list, ORIGINS
from .files import (
    atomic_file, JobLock, make_private_dirs, remove_stale_temp_files, write_atomic_lines)
from .records import check_fields, judge_flag, LEVEL_FIELDS, read_config
from .tombstones import replica_meta_value, set_replica_meta, stamp_parts, hlc_tick
from .embeddings import embed_quietly
from .store import MemoryStore
from .report import build_report, push_report, report_markdown, save_report
from .operations import after_forget, forget_memories


# A device writes only its own files, FOLDER/devices/DEVICE/*.jsonl, so a sync service (git,
# Syncthing, Dropbox, iCloud Drive, rsync) never sees two writers on one file.  Each line is a
# record's state with a hybrid-logical-clock stamp per field; folding any set of lines in any
# order gives the same memory: the newest stamp wins per field (then the device name), recall
# counts add (each device's own count, the highest seen), and a forget is a tombstone that wins
# over everything and carries no text.  What is this device's alone (local ids, strength, recall
# times, related links, vault bookkeeping) never travels.

REPLICA_FORMAT = "memory_tiered.replica"
REPLICA_COMPACT_FILES = 16  # own change files that make a run fold them (personal folders only)
REPLICA_FILE_MAX = 1 << 40  # bytes of one replica file read (files are read as streams)
REPLICA_CHUNK_LINES = 2000  # lines a written file holds at most (a run writes several if need be)
REPLICA_BATCH = 2000  # lines read, checked and merged at a time
REPLICA_LINE_MAX = 1 << 20
# a stamp further ahead of this clock is applied but never adopted, and its device is reported
REPLICA_CLOCK_AHEAD_MS = 5 * 60 * 1000
REPLICA_ONCE = ("origin", "device", "author")  # provenance, set by the device that wrote the record
_REPLICA_ORDER = {
    "l1": ("session_id", "summary", "key_points", "tags", "importance", "parent_session", "project",
           "agent", "created_at", "archived_at", "superseded_by", "promoted_to", "pinned",
           "edited_at", "flagged", "flag_cleared"),
    "l2": ("category", "knowledge", "source_ids", "tags", "importance", "project", "agent",
           "created_at", "archived_at", "superseded_by", "promoted_to", "pinned", "edited_at",
           "flagged", "flag_cleared"),
    "l3": ("insight", "source_ids", "category", "tags", "importance", "project", "agent",
           "created_at", "archived_at", "superseded_by", "pinned", "edited_at", "flagged",
           "flag_cleared"),
}
REPLICA_FIELDS = {  # per level, what every device agrees on: its fields (a later one at the end)
    level: order + tuple(name for name in LEVEL_FIELDS[level]
                         if name not in order and name not in REPLICA_ONCE)
    for level, order in _REPLICA_ORDER.items()}
# level of what they name
_REPLICA_REF_LEVEL = {"source_ids": -1, "superseded_by": 0, "promoted_to": 1}
_DEVICE_RE = LazyRe(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_STAMP_RE = LazyRe(r"[0-9]{13}\.[0-9]{6}")  # (fullmatch: ASCII digits, no trailing newline)
_CONFLICT_COPY_RE = LazyRe(r"\.sync-conflict-|conflicted copy|\(conflict")
_HOST_BAD_RE = LazyRe(r"[^A-Za-z0-9-]+")
TEAM_PROJECT = "."  # a team folder's lines name their project so: each clone has its own key for it


def _ref_level(level, name):
    return LEVELS[LEVELS.index(level) + _REPLICA_REF_LEVEL[name]]


def replica_device(db):
    """This device's name in replica folders: its host name and four random hex digits, made on
    first use and kept in the database (a copied database is the same device: give it a new
    name with `replicate --rename`)."""
    row = db.execute("SELECT value FROM replica_meta WHERE key = 'device'").fetchone()
    if row:
        return row[0]
    import socket
    host = _HOST_BAD_RE.sub("-", socket.gethostname().split(".")[0]).strip("-")[:40] or "device"
    name = "%s-%s" % (host, os.urandom(2).hex())
    with db.atomic() as conn:
        conn.execute("INSERT OR IGNORE INTO replica_meta(key, value) VALUES ('device', ?)", (name,))
    return db.execute("SELECT value FROM replica_meta WHERE key = 'device'").fetchone()[0]


def _hlc_seen(conn, stamp, now):
    """Move the clock past a stamp read from another device (not past one more than a few
    minutes ahead of ours: one machine's wrong clock must not carry everyone's into the future)."""
    if stamp_parts(stamp)[0] - now.timestamp() * 1000 > REPLICA_CLOCK_AHEAD_MS:
        return
    if stamp > replica_meta_value(conn, "clock", ""):
        set_replica_meta(conn, "clock", stamp)


def _canonical(value):
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _uid_map(conn):
    """{(level, local id): uid} and {(level, uid): local id}."""
    to_uid, to_id = {}, {}
    for lv in LEVELS:
        for record_id, uid in conn.execute("SELECT id, uid FROM %s" % LEVEL_TABLE[lv]):
            to_uid[(lv, record_id)] = uid
            to_id[(lv, uid)] = record_id
    return to_uid, to_id


def replica_values(level, row, to_uid):
    """The fields of a local row that travel, with links to other records as their uids."""
    values = {}
    for name in REPLICA_FIELDS[level]:
        value = row[name]
        if name in ("key_points", "tags"):
            value = load_list(value)
        elif name == "source_ids":
            source = _ref_level(level, name)
            value = [to_uid[(source, i)] for i in load_ids(value) if (source, i) in to_uid]
        elif name in _REPLICA_REF_LEVEL:
            value = to_uid.get((_ref_level(level, name), value)) if value else None
        elif name == "pinned":
            value = 1 if value else 0
        values[name] = value
    return values


def _state_of(row):
    return {"level": row["level"], "fields": json.loads(row["fields"]),
            "counts": json.loads(row["counts"]),
            "forgotten": json.loads(row["forgotten"]) if row["forgotten"] else None,
            "project": row["project"], "touched": row["touched"], "came_from": row["came_from"]}


def _state_rows(conn, where="1", params=()):
    """{uid: agreed state} of the records ``where`` selects (all by default)."""
    return {
        r["uid"]: _state_of(r)
        for r in conn.execute("SELECT * FROM replica_state WHERE " + where, params)}


def _load_states(conn, states, uids):
    """Read into ``states`` those of ``uids`` it lacks (a run reads only what it needs)."""
    wanted = [u for u in uids if u not in states]
    for start in range(0, len(wanted), 500):
        states.update(_state_rows(conn, "uid IN (SELECT value FROM json_each(?))",
                                  (json.dumps(wanted[start:start + 500]),)))


def _save_state(conn, uid, state, seen=None):
    """Store a record's agreed state; ``seen``: the fingerprint of its local row as of now."""
    if state["fields"].get("project"):
        state["project"] = state["fields"]["project"][0]
    conn.execute(
        "INSERT INTO replica_state(uid, level, fields, counts, forgotten, project, touched, "
        "came_from, seen) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(uid) DO UPDATE SET level = excluded.level, "
        "fields = "
        "excluded.fields, counts = excluded.counts, forgotten = excluded.forgotten, project = "
        "excluded.project, touched = excluded.touched, came_from = excluded.came_from, seen = "
        "coalesce(excluded.seen, seen)",
        (uid, state["level"], _canonical(state["fields"]), _canonical(state["counts"]),
         _canonical(state["forgotten"]) if state["forgotten"] else None, state.get("project"),
         state["touched"],
         state["came_from"], seen))


def _fingerprint_sql(level):
    """The columns whose values a row's fingerprint covers: what travels, and the recall count."""
    return ("id, uid, origin, device, author, access_count, updated_at, "
            + ", ".join(REPLICA_FIELDS[level]))


def _row_fingerprint(row):
    return sha1_hex(repr(tuple(row)))


def _stamp_of(moment):
    """An ISO time of this device's clock as a stamp (its millisecond, counter 0)."""
    try:
        return "%013d.000000" % max(0, int(parse_time(moment, "time").timestamp() * 1000))
    except (ValidationError, TypeError, ValueError, OverflowError):
        return None


def _change_stamp(row, run_stamp):
    """When a row was last changed here, as a stamp: its latest change time (updated_at,
    edited_at, archived_at: set by every write, with the clock MEMORY_TIERED_NOW injects), so an
    edit made at 09:10 and replicated at 19:00 is stamped 09:10; never later than this run, and
    the run's stamp when the row says nothing (written by hand)."""
    times = [_stamp_of(row[k]) for k in ("updated_at", "edited_at", "archived_at") if row[k]]
    times = [t for t in times if t and t <= run_stamp]
    return max(times) if times else run_stamp


def _after(stamp, have):
    """``stamp``, or just after the agreed one this change replaced (a change made after seeing
    a value wins over it, even one stamped by a clock running ahead)."""
    if have is None or stamp > have[1]:
        return stamp
    millis, counter = stamp_parts(have[1])
    return "%013d.%06d" % ((millis, counter + 1) if counter < 999999 else (millis + 1, 0))


def _forget_state(state, stamp):
    """Make ``state`` a tombstone (``stamp``: [stamp, device]): no text, its project kept so the
    tombstone goes to the folders its record went to."""
    if state["fields"].get("project"):
        state["project"] = state["fields"]["project"][0]
    state.update(fields={}, counts={}, forgotten=stamp)


def _new_state(level, source=None):
    return {"level": level, "fields": {}, "counts": {}, "forgotten": None, "project": None,
            "touched": None,
            "came_from": source}


def _same_value(name, have, value, present):
    """True if the agreed value ``have`` and the local ``value`` say the same; links to records
    this device does not hold (not arrived yet, or forgotten) are not a local change."""
    if name in ("source_ids", "superseded_by", "promoted_to"):
        if isinstance(have, list):
            have = [u for u in have if u in present]
        elif have not in present:
            have = None
    return _canonical(have) == _canonical(value)


def _merge_target(states, uid):
    item = (states.get(uid) or {}).get("fields", {}).get("merged_into")
    return (item[0], tuple(item[1:])) if item and item[0] else (None, None)


def _load_chain(conn, states, uids, hops=8):
    """Read the states a chain of merges from ``uids`` reaches (a few hops)."""
    wanted = set(uids)
    for _ in range(hops):
        _load_states(conn, states, wanted)
        wanted = {t for t in (_merge_target(states, u)[0] for u in wanted) if t and t not in states}
        if not wanted:
            return


def _merged_away(states, uid):
    """True if the record is folded into another by a merge that stands.  Merges that form a
    cycle (two devices merged one pair, or a ring, in opposite directions) keep the record whose
    own merge is the oldest, so one record stays, not none; the same on every device."""
    target, stamp = _merge_target(states, uid)
    if target is None:
        return False
    seen, step = [(stamp, uid)], target
    while step is not None and len(seen) < 64:
        if step == uid:
            return min(seen)[1] != uid  # a cycle: the oldest merge in it does not stand
        next_target, next_stamp = _merge_target(states, step)
        if next_target is None:
            return True
        seen.append((next_stamp, step))
        step = next_target
    return True

def _stamp_local(conn, states, device, author, stamp):
    """Give this run's stamp to every change made here since the last run (by any front end):
    fields that differ from the agreed state, new records, recall counts, and records deleted
    here (a forget or a merge: a tombstone).  Returns the uids of records to forget here (a
    tombstone applied before a kill left them)."""
    to_uid, _ = _uid_map(conn)
    present, forget_here = set(to_uid.values()), []
    seen = {r[0]: (r[1],
                   r[2]) for r in conn.execute("SELECT uid, seen, forgotten IS NOT NULL FROM "
                                               "replica_state")}
    for lv in LEVELS:
        for row in conn.execute("SELECT %s FROM %s" % (_fingerprint_sql(lv), LEVEL_TABLE[lv])):
            uid = row["uid"]
            fingerprint = _row_fingerprint(row)
            if uid in seen and seen[uid] == (fingerprint, 0):
                continue  # unchanged here since the last run
            _load_states(conn, states, [uid])
            state = states.get(uid)
            if state and state["forgotten"]:
                forget_here.append((lv, row["id"]))
                continue
            fresh = state is None
            if fresh:
                state = states[uid] = _new_state(lv)
                once = {"origin": row["origin"] or "cli", "device": row["device"] or device,
                        "author": row["author"] or author}
                state["fields"].update({k: [v, stamp, device] for k, v in once.items()})
            changed, at = fresh, _change_stamp(row, stamp)
            for name, value in replica_values(lv, row, to_uid).items():
                have = state["fields"].get(name)
                if have is None or not _same_value(name, have[0], value, present):
                    state["fields"][name] = [value, _after(at, have), device]
                    changed = True
            others = sum(n for d, n in state["counts"].items() if d != device)
            mine = max(state["counts"].get(device, 0), (row["access_count"] or 0) - others)
            if mine != state["counts"].get(device, 0):
                state["counts"][device] = mine
                changed = True
            if changed:
                state["touched"], state["came_from"] = stamp, None
                _save_state(conn, uid, state, fingerprint)
            else:
                conn.execute("UPDATE replica_state SET seen = ? WHERE uid = ?", (fingerprint, uid))
    # deleted here: a row this device held once (a state still waiting for its text, or one
    # refused by the checks, never had a row, and is no forget)
    deleted = {r[0] for r in conn.execute("SELECT uid FROM replica_deleted")}
    merged = dict(conn.execute("SELECT uid, into_uid FROM replica_merged").fetchall())
    gone = [uid for uid, (print_, forgotten) in seen.items() if not forgotten
            and (uid not in present and print_ is not None or uid in deleted)]
    _load_chain(conn, states, gone + list(merged.values()))
    for uid in gone:
        state = states[uid]
        if uid in merged and uid not in present:  # folded into another record: a merge travels
            state["fields"]["merged_into"] = [merged[uid], stamp, device]
            state.update(touched=stamp, came_from=None)
            _save_state(conn, uid, state)
            continue
        if _merged_away(states, uid):
            continue  # deleted here because another device merged it
        if state["fields"]:
            _forget_state(state, [stamp, device])
            state.update(touched=stamp, came_from=None)
            _save_state(conn, uid, state)
            if uid in present:  # deleted, then brought back before this run: the forget stands
                level = state["level"]
                forget_here += [(level, r[0]) for r in conn.execute(
                    "SELECT id FROM %s WHERE uid = ?" % LEVEL_TABLE[level], (uid,))]
    conn.execute("DELETE FROM replica_deleted WHERE uid IN (SELECT uid FROM replica_state "
                 "WHERE forgotten IS NOT NULL OR fields LIKE '%\"merged\\_into\"%' ESCAPE '\\')")
    conn.execute("DELETE FROM replica_merged")
    return forget_here


def _newer(a, b):
    """True if stamp-and-device ``a`` ([.., stamp, device] or [stamp, device]) wins over ``b``."""
    return b is None or tuple(a[-2:]) > tuple(b[-2:])


@functools.lru_cache(maxsize=1024)
def _plain_device(name):
    """A device name as replica files may carry it: the name pattern, and nothing a secret
    scrubber would redact (a token must not travel disguised as a device name)."""
    return bool(_DEVICE_RE.fullmatch(name)) and scrub(name)[0] == name


def _value_ok(name, value):
    """True if ``value`` has the type field ``name`` holds (what a front end would have stored)."""
    text = lambda v: isinstance(v, str) and len(v) <= MAX_TEXT
    if name in ("summary", "knowledge", "insight", "session_id", "created_at"):
        return text(value)
    if name in ("key_points", "tags"):
        return isinstance(value, list) and len(value) <= MAX_ITEMS and all(text(v) for v in value)
    if name == "source_ids":
        return isinstance(value, list) and len(value) <= MAX_ITEMS and all(
            isinstance(v, str) and UID_RE.fullmatch(v) for v in value)
    if name in ("superseded_by", "promoted_to", "merged_into"):
        return value is None or isinstance(value, str) and bool(UID_RE.fullmatch(value))
    if name == "importance":
        return value is None or isinstance(value, (int, float)) and not isinstance(value, bool) \
            and -1e9 < value < 1e9
    if name == "pinned":
        return isinstance(value, (int, bool)) and value in (0, 1)
    return value is None or isinstance(value, str) and len(value) <= MAX_SHORT


def _clean_value(value):
    """A checked value with every secret scrubbed (before it is kept, and so before it can be
    passed on to another folder); a string that is not valid UTF-8 is refused."""
    if isinstance(value, list):
        return [_clean_value(v) for v in value]
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValidationError("a value is not valid UTF-8")
        return scrub(value.replace("\x00", ""))[0]
    return value


def _check_line(obj):
    """A replica line read from a file: {"uid", "level", "fields"|"forgotten", "counts"} with
    well-formed stamps, device names and values of each field's type (secrets scrubbed);
    anything else raises ValidationError."""
    if not isinstance(obj, dict) or not isinstance(obj.get("uid"), str) \
            or not UID_RE.fullmatch(obj["uid"]) or obj.get("level") not in LEVELS:
        raise ValidationError("not a replica line")

    def good(s):
        return (isinstance(s, list) and len(s) >= 2 and isinstance(s[-2], str)
                and _STAMP_RE.fullmatch(s[-2]) and isinstance(s[-1], str) and _plain_device(s[-1]))

    if obj.get("forgotten") is not None:
        if not good(obj["forgotten"]) or len(obj["forgotten"]) != 2:
            raise ValidationError("a tombstone without a good stamp")
        return {"uid": obj["uid"], "level": obj["level"], "forgotten": list(obj["forgotten"])}
    fields, counts = obj.get("fields", {}), obj.get("counts", {})
    if not isinstance(fields, dict) or not isinstance(counts, dict):
        raise ValidationError("fields and counts must be objects")
    if "set" in obj:  # values written at the line's own stamp ("at"), the others stamped one by one
        if not good(obj.get("at")) or len(obj["at"]) != 2 or not isinstance(obj["set"], dict):
            raise ValidationError("a line's values need its stamp")
        fields = dict({k: [v] + list(obj["at"]) for k, v in obj["set"].items()}, **fields)
    allowed = set(REPLICA_FIELDS[obj["level"]]) | set(REPLICA_ONCE) | {"merged_into"}
    for name, item in fields.items():
        if name not in allowed or not good(item) or len(item) != 3 or not _value_ok(name, item[0]):
            raise ValidationError("field %r is not a stamped value of its type" % name)
    for name, count in counts.items():
        if not _plain_device(str(name)) or not isinstance(count, int) or isinstance(count, bool) \
                or not 0 <= count < 1 << 31:
            raise ValidationError("a recall count must be a whole number per device")
    fields = {name: [_clean_value(item[0])] + list(item[1:]) for name, item in fields.items()}
    return {"uid": obj["uid"], "level": obj["level"], "fields": fields, "counts": counts}


def _merge_line(states, obj, source, teams=None):
    """Fold one checked line into ``states``; True if it told this device something new.
    ``teams``: {team folder: its project}.  A personal folder's line about a record of another
    project than the team folder that first told of it wins over all that folder said (a
    teammate who named a uid that is someone's personal record cannot forget it or take it)."""
    uid = obj["uid"]
    state = states.get(uid)
    teams = teams or {}
    told = (
        state and state["came_from"] in teams and source not in teams
        and obj.get("forgotten") is None)
    if told and (obj["fields"].get("project") or [None])[0] != teams[state["came_from"]]:
        state = None
    if state is None:
        state = states[uid] = _new_state(obj["level"], source)
    if state["level"] != obj["level"]:
        return False  # one uid is one record of one level; a line that says otherwise is ignored
    if obj.get("forgotten") is not None:
        if state["forgotten"] is None or _newer(obj["forgotten"], state["forgotten"]):
            new = state["forgotten"] is None
            _forget_state(state, list(obj["forgotten"]))
            return new
        return False
    if state["forgotten"]:
        return False  # a forgotten record never comes back
    changed = False
    for name, item in obj["fields"].items():
        if _newer(item, state["fields"].get(name)):
            state["fields"][name] = list(item)
            changed = True
    for name, count in obj.get("counts", {}).items():
        if count > state["counts"].get(name, 0):
            state["counts"][name] = count
            changed = True
    return changed


def _team_line(obj, project):
    """A line of a team folder, for this clone: its project is the folder's (written as ".");
    a record of any other project, or of none, does not enter from a team folder."""
    if obj.get("forgotten") is not None:
        return obj
    item = obj["fields"].get("project")
    if not item or item[0] != TEAM_PROJECT:
        raise ValidationError("a team folder holds only its project's records")
    fields = dict(obj["fields"], project=[project] + list(item[1:]))
    if "origin" in fields:  # a teammate's record stays one, on every device it reaches from here
        fields["origin"] = ["team"] + list(fields["origin"][1:])
    return dict(obj, fields=fields)


# What any clone may change of a teammate's record in a team folder (bookkeeping, no words):
# every other change of a record by someone who is not its author is a proposal (`review`).
_TEAM_DIRECT = ("promoted_to", "archived_at")


def _authored_by(state, writer, device):
    """Whether a line's writer (author name, device) is the record's author: the name it was
    written under, or the device that wrote it (an author who renamed themself)."""
    fields = state["fields"]
    author, made_on = (fields.get("author") or [None])[0], (fields.get("device") or [None])[0]
    return (author is None and made_on is None) or writer == author or device == made_on


def _propose(conn, state, obj, folder, writer, device, fields):
    """Keep a teammate's change of another author's record as a proposal (once per change)."""
    kind = "forget" if fields is None else "edit"
    stamp = obj["forgotten"][0] if fields is None else max(item[1] for item in fields.values())
    conn.execute(
        "INSERT OR IGNORE INTO replica_proposals(uid, level, folder, proposer, device, kind, "
        "fields, stamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (obj["uid"], state["level"], folder, writer, device, kind,
         None if fields is None else _canonical(fields), stamp))


def _unknown_record(conn, obj, folder, writer, device):
    """A team line about a record this device has not seen: a forget waits (as a proposal) until
    the record shows whose it is; a new record is its writer's, whatever author it names (and
    forgotten at once when its writer's forget came first)."""
    if obj.get("forgotten") is not None:
        _propose(conn, {"level": obj["level"]}, obj, folder, writer, device, None)
        return None
    by_writer = ("uid = ? AND kind = 'forget' AND status = 'open' AND (proposer = ? OR device = ?)",
                 (obj["uid"], writer, device))
    earlier = conn.execute("SELECT max(stamp) FROM replica_proposals WHERE " + by_writer[0],
                           by_writer[1]).fetchone()[0]
    if earlier:
        conn.execute("DELETE FROM replica_proposals WHERE " + by_writer[0], by_writer[1])
        return {"uid": obj["uid"], "level": obj["level"], "forgotten": [earlier, device]}
    fields = obj.get("fields")
    if fields:
        stamp = fields.get("author") or max(fields.values(), key=lambda item: item[1])
        fields["author"] = [writer] + list(stamp[1:])
    return obj


def _held_as_proposal(conn, states, obj, folder, writer, device):
    """A team folder's line, as far as its writer may change the record: a new record is the
    writer's (whatever author it names); a change of another author's record is kept as a
    proposal, and only recall counts and bookkeeping apply.  None when nothing applies."""
    state = states.get(obj["uid"])
    if state is not None and state["forgotten"]:
        return obj
    if state is None or not state["fields"]:
        return _unknown_record(conn, obj, folder, writer, device)
    if _authored_by(state, writer, device):
        return obj
    if obj.get("forgotten") is not None:
        _propose(conn, state, obj, folder, writer, device, None)
        return None
    proposed = {
        name: item for name, item in obj["fields"].items()
        if name not in _TEAM_DIRECT and name not in REPLICA_ONCE
        and _newer(item, state["fields"].get(name))}
    if proposed:
        _propose(conn, state, obj, folder, writer, device, proposed)
    return dict(obj, fields={k: v for k, v in obj["fields"].items() if k in _TEAM_DIRECT})


def _in_scope(state, project):
    """True if a record belongs in a folder: every record in a personal folder; in a team
    folder, only that project's (a tombstone goes where its record went)."""
    if project is None:
        return True
    if state["forgotten"]:
        return state.get("project") == project
    item = state["fields"].get("project")
    return bool(item) and item[0] == project


def _team_refs_in_scope(conn, states, obj, project):
    """A team line may name (merge into, supersede, promote to, cite) only records of its
    project, or ones this device does not know."""
    fields = obj.get("fields") or {}
    named = [fields[k][0] for k in ("merged_into", "superseded_by", "promoted_to") if k in fields]
    named += list(fields["source_ids"][0]) if "source_ids" in fields else []
    named = [u for u in named if isinstance(u, str)]
    _load_states(conn, states, named)
    for uid in named:
        there = states.get(uid)
        if there and (there["fields"] or there["forgotten"]) and not _in_scope(there, project):
            raise ValidationError("a team line names a record outside its project")


def _replica_files(folder):
    """[(device, name, path)] of every replica file in ``folder`` (conflict copies made by a sync
    service included), in a fixed order."""
    found = []
    devices = os.path.join(folder, "devices")
    try:
        names = sorted(os.listdir(devices))
    except OSError:
        return found
    for device in names:
        place = os.path.join(devices, device)
        if not _DEVICE_RE.fullmatch(device) or os.path.islink(place) or not os.path.isdir(place):
            continue
        for name in sorted(os.listdir(place)):
            path = os.path.join(place, name)
            if (
                name.startswith(".") or ".jsonl" not in name or os.path.islink(path)
                or not os.path.isfile(path)):
                continue
            found.append((device, name, path))
    return found


def _raw_lines(path):
    """The text lines of a replica file (gzip-compressed or plain), read as a stream: a line
    longer than REPLICA_LINE_MAX comes as None."""
    import gzip
    with open_regular(path, REPLICA_FILE_MAX, "replica file") as handle:
        stream = gzip.GzipFile(fileobj=handle, mode="rb") if path.endswith(".gz") else handle
        try:
            while True:
                raw = stream.readline(REPLICA_LINE_MAX + 1)
                if not raw:
                    return
                if len(raw) > REPLICA_LINE_MAX:
                    while raw and not raw.endswith(b"\n"):  # (the rest of that line)
                        raw = stream.readline(REPLICA_LINE_MAX + 1)
                    yield None
                    continue
                yield raw.decode("utf-8", "replace")
        except (OSError, EOFError, ValueError):  # (a file cut short, or not gzip at all)
            yield None


def _read_replica_file(path):
    """(header, checked line objects in batches of REPLICA_BATCH, a count of bad lines so far):
    the header is read first; the batches come as the file is read (bounded memory)."""
    lines = _raw_lines(path)
    first = next(lines, "")
    try:
        header = json.loads(first) if first else None
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != REPLICA_FORMAT:
        return None, iter(()), [1 + sum(1 for line in lines if line is None or line.strip())]
    bad = [0]

    def batches():
        batch = []
        for line in lines:
            if line is None:
                bad[0] += 1
                continue
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):
                bad[0] += 1
                continue
            if isinstance(obj, dict) and isinstance(obj.get("uid"), str):
                batch.append(obj)  # (checked by the reader: see _tells_nothing)
            else:
                bad[0] += 1
            if len(batch) >= REPLICA_BATCH:
                yield batch
                batch = []
        if batch:
            yield batch
    return header, batches(), bad


def check_origin_or(value, default):
    return value if value in ORIGINS else default


def _short_name(value):
    return value[:MAX_SHORT] if isinstance(value, str) and value.strip() else None


def _set_links(conn, links, to_id):
    """Links of records just written (sources, superseded by, promoted to) as local ids, once
    every row of the batch exists; a link to a record this device lacks yet is left out and
    kept waiting (``replica_waiting``) until that record arrives."""
    for level, local, values, uid in links:
        named = [u for name in _REPLICA_REF_LEVEL if name in REPLICA_FIELDS[level]
                 for u in (values.get(name) if name == "source_ids" else [values.get(name)]) or []
                 if isinstance(u, str)]
        conn.execute("DELETE FROM replica_waiting WHERE uid = ?", (uid,))
        for target_uid in named:
            if not any((lv, target_uid) in to_id for lv in LEVELS):
                conn.execute("INSERT OR IGNORE INTO replica_waiting(target, uid) VALUES (?, ?)",
                             (target_uid, uid))
        sets = {}
        for name in _REPLICA_REF_LEVEL:
            if name not in REPLICA_FIELDS[level]:
                continue
            target = _ref_level(level, name)
            if name == "source_ids":
                sets[name] = dump_list([to_id[(target, u)] for u in values.get(name) or []
                                        if isinstance(u, str) and (target, u) in to_id])
            elif values.get(name) != uid:  # (a record never replaces itself)
                sets[name] = (
                    to_id.get((target, values.get(name))) if isinstance(values.get(name), str)
                    else None)
            else:
                sets[name] = None
        row = conn.execute("SELECT %s FROM %s WHERE id = ?" % (", ".join(sets), LEVEL_TABLE[level]),
                           (local,)).fetchone()
        if all(row[name] == value or name == "source_ids" and load_ids(row[name]) == load_ids(value)
               for name, value in sets.items()):
            continue  # (an update would re-index the record for nothing)
        conn.execute("UPDATE %s SET %s WHERE id = ?"
                     % (LEVEL_TABLE[level], ", ".join("%s = ?" % k for k in sets)),
                     list(sets.values()) + [local])


def _agreed_record(level, values, now, partial, team):
    """The checked, scrubbed columns of a record's agreed ``values`` (links and provenance
    aside); raises ValidationError for values no front end would have stored.  Its flag is
    judged here, on every field that reaches an agent: a line never sets its own flag.  A flag
    a person cleared on another of their devices (``flag_cleared``) stays cleared for that
    very reason; from a team folder no clearing is taken."""
    plain = {k: v for k, v in values.items() if k not in _REPLICA_REF_LEVEL
             and k not in REPLICA_ONCE}
    record = check_fields(level, dict(plain, origin=None), now, partial=partial, future_ok=True)
    for name in ("project", "parent_session", "agent", "category"):
        if name in plain and plain[name] is None and name in LEVEL_FIELDS[level] \
                and (level, name) != ("l2", "category"):
            record[name] = None  # (a partial check skips a value set to none)
    record, _ = scrub_record(record)
    record.pop("origin", None)
    for name in ("archived_at", "edited_at"):
        record[name] = values.get(name) if isinstance(values.get(name), str) else None
    record["pinned"] = 1 if values.get("pinned") else 0
    cleared = None if team else values.get("flag_cleared")
    record["flag_cleared"] = cleared if isinstance(cleared, str) else None
    record["flagged"] = judge_flag(record.get(LEVEL_TEXT[level]), record.get("key_points"),
                                   values.get("category"), values.get("tags"),
                                   record["flag_cleared"])
    return record


def _changed_since_stamped(conn, level, local, uid):
    row = conn.execute("SELECT %s FROM %s WHERE id = ?"
                       % (_fingerprint_sql(level), LEVEL_TABLE[level]),
                       (local,)).fetchone()
    was = conn.execute("SELECT seen FROM replica_state WHERE uid = ?", (uid,)).fetchone()
    return bool(was and was[0] and was[0] != _row_fingerprint(row))


def _update_row(conn, level, local, record, values, total, me, stamp):
    """Write the columns of row ``local`` that differ from its agreed ``record``."""
    table = LEVEL_TABLE[level]
    row = conn.execute("SELECT * FROM %s WHERE id = ?" % table, (local,)).fetchone()
    sets = {}
    for name, value in record.items():
        stored = dump_list(value) if name in ("key_points", "tags") else value
        if row[name] != stored:
            sets[name] = stored
    for name in ("device", "author"):  # two devices made it on their own (a promotion): one wins
        value = _short_name(values.get(name))
        value = None if name == "device" and value == me else value
        if value != row[name] and (value or name == "device"):
            sets[name] = value
    if total > (row["access_count"] or 0):
        sets["access_count"] = total
    if sets:
        sets["updated_at"] = stamp
        conn.execute("UPDATE %s SET %s WHERE id = ?" % (table,
                                                        ", ".join("%s = ?" % k for k in sets)),
                     list(sets.values()) + [local])


def _materialise(conn, states, uids, origin_override, me, now):
    """Make the local rows of ``uids`` what their agreed state says: new records are checked,
    scrubbed and flagged like any other input and keep their provenance; changed fields are
    written; links (sources, superseded by, promoted to) are set once every row exists.
    Returns ([(level, id) to forget], rejected count, [(level, id) written], [(level, id)
    merged into another record on another device: to delete here])."""
    to_uid, to_id = _uid_map(conn)
    forget, rejected, written, links, dropped = [], 0, [], [], []
    stamp = iso(now)
    arrived = set(uids)  # (what this folder told: a team folder's judging applies to these only)
    # every record a changed one's merges lead to: a merge there may undo the merge of this one
    into, step = set(), {_merge_target(states, u)[0] for u in uids} - {None}
    while step - into and len(into) < 10000:
        into |= step
        _load_chain(conn, states, step, hops=1)
        step = {_merge_target(states, u)[0] for u in step} - {None}
    uids = set(uids) | {u for u in into if u in states}
    for uid in sorted(uids, key=lambda u: (LEVELS.index(states[u]["level"]), u)):
        state = states[uid]
        level = state["level"]
        local = to_id.get((level, uid))
        if state["forgotten"]:
            if local is not None:
                forget.append((level, local))
            continue
        if _merged_away(states, uid):
            if local is not None:
                dropped.append((level, local))
            continue
        values = {name: item[0] for name, item in state["fields"].items()}
        if LEVEL_TEXT[level] not in values:
            continue  # only a part of the record has arrived: it waits for the rest
        try:
            record = _agreed_record(level, values, now, local is not None,
                                    origin_override == "team" and uid in arrived)
        except ValidationError:
            rejected += 1
            continue
        total = sum(state["counts"].values())
        if local is None:
            made_by = _short_name(values.get("device"))
            record.update(uid=uid,
                          origin=origin_override or check_origin_or(values.get("origin"), "import"),
                          device=None if made_by == me else made_by,
                          author=_short_name(values.get("author")),
                          access_count=total, updated_at=stamp)
            if level != "l1":
                record.setdefault("source_ids", [])
            local = MemoryStore.insert(conn, level, record, now)
            to_id[(level, uid)] = local
            to_uid[(level, local)] = uid
        elif _changed_since_stamped(conn, level, local, uid):
            continue  # another process changed it after this run began: the next run stamps that
        else:
            _update_row(conn, level, local, record, values, total, me, stamp)
        written.append((level, local))
        links.append((level, local, values, uid))
    arrived = [u for u in uids if not states[u]["forgotten"]]
    waiting = {r[0] for r in conn.execute(
        "SELECT uid FROM replica_waiting WHERE target IN (SELECT value FROM json_each(?))",
        (json.dumps(arrived),))} - set(uids)
    _load_states(conn, states, waiting)
    for uid in sorted(waiting):  # records that named one of these before it had arrived
        state = states.get(uid)
        local = to_id.get((state["level"], uid)) if state else None
        if local is not None:
            links.append((state["level"], local, {k: v[0] for k, v in state["fields"].items()},
                          uid))
    _set_links(conn, links, to_id)
    for level, local in written:  # the row now says what the agreed state says: not a change here
        row = conn.execute("SELECT %s FROM %s WHERE id = ?"
                           % (_fingerprint_sql(level), LEVEL_TABLE[level]),
                           (local,)).fetchone()
        conn.execute("UPDATE replica_state SET seen = ? WHERE uid = ?",
                     (_row_fingerprint(row), row["uid"]))
    return forget, rejected, written, dropped


def _team_folders(db):
    """The team folders in use: what they told this device is never passed on to a personal
    folder (a teammate's line, even one naming a uid this device does not know, stays there)."""
    return {
        r[0] for r in db.execute("SELECT folder FROM replica_folders WHERE project IS NOT NULL")}


def _scope_uids(db, project):
    """The uids of a team folder's project (None for a personal folder: every record)."""
    if project is None:
        return None
    return {r[0] for r in db.execute("SELECT uid FROM replica_state WHERE project = ? AND "
                                     "forgotten IS NULL",
                                     (project,))}


def _line(uid, state, team, allowed=None):
    """The replica line of one record's state (a tombstone: no text); in a team folder its
    project is written as ".", and its links name only records of the project (``allowed``)."""
    if state["forgotten"]:
        return _canonical({"uid": uid, "level": state["level"], "forgotten": state["forgotten"]})
    fields = state["fields"]
    if team and "project" in fields:
        fields = dict(fields, project=[TEAM_PROJECT] + list(fields["project"][1:]))
    if allowed is not None:
        fields = dict(fields)
        for name in (set(_REPLICA_REF_LEVEL) | {"merged_into"}) & set(fields):
            value = fields[name][0]
            value = [u for u in value if u in allowed] if isinstance(value, list) else (
                value if value in allowed else None)
            fields[name] = [value] + list(fields[name][1:])
    stamps = collections.Counter(tuple(item[1:]) for item in fields.values())
    common = list(max(stamps, key=lambda s: (stamps[s], s))) if stamps else None
    plain = {k: v[0] for k, v in fields.items() if common and list(v[1:]) == common}
    stamped = {k: v for k, v in fields.items() if k not in plain}
    line = {"uid": uid, "level": state["level"], "counts": state["counts"]}
    if plain:
        line.update(at=common, set=plain)
    if stamped:
        line["fields"] = stamped
    return _canonical(line)


def _write_replica_file(place, name, header, lines):
    """Write one of this device's files (never through a symlink: the folder must lie inside the
    replica folder); a name ending in .gz is written gzip-compressed (its time stamp zero, so the
    same lines make the same bytes)."""
    make_private_dirs(place)
    if os.path.islink(place):
        raise ValidationError("%s is a symlink; this device writes only into a real folder" % place)
    path = os.path.join(place, name)
    text = [_canonical(header)] + list(lines)
    if not name.endswith(".gz"):
        write_atomic_lines(path, text, root=os.path.dirname(os.path.dirname(place)))
        return path
    import gzip
    with atomic_file(path, root=os.path.dirname(os.path.dirname(place))) as (fd, _):
        with os.fdopen(os.dup(fd), "wb") as raw:
            with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as handle:
                for line in text:
                    handle.write((line + "\n").encode("utf-8"))
            raw.flush()
            os.fsync(raw.fileno())
    return path


def _write_chunks(place, stem, header, lines):
    """This device's new lines as compressed files of at most REPLICA_CHUNK_LINES lines each
    (STEM-1.jsonl.gz, STEM-2.jsonl.gz, ...): written once, never rewritten (but to take a
    forgotten record's text out).  Returns their paths."""
    lines = list(lines)
    return [_write_replica_file(place, "%s-%d.jsonl.gz" % (stem, n // REPLICA_CHUNK_LINES + 1),
                                dict(header, part=n // REPLICA_CHUNK_LINES + 1),
                                lines[n:n + REPLICA_CHUNK_LINES])
            for n in range(0, len(lines), REPLICA_CHUNK_LINES)]


def _own_files(folder, device):
    place = os.path.join(folder, "devices", device)
    return place, [(name, path) for dev, name, path in _replica_files(folder) if dev == device]


def _scrub_own(folder, device, header, forgotten):
    """Rewrite this device's files in ``folder`` without any line of a forgotten record but its
    tombstone; conflict copies there are folded into the rewrite.  Returns the files rewritten."""
    place, files = _own_files(folder, device)
    rewritten = []
    for name, path in files:
        try:
            raw = [line for line in _raw_lines(path) if line is not None]
        except (MemoryTieredError, OSError):
            continue
        kept, dropped = [], False
        for line in raw[1:]:
            line = line.rstrip("\n")
            try:
                obj = json.loads(line) if line.strip() else None
            except ValueError:
                obj = None
            if not isinstance(obj, dict):
                continue
            if obj.get("uid") in forgotten and obj.get("forgotten") is None:
                dropped = True
                continue
            kept.append(line)
        if not dropped:
            continue
        _write_replica_file(place, name, header, kept)
        rewritten.append(path)
    return rewritten


def _folder_row(conn, folder, project):
    row = conn.execute("SELECT * FROM replica_folders WHERE folder = ?", (folder,)).fetchone()
    if row is not None and (row["project"] or None) != project:
        raise ValidationError("%s is already replicated %s; a folder is either personal or one "
                              "project's"
                              % (folder,
                                 "for project %s"
                                 % row["project"] if row["project"] else "as a personal folder"))
    if row is None:
        conn.execute("INSERT INTO replica_folders(folder, project) VALUES (?, ?)",
                     (folder, project))
        return {"sent": None, "scrubbed": None}
    return {"sent": row["sent"], "scrubbed": row["scrubbed"]}


def replica_author(db):
    return (
        replica_meta_value(db, "author") or os.environ.get("USER") or os.environ.get("USERNAME")
        or replica_device(db))


def _note_file(conn, folder, key, info):
    """Remember a replica file (``key``: DEVICE/NAME) as read or written at its ``info`` (stat)."""
    conn.execute("INSERT INTO replica_files(folder, name, size, mtime_ns) VALUES (?, ?, ?, ?) ON "
                 "CONFLICT"
                 "(folder, name) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns",
                 (folder, key, info.st_size, info.st_mtime_ns))


def _note_own(conn, folder, device, path):
    _note_file(conn, folder, device + "/" + os.path.basename(path), os.stat(path))


def _tells_nothing(raw, state):
    """Whether an unchecked line holds nothing newer than what this device agreed on already
    (every stamp no newer, every count no higher): a compacted file read again after another
    device folded its own.  Anything odd says False, and the line is checked in full."""
    if state is None or not isinstance(raw, dict):
        return False
    try:
        if raw.get("forgotten") is not None:
            return state["forgotten"] is not None and not _newer(raw["forgotten"],
                                                                 state["forgotten"])
        if state["forgotten"]:
            return True  # (a forgotten record never comes back)
        stamps = [(name, tuple(raw["at"])) for name in (raw.get("set") or {})]
        stamps += [(name, tuple(item[1:])) for name, item in (raw.get("fields") or {}).items()]
        for name, stamp in stamps:
            have = state["fields"].get(name)
            if have is None or len(stamp) != 2 or stamp > tuple(have[1:]):
                return False
        return all(count <= state["counts"].get(device, 0)
                   for device, count in (raw.get("counts") or {}).items())
    except (TypeError, KeyError, AttributeError, ValueError):
        return False


def _batched(conn, states, batches, bad, source, teams):
    """The checked lines of ``batches``, each batch's states read first (a batch at a time); a
    line that tells nothing new is passed over before its (costly) check; a bad one is counted
    in ``bad``."""
    for batch in batches:
        _load_states(conn, states, [obj["uid"] for obj in batch])
        for raw in batch:
            state = states.get(raw["uid"])
            # (a team folder's word on a record a personal folder speaks of: _merge_line decides)
            if not (state and state["came_from"] in teams and source not in teams) and \
                    _tells_nothing(raw, state):
                continue
            try:
                yield _check_line(raw)
            except (ValueError, ValidationError, RecursionError, OverflowError, TypeError):
                bad[0] += 1


def _read_folder(conn, states, folder, project, now):
    """Fold every replica file of ``folder`` not read since it last changed into ``states``.
    Returns (uids told something new, lines rejected, unreadable lines, files read)."""
    known = {r["name"]: (r["size"], r["mtime_ns"]) for r in
             conn.execute("SELECT name, size, mtime_ns FROM replica_files WHERE folder = ?",
                          (folder,))}
    changed, rejected, bad, read, present, ahead = set(), 0, 0, 0, set(), {}
    me, twin = replica_device(conn), None
    teams = (dict(conn.execute("SELECT folder, project FROM replica_folders WHERE project IS NOT "
                               "NULL")))
    newest = ""
    for device, name, path in _replica_files(folder):
        key = device + "/" + name
        present.add(key)
        try:
            info = os.stat(path)
            if known.get(key) == (info.st_size, info.st_mtime_ns):
                continue
            header, batches, unreadable = _read_replica_file(path)
        except (OSError, MemoryTieredError):
            bad += 1
            continue
        read += 1
        if header is None:
            bad += unreadable[0]
            continue
        if device == me:  # a file under this device's name it never wrote: a copy of this database
            twin = key
        horizon = "%013d.999999" % (now.timestamp() * 1000 + REPLICA_CLOCK_AHEAD_MS)
        for obj in _batched(conn, states, batches, unreadable, folder, teams):
            stamps = (
                [obj["forgotten"][0]] if obj.get("forgotten")
                else [v[1] for v in obj["fields"].values()])
            if max(stamps, default="") > horizon:  # applied, never adopted; its device reported
                by = str(header.get("device") or device)
                ahead[by] = max(ahead.get(by, 0), stamp_parts(max(stamps))[0]
                                - int(now.timestamp() * 1000))
                stamps = [t for t in stamps if t <= horizon]
            try:
                if project is not None:
                    obj = _team_line(obj, project)
                    here = states.get(obj["uid"])
                    if (
                        here and (here["fields"] or here["forgotten"])
                        and not _in_scope(here, project)):
                        raise ValidationError("a team folder speaks only of its project's records")
                    _team_refs_in_scope(conn, states, obj, project)
                    obj = _held_as_proposal(conn, states, obj, folder,
                                            str(header.get("author") or device), device)
            except ValidationError:
                rejected += 1
                continue
            if obj is None:
                continue
            if _merge_line(states, obj, folder, teams):
                changed.add(obj["uid"])
                if obj.get("forgotten") is not None and project is not None:
                    states[obj["uid"]]["project"] = project
            newest = max([newest] + stamps)
        bad += unreadable[0]
        _note_file(conn, folder, key, info)
    for key in set(known) - present:
        conn.execute("DELETE FROM replica_files WHERE folder = ? AND name = ?", (folder, key))
    if newest:
        _hlc_seen(conn, newest, now)
    if twin:
        set_replica_meta(conn, "twin", json.dumps({"file": twin, "folder": folder,
                                                   "seen": iso(now)}))
    if ahead:  # what replicate --status reports: which device, how far ahead, seen when
        seen = json.loads(replica_meta_value(conn, "ahead") or "{}")
        seen.update({d: {"ms": ms, "seen": iso(now)} for d, ms in ahead.items()})
        set_replica_meta(conn, "ahead", json.dumps(seen, sort_keys=True))
    return changed, rejected, bad, read


def _compact(db, folder, device, header, project, stamp):
    """Fold this device's files in ``folder`` (and conflict copies there) into one snapshot of
    everything it knows that belongs there; returns the number of files it replaced."""
    place, files = _own_files(folder, device)
    # what this device wrote (a field of it, or its forget), as every device agrees on it now:
    # never the whole memory, so the folder holds each change about once whatever the devices
    allowed = _scope_uids(db, project)
    teams = _team_folders(db) if project is None else set()
    lines = []
    for uid, state in sorted(_state_rows(db).items()):
        if not (_in_scope(state, project) and (state["fields"] or state["forgotten"])
                and state["came_from"] not in teams):
            continue
        mine = (state["forgotten"] or [None, None])[-1] == device or any(
            item[-1] == device for item in state["fields"].values()) or state["counts"].get(
                device)
        if mine:
            lines.append(_line(uid, state, project is not None, allowed))
    paths = _write_chunks(place, "compact-%s" % stamp, dict(header, compacted=True), lines)
    with db.atomic() as conn:
        for path in paths:
            _note_own(conn, folder, device, path)
        for name, old in files:
            if old not in paths:
                with contextlib.suppress(OSError):
                    os.unlink(old)
                conn.execute("DELETE FROM replica_files WHERE folder = ? AND name = ?",
                             (folder, device + "/" + name))
    return len([1 for _, old in files if old not in paths])


def _forget_applied(db, targets, now):
    """Forget what tombstones name, with every copy (backups included).  The list is kept until
    the backups are purged too, so a kill in between is finished by the next run."""
    pending = [tuple(t) for t in json.loads(replica_meta_value(db, "purge") or "[]")]
    if targets:
        with db.atomic() as conn:
            set_replica_meta(conn, "purge", json.dumps(sorted(set(pending) | set(targets))))
        done = forget_memories(db, targets=targets, purge_backups=True, now=now)
    if pending:
        after_forget(db, True, pending, False)
    if targets or pending:
        with db.atomic() as conn:
            conn.execute("DELETE FROM replica_meta WHERE key = 'purge'")
    return done if targets else None


def _check_folder(folder):
    """The replica folder as an absolute path, or ValidationError: a file, a folder whose parent
    is missing (a drive not mounted), or a symlink."""
    folder = os.path.abspath(os.path.expanduser(folder))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValidationError("replica folder %s is a file, not a folder" % folder)
    if not os.path.isdir(folder) and not os.path.isdir(os.path.dirname(folder)):
        raise ValidationError("replica folder %s does not exist, nor does the folder above it (not "
                              "mounted? moved?); create it, or `replicate --leave --dir %s`"
                              % (folder, folder))
    for part in (folder, os.path.join(folder, "devices")):
        if os.path.islink(part):
            raise ValidationError("replica folder %s is a symlink; give the real path (nothing is "
                                  "written through a link)" % part)
    return folder


def _scrub_folder(db, folder, device, header):
    """Rewrite this device's files in ``folder`` without the text of every record forgotten
    since they were last cleaned; returns the files rewritten."""
    with db.atomic() as conn:
        since = conn.execute("SELECT scrubbed FROM replica_folders WHERE folder = ?",
                             (folder,)).fetchone()[0] or ""
        gone = {r[0] for r in conn.execute("SELECT uid FROM replica_state WHERE forgotten IS NOT "
                                           "NULL AND coalesce(touched, '') > ?", (since,))}
        newest = conn.execute(
            "SELECT max(touched) FROM replica_state WHERE forgotten IS NOT NULL").fetchone()[0]
    scrubbed = _scrub_own(folder, device, header, gone) if gone else []
    with db.atomic() as conn:
        conn.execute("UPDATE replica_folders SET scrubbed = ? WHERE folder = ?",
                     (max(newest or "", since) or None, folder))
        for path in scrubbed:
            _note_own(conn, folder, device, path)
    return scrubbed


def _replicate_folder(db, folder, project, compact, now):
    """One run of replicate_folder, under its lock: stamp what changed here, write it, read and
    apply the others', forget and drop what they say, clean and compact this device's files."""
    now = now or now_utc()
    folder = _check_folder(folder)
    device, author = replica_device(db), replica_author(db)
    team = project is not None
    with db.atomic() as conn:
        place = _folder_row(conn, folder, project)
        states = {}  # read as needed: a run with nothing new reads no state
        stamp = hlc_tick(conn, now)
        forget = _stamp_local(conn, states, device, author, stamp)
        if place["sent"] and not _own_files(folder, device)[1]:
            # this device's files there are gone (deleted, not synced back): all again
            compact = True
        outgoing = _state_rows(conn,
                               "touched IS NOT NULL AND touched > ? AND coalesce(came_from, '') != "
                               "?",
                               (place["sent"] or "", folder))
    header = {"format": REPLICA_FORMAT, "version": 1, "device": device, "author": author,
              "project": TEAM_PROJECT if team else None}
    allowed, teams = _scope_uids(db, project), set() if team else _team_folders(db)
    lines = [
        _line(uid, s, team, allowed) for uid, s in sorted(outgoing.items())
        if _in_scope(s, project) and (s["fields"] or s["forgotten"]) and s["came_from"] not in teams
    ]
    proposed = sum(1 for uid, s in outgoing.items() if team and s["fields"] and _in_scope(
        s, project) and not _authored_by(s, author, device))
    paths = _write_chunks(os.path.join(folder, "devices", device), "changes-%s" % stamp,
                          dict(header, stamp=stamp), lines)
    with db.atomic() as conn:
        for path in paths:
            _note_own(conn, folder, device, path)
        conn.execute("UPDATE replica_folders SET sent = ? WHERE folder = ?", (stamp, folder))
        changed, rejected, bad, read = _read_folder(conn, states, folder, project, now)
        if changed:
            tick = hlc_tick(conn, now)
            for uid in changed:
                states[uid].update(touched=tick, came_from=folder)
                _save_state(conn, uid, states[uid])
        more, refused, written, dropped = _materialise(
            conn, states, changed, "team" if team else None, device, now)
    for level, local in dropped:  # (its links moved to the kept record where the merge was made)
        with contextlib.suppress(NotFoundError):
            MemoryStore(db).forget(level, local, now, final=False)
    done = _forget_applied(db, sorted(set(forget + more)), now)
    scrubbed = _scrub_folder(db, folder, device, header)
    files = _own_files(folder, device)[1]
    conflicts = [name for name, _ in files if _CONFLICT_COPY_RE.search(name)]
    compacted = 0
    # (a team folder in git is only ever added to: folding its files deletes tracked ones, so
    # only `replicate --compact` folds there)
    if compact or not team and (len(files) > REPLICA_COMPACT_FILES or conflicts):
        compacted = _compact(db, folder, device, header, project, stamp)
    embed_quietly(db, written)
    return {"folder": folder, "device": device, "project": project, "sent": len(lines),
            "proposed": proposed,
            "applied": len(changed), "written": len(written),
            "forgotten": len(done["forgotten"]) if done else 0, "rejected": rejected + refused,
            "unreadable": bad, "files_read": read, "scrubbed": len(scrubbed),
            "compacted": compacted,
            "conflict_copies": len(conflicts)}

def replicate_folder(db, *, folder, project=None, compact=False, now=None):
    """Keep this device's memory in step with the others that use ``folder`` (with ``project``,
    a team folder: only that project's records, teammates' arriving with origin team).  Writes
    this device's changes, applies everyone's, forgets what a tombstone names (with every copy,
    backups included), rewrites this device's files without forgotten text, and compacts them.
    One run at a time per database (a lock file next to it); safe to interrupt at any point and
    to run again.  Returns what it did."""
    lock = JobLock(db.path + ".replica.lock")
    if not lock.acquire(wait=60):
        raise MemoryTieredError("another replicate of %s has been running for a minute; try again "
                                "when it ends" % db.path)
    try:
        # a run of ours killed mid-write left its temp file (a full copy) in the shared folder:
        # this device's folder is written only under this lock, so any there is such a leftover
        remove_stale_temp_files([os.path.join(os.path.abspath(os.path.expanduser(folder)),
                                              "devices", replica_device(db))], older_than=0)
        return _replicate_folder(db, folder, project, compact, now)
    finally:
        lock.release()


def memory_digest(db):
    """A hash of the memory as every device must agree on it (the fields that travel, recall
    counts, flags and provenance; not local ids or strength): equal on two devices that have
    replicated the same folder after each has run since the other's last change."""
    import hashlib
    to_uid, _ = _uid_map(db)
    me = replica_device(db)
    lines = []
    for lv in LEVELS:
        for row in db.execute("SELECT * FROM %s" % LEVEL_TABLE[lv]):
            lines.append(_canonical([row["uid"], lv, replica_values(lv, row, to_uid),
                                     row["access_count"] or 0,
                                     row["flagged"] or None, row["device"] or me]))
    lines += sorted("forgotten " + r[0] for r in db.execute("SELECT uid FROM replica_state WHERE "
                                                            "forgotten IS NOT NULL"))
    digest = hashlib.sha256()
    for line in sorted(lines):
        digest.update(line.encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()


def replica_status(db, folder=None):
    """This device, the folders it replicates and, per folder, each device's files there."""
    rows = [dict(r) for r in db.execute("SELECT folder, project, sent FROM replica_folders ORDER "
                                        "BY folder")]
    if folder:
        folder = os.path.abspath(os.path.expanduser(folder))
        rows = [r for r in rows if r["folder"] == folder] or [
            {"folder": folder, "project": None, "sent": None}]
    for row in rows:
        devices = {}
        for device, name, path in _replica_files(row["folder"]):
            entry = devices.setdefault(device, {"device": device, "files": 0, "bytes": 0,
                                                "conflict_copies": 0})
            entry["files"] += 1
            with contextlib.suppress(OSError):
                entry["bytes"] += os.path.getsize(path)
            entry["conflict_copies"] += bool(_CONFLICT_COPY_RE.search(name))
        row["devices"] = sorted(devices.values(), key=lambda d: d["device"])
    tombstones = db.execute(
        "SELECT count(*) FROM replica_state WHERE forgotten IS NOT NULL").fetchone()[0]
    ahead = json.loads(replica_meta_value(db, "ahead") or "{}")
    twin = json.loads(replica_meta_value(db, "twin") or "null")
    return {"device": replica_device(db), "author": replica_author(db), "folders": rows,
            "tombstones": tombstones, "digest": memory_digest(db),
            "clocks_ahead": [{"device": d, "ahead_s": round(v["ms"] / 1000.0), "seen": v["seen"]}
                             for d, v in sorted(ahead.items())],
            "same_name": twin}


def settle_proposal(conn, uid, names, stamp, now, reassert):
    """After the author decides a proposal that changed ``names`` of ``uid`` at ``stamp``: this
    device's next change of those fields is stamped after the proposal, so the decision wins on
    every device, the proposer's own included.  ``reassert`` (a rejection): the record's values
    as they are go out again now."""
    states = {}
    _load_states(conn, states, [uid])
    state = states.get(uid)
    if not state or state["forgotten"]:
        return
    device = replica_meta_value(conn, "device")
    _hlc_seen(conn, stamp, now)
    tick = hlc_tick(conn, now)
    for name in names:
        have = state["fields"].get(name)
        if have is not None and reassert:
            state["fields"][name] = [have[0], _after(tick, [None, stamp]), device]
        elif have is not None and have[1] < stamp:
            state["fields"][name] = [have[0], stamp] + list(have[2:])
    if reassert:
        state.update(touched=tick, came_from=None)
    _save_state(conn, uid, state)


# (open proposals about records this device's person wrote: SQL of replica_proposals p joined to
# replica_state s, bound to (author, device))
MINE_SQL = ("(json_extract(s.fields, '$.author[0]') = ? OR json_extract(s.fields, '$.device[0]') "
            "= ?)")


def replication_reach(db):
    """(the folders this database replicates through, the other devices seen writing there)."""
    folders = [r[0] for r in db.execute("SELECT folder FROM replica_folders ORDER BY folder")]
    me = replica_meta_value(db, "device")
    devices = {r[0].split("/", 1)[0] for r in db.execute("SELECT name FROM replica_files")} - {me}
    return folders, sorted(devices)


def others_team_record(db, level, record_id):
    """The author of a record of a team folder's project who is not this device's person (a
    change of it goes to them as a proposal), or None."""
    row = db.execute("SELECT author, device, project FROM %s WHERE id = ?" % LEVEL_TABLE[level],
                     (record_id,)).fetchone()
    if row is None or not row["project"] or not db.execute(
            "SELECT 1 FROM replica_folders WHERE project = ?", (row["project"],)).fetchone():
        return None
    mine = row["author"] in (None, replica_author(db)) or row["device"] == replica_device(db)
    return None if mine else row["author"]


def proposals_waiting(db):
    """How many proposals from teammates wait for this device's person to decide."""
    return db.execute(
        "SELECT count(*) FROM replica_proposals p JOIN replica_state s ON s.uid = p.uid WHERE "
        "p.status = 'open' AND s.forgotten IS NULL AND " + MINE_SQL,
        (replica_author(db), replica_device(db))).fetchone()[0]


def replicate_summary_lines(done):
    lines = []
    for run in done:
        if "error" in run:
            lines.append("%s: failed: %s" % (run["folder"], run["error"]))
            continue
        lines.append("%s%s: sent %s, applied %s from other devices (%d new or changed here), "
                     "forgot %d%s%s%s" % (
            run["folder"], " (team: %s)" % project_label(run["project"]) if run["project"] else "",
            plural(run["sent"], "record"), plural(run["applied"],
                                                  "record"), run["written"], run["forgotten"],
            ", rejected %d" % run["rejected"] if run["rejected"] else "",
            ", %d unreadable line(s)" % run["unreadable"] if run["unreadable"] else "",
            ", compacted %s" % plural(run["compacted"], "file") if run["compacted"] else ""))
        if run.get("proposed"):
            lines.append("  %s to teammates' records went as proposals: their authors decide"
                         % plural(run["proposed"], "change"))
    return lines


def shared_vault_device(db):
    """This device's name where a vault several devices write needs it (report notes), else None."""
    return replica_device(db) if read_config(db)["vault_shared"] else None


def daily_report(db, *, vault, push=True, now=None):
    """(An operation, here since a shared vault names each device's report note.)  Today's
    report: built, saved in the vault's report folder (one note per device in a
    shared vault) and, with ``push``, sent to the configured webhooks.  Returns the report data
    with ``text``, ``saved_to`` and ``outcomes`` [(webhook, ok, detail)]."""
    data = build_report(db, now or now_utc())
    text = report_markdown(data)
    data["saved_to"] = save_report(vault, data, text, shared_vault_device(db)) if vault else None
    outcomes = push_report("记忆日报 %s" % data["date"], text) if push else []
    return dict(data, text=text, outcomes=outcomes)


def replicate_configured(db, now=None, compact=False):
    """Replicate the configured folder (`config replica_dir`) and every team folder in use;
    [] when there is none.  A folder that fails is reported ({"folder", "error"}) and the
    others still run.  For `replicate` without --dir, the hooks and the scheduled job."""
    done = []
    folders = [(r["folder"], r["project"])
               for r in db.execute("SELECT folder, project FROM replica_folders")]
    configured = read_config(db).get("replica_dir")
    if configured:
        configured = os.path.abspath(os.path.expanduser(configured))
        if configured not in [f for f, _ in folders]:
            folders.insert(0, (configured, None))
    for folder, project in folders:
        if project is None and folder != configured:
            continue  # a personal folder no longer configured is left alone
        try:
            done.append(replicate_folder(db, folder=folder, project=project, compact=compact,
                                         now=now))
        except (MemoryTieredError, OSError, sqlite3.Error) as exc:
            done.append({"folder": folder, "project": project, "error": str(exc)})
    return done


def set_replica_names(db, *, device=None, author=None):
    """Name this device in replica folders, or its author on what it shares with a team.  A
    device that has written to a folder keeps its name: its files there carry it."""
    if device is not None and not _DEVICE_RE.fullmatch(device):
        raise ValidationError("--device takes letters, digits, '.', '_' and '-' (at most 64), "
                              "starting with a letter or digit (got %r)" % device)
    current = replica_meta_value(db, "device")
    if device is not None and current and device != current and db.execute(
            "SELECT 1 FROM replica_folders WHERE sent IS NOT NULL").fetchone():
        raise ValidationError("this device already replicates as %s (its files carry that name); "
                              "it keeps it" % current)
    names = {"device": device,
             "author": None if author is None else check_text(author, "--author", MAX_SHORT)}
    with db.atomic() as conn:
        for key, value in names.items():
            if value is not None:
                set_replica_meta(conn, key, value)
    return {k: v for k, v in names.items() if v is not None}


def rename_device(db, *, name):
    """Give this database a new device name (a copied database, or two machines that chose one
    name): its next run writes under the new name, a whole snapshot there; its files under the
    old name stay for the devices that read them.  Returns (old, new)."""
    if not _DEVICE_RE.fullmatch(name or "") or not _plain_device(name):
        raise ValidationError("--rename takes letters, digits, '.', '_' and '-' (at most 64), "
                              "starting with a letter or digit (got %r)" % name)
    old = replica_device(db)
    if name == old:
        raise ValidationError("this device is already called %s" % name)
    for folder in [r[0] for r in db.execute("SELECT folder FROM replica_folders")]:
        if os.path.isdir(os.path.join(folder, "devices", name)):
            raise ValidationError("%s already holds files of a device called %s; choose another "
                                  "name" % (folder, name))
    with db.atomic() as conn:
        set_replica_meta(conn, "device", name)
        conn.execute("DELETE FROM replica_meta WHERE key = 'twin'")
    return old, name


def leave_folder(db, *, folder):
    """Stop replicating ``folder`` (the hooks and the job no longer visit it); this device's
    files there stay, for the devices that read them."""
    folder = os.path.abspath(os.path.expanduser(folder))
    with db.atomic() as conn:
        gone = conn.execute("DELETE FROM replica_folders WHERE folder = ?", (folder,)).rowcount
        conn.execute("DELETE FROM replica_files WHERE folder = ?", (folder,))
        conn.execute("DELETE FROM replica_proposals WHERE folder = ?", (folder,))
    if not gone:
        raise NotFoundError("%s is not a folder this database replicates; `replicate --status` "
                            "lists them" % folder)
    return folder
