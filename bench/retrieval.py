#!/usr/bin/env python3
"""Retrieval benchmark on the LoCoMo dev set, through the real CLI entry point.

Protocol (../shared/bench/locomo-dev/README.md): each conversation is one
user's memory, loaded into a fresh database (session id = memory id, summary,
key points, importance 0.5, created at the session date); every question is
searched exactly as written with `search-all --limit 10`, and the ranked
session ids are scored.  Prints R@1/3/5/10, MRR and the share of questions
that returned nothing, overall, per category and per conversation.

With --embed-url (an OpenAI-compatible /v1/embeddings endpoint, e.g. bench/embed_server.py
serving a real small model from a benchmark-only virtual environment) the same stores are
also embedded and three rankings are scored side by side: lexical (no endpoint), embeddings
only (nearest stored vectors) and fused (search-all with the endpoint set).

Usage: python3 bench/retrieval.py [--data DIR] [--json] [--embed-url URL [--embed-model NAME]]
"""

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402

DEFAULT_DATA = os.path.join(HERE, "..", "..", "shared", "bench", "locomo-dev")
KS = (1, 3, 5, 10)


def cli(argv):
    """Run memory_tiered.main(argv) in-process; return (exit code, stdout)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = memory_tiered.main(argv)
    if code != 0:
        raise SystemExit("memory_tiered %s failed (%d): %s" % (argv[0], code, err.getvalue().strip()))
    return out.getvalue()


def read_jsonl(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def score(ranked, gold):
    gold = set(gold)
    row = {"R@%d" % k: len(gold & set(ranked[:k])) / len(gold) for k in KS}
    row["MRR"] = next((1.0 / (i + 1) for i, sid in enumerate(ranked) if sid in gold), 0.0)
    row["empty"] = 0.0 if ranked else 1.0
    return row


def mean(rows):
    keys = ["R@%d" % k for k in KS] + ["MRR", "empty"]
    return {k: sum(r[k] for r in rows) / len(rows) for k in keys}, len(rows)


EMBED_ENV = ("MEMORY_TIERED_EMBED_URL", "MEMORY_TIERED_EMBED_MODEL")


@contextlib.contextmanager
def embedding(settings):
    """The endpoint set for the block (``settings`` = (url, model)), or no endpoint (None)."""
    old = {k: os.environ.pop(k, None) for k in EMBED_ENV}
    if settings:
        os.environ.update(zip(EMBED_ENV, settings))
    try:
        yield
    finally:
        for k, v in old.items():
            os.environ.pop(k, None)
            if v is not None:
                os.environ[k] = v


def evaluate(data_dir, embed=None):
    """{mode: rows} and {mode: median latency}; modes: lexical, and with ``embed`` = (url, model)
    also vectors (embeddings only) and fused."""
    memories = read_jsonl(os.path.join(data_dir, "memories.jsonl"))
    queries = read_jsonl(os.path.join(data_dir, "queries.jsonl"))
    by_conv = {}
    for m in memories:
        by_conv.setdefault(m["conv_id"], []).append(m)
    modes = ["lexical"] + (["vectors", "fused"] if embed else [])
    rows = {mode: [] for mode in modes}
    latencies = {mode: [] for mode in modes}
    with tempfile.TemporaryDirectory() as tmp:
        for conv, mems in sorted(by_conv.items()):
            db = os.path.join(tmp, conv + ".db")
            src = os.path.join(tmp, conv + ".jsonl")
            with open(src, "w", encoding="utf-8") as handle:
                for m in mems:
                    handle.write(json.dumps({
                        "level": "l1", "session_id": m["id"], "summary": m["summary"],
                        "key_points": m["key_points"], "importance": 0.5, "created_at": m["date_iso"],
                    }, ensure_ascii=False) + "\n")
            with embedding(embed):
                cli(["import", src, "--db", db])
            store = memory_tiered.MemoryDB(db) if embed else None
            sessions = dict(store.execute("SELECT id, session_id FROM memory_l1").fetchall()) if embed else {}
            for q in (q for q in queries if q["conv_id"] == conv):
                for mode in modes:
                    started = time.perf_counter()
                    if mode == "vectors":
                        settings = memory_tiered.embed_settings(dict(zip(EMBED_ENV, embed)))
                        ranked = [sessions[rid] for _, rid, _ in
                                  memory_tiered.nearest(store, q["question"], ["l1"], settings, k=10)]
                    else:
                        with embedding(embed if mode == "fused" else None):
                            found = json.loads(cli(["search-all", "--keyword", q["question"], "--limit", "10",
                                                    "--no-touch", "--json", "--db", db]))
                        ranked = [r["session_id"] for r in found["results"] if r["level"] == "l1"]
                    latencies[mode].append(time.perf_counter() - started)
                    row = score(ranked, q["gold_sessions"])
                    row["category"] = q["category_name"]
                    row["conv"] = conv
                    rows[mode].append(row)
            if store:
                store.close()
    return rows, {mode: sorted(times)[len(times) // 2] for mode, times in latencies.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--embed-url", help="an OpenAI-compatible embeddings endpoint (compares three rankings)")
    parser.add_argument("--embed-model", default="all-MiniLM-L6-v2")
    args = parser.parse_args(argv)
    if not os.path.exists(os.path.join(args.data, "queries.jsonl")):
        print("no LoCoMo data at %s (see --data)" % args.data, file=sys.stderr)
        return 2
    os.environ.pop("MEMORY_TIERED_NOW", None)
    embed = (args.embed_url, args.embed_model) if args.embed_url else None
    by_mode, medians = evaluate(args.data, embed)
    if embed:
        print("| ranking | n | R@1 | R@3 | R@5 | R@10 | MRR | median ms |")
        print("|---|---|---|---|---|---|---|---|")
        for mode, label in (("lexical", "lexical (no endpoint)"), ("vectors", "embeddings only"),
                            ("fused", "fused (search-all with the endpoint)")):
            m, n = mean(by_mode[mode])
            print("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f |" % (
                label, n, m["R@1"], m["R@3"], m["R@5"], m["R@10"], m["MRR"], medians[mode] * 1000))
        print("\nmodel: %s at %s" % (args.embed_model, args.embed_url))
        return 0
    rows, median_s = by_mode["lexical"], medians["lexical"]
    groups = [("overall", rows)]
    groups += [(c, [r for r in rows if r["category"] == c]) for c in sorted({r["category"] for r in rows})]
    groups += [(c, [r for r in rows if r["conv"] == c]) for c in sorted({r["conv"] for r in rows})]
    table = {name: mean(rs) for name, rs in groups}
    if args.json:
        print(json.dumps({k: dict(v[0], n=v[1]) for k, v in table.items()}, indent=2))
        return 0
    print("| set | n | R@1 | R@3 | R@5 | R@10 | MRR | empty |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (m, n) in table.items():
        print("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |" % (
            name, n, m["R@1"], m["R@3"], m["R@5"], m["R@10"], m["MRR"], m["empty"]))
    print("\nmedian search-all latency in-process: %.1f ms (%d queries)" % (median_s * 1000, len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
