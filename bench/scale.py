#!/usr/bin/env python3
"""Scale benchmark: memory_tiered against the naive way, at 10k, 100k and 1M memories.

Builds deterministic synthetic stores (mixed English and Chinese summaries with key points
and importance, 90% L1, 9% L2, 1% L3) once and keeps them in bench/.stores/ for later runs,
then prints medians (and p95 where it matters) for:

- bulk import throughput (measured when a store is built; kept in the store's .json);
- `search-all` in-process latency for one-word, three-word and question queries, English
  and Chinese, and the same searches done the naive way (LIKE over the three tables);
- the whole `python3 memory_tiered.py search-all` process against `python3 -c "import sqlite3"`;
- `decay` (and the naive Python loop that updates every row, rolled back), `compress`, `stats`;
- peak memory (ru_maxrss) of each command, each run in its own process.

Usage: python3 bench/scale.py [--sizes 10000,100000,1000000] [--repeat 15] [--rebuild]
"""

import argparse
import contextlib
import io
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPT = os.path.join(ROOT, "memory_tiered.py")
STORES = os.path.join(HERE, ".stores")
sys.path.insert(0, ROOT)

import memory_tiered  # noqa: E402

EN = ("deploy server database index cache query latency memory agent session review design schema migration "
      "python golang rust docker kubernetes terraform release bug fix refactor api auth token login user "
      "profile setting config backup restore vault note graph search ranking budget report webhook cron "
      "decay promotion summary insight knowledge habit coffee morning run gym book travel family meeting "
      "deadline project client invoice budget plan goal idea music movie dinner weekend flight hotel "
      "python script test coverage benchmark profile flame graph thread lock queue worker retry timeout "
      "network proxy certificate domain email calendar reminder health sleep walk garden cat dog").split()
ZH = ("部署 服务器 数据库 索引 缓存 查询 延迟 记忆 会话 评审 设计 迁移 发布 修复 重构 接口 鉴权 登录 用户 配置 "
      "备份 恢复 笔记 搜索 排序 预算 报告 提醒 习惯 咖啡 早上 跑步 健身 读书 旅行 家人 会议 截止 项目 客户 "
      "计划 目标 想法 音乐 电影 晚饭 周末 航班 酒店 测试 覆盖 性能 线程 队列 重试 超时 网络 证书 域名 邮件 "
      "日历 健康 睡眠 散步 花园 小猫 小狗 中间件 微服务 前端 后端 日志 监控 告警 文档").split()

QUERIES = {
    ("en", "one word"): ["kubernetes", "invoice", "coffee", "certificate", "terraform"],
    ("en", "three words"): ["deploy database migration", "morning coffee habit", "retry timeout queue",
                            "flight hotel weekend", "auth token login"],
    ("en", "question"): ["what did we decide about the database migration last time?",
                         "how do we deploy the kubernetes cluster with terraform?",
                         "when did I talk about my morning coffee and gym habit?",
                         "which client invoice was late before the deadline?",
                         "why did the retry queue time out in the worker?"],
    ("zh", "one word"): ["数据库", "咖啡", "证书", "微服务", "健身"],
    ("zh", "three words"): ["部署 数据库 迁移", "早上 咖啡 习惯", "重试 超时 队列", "航班 酒店 周末", "鉴权 登录 用户"],
    ("zh", "question"): ["上次关于数据库迁移我们是怎么决定的？", "我们怎么部署微服务的中间件？",
                         "我什么时候说过早上喝咖啡和健身的习惯？", "哪个客户的报告在截止之前没完成？",
                         "为什么队列里的重试会超时？"],
}


SYLLABLES = "ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru " \
            "sa se si so su ta te ti to tu va ve vi vo za ze zi zo".split()
HANZI = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种"
         "面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好"
         "应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此")


