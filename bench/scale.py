#!/usr/bin/env python3
"""Scale benchmark: each figure next to its floor, measured in the same run.

Builds deterministic synthetic stores (mixed English and Chinese summaries with key points and
importance on Zipf-distributed vocabularies, 90% L1, 9% L2, 1% L3) once and keeps them in
bench/.stores/ for later runs, merges their index segments as the index job does (every 5
minutes under cron), then prints medians, each as a ratio to its floor:

- import (records/s, synchronous indexing, mixed and English-only data) against a plain
  `executemany` of the same rows into a table without index or checks;
- in-process `search-all` for six query shapes (one word, three words and a question, English
  and Chinese) against plain FTS5 doing one MATCH over the same index with the same terms (a
  fresh connection, top 10 by bm25, texts fetched, JSON out), the two taking turns, every shape
  in each of at least 10 rounds (50 samples a shape and side), and the seed's ranked LIKE scan (`LIKE '%w%'` per word, `ORDER BY importance DESC LIMIT 10`, the three
  tables), timed apart since it reads the whole table;
- whole processes (a search, the prompt hook) against a bare `python3 -c "import sqlite3"` with
  the same interpreter flags, with and without PYTHONDONTWRITEBYTECODE;
- `decay` against one plain UPDATE of every row;
- peak memory (VmHWM) of each command, each run in its own process.

It states the interpreter, the SQLite version and whether the environment adds site imports.

Usage: python3 bench/scale.py [--sizes 10000,100000,1000000] [--repeat 15] [--rebuild]
                             [--only import,search,processes,maintenance,peak]
"""

import argparse
import contextlib
import datetime
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


def record(rng, i, vocab, zh_share=0.4):
    zh = rng.random() < zh_share
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


def write_records(path, size, seed, english_only=False):
    rng = random.Random(seed)
    vocab = vocabularies(7)
    with open(path, "w", encoding="utf-8") as handle:
        for i in range(size):
            handle.write(json.dumps(record(rng, i, vocab, 0.0 if english_only else 0.4), ensure_ascii=False) + "\n")


def settle(db):
    """Merge the store's index as the index job does, until a run changes nothing; returns the
    segments of each index ("memory_fts 2, memory_units 3")."""
    with memory_tiered.MemoryDB(db) as mdb:
        left = None
        while True:
            now_left = mdb.optimize_index()
            if now_left == left:
                return ", ".join("%s %d" % item for item in sorted(left.items()))
            left = now_left


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
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        source = handle.name
    write_records(source, size, size)
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


def seed_like(db, text):
    """The seed's way: LIKE '%w%' per word, ranked by importance, top 10 over the three tables
    (a fresh connection, texts out as JSON, like the CLI)."""
    words = [w for w in text.replace("？", " ").replace("?", " ").split() if w] or [text]
    conn = sqlite3.connect(db)
    try:
        out = []
        for table, col in (("memory_l1", "summary"), ("memory_l2", "knowledge"), ("memory_l3", "insight")):
            where = " OR ".join("%s LIKE ?" % col for _ in words)
            out += conn.execute("SELECT id, %s, importance FROM %s WHERE %s ORDER BY importance DESC LIMIT 10"
                                % (col, table, where), ["%" + w + "%" for w in words]).fetchall()
        out.sort(key=lambda r: -(r[2] or 0))
        return json.dumps([{"id": r[0], "text": r[1]} for r in out[:10]], ensure_ascii=False)
    finally:
        conn.close()


