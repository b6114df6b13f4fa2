"""What a teammate proposed for a record of another author in a team folder: listed for the
author in `review --proposals`, accepted (made here as the author's own change, so it reaches
every clone) or rejected (the author's values go out again).  A decided proposal keeps who,
what kind and when, never the proposed words.

Uses: base, text, replication, operations.
"""

import json

from .base import iso, LEVEL_TABLE, LEVEL_TEXT, NotFoundError, now_utc, ValidationError
from .text import plural
from .replication import MINE_SQL, replica_author, replica_device, settle_proposal
from .operations import (
    edit_memory, forget_memories, merge_memories, pin_memory, supersede_memory)

# what a proposal's fields say that a person reads (the rest is recomputed here: flags, times)
_PROPOSAL_SHOWN = ("summary", "knowledge", "insight", "category", "key_points", "tags", "importance",
          "pinned", "superseded_by", "merged_into", "source_ids")
_PROPOSAL_EDITED = {"key_points", "tags", "importance", "category"}  # (with the text: edit_memory's own)


def _local_of(db, level, uid):
    """(local id, text) of the record ``uid`` of ``level`` here, or (None, None)."""
    row = db.execute("SELECT id, %s FROM %s WHERE uid = ?" % (LEVEL_TEXT[level], LEVEL_TABLE[level]),
                     (uid,)).fetchone()
    return (row[0], row[1]) if row else (None, None)


def _local_name(db, uid):
    """A uid a proposal names, as LEVEL #ID here (or the uid when it has not arrived)."""
    for level, table in LEVEL_TABLE.items():
        row = db.execute("SELECT id FROM %s WHERE uid = ?" % table, (uid,)).fetchone()
        if row:
            return "%s #%d" % (level.upper(), row[0])
    return uid


def _proposal_entry(db, row):
    record_id, text = _local_of(db, row["level"], row["uid"])
    fields = json.loads(row["fields"]) if row["fields"] else {}
    changes = {}
    for name in _PROPOSAL_SHOWN:
        if name in fields:
            value = fields[name][0]
            if name in ("superseded_by", "merged_into") and value:
                value = _local_name(db, value)
            elif name == "source_ids":
                value = [_local_name(db, u) for u in value]
            changes[name] = value
    return {"id": row["id"], "kind": row["kind"], "status": row["status"],
            "proposer": row["proposer"], "device": row["device"], "folder": row["folder"],
            "decided_at": row["decided_at"],
            "record": {"level": row["level"], "id": record_id, "text": text},
            "changes": changes}


def list_proposals(db, *, every=False):
    """The proposals about records this device's person wrote: the open ones (``every``: the
    decided ones too), oldest first."""
    rows = db.execute(
        "SELECT p.* FROM replica_proposals p JOIN replica_state s ON s.uid = p.uid WHERE "
        + MINE_SQL + ("" if every else " AND p.status = 'open' AND s.forgotten IS NULL")
        + " ORDER BY p.id", (replica_author(db), replica_device(db))).fetchall()
    return [_proposal_entry(db, row) for row in rows]


def _open_proposal(db, proposal_id):
    row = db.execute("SELECT * FROM replica_proposals WHERE id = ?", (proposal_id,)).fetchone()
    if row is None:
        raise NotFoundError("no proposal #%d; `review --proposals` lists them" % proposal_id)
    if row["status"] != "open":
        raise ValidationError("proposal #%d was %s on %s already"
                              % (proposal_id, row["status"], (row["decided_at"] or "?")[:10]))
    mine = db.execute("SELECT 1 FROM replica_state s WHERE s.uid = ? AND " + MINE_SQL,
                      (row["uid"], replica_author(db), replica_device(db))).fetchone()
    if not mine:
        raise ValidationError("proposal #%d is about a record %s did not write: only its author "
                              "decides" % (proposal_id, replica_author(db)))
    record_id, _ = _local_of(db, row["level"], row["uid"])
    if record_id is None:
        raise NotFoundError("the record of proposal #%d is no longer here" % proposal_id)
    return row, record_id


def _mark_decided(db, row, status, now):
    with db.atomic() as conn:
        conn.execute("UPDATE replica_proposals SET status = ?, fields = NULL, decided_at = ? "
                     "WHERE id = ?", (status, iso(now), row["id"]))


def _apply_edit(db, level, record_id, fields, now):
    """Make a proposed edit here, as this device's own change."""
    changes = {name: fields[name][0] for name in _PROPOSAL_EDITED if name in fields}
    if LEVEL_TEXT[level] in fields:
        changes["text"] = fields[LEVEL_TEXT[level]][0]
    if changes:
        edit_memory(db, level=level, record_id=record_id, changes=changes, by="cli", now=now)
    if "pinned" in fields:
        pin_memory(db, level=level, record_id=record_id, pinned=bool(fields["pinned"][0]), now=now)
    for name in ("superseded_by", "merged_into"):
        target = fields.get(name, [None])[0]
        other, _ = _local_of(db, level, target) if target else (None, None)
        if other is not None and name == "superseded_by":
            supersede_memory(db, level=level, old_id=record_id, new_id=other, now=now)
        elif other is not None:
            merge_memories(db, level=level, keep_id=other, drop_id=record_id, now=now)


def accept_proposal(db, *, proposal_id, now=None):
    """Make proposal ``proposal_id`` this author's own change (an edit, or a forget with every
    copy); it reaches every clone at the next `replicate`.  Returns its entry as decided."""
    now = now or now_utc()
    row, record_id = _open_proposal(db, proposal_id)
    entry = _proposal_entry(db, row)
    if row["kind"] == "forget":
        forget_memories(db, targets=[(row["level"], record_id)], now=now)
    else:
        fields = json.loads(row["fields"])
        with db.atomic() as conn:
            settle_proposal(conn, row["uid"], list(fields), row["stamp"], now, reassert=False)
        _apply_edit(db, row["level"], record_id, fields, now)
    if db.execute("SELECT 1 FROM replica_proposals WHERE id = ?", (row["id"],)).fetchone():
        _mark_decided(db, row, "accepted", now)
    return dict(entry, status="accepted", changes={})


def reject_proposal(db, *, proposal_id, now=None):
    """Keep the record as it is; its values go out again at the next `replicate`, so the
    proposer's own copy follows the author's.  Returns its entry as decided."""
    now = now or now_utc()
    row, _ = _open_proposal(db, proposal_id)
    entry = _proposal_entry(db, row)
    names = list(json.loads(row["fields"])) if row["fields"] else []
    with db.atomic() as conn:
        settle_proposal(conn, row["uid"], names, row["stamp"], now, reassert=True)
    _mark_decided(db, row, "rejected", now)
    return dict(entry, status="rejected", changes={})


def proposal_lines(found):
    """One line per proposal, for `review --proposals`."""
    lines = []
    for p in found:
        record = "%s #%s" % (p["record"]["level"].upper(), p["record"]["id"] or "?")
        what = ("forget " + record if p["kind"] == "forget" else "edit %s: %s" % (record, "; ".join(
            "%s = %s" % (k, v if not isinstance(v, list) else ", ".join(map(str, v)))
            for k, v in p["changes"].items())))
        state = "" if p["status"] == "open" else " [%s %s]" % (p["status"],
                                                              (p["decided_at"] or "")[:10])
        lines.append("proposal #%d by %s (%s): %s%s" % (p["id"], p["proposer"], p["device"], what,
                                                        state))
    return lines


def proposals_note(count):
    return "%s from teammates wait for you (`review --proposals`; --accept N / --reject N)" % (
        plural(count, "proposal"))