class Vocabulary:
    """Zipf-distributed words (rank r has weight 1/r): a few very common words and a long tail,
    like real text; the benchmark's query words sit at ranks 20 to 4,000."""

    def __init__(self, rng, real, size, make):
        words = []
        seen = set(real)
        while len(words) < size:
            word = make(rng)
            if word not in seen:
                seen.add(word)
                words.append(word)
        for word in real:
            words.insert(rng.randint(20, min(4000, len(words))), word)
        self.words = words
        total, self.cum = 0.0, []
        for rank in range(1, len(words) + 1):
            total += 1.0 / rank
            self.cum.append(total)

    def pick(self, rng, k):
        return rng.choices(self.words, cum_weights=self.cum, k=k)


def vocabularies(seed):
    rng = random.Random(seed)
    en = Vocabulary(rng, EN, 20000, lambda r: "".join(r.choice(SYLLABLES) for _ in range(r.randint(2, 4))))
    zh = Vocabulary(rng, ZH, 20000, lambda r: "".join(r.choice(HANZI) for _ in range(2)))
    return en, zh


def sentence(rng, zh, vocab):
    if zh:
        return "".join(vocab[1].pick(rng, rng.randint(6, 12))) + "。"
    return " ".join(vocab[0].pick(rng, rng.randint(8, 16))).capitalize() + "."


def record(rng, i, vocab):
    zh = rng.random() < 0.4
    text = " ".join(sentence(rng, zh and rng.random() < 0.8, vocab) for _ in range(rng.randint(2, 3)))
    points = [" ".join(vocab[1 if zh else 0].pick(rng, rng.randint(1, 3))) for _ in range(rng.randint(2, 4))]
    kind = rng.random()
    day = "2026-%02d-%02dT%02d:00:00" % (rng.randint(1, 10), rng.randint(1, 28), rng.randint(0, 23))
    importance = round(rng.betavariate(2, 3), 2)
    if kind < 0.90:
        return {"level": "l1", "session_id": "s%d" % i, "summary": text, "key_points": points,
                "importance": importance, "created_at": day}
    if kind < 0.99:
        return {"level": "l2", "category": rng.choice(["skills", "habits", "decisions", "goals", "values"]),
                "knowledge": text, "tags": points[:2], "importance": importance, "created_at": day}
    return {"level": "l3", "insight": text, "category": "values", "importance": importance, "created_at": day}


def cli(argv, now=None):
    out, err = io.StringIO(), io.StringIO()
    env = {"MEMORY_TIERED_NOW": now} if now else {}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = memory_tiered.main(argv)
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    if code:
        raise SystemExit("%s failed: %s" % (argv[:2], err.getvalue()))
    return out.getvalue()


def build(size, rebuild):
    os.makedirs(STORES, exist_ok=True)
    db = os.path.join(STORES, "scale-%d.db" % size)
    meta_path = db + ".json"
    if not rebuild and os.path.exists(db) and os.path.exists(meta_path):
        with open(meta_path) as handle:
            return db, json.load(handle)
    for suffix in ("", "-wal", "-shm", ".json"):
        with contextlib.suppress(OSError):
            os.unlink(db + suffix)
    rng = random.Random(size)
    vocab = vocabularies(7)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as handle:
        for i in range(size):
            handle.write(json.dumps(record(rng, i, vocab), ensure_ascii=False) + "\n")
        source = handle.name
    sys.stderr.write("building %d memories ...\n" % size)
    started = time.perf_counter()
    cli(["import", source, "--db", db], now="2026-11-01T00:00:00")
    seconds = time.perf_counter() - started
    os.unlink(source)
    meta = {"size": size, "import_seconds": seconds, "import_per_second": size / seconds,
            "bytes": os.path.getsize(db), "now": "2026-11-01T00:00:00"}
    with open(meta_path, "w") as handle:
        json.dump(meta, handle)
    return db, meta


def timed(fn, repeat):
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))]


def naive_search(conn, text):
    """The hand-written CLI way: LIKE per word over the three tables, ranked by words matched."""
    words = [w for w in text.replace("？", " ").replace("?", " ").split() if w] or [text]
    out = []
    for table, col in (("memory_l1", "summary"), ("memory_l2", "knowledge"), ("memory_l3", "insight")):
        score = " + ".join("(%s LIKE ?)" % col for _ in words)
        out += conn.execute("SELECT id, %s AS s FROM %s WHERE s > 0 ORDER BY s DESC LIMIT 10" % (score, table),
                            ["%" + w + "%" for w in words]).fetchall()
    return sorted(out, key=lambda r: -r[1])[:10]


