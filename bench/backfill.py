#!/usr/bin/env python3
"""Backfill throughput: `import-transcripts` over N synthetic Claude Code transcripts of realistic
size (default 1,000 sessions of 40 turns with tool calls, tool output and side chains).

    python3 bench/backfill.py [--sessions 1000] [--turns 40]

Prints transcripts per second for the first import and for the second (nothing to add).
"""

import argparse
import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402

WORDS = ("deploy webhook cache migration schema index token retry queue parser test build release "
         "config logging auth billing ledger worker cron vault search").split()


def write_transcripts(root, sessions, turns, rng):
    total = 0
    for n in range(sessions):
        folder = os.path.join(root, "-home-you-code-project%d" % (n % 20))
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "session-%05d.jsonl" % n)
        with open(path, "w", encoding="utf-8") as handle:
            for t in range(turns):
                text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 60)))
                stamp = "2026-%02d-%02dT10:%02d:00Z" % (1 + n % 12, 1 + n % 28, t % 60)
                base = {"sessionId": "session-%05d" % n, "cwd": "/home/you/code/project%d" % (n % 20),
                        "timestamp": stamp}
                if t % 2 == 0:
                    line = dict(base, type="user", message={"role": "user", "content": text})
                else:
                    line = dict(base, type="assistant", message={"role": "assistant", "content": [
                        {"type": "text", "text": text},
                        {"type": "tool_use", "name": "Edit", "input": {"file_path": "/src/%s.py" % rng.choice(WORDS)}},
                        {"type": "tool_use", "name": "Bash", "input": {"command": "pytest -q"}}]})
                handle.write(json.dumps(line) + "\n")
                handle.write(json.dumps(dict(base, type="user", message={"role": "user", "content": [
                    {"type": "tool_result", "content": "x" * rng.randint(200, 4000)}]})) + "\n")
                if t % 10 == 0:
                    handle.write(json.dumps(dict(base, type="user", isSidechain=True,
                                                 message={"role": "user", "content": text})) + "\n")
        total += os.path.getsize(path)
    return total


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = memory_tiered.main(argv)
    if code:
        raise SystemExit(err.getvalue())
    return json.loads(out.getvalue())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=40)
    args = parser.parse_args(argv)
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "projects")
        size = write_transcripts(root, args.sessions, args.turns, rng)
        db = os.path.join(tmp, "state.db")
        started = time.perf_counter()
        first = run(["import-transcripts", root, "--db", db, "--json"])
        first_s = time.perf_counter() - started
        started = time.perf_counter()
        second = run(["import-transcripts", root, "--db", db, "--json"])
        second_s = time.perf_counter() - started
    print("| run | transcripts | MiB | seconds | transcripts/s | added |")
    print("|---|---|---|---|---|---|")
    print("| first import | %d | %.0f | %.1f | %.0f | %d |" % (args.sessions, size / 1048576.0, first_s,
                                                          args.sessions / first_s, first["added"]))
    print("| second import (nothing new) | %d | %.0f | %.1f | %.0f | %d |" % (
        args.sessions, size / 1048576.0, second_s, args.sessions / second_s, second["added"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
