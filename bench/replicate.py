#!/usr/bin/env python3
"""Three devices, N records each (default 10,000), one replica folder: the time each device
takes to write its changes and apply everyone's, the rounds until all three agree (memory
digest), an edit and a forget travelling, the folder's size before and after compaction against
one device's export, an idle run after the others compacted, a late joiner, and the peak memory
(VmHWM, from the kernel's account of each process) of every run.

Every step is a real `python3 -m memory_tiered replicate` process, each device with its own
database and a clock skewed by hours (MEMORY_TIERED_NOW).

    python3 bench/replicate.py [--records 10000]
"""

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import memory_tiered  # noqa: E402

SKEW_HOURS = {"laptop": 0, "desktop": 3, "server": -5, "joiner": 1}
DEVICES = ("laptop", "desktop", "server")
PEAK = {}
BASE = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.timezone.utc)
TOPICS = ["billing", "deploy", "postgres", "pnpm", "飞书", "部署", "数据库", "webhook", "alembic", "cache"]


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(p, n)) for p, _, names in os.walk(folder) for n in names)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=10000)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="mt-bench-replica-")
    folder = os.path.join(tmp, "Sync", "memory")
    os.makedirs(os.path.dirname(folder))
    minutes = {d: 0 for d in SKEW_HOURS}

    def run(device, *argv):
        minutes[device] += 10
        now = BASE + datetime.timedelta(hours=SKEW_HOURS[device], minutes=minutes[device])
        env = dict(os.environ, HOME=tmp, PYTHONPATH=ROOT, MEMORY_TIERED_DB=os.path.join(tmp, device, "m.db"),
                   MEMORY_TIERED_NOW=now.strftime("%Y-%m-%dT%H:%M:%SZ"))
        started = time.perf_counter()
        with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
            proc = subprocess.Popen([sys.executable, "-m", "memory_tiered"] + list(argv) + ["--json"],
                                    env=env, stdout=out_file, stderr=err_file)
            _, status, usage = os.wait4(proc.pid, 0)  # (this process's own peak memory)
            proc.returncode = os.waitstatus_to_exitcode(status) if hasattr(
                os, "waitstatus_to_exitcode") else status >> 8
            seconds = time.perf_counter() - started
            out_file.seek(0)
            err_file.seek(0)
            out, err = out_file.read().decode("utf-8"), err_file.read().decode("utf-8")
        if argv[0] == "replicate" and "--status" not in argv:
            PEAK[(device, argv[-1])] = max(PEAK.get((device, argv[-1]), 0), usage.ru_maxrss)
        if proc.returncode:
            sys.exit("%s %s failed: %s" % (device, argv, err.strip()))
        return seconds, json.loads(out) if out.strip() else None

    try:
        for n, device in enumerate(DEVICES):
            path = os.path.join(tmp, device, "export.jsonl")
            os.makedirs(os.path.dirname(path))
            with open(path, "w", encoding="utf-8") as handle:
                for i in range(args.records):
                    topic = TOPICS[(i + n) % len(TOPICS)]
                    handle.write(json.dumps({"level": "l1", "session_id": "%s-%d" % (device, i // 5),
                                             "summary": "%s record %d about %s and the %s service" % (
                                                 device, i, topic, TOPICS[i % 7]),
                                             "key_points": [topic], "importance": 0.5}, ensure_ascii=False) + "\n")
            run(device, "import", path)
        rounds, timings, digests = 0, {d: [] for d in DEVICES}, {}
        while rounds < 4:
            rounds += 1
            for device in DEVICES:
                seconds, _ = run(device, "replicate", "--dir", folder)
                timings[device].append(seconds)
            digests = {d: run(d, "replicate", "--status")[1]["digest"] for d in DEVICES}
            if len(set(digests.values())) == 1:
                break
        size_before = folder_bytes(folder)
        _, records = run("laptop", "list", "--limit", "1")
        target = records["records"][0]
        run("laptop", "edit", "l1", str(target["id"]), "--text", target["summary"] + " (edited)")
        run("laptop", "forget", "l1", str(target["id"] - 1), "--yes")
        travel = []
        for device in DEVICES:
            seconds, _ = run(device, "replicate", "--dir", folder)
            travel.append(seconds)
        compact = []
        for device in DEVICES:
            seconds, _ = run(device, "replicate", "--dir", folder, "--compact")
            compact.append(seconds)
        size_after = folder_bytes(folder)
        idle, _ = run("laptop", "replicate", "--dir", folder)  # after the others compacted
        export = os.path.join(tmp, "laptop", "all.jsonl")
        run("laptop", "export", "--out", export)
        joiner, _ = run("joiner", "replicate", "--dir", folder)
        digests = {d: run(d, "replicate", "--status")[1]["digest"] for d in DEVICES + ("joiner",)}
        print("records: %d per device, %d in all; devices: %s (clocks %s hours)" % (
            args.records, 3 * args.records, ", ".join(SKEW_HOURS), ", ".join("%+d" % h for h in SKEW_HOURS.values())))
        print("rounds until every device agrees: %d (digest equal after the last: %s)" % (
            rounds, len(set(digests.values())) == 1))
        for device, times in timings.items():
            print("  %-8s replicate runs: %s s" % (device, ", ".join("%.2f" % t for t in times)))
        first = [times[0] for times in timings.values()]
        second = [times[1] for times in timings.values() if len(times) > 1]
        print("median first run (write own, apply what is there): %.2f s" % statistics.median(first))
        if second:
            print("median second run (apply the others' %d records): %.2f s" % (args.records, statistics.median(second)))
        print("an edit and a forget, one round: median %.2f s per device" % statistics.median(travel))
        print("folder before compaction: %.1f MB; after: %.1f MB (%.0f bytes per record); one "
              "device's export: %.1f MB (folder / export: %.2f)" % (
                  size_before / 1e6, size_after / 1e6, size_after / (3.0 * args.records),
                  os.path.getsize(export) / 1e6, size_after / float(os.path.getsize(export))))
        print("compaction: median %.2f s per device" % statistics.median(compact))
        print("an idle run after the others compacted: %.2f s" % idle)
        print("a late joiner reading all %d records: %.2f s" % (3 * args.records, joiner))
        print("peak memory of a replicate run: %.0f MB (the late joiner's: %.0f MB)" % (
            max(PEAK.values()) / 1024.0, PEAK.get(("joiner", folder), 0) / 1024.0))
        print("all devices agree at the end: %s" % (len(set(digests.values())) == 1))
    finally:
        shutil.rmtree(tmp, True)


if __name__ == "__main__":
    main()
