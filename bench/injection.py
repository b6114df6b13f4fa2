#!/usr/bin/env python3
"""What reaches the agent: the prompt hook's block, measured on the LoCoMo dev conversations.

Protocol: each conversation is one user's memory (loaded as bench/retrieval.py does). For every
question, `context --query Q --budget 800` is built exactly as the UserPromptSubmit hook builds it
and the injected ids are read:
- own questions (the conversation's own): is a gold memory injected? (goal >= 0.90)
- other people's questions (every other conversation's questions): is nothing injected? (>= 0.50)
- everyday coding-agent prompts (EVERYDAY below, English and Chinese): nothing injected? (>= 0.95)
Also prints how many memories an injection carries on average.

Usage: python3 bench/injection.py [--data DIR]
"""

import argparse
import json
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402
from retrieval import cli, read_jsonl  # noqa: E402  (the same loading as the retrieval benchmark)

DEFAULT_DATA = os.path.join(HERE, "..", "..", "shared", "bench", "locomo-dev")

EVERYDAY = [
    "Can you fix the failing test in utils.py?", "Use the new API to fix the bug in the login page",
    "Rename this variable to something clearer", "Add type hints to the functions in this file",
    "Why does this regex not match the empty string?", "Write a unit test for the parse_date function",
    "Refactor this class to use dependency injection", "Run the linter and fix what it reports",
    "Explain what this stack trace means", "Make the build pass on Python 3.9",
    "Add a --verbose flag to the CLI", "Update the README with the new install steps",
    "Convert this callback code to async/await", "Why is this SQL query slow?",
    "Bump the version and write the changelog entry", "Split this function into smaller ones",
    "Add error handling around the network call", "Format the code with black",
    "What does this error mean: KeyError 'id'?", "Remove the unused imports",
    "Can you review my pull request?", "Write a Dockerfile for this service",
    "Please add logging to the retry loop", "Generate a migration for the new column",
    "帮我把这个函数改成异步的", "修复一下这个单元测试", "给这个类加上类型注解", "这段代码为什么这么慢？",
    "帮我写一个读取配置文件的函数", "把这个变量名改得更清楚一点", "解释一下这个报错", "帮我重构这个模块",
    "给命令行加一个 --verbose 参数", "更新一下 README 的安装步骤", "把回调改成 async/await", "这个正则为什么匹配不上？",
    "帮我写个 Dockerfile", "给重试逻辑加上日志", "删除没用的 import", "帮我看看这个 SQL 为什么慢",
    "运行一下测试看看有没有失败的", "帮我写一个单元测试",
]

_INJECTED = re.compile(r"^- \[(L[123])#(\d+)", re.M)


def injected(db, question):
    conn = memory_tiered.MemoryDB(db)
    try:
        text = memory_tiered.build_context(conn, question, budget=800, core=False)
        ids = {}
        for level, rid in _INJECTED.findall(text):
            ids[int(rid)] = level
        sessions = {}
        for rid in ids:
            row = conn.execute("SELECT session_id FROM memory_l1 WHERE id = ?", (rid,)).fetchone()
            if row:
                sessions[row[0]] = rid
        return list(sessions)
    finally:
        conn.close()


def evaluate(data_dir):
    memories = read_jsonl(os.path.join(data_dir, "memories.jsonl"))
    queries = read_jsonl(os.path.join(data_dir, "queries.jsonl"))
    conversations = sorted({m["conv_id"] for m in memories})
    own_hits, own_total, other_quiet, other_total, daily_quiet, daily_total, carried = 0, 0, 0, 0, 0, 0, []
    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        for conv in conversations:
            db = os.path.join(tmp, conv + ".db")
            path = os.path.join(tmp, conv + ".jsonl")
            with open(path, "w", encoding="utf-8") as handle:
                for m in memories:
                    if m["conv_id"] == conv:
                        handle.write(json.dumps({"session_id": m["id"], "summary": m["summary"],
                                                 "key_points": m["key_points"][:100], "importance": 0.5,
                                                 "created_at": m["date_iso"]}) + "\n")
            cli(["import", path, "--db", db])
            for q in queries:
                started = time.perf_counter()
                got = injected(db, q["question"])
                timings.append(time.perf_counter() - started)
                if q["conv_id"] == conv:
                    own_total += 1
                    own_hits += bool(set(got) & set(q["gold_sessions"]))
                    if got:
                        carried.append(len(got))
                else:
                    other_total += 1
                    other_quiet += not got
            for prompt in EVERYDAY:
                daily_total += 1
                daily_quiet += not injected(db, prompt)
    timings.sort()
    return {"own_gold_injected": own_hits / own_total, "other_nothing_injected": other_quiet / other_total,
            "everyday_nothing_injected": daily_quiet / daily_total,
            "memories_per_injection": sum(carried) / max(1, len(carried)),
            "questions": {"own": own_total, "other": other_total, "everyday": daily_total},
            "median_ms": 1000 * timings[len(timings) // 2]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = evaluate(args.data)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print("| measure | value | goal |")
    print("|---|---|---|")
    print("| own questions: a gold memory injected | %.3f | >= 0.90 |" % result["own_gold_injected"])
    print("| other people's questions: nothing injected | %.3f | >= 0.50 |" % result["other_nothing_injected"])
    print("| everyday coding prompts (%d, English and Chinese): nothing injected | %.3f | >= 0.95 |"
          % (result["questions"]["everyday"], result["everyday_nothing_injected"]))
    print("| memories per injection (own questions) | %.1f | |" % result["memories_per_injection"])
    print("| median ms per context block | %.1f | |" % result["median_ms"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