def naive_decay_per_commit(db, rows=2000):
    """Seconds per row of the Python loop that commits each update (measured on ``rows`` rows, rolled back
    by restoring the old values)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA synchronous = FULL")
    try:
        sample = conn.execute("SELECT id, decay_score FROM memory_l1 LIMIT ?", (rows,)).fetchall()
        started = time.perf_counter()
        for rid, score in sample:
            conn.execute("UPDATE memory_l1 SET decay_score = ? WHERE id = ?", (score * 0.99, rid))
        seconds = (time.perf_counter() - started) / max(1, len(sample))
        conn.execute("BEGIN")
        conn.executemany("UPDATE memory_l1 SET decay_score = ? WHERE id = ?", [(s, r) for r, s in sample])
        conn.execute("COMMIT")
        return seconds
    finally:
        conn.close()


def naive_decay(db):
    """The hand-written CLI way: read every row, compute in Python, update each; rolled back."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("BEGIN")
        for table in ("memory_l1", "memory_l2", "memory_l3"):
            rows = conn.execute("SELECT id, decay_score FROM %s" % table).fetchall()
            for rid, score in rows:
                conn.execute("UPDATE %s SET decay_score = ? WHERE id = ?" % table, (score * 0.99, rid))
        conn.rollback()
    finally:
        conn.close()


PEAK = ("import resource, sys, io, contextlib, os\n"
        "sys.path.insert(0, %r)\nimport memory_tiered\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = memory_tiered.main(sys.argv[1:])\n"
        "kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "try:\n"
        "    kb = int([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])\n"
        "except (OSError, IndexError):\n"
        "    pass  # ru_maxrss keeps the parent's peak across exec on Linux; VmHWM does not\n"
        "sys.stderr.write('\\nPEAK %%d %%d\\n' %% (code, kb))\n") % ROOT


def peak(argv, env=None):
    proc = subprocess.run([sys.executable, "-c", PEAK] + argv, capture_output=True, env=dict(os.environ, **(env or {})))
    line = [l for l in proc.stderr.decode().splitlines() if l.startswith("PEAK ")][-1].split()
    if line[1] != "0":
        raise SystemExit("%s failed: %s" % (argv, proc.stderr.decode()[-500:]))
    return int(line[2]) / 1024.0