def plain_fts(db, text, now):
    """The floor: one FTS5 MATCH over the same index with the same terms (a fresh connection, top 10
    by bm25, texts fetched, JSON out).  Plain unicode61 over the raw texts would be faster still,
    but cannot find a Chinese word inside a sentence, so it does not do the same job."""
    expression = memory_tiered.Query(text, now).fts_expression()
    conn = sqlite3.connect(db)
    try:
        out = []
        for ref, score in conn.execute("SELECT rowid, bm25(memory_fts) AS r FROM memory_fts WHERE memory_fts MATCH ? "
                                       "ORDER BY r LIMIT 10", (expression,)).fetchall():
            level = memory_tiered.LEVELS[(ref & 3) - 1]
            row = conn.execute("SELECT %s FROM %s WHERE id = ?" % (memory_tiered.LEVEL_TEXT[level],
                                                                   memory_tiered.LEVEL_TABLE[level]), (ref >> 2,))
            out.append({"level": level, "id": ref >> 2, "text": row.fetchone()[0], "score": -score})
        return json.dumps(out, ensure_ascii=False)
    finally:
        conn.close()


def import_rates(size):
    """(ours, floor) records/s for ``size`` records, mixed and English-only: ours = the import
    command with synchronous indexing into a fresh database; floor = a plain executemany of the
    same rows into a table without index or checks, in one transaction."""
    rates = {}
    for label, english in (("mixed English and Chinese", False), ("English only", True)):
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "records.jsonl")
            write_records(source, size, size + 1, english)
            db = os.path.join(tmp, "ours.db")
            cli(["init", "--db", db])
            started = time.perf_counter()
            cli(["import", source, "--db", db], now="2026-11-01T00:00:00")
            ours = size / (time.perf_counter() - started)
            plain = sqlite3.connect(os.path.join(tmp, "plain.db"), isolation_level=None)
            plain.execute("PRAGMA journal_mode = WAL")
            plain.execute("PRAGMA synchronous = FULL")
            plain.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, level TEXT, text TEXT, points TEXT, "
                          "importance REAL, created_at TEXT)")
            started = time.perf_counter()
            with open(source, encoding="utf-8") as handle:
                rows = []
                for line in handle:
                    r = json.loads(line)
                    rows.append((r["level"], r.get("summary") or r.get("knowledge") or r.get("insight"),
                                 json.dumps(r.get("key_points") or r.get("tags") or []), r["importance"],
                                 r["created_at"]))
            plain.execute("BEGIN")
            plain.executemany("INSERT INTO t (level, text, points, importance, created_at) VALUES (?, ?, ?, ?, ?)",
                              rows)
            plain.execute("COMMIT")
            floor = size / (time.perf_counter() - started)
            plain.close()
            rates[label] = (ours, floor)
    return rates


