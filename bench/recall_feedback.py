#!/usr/bin/env python3
"""Does the gate learn from one person's verdicts?  A simulated month on a store written blind.

Data: bench/data/blind/store-month (see its meta.json): a month of one bilingual person's
prompts, each with its own moment, the memories it needs and the ones that would only distract,
written by an outside author from the README alone; a third of the needs come back in new
words later in the month.

The month is replayed as the prompt hook answers it (touch=True: recall marks and the recall
log as in use; one session a day).  In the first half, a simulated person judges one injection
in five: each memory shown that the prompt did not need is marked irrelevant, each needed one
not shown missing, each needed one shown relevant (`feedback`).  At mid-month the gate is
refitted on those verdicts (`feedback --refit`: used only when better on the newest quarter of
them, held back).  The second half is then replayed twice from the same mid-month database:
with the weights the refit left in use, and with the shipped weights; each prints

- need: share of needed memories injected (recall)
- precision: share of injected memories that were needed
- silent: prompts that need nothing with nothing injected

and whether the refit was used.  Figures of one run; the store was never tuned on.

Usage: python3 bench/recall_feedback.py [--every 5] [--store store-month]
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402
from injection_blind import _INJECTED, build_store, project_keys, read  # noqa: E402


def replay(path, prompts, ids, keys, meta, judge_every=0):
    """Answer ``prompts`` in order on the database at ``path``; with ``judge_every``, the person
    judges one injection in that many.  Returns [(prompt, injected memory ids)]."""
    db = memory_tiered.MemoryDB(path)
    out, judged = [], 0
    try:
        for p in prompts:
            moment = p.get("now") or meta["now"]
            now = memory_tiered.parse_time(moment)
            os.environ["MEMORY_TIERED_TZ"] = moment[-6:]
            project = keys.get(p.get("project")) if p.get("project") else None
            session = "day-" + moment[:10]
            text = memory_tiered.build_context(db, p["text"], budget=800, project=project,
                                               now=now, core=False, touch=True,
                                               session_id=session, way="hook")
            got = [(lv.lower(), int(rid)) for lv, rid in _INJECTED.findall(text)]
            named = [ids.get((lv.upper(), rid), "?") for lv, rid in got]
            out.append((p, named))
            if not judge_every or not (got or p["needs"]):
                continue
            judged += 1
            if judged % judge_every:
                continue
            back = {v: k for k, v in ids.items()}
            verdicts = [("irrelevant" if m not in p["needs"] else "relevant", lv, rid)
                        for (lv, rid), m in zip(got, named)]
            verdicts += [("missing", back[m][0].lower(), back[m][1]) for m in p["needs"]
                         if m not in named and m in back]
            if verdicts:
                try:
                    memory_tiered.record_feedback(db, verdicts=verdicts, session_id=session,
                                                  now=now)
                except memory_tiered.ValidationError:
                    pass  # (nothing of this session was logged: the gate judged nothing)
    finally:
        os.environ.pop("MEMORY_TIERED_TZ", None)
        db.close()
    return out


def figures(results):
    need = hit = shown = good = quiet = total_quiet = 0
    for p, named in results:
        if p["needs"]:
            need += len(p["needs"])
            hit += len(set(p["needs"]) & set(named))
            shown += len(named)
            good += len([m for m in named if m in p["needs"]])
        else:
            total_quiet += 1
            quiet += not named
    return {"need": hit / float(need or 1), "precision": good / float(shown or 1),
            "silent": quiet / float(total_quiet or 1), "prompts": len(results)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", default="store-month")
    parser.add_argument("--every", type=int, default=5, help="the person judges one in N")
    args = parser.parse_args()
    meta = read(args.store, "meta.json")
    memories, prompts = read(args.store, "memories.jsonl"), read(args.store, "prompts.jsonl")
    prompts.sort(key=lambda p: p["now"])
    keys = project_keys(meta)
    middle = prompts[len(prompts) // 2]["now"][:10]
    first = [p for p in prompts if p["now"][:10] < middle]
    second = [p for p in prompts if p["now"][:10] >= middle]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "memory.db")
        ids = build_store(path, memories, keys)
        before = figures(replay(path, first, ids, keys, meta, judge_every=args.every))
        db = memory_tiered.MemoryDB(path)
        try:
            verdicts = db.execute("SELECT count(*), count(features) FROM recall_feedback"
                                  ).fetchone()
            refit = memory_tiered.refit_gate(db, now=memory_tiered.parse_time(
                first[-1]["now"]))
        finally:
            db.close()
        shipped = os.path.join(tmp, "shipped.db")
        shutil.copy(path, shipped)
        conn = memory_tiered.MemoryDB(shipped)
        with conn.atomic() as c:
            c.execute("UPDATE gate_weights SET in_use = 0")
        conn.close()
        after = figures(replay(path, second, ids, keys, meta))
        plain = figures(replay(shipped, second, ids, keys, meta))
    print("store: %s (%d memories, %d prompts; the person judges one injection in %d in the "
          "first half, up to %s)" % (args.store, len(memories), len(prompts), args.every, middle))
    print("verdicts given: %d (%d with the gate's evidence)" % tuple(verdicts))
    print("refit: %s" % json.dumps(refit, sort_keys=True))
    print("| half | weights | need | precision | silent | prompts |")
    print("|---|---|---|---|---|---|")
    print("| first (judged) | shipped | %.2f | %.2f | %.2f | %d |" % (
        before["need"], before["precision"], before["silent"], before["prompts"]))
    for label, row in (("shipped", plain), ("in use after the refit", after)):
        print("| second | %s | %.2f | %.2f | %.2f | %d |" % (
            label, row["need"], row["precision"], row["silent"], row["prompts"]))


if __name__ == "__main__":
    main()
