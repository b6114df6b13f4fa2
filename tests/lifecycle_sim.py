"""A month of agent use with the clock: daily sessions through the real hooks, the cron jobs at
their hours, memories recalled daily, weekly, once or never, a person editing notes.

Used by tests/test_lifecycle.py (in-process, fast) and bench/lifecycle.py (real processes, and a
printed timeline).  ``run(argv, stdin=None, now=ISO)`` runs one command and returns
(exit code, stdout, stderr).
"""

import datetime
import json
import os
import re
import sqlite3

START = datetime.datetime(2026, 5, 1, 0, 0, 0)

# What the agent's user talks about.  Each memory is recalled by a prompt that shares its words.
MEMORIES = {
    "daily": ("The Postgres connection pool for the billing service uses pgbouncer in transaction mode",
              "pgbouncer,connection pool,billing", 0.9,
              "How is the Postgres connection pool of the billing service set up?"),
    "weekly": ("Releases go out with blue green deployment on the Kubernetes staging cluster first",
               "blue green,kubernetes,release", 0.6,
               "What is our blue green release process on Kubernetes?"),
    "once": ("The design review for the search ranking rewrite happens with Alice on Thursday",
             "design review,search ranking", 0.5,
             "When is the design review for the search ranking rewrite?"),
    "never": ("Lunch order from the sushi place uses the shared team account",
              "lunch,sushi", 0.3, None),
    # a Chinese daily memory, recalled by a plain Chinese request that shares two words inside
    # an unsegmented sentence
    "daily-zh": ("用户偏好深色背景的PPT，标题用思源黑体", "PPT,思源黑体", 0.9,
                 "帮我做一份季度汇报的PPT，背景颜色和字体用什么？"),
}
ROUTINE_PROMPTS = ["Can you fix the failing test in utils.py?", "帮我把这个函数改成异步的",
                   "Please rename the variable in the parser module"]


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def hook_json(event, session, cwd, **extra):
    data = {"session_id": session, "transcript_path": "/nonexistent/%s.jsonl" % session, "cwd": cwd,
            "hook_event_name": event}
    data.update(extra)
    return json.dumps(data)


