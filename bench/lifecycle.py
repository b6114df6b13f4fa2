#!/usr/bin/env python3
"""A month of use with real processes: every hook, command and cron job is a separate
`python3 -m memory_tiered` run with MEMORY_TIERED_NOW, as Claude Code and cron start them.

Prints the strength timeline (the README's table comes from it), what was promoted, how many
sessions got the agent's own summary and how many an automatic one, and the time taken.

    python3 bench/lifecycle.py [--days 30]
"""

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import lifecycle_sim  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=30)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="mt-lifecycle-")
    db = os.path.join(tmp, "state", "memory.db")
    vault = os.path.join(tmp, "vault")
    calls = []

    def run(argv, stdin=None, now=None):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "MEMORY_TIERED_DB": db,
               "MEMORY_TIERED_NOW": now, "PYTHONPATH": ROOT}
        started = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "memory_tiered"] + argv, input=(stdin or "").encode("utf-8"),
                              env=env, capture_output=True, timeout=120)
        calls.append((argv[0] if argv[0] != "hook" else "hook " + argv[1], time.perf_counter() - started))
        return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")

    try:
        started = time.perf_counter()
        result = lifecycle_sim.simulate(run, db, vault, days=args.days)
        elapsed = time.perf_counter() - started
        days = [d for d in (1, 7, 14, 21, 30) if d <= args.days]
        print("Strength at 23:00 of each day (decay x0.99/h, +0.1 per recall, spacing gain 2 per new day):")
        print(lifecycle_sim.table(result["timeline"], days))
        conn = sqlite3.connect(db)
        try:
            l2 = conn.execute("SELECT count(*) FROM memory_l2").fetchone()[0]
            own = conn.execute("SELECT count(*) FROM memory_l1 WHERE session_id LIKE 'sess-%' "
                               "AND agent IS NULL").fetchone()[0]
            auto = conn.execute("SELECT count(*) FROM memory_l1 WHERE agent = 'auto'").fetchone()[0]
            daily = conn.execute("SELECT access_count, stability, promoted_to FROM memory_l1 WHERE id = ?",
                                 (result["ids"]["daily"],)).fetchone()
        finally:
            conn.close()
        print("\nrecalled-daily memory: %d recalls counted (one per session), stability %g, promoted to L2 #%s"
              % daily)
        print("L2 records: %d; sessions summarised by the agent: %d, automatically: %d" % (l2, own, auto))
        by_kind = {}
        for name, seconds in calls:
            by_kind.setdefault(name, []).append(seconds)
        print("\n%d processes in %.1f s; median ms per kind:" % (len(calls), elapsed))
        for name in sorted(by_kind):
            times = sorted(by_kind[name])
            print("  %-26s %4d runs  %6.1f ms" % (name, len(times), 1000 * times[len(times) // 2]))
    finally:
        shutil.rmtree(tmp, True)


if __name__ == "__main__":
    main()