def plain_update(db):
    """The decay floor: one UPDATE of every row of the three tables in one transaction (rolled back)."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("BEGIN")
        started = time.perf_counter()
        for table in ("memory_l1", "memory_l2", "memory_l3"):
            conn.execute("UPDATE %s SET decay_score = decay_score * 0.99" % table)
        seconds = time.perf_counter() - started
        conn.rollback()
        return seconds
    finally:
        conn.close()


def site_imports():
    """How many modules a bare interpreter has loaded, with and without site, and which .pth
    files the site folders hold (an environment that adds imports makes every process slower)."""
    probe = "import sys; print(len(sys.modules))"
    with_site = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip()
    without = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True).stdout.strip()
    import site
    pth = []
    for folder in site.getsitepackages() + [site.getusersitepackages()]:
        with contextlib.suppress(OSError):
            pth += sorted(f for f in os.listdir(folder) if f.endswith(".pth"))
    return with_site, without, pth


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


def process_time(argv, repeat, env=None, stdin=None):
    return timed(lambda: subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        env=env, check=False), repeat)[0]


def section_import(args, stores, now):
    print("## import (records/s, synchronous indexing, %d records into a fresh database)\n" % args.import_size)
    print("| data | memory_tiered | plain executemany (floor) | ours / floor |")
    print("|---|---|---|---|")
    for label, (ours, floor) in import_rates(args.import_size).items():
        print("| %s | %.0f | %.0f | %.2f |" % (label, ours, floor, ours / floor))
    print("\nStores: " + ", ".join("%d memories built at %.0f/s, %.0f MB" % (
        size, meta["import_per_second"], os.path.getsize(db) / 1e6) for size, (db, meta) in stores.items()))


def section_search(args, stores, now):
    print("\n## search-all in-process, median ms, against plain FTS5 (floor) and the seed's LIKE scan\n")
    print("| memories | language | query | memory_tiered | plain FTS5 | ours / FTS5 | seed LIKE | LIKE / ours |")
    print("|---|---|---|---|---|---|---|---|")
    for size, (db, _) in stores.items():
        mine, floors, likes = [], [], []
        samples = {key: ([], []) for key in QUERIES}  # shape -> (ours, floor)
        for n in range(max(10, args.repeat // 5)):
            # every shape in every round, so that a noisy stretch of the machine hits all shapes alike
            for key, texts in QUERIES.items():
                for text in texts:
                    # side by side, taking turns to go first, so a noisy moment hits both alike
                    runs = [(samples[key][0], lambda: cli(["search-all", "--keyword", text, "--db", db, "--json",
                                                           "--no-touch"])),
                            (samples[key][1], lambda: plain_fts(db, text, now))]
                    for k in range(2):
                        got, fn = runs[(n + k) % 2]
                        got.append(timed(fn, 1)[0])
        for (lang, shape), texts in QUERIES.items():
            ours, floor = samples[(lang, shape)]
            like = []
            for text in texts:  # apart: it reads the whole table, leaving whatever runs next with cold caches
                like += [timed(lambda: seed_like(db, text), 1)[0] for _ in range(2)]
            m, f, l_ = (statistics.median(x) * 1000 for x in (ours, floor, like))
            mine.append(m)
            floors.append(f)
            likes.append(l_)
            print("| %d | %s | %s | %.2f | %.2f | %.2f | %.1f | %.0f |" % (size, lang, shape, m, f, m / f, l_, l_ / m))
        m, f, l_ = statistics.median(mine), statistics.median(floors), statistics.median(likes)
        print("| %d | **median of the six** | | **%.2f** | **%.2f** | **%.2f** | **%.1f** | **%.0f** |" % (
            size, m, f, m / f, l_, l_ / m))


def section_processes(args, stores, now):
    print("\n## whole processes, median ms, against a bare `python3 -c \"import sqlite3\"` with the same flags "
          "(floor); `-S`: without the site imports the environment adds\n")
    print("| memories | command | PYTHONDONTWRITEBYTECODE | process | bare python | ratio |")
    print("|---|---|---|---|---|---|")
    memory_tiered.refresh_bytecode()  # what init, install-hooks and cron do
    sessions = iter(range(1 << 30))

    def prompt():  # a new session each time: the hook then records what it recalled (a write)
        return json.dumps({"session_id": "bench-%d" % next(sessions), "cwd": STORES,
                           "prompt": "how do we deploy the kubernetes cluster with terraform?"}).encode()

    for size, (db, _) in stores.items():
        for flags, dont_write in (([], False), ([], True), (["-S"], True)):
            env = dict(os.environ, PYTHONPATH=ROOT)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            if dont_write:
                env["PYTHONDONTWRITEBYTECODE"] = "1"
            python = [sys.executable] + flags
            shown = "".join(" " + f for f in flags)
            rows = [("bare", python + ["-c", "import sqlite3"], None),
                    ("`python3%s -m memory_tiered search-all`" % shown,
                     python + ["-m", "memory_tiered", "search-all", "deploy database migration", "--db", db,
                               "--no-touch"], None),
                    ("`python3%s -m memory_tiered search-all` (Chinese words)" % shown,
                     python + ["-m", "memory_tiered", "search-all", "部署 数据库 迁移", "--db", db, "--no-touch"], None),
                    ("prompt hook (`python3%s -m memory_tiered hook user-prompt-submit`)" % shown,
                     python + ["-m", "memory_tiered", "--db", db, "hook", "user-prompt-submit"], prompt)]
            if not flags:
                rows.append(("`python3 memory_tiered.py search-all` (a script: compiled each run)",
                             python + [SCRIPT, "search-all", "deploy database migration", "--db", db, "--no-touch"],
                             None))
            samples = {label: [] for label, _, _ in rows}
            for _ in range(args.repeat):  # round robin, the bare interpreter included
                for label, command, stdin in rows:
                    samples[label].append(process_time(command, 1, env, stdin() if callable(stdin) else stdin))
            bare = statistics.median(samples["bare"])
            for label, _, _ in rows[1:]:
                whole = statistics.median(samples[label])
                print("| %d | %s | %s | %.1f | %.1f | %.2f |" % (size, label, "set" if dont_write else "unset",
                                                                whole * 1000, bare * 1000, whole / bare))


def section_maintenance(args, stores, now):
    print("\n## maintenance, seconds (one run each)\n")
    print("| memories | decay | one plain UPDATE (floor) | ratio | naive Python loop, one transaction "
          "| naive loop, commit per row (extrapolated) | compress report | stats | cleanup |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size, (db, meta) in stores.items():
        conn = sqlite3.connect(db)
        latest = conn.execute("SELECT max(decay_applied_at) FROM memory_l1").fetchone()[0]
        conn.close()
        later = memory_tiered.iso(memory_tiered.parse_time(latest) + datetime.timedelta(hours=1))
        decay = timed(lambda: cli(["decay", "--db", db], now=later), 1)[0]
        floor = plain_update(db)
        naive = timed(lambda: naive_decay(db), 1)[0]
        per_row = naive_decay_per_commit(db) * size
        compress = timed(lambda: cli(["compress", "--db", db, "--json"]), 1)[0]
        stats = timed(lambda: cli(["stats", "--db", db, "--json"]), 1)[0]
        cleanup = timed(lambda: cli(["cleanup", "--db", db, "--json"]), 1)[0]
        print("| %d | %.2f | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f | %.2f |" % (
            size, decay, floor, decay / floor, naive, per_row, compress, stats, cleanup))


def section_peak(args, stores, now):
    biggest = max(stores)
    db = stores[biggest][0]
    print("\n## peak memory (VmHWM) of each command at %d memories, each in its own process\n" % biggest)
    print("| command | peak MB |")
    print("|---|---|")
    export = os.path.join(STORES, "export.jsonl")
    conn = sqlite3.connect(db)
    latest = conn.execute("SELECT max(decay_applied_at) FROM memory_l1").fetchone()[0]
    conn.close()
    later = memory_tiered.iso(memory_tiered.parse_time(latest) + datetime.timedelta(hours=1))
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


SECTIONS = {"import": section_import, "search": section_search, "processes": section_processes,
            "maintenance": section_maintenance, "peak": section_peak}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--import-size", type=int, default=100000, help="records of the fresh import runs")
    parser.add_argument("--rebuild", action="store_true", help="build the stores again")
    parser.add_argument("--only", help="comma-separated sections to run (default all): " + ", ".join(SECTIONS))
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    with_site, without_site, pth = site_imports()
    print("# memory_tiered scale benchmark\n")
    print("Python %s (%s), SQLite %s, %d cores; a bare interpreter loads %s modules (%s with -S); site .pth "
          "files: %s; PYTHONDONTWRITEBYTECODE %s.\n" % (
              sys.version.split()[0], sys.executable, sqlite3.sqlite_version, os.cpu_count() or 1, with_site,
              without_site, ", ".join(pth) or "none", "set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "unset"))
    stores = {size: build(size, args.rebuild) for size in sizes}
    print("Stores as the index job leaves them (it runs every 5 minutes and merges index segments): %s.\n"
          % "; ".join("%d: %s" % (size, settle(db)) for size, (db, _) in stores.items()))
    now = memory_tiered.now_utc()
    for name in (args.only.split(",") if args.only else SECTIONS):
        SECTIONS[name.strip()](args, stores, now)


if __name__ == "__main__":
    sys.exit(main())