def simulate(run, db, vault, days=30, cwd="/work/projA"):
    """Run the month; return {"timeline": {kind: [strength per day]}, "ids": {...}, "log": [...]}."""
    ids = {}
    timeline = {kind: [] for kind in MEMORIES}
    log = []

    def call(*argv, stdin=None, at=None, expect=0):
        code, out, err = run(list(argv), stdin=stdin, now=iso(at))
        if expect is not None and code != expect:
            raise AssertionError("exit %s for %s at %s: %s %s" % (code, argv, iso(at), out, err))
        return out, err

    # Day 0: the four memories are written by the agent at the end of four sessions.
    for n, (kind, (summary, points, importance, _)) in enumerate(sorted(MEMORIES.items())):
        at = START + datetime.timedelta(hours=8, minutes=n)
        out, _ = call("add-l1", "--session-id", "seed-%s" % kind, "--summary", summary, "--key-points", points,
                      "--importance", str(importance), "--project", cwd, at=at)
        ids[kind] = int(out.strip())
    for day in range(1, days + 1):
        morning = START + datetime.timedelta(days=day, hours=9)
        session = "sess-%02d" % day
        out, _ = call("hook", "session-start", stdin=hook_json("SessionStart", session, cwd, source="startup"),
                      at=morning)
        log.append(("session-start", day, out))
        prompts = [MEMORIES["daily"][3], MEMORIES["daily-zh"][3], ROUTINE_PROMPTS[day % len(ROUTINE_PROMPTS)]]
        if day % 7 == 1:
            prompts.append(MEMORIES["weekly"][3])
        if day == 2:
            prompts.append(MEMORIES["once"][3])
        for k, prompt in enumerate(prompts):
            at = morning + datetime.timedelta(minutes=5 + k)
            out, _ = call("hook", "user-prompt-submit", stdin=hook_json("UserPromptSubmit", session, cwd,
                                                                        prompt=prompt), at=at)
            log.append(("prompt", day, prompt, out))
            # The same prompt again in the same session: counted once.
            if k == 0:
                call("hook", "user-prompt-submit", stdin=hook_json("UserPromptSubmit", session, cwd, prompt=prompt),
                     at=at + datetime.timedelta(minutes=1))
        end = morning + datetime.timedelta(hours=2)
        if day % 3:
            # The agent stores its summary with the command the session-start hook gave it.
            start_text = [entry for entry in log if entry[0] == "session-start" and entry[1] == day][0][2]
            m = re.search(r"`([^`]* add-l1 --session-id [^`]*)`", start_text)
            if not m:
                raise AssertionError("session-start did not give the add-l1 command:\n" + start_text)
            argv = m.group(1).split(" add-l1 ", 1)[1]
            session_arg = re.search(r"--session-id (\S+)", argv).group(1)
            project = re.search(r"--project (\S+)", argv)
            extra = ["--project", project.group(1)] if project else []
            call("add-l1", "--session-id", session_arg, "--summary",
                 "Day %d: worked on the parser and its tests" % day, "--key-points", "parser,tests",
                 "--importance", "0.4", *extra, at=end - datetime.timedelta(minutes=1))
        call("hook", "session-end", stdin=hook_json("SessionEnd", session, cwd, reason="exit"), at=end)
        # A person edits a note now and then.
        if day == 10:
            edit_note(vault, "l1", ids["weekly"], importance=0.75)
        # cron: decay hourly (here every three hours: the result is the same), the daily jobs.
        for hour in range(0, 24, 3):
            call("job", "decay", at=START + datetime.timedelta(days=day, hours=hour))
        night = START + datetime.timedelta(days=day, hours=23)
        call("job", "compress", at=night)
        call("job", "cleanup", at=night + datetime.timedelta(minutes=10))
        call("job", "sync", "--vault", vault, at=night + datetime.timedelta(minutes=20))
        for kind in MEMORIES:
            timeline[kind].append(strength(db, ids[kind], night))
    return {"timeline": timeline, "ids": ids, "log": log, "end": START + datetime.timedelta(days=days, hours=23)}


def strength(db, record_id, at):
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT decay_score, decay_applied_at, stability FROM memory_l1 WHERE id = ?",
                           (record_id,)).fetchone()
    finally:
        conn.close()
    applied = datetime.datetime.strptime(row[1], "%Y-%m-%dT%H:%M:%S")
    return row[0] * 0.99 ** ((at - applied).total_seconds() / 3600.0 / row[2])


def edit_note(vault, level, record_id, importance):
    folder = {"l1": "L1-关键摘要", "l2": "L2-结构知识", "l3": "L3-核心洞察"}[level]
    prefix = "%s-%06d" % (level.upper(), record_id)
    for name in os.listdir(os.path.join(vault, folder)):
        if name.startswith(prefix):
            path = os.path.join(vault, folder, name)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            text = re.sub(r"^importance: .*$", "importance: %s" % importance, text, count=1, flags=re.M)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            return path
    raise AssertionError("no note for %s #%d" % (level, record_id))


def table(timeline, days=(1, 7, 14, 21, 30)):
    """The README's timeline table, from measured strengths."""
    names = {"daily": "recalled daily", "daily-zh": "recalled daily, by a Chinese prompt",
             "weekly": "recalled weekly", "once": "recalled once (day 2)", "never": "never recalled"}
    lines = ["| memory | " + " | ".join("day %d" % d for d in days) + " |",
             "|---|" + "---|" * len(days)]
    for kind in ("daily", "daily-zh", "weekly", "once", "never"):
        lines.append("| %s | %s |" % (names[kind], " | ".join("%.3f" % timeline[kind][d - 1] for d in days)))
    return "\n".join(lines)