def process_time(argv, repeat):
    return timed(lambda: subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False),
                 repeat)[0]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--rebuild", action="store_true", help="build the stores again")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    print("# memory_tiered scale benchmark (Python %s, SQLite %s, %d cores)\n" % (
        sys.version.split()[0], sqlite3.sqlite_version, os.cpu_count() or 1))
    stores = {size: build(size, args.rebuild) for size in sizes}
    print("| memories | import (memories/s) | database size |")
    print("|---|---|---|")
    for size, (db, meta) in stores.items():
        print("| %d | %.0f | %.0f MB |" % (size, meta["import_per_second"], os.path.getsize(db) / 1e6))
    print("\n## search-all in-process, median / p95 ms (naive LIKE scan median ms, ratio)\n")
    print("| memories | language | query | memory_tiered | naive LIKE | naive / ours |")
    print("|---|---|---|---|---|---|")
    for size, (db, _) in stores.items():
        conn = sqlite3.connect(db)
        for (lang, shape), texts in QUERIES.items():
            ours, naive = [], []
            for _ in range(max(1, args.repeat // len(texts))):
                for text in texts:
                    started = time.perf_counter()
                    cli(["search-all", "--keyword", text, "--db", db, "--json"])
                    ours.append(time.perf_counter() - started)
            for text in texts:
                naive.append(timed(lambda: naive_search(conn, text), 1)[0])
            ours.sort()
            p95 = ours[min(len(ours) - 1, int(len(ours) * 0.95))]
            mine, theirs = statistics.median(ours) * 1000, statistics.median(naive) * 1000
            print("| %d | %s | %s | %.1f / %.1f | %.1f | %.0f× |" % (size, lang, shape, mine, p95 * 1000, theirs,
                                                                     theirs / mine))
        conn.close()
    print("\n## whole process: `python3 memory_tiered.py search-all` vs `python3 -c \"import sqlite3\"`\n")
    print("| memories | how it is started | search-all process ms | bare python ms | ratio |")
    print("|---|---|---|---|---|")
    bare = process_time([sys.executable, "-c", "import sqlite3"], args.repeat)
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", "import memory_tiered"], env=env, cwd=ROOT, check=True)  # cache bytecode
    for size, (db, _) in stores.items():
        query = ["search-all", "deploy database migration", "--db", db, "--no-touch"]
        whole = process_time([sys.executable, SCRIPT] + query, args.repeat)
        print("| %d | `python3 memory_tiered.py` | %.1f | %.1f | %.2f |" % (size, whole * 1000, bare * 1000,
                                                                           whole / bare))
        cached = timed(lambda: subprocess.run([sys.executable, "-m", "memory_tiered"] + query, env=env,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), args.repeat)[0]
        print("| %d | `python3 -m memory_tiered` (hooks, cron) | %.1f | %.1f | %.2f |" % (
            size, cached * 1000, bare * 1000, cached / bare))
    print("\n## maintenance (one run each), seconds; naive decay = Python loop over every row, rolled back\n")
    print("| memories | decay | naive loop, one transaction | ratio | naive loop, commit per row (extrapolated) "
          "| ratio | compress report | stats | cleanup |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size, (db, meta) in stores.items():
        conn = sqlite3.connect(db)
        latest = conn.execute("SELECT max(decay_applied_at) FROM memory_l1").fetchone()[0]
        conn.close()
        now = memory_tiered.iso(memory_tiered.parse_time(latest) + __import__("datetime").timedelta(hours=1))
        decay = timed(lambda: cli(["decay", "--db", db], now=now), 1)[0]
        naive = timed(lambda: naive_decay(db), 1)[0]
        per_row = naive_decay_per_commit(db) * size
        compress = timed(lambda: cli(["compress", "--db", db, "--json"]), 1)[0]
        stats = timed(lambda: cli(["stats", "--db", db, "--json"]), 1)[0]
        cleanup = timed(lambda: cli(["cleanup", "--db", db, "--json"]), 1)[0]
        print("| %d | %.2f | %.2f | %.1f× | %.0f | %.0f× | %.2f | %.2f | %.2f |" % (
            size, decay, naive, naive / decay, per_row, per_row / decay, compress, stats, cleanup))
    biggest = max(stores)
    db = stores[biggest][0]
    print("\n## peak memory (ru_maxrss) of each command at %d memories, each in its own process\n" % biggest)
    print("| command | peak MB |")
    print("|---|---|")
    export = os.path.join(STORES, "export.jsonl")
    conn = sqlite3.connect(db)
    latest = conn.execute("SELECT max(decay_applied_at) FROM memory_l1").fetchone()[0]
    conn.close()
    later = memory_tiered.iso(memory_tiered.parse_time(latest) + __import__("datetime").timedelta(hours=1))
    for label, argv, env in (
            ("search-all (question)", ["search-all", "what did we decide about the database migration?", "--db", db],
             None),
            ("search-all (Chinese)", ["search-all", "上次关于数据库迁移我们是怎么决定的？", "--db", db], None),
            ("decay", ["decay", "--db", db], {"MEMORY_TIERED_NOW": later}),
            ("compress", ["compress", "--db", db], None),
            ("stats", ["stats", "--db", db], None),
            ("cleanup", ["cleanup", "--db", db], None),
            ("list", ["list", "--db", db], None),
            ("context", ["context", "--query", "database migration", "--db", db], None),
            ("digest", ["digest", "--db", db], None),
            ("export", ["export", "--out", export, "--db", db], None),
            ("doctor", ["doctor", "--db", db], None)):
        print("| %s | %.1f |" % (label, peak(argv, env)))
    with contextlib.suppress(OSError):
        os.unlink(export)
    return 0


if __name__ == "__main__":
    sys.exit(main())
