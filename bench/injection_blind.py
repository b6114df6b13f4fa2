#!/usr/bin/env python3
"""What the prompt hook injects on stores written by people who never saw the code.

Data (bench/data/blind/, see SPEC.md there): each store is one team's or one person's memory
and the prompts they type afterwards, written by an outside author from the README alone. The
memories go into a fresh database (each with its project's key, time and level); each prompt is
answered as the UserPromptSubmit hook answers it (`build_context(..., budget=800, core=False)`,
in the prompt's project, at the prompt's moment), and the injected records are read.

Stores are split by author (the split is fixed here, before any result is seen):
- fit: tuning and fitting may look at these (with bench/data/injection);
- choose: only figures, to choose between fitted variants;
- test: reported once per change; nobody looks at their prompts or misses.

Reported per store group and language:
- need: share of needed memories injected (recall; goal >= 0.90)
- precision: share of injected memories that a prompt needed (on prompts that need some)
- silent: tool_mention, everyday and ack prompts with nothing injected (goals 0.90, 0.97, 1.00)
- by kind: recall of direct, paraphrase, cross_lang, date, date_project

Usage: python3 bench/injection_blind.py [--split fit|choose|test|all] [--store NAME]
       [--show N] [--json]
"""

import argparse
import collections
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402

DATA = os.path.join(HERE, "data", "blind")
SPLITS = {
    "fit": ("store-saas", "store-diary"),
    "choose": ("store-mobile",),
    "test": ("store-data", "store-life", "store-indie"),
}
NEED_KINDS = ("direct", "paraphrase", "cross_lang", "date", "date_project")
SILENT_KINDS = ("tool_mention", "everyday", "ack")
_INJECTED = re.compile(r"^- \[(L[123])#(\d+)", re.M)


def read(store, name):
    with open(os.path.join(DATA, store, name), encoding="utf-8") as handle:
        if name.endswith(".json"):
            return json.load(handle)
        return [json.loads(line) for line in handle if line.strip()]


def project_keys(meta):
    return {name: memory_tiered.project_key(path) for name, path in meta["projects"].items()}


def build_store(path, memories, keys):
    """The store's memories written as the tool writes them; returns {(level, id): memory id}."""
    db = memory_tiered.MemoryDB(path)
    ids = {}
    try:
        for m in memories:
            # (a standing rule is knowledge: a pinned L1 is written as a pinned L2)
            level = "l2" if m.get("pinned") and m.get("level", "l1") == "l1" else m.get("level", "l1")
            values = {"importance": m.get("importance", 0.5), "created_at": m["created_at"],
                      "project": keys.get(m.get("project")) if m.get("project") else None}
            if level == "l1":
                values.update(session_id="blind-" + m["id"], summary=m["summary"],
                              key_points=m.get("key_points") or "")
            elif level == "l2":
                values.update(category="knowledge", knowledge=m["summary"],
                              tags=m.get("key_points") or "")
            else:
                values.update(insight=m["summary"], category="insight")
            written = memory_tiered.add_memory(db, level=level, origin="import",
                                               now=memory_tiered.parse_time(m["created_at"]),
                                               values=values)
            ids[(level.upper(), written.id)] = m["id"]
            if m.get("pinned"):
                memory_tiered.pin_memory(db, level=level, record_id=written.id)
    finally:
        db.close()
    return ids


def run_store(store, show=0):
    meta = read(store, "meta.json")
    memories, prompts = read(store, "memories.jsonl"), read(store, "prompts.jsonl")
    keys = project_keys(meta)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "memory.db")
        ids = build_store(path, memories, keys)
        db = memory_tiered.MemoryDB(path)
        try:
            for p in prompts:
                moment = p.get("now") or meta["now"]
                now = memory_tiered.parse_time(moment)
                os.environ["MEMORY_TIERED_TZ"] = moment[-6:]  # (the person's days)
                project = keys.get(p.get("project")) if p.get("project") else None
                text = memory_tiered.build_context(db, p["text"], budget=800, project=project,
                                                   now=now, core=False)
                got = [ids.get((lv, int(rid)), "?") for lv, rid in _INJECTED.findall(text)]
                out.append(dict(p, got=got, store=store))
        finally:
            os.environ.pop("MEMORY_TIERED_TZ", None)
            db.close()
    return out


def summarise(results):
    """{(measure, lang): [hit, total]} over ``results``."""
    rows = collections.defaultdict(lambda: [0, 0])
    for r in results:
        lang, needs, got = r["lang"], set(r["needs"]), r["got"]
        for key in ((r["kind"], lang), (r["kind"], "all")):
            if needs:
                rows[key][0] += len(needs & set(got))
                rows[key][1] += len(needs)
            else:
                rows[key][0] += not got
                rows[key][1] += 1
        for l in (lang, "all"):
            if needs:
                rows[("need", l)][0] += len(needs & set(got))
                rows[("need", l)][1] += len(needs)
                rows[("precision", l)][0] += len(needs & set(got))
                rows[("precision", l)][1] += len(got)
                rows[("any", l)][0] += bool(needs & set(got))
                rows[("any", l)][1] += 1
            else:
                rows[("silent", l)][0] += not got
                rows[("silent", l)][1] += 1
    return rows


def cell(row):
    hit, total = row
    return "%.2f (%d/%d)" % (hit / total, hit, total) if total else "-"


def report(name, results):
    rows = summarise(results)
    print("\n%s: %d prompts" % (name, len(results)))
    print("| measure | en | zh | all | goal |")
    print("|---|---|---|---|---|")
    lines = [("need", "needed memories injected", ">= 0.90"),
             ("any", "prompts given at least one needed memory", ""),
             ("precision", "injected memories that were needed", ">= 0.60")]
    lines += [(k, "  needed, %s prompts" % k, "") for k in NEED_KINDS]
    lines += [("silent", "silent when nothing is needed", "")]
    lines += [(k, "  silent, %s prompts" % k, {"ack": "1.00", "everyday": ">= 0.97",
                                               "tool_mention": ">= 0.90"}[k]) for k in SILENT_KINDS]
    for key, label, goal in lines:
        print("| %s | %s | %s | %s | %s |" % (label, cell(rows[(key, "en")]), cell(rows[(key, "zh")]),
                                          cell(rows[(key, "all")]), goal))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=tuple(SPLITS) + ("all",), default="test")
    parser.add_argument("--store", help="one store (its folder name)")
    parser.add_argument("--show", type=int, default=0, help="print this many misses (not on test)")
    parser.add_argument("--json", action="store_true", help="print every prompt's result as JSON")
    args = parser.parse_args()
    stores = [args.store] if args.store else (
        [s for names in SPLITS.values() for s in names] if args.split == "all" else SPLITS[args.split])
    stores = [s for s in stores if os.path.exists(os.path.join(DATA, s, "prompts.jsonl"))]
    everything = []
    for store in stores:
        results = run_store(store)
        everything += results
        if args.json:
            for r in results:
                print(json.dumps(r, ensure_ascii=False))
            continue
        report(store, results)
        if args.show and store not in SPLITS["test"]:
            shown = 0
            for r in results:
                wrong = set(r["needs"]) - set(r["got"]) if r["needs"] else set(r["got"])
                if wrong and shown < args.show:
                    shown += 1
                    print("  %-12s %-3s %s | needs %s got %s" % (r["kind"], r["lang"], r["text"][:80],
                                                                  r["needs"], r["got"]))
    if not args.json and len(stores) > 1:
        report("all of " + ", ".join(stores), everything)


if __name__ == "__main__":
    main()
