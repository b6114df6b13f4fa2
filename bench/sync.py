#!/usr/bin/env python3
"""Vault sync benchmark: full sync and no-change re-sync of N memories (default 10,000).

Builds a fresh store of mixed English and Chinese L1s (a tenth of them with an L2 and
a few L3s), then runs `sync` through the CLI entry point: the full sync; the syncs that
follow an import while each chooses the related links of 200 more records (until a sync
writes nothing); a re-sync with nothing changed (must write 0 files); a re-sync after 1% of
the records changed.  Prints wall time and files written for each.  Then the churn: a day of hourly
`decay` runs, each followed by a `sync` (records aged over 60 days, as a living store's
are; --days 14 for a young one), and how many notes that day rewrote.

Usage: python3 bench/sync.py [--count 10000] [--days 60]
"""

import argparse
import datetime
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

WORDS = ("sqlite index cache deploy auth token review design schema migration python go rust "
         "memory vault sync cron report budget latency test release bug fix refactor api").split()
ZH = "记忆系统设计部署鉴权缓存索引数据库迁移测试发布性能优化日志监控配置文件同步报告提醒会议计划学习"


START = datetime.datetime(2026, 7, 1)
DAYS = 60  # the records' ages spread over this many days (--days)


def text(rng, n):
    words = [rng.choice(WORDS) for _ in range(n)]
    zh = "".join(rng.choice(ZH) for _ in range(rng.randint(4, 12)))
    return "%s %s，%s" % (" ".join(words).capitalize(), zh, " ".join(rng.choice(WORDS) for _ in range(5)))


def cli(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = memory_tiered.main(argv)
    if code:
        raise SystemExit("%s failed: %s" % (argv, err.getvalue()))
    return out.getvalue()


def build(path, count, rng):
    src = path + ".jsonl"
    with open(src, "w", encoding="utf-8") as handle:
        for i in range(count):
            handle.write(json.dumps({"level": "l1", "session_id": "s%d" % (i // 3),
                                     "created_at": (START - datetime.timedelta(hours=rng.uniform(0, 24 * DAYS))).strftime(
                                         "%Y-%m-%dT%H:%M:%S"),
                                     "summary": text(rng, 12), "key_points": [rng.choice(WORDS) for _ in range(3)],
                                     "importance": round(rng.random(), 2)}, ensure_ascii=False) + "\n")
        for i in range(count // 10):
            handle.write(json.dumps({"level": "l2", "category": rng.choice(["skills", "habits", "decisions"]),
                                     "knowledge": text(rng, 10), "source_ids": [i * 3 + 1]}, ensure_ascii=False) + "\n")
        for i in range(max(1, count // 1000)):
            handle.write(json.dumps({"level": "l3", "insight": text(rng, 8), "source_ids": [i + 1]},
                                    ensure_ascii=False) + "\n")
    cli(["import", src, "--db", path])
    conn = memory_tiered.MemoryDB(path)
    with conn.atomic():  # as if the store had lived: each record decayed since it was written
        for table in ("memory_l1", "memory_l2", "memory_l3"):
            conn.execute("UPDATE %s SET decay_applied_at = created_at" % table)
    conn.close()
    cli(["decay", "--db", path])


def timed_sync(db, vault):
    if hasattr(os, "sync"):
        os.sync()  # measure the sync, not the write-back of what came before
    started = time.perf_counter()
    report = json.loads(cli(["sync", "--db", db, "--vault", vault, "--json"]))
    return time.perf_counter() - started, len(report["written"]) + len(report["renamed"])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--days", type=int, default=60,
                        help="the records' ages spread over this many days (default 60)")
    args = parser.parse_args(argv)
    global DAYS
    DAYS = args.days
    rng = random.Random(42)
    os.environ["MEMORY_TIERED_NOW"] = START.strftime("%Y-%m-%dT%H:%M:%S")
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.db")
        vault = os.path.join(tmp, "vault")
        build(db, args.count, rng)
        rows = [("full sync",) + timed_sync(db, vault)]
        backfill, backfill_seconds, backfill_written = 0, 0.0, 0
        while backfill < 1000:  # after an import: related links are chosen for 200 records a sync
            seconds, written = timed_sync(db, vault)
            if not written:
                break
            backfill, backfill_seconds, backfill_written = backfill + 1, backfill_seconds + seconds, \
                backfill_written + written
        rows.append(("related-links backfill after the import: %d syncs (total)" % backfill, backfill_seconds,
                     backfill_written))
        rows.append(("no-change re-sync",) + timed_sync(db, vault))
        conn = memory_tiered.MemoryDB(db)
        with conn.atomic():
            conn.execute("UPDATE memory_l1 SET importance = 0.99 WHERE id % 100 = 0")
        conn.close()
        rows.append(("re-sync, %d records changed" % (args.count // 100),) + timed_sync(db, vault))
        notes = sum(len(files) for _, _, files in os.walk(vault))
        day_written, day_seconds = 0, 0.0
        for hour in range(1, 25):
            os.environ["MEMORY_TIERED_NOW"] = (START + datetime.timedelta(hours=hour)).strftime("%Y-%m-%dT%H:%M:%S")
            cli(["decay", "--db", db])
            seconds, written = timed_sync(db, vault)
            day_written += written
            day_seconds += seconds
        rows.append(("a day: 24 hourly decays, each then a sync (total)", day_seconds, day_written))
    print("| %d L1 + %d L2 + %d L3 (%d notes) | seconds | files written |" % (
        args.count, args.count // 10, max(1, args.count // 1000), notes))
    print("|---|---|---|")
    for name, seconds, written in rows:
        print("| %s | %.2f | %d |" % (name, seconds, written))
    print("\nnotes rewritten by a day of hourly decay: %d of %d (%.2f%%)" % (rows[-1][2], notes,
                                                                         100.0 * rows[-1][2] / notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
