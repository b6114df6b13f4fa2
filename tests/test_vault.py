"""Obsidian vault sync: notes, frontmatter round trips, edits read back, conflicts, archive."""

import datetime
import json
import os
import re
import sqlite3
import stat
import time
import unittest

from helpers import ROOT, CLITestCase, memory_tiered, slow

HOSTILE = ["记" * 300, "../../x", "a/b", "CON", "x" * 300, "emoji 🧠🎉", "key: value", "- item", "---", 'quo"tes \'both\'',
           "back\\slash", "#tag ^block [[link]] |pipe| *star* ?q <a> %", "中文：冒号，逗号", "tab\tand\nnewline",
           "\u2028line sep", ".hidden"]

ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def strict_frontmatter(text):
    """Parse our frontmatter strictly: JSON scalars, ISO date-times, block lists of JSON scalars."""
    lines = text.split("\n")
    assert lines[0] == "---", "no frontmatter"
    end = lines.index("---", 1)
    fields, key = {}, None
    for line in lines[1:end]:
        if line.startswith("  - "):
            assert key is not None and isinstance(fields[key], list), line
            fields[key].append(json.loads(line[4:]))
            continue
        m = re.match(r"^([a-z0-9_]+):(?: (.*))?$", line)
        assert m, "bad line %r" % line
        key, value = m.group(1), m.group(2)
        if value is None:
            fields[key] = []
        elif ISO_RE.match(value):
            fields[key] = value
        else:
            fields[key] = json.loads(value)
    return fields, "\n".join(lines[end + 1:])


class VaultTestCase(CLITestCase):
    def setUp(self):
        super().setUp()
        self.vault = os.path.join(self.tmp, "vault")
        os.environ["MEMORY_TIERED_VAULT"] = self.vault

    def sync(self, *extra, code=0, now=None):
        out, err = self.run_cli("sync", "--json", *extra, code=code, now=now)
        return json.loads(out) if out else err

    def note(self, level, record_id):
        folder = os.path.join(self.vault, memory_tiered.VAULT_FOLDERS[level])
        prefix = "%s-%06d" % (level.upper(), record_id)
        names = [n for n in os.listdir(folder) if n == prefix + ".md" or n.startswith(prefix + " ")]
        self.assertEqual(len(names), 1, names)
        return os.path.join(folder, names[0])

    def read(self, path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()

    def all_files(self):
        found = {}
        for root, _dirs, files in os.walk(self.vault):
            for name in files:
                path = os.path.join(root, name)
                found[os.path.relpath(path, self.vault)] = os.stat(path).st_mtime_ns
        return found


class WriteTests(VaultTestCase):
    def test_hostile_values_round_trip_through_frontmatter(self):
        ids = []
        for n, text in enumerate(HOSTILE):
            short = text[:150]
            ids.append(self.add_l1(text + " summary", session=short, key_points=short.replace(",", " "),
                                   tags=short.replace(",", " "), project=short.replace("\n", " "),
                                   importance="0.%d" % (n % 10)))
        l2 = int(self.run_cli("add-l2", "--category", "key: value", "--knowledge", "---\n- item",
                              "--source-ids", ",".join(map(str, ids[:3])), "--tags", "a b,2024,中文")[0])
        self.run_cli("add-l3", "--insight", 'quo"te: x', "--source-ids", str(l2), "--category", "#c")
        report = self.sync()
        self.assertEqual(report["conflicts"], [])
        for record_id in ids:
            rec = self.json_cli("get", "l1", str(record_id))
            path = self.note("l1", record_id)
            name = os.path.basename(path)[:-3]
            self.assertLessEqual(len(name), 80)
            self.assertLessEqual(len((name + ".md").encode("utf-8")), 255)
            self.assertIsNone(re.search(r'[*"\\/<>:|?#^\[\]%]', name), name)
            self.assertFalse(name.startswith("."))
            fields, body = strict_frontmatter(self.read(path))
            self.assertEqual(fields["id"], record_id)
            self.assertEqual(fields["level"], "l1")
            self.assertEqual(fields["session_id"], rec["session_id"])
            self.assertEqual(fields["importance"], rec["importance"])
            self.assertEqual(fields["strength"], "strong")
            self.assertEqual(fields["decay_score"], 1.0)
            self.assertEqual(fields["access_count"], 0)
            self.assertEqual(fields["created"], rec["created_at"] + "Z")
            self.assertEqual(fields["updated"], rec["updated_at"] + "Z")
            self.assertEqual(fields["project"], rec["project"])
            self.assertEqual(fields["tags"][0], "memory/l1")
            for tag in fields["tags"]:
                self.assertRegex(tag, r"^[\w/-]+$")
                self.assertFalse(tag.replace("/", "").isdigit())
            self.assertEqual(fields["aliases"], [name.split(" ", 1)[1]] if " " in name else [name])
            # the hand-written L2 marks its sources promoted, in the note as in the database
            self.assertEqual(fields["promoted_to"], l2 if record_id in ids[:3] else None)
            self.assertEqual(fields["promoted_to"], rec["promoted_to"])
            self.assertTrue(body.startswith(rec["summary"]))
            # the module's own tolerant parser agrees with the strict one
            self.assertEqual(memory_tiered.parse_note(self.read(path))[0], fields)
        fields, body = strict_frontmatter(self.read(self.note("l2", l2)))
        self.assertEqual((fields["category"], fields["source_ids"], fields["promoted_to"]), ("key: value", ids[:3], 1))
        self.assertEqual(sorted(fields["tags"]), ["_2024", "a-b", "memory/l2", "中文"])
        for record_id in ids[:3]:
            stem = os.path.basename(self.note("l1", record_id))[:-3]
            self.assertIn("[[%s]]" % stem, body)
        self.assertIn("[[%s]]" % os.path.basename(self.note("l3", 1))[:-3], body)
        fields, _ = strict_frontmatter(self.read(self.note("l3", 1)))
        self.assertEqual((fields["category"], fields["source_ids"]), ("#c", [l2]))

    def test_session_tree_and_insight_index(self):
        a = self.add_l1("root talk", session="root")
        self.add_l1("child talk", session="child", parent_session="root")
        self.run_cli("add-l3", "--insight", "Core idea")
        self.sync()
        tree = os.path.join(self.vault, "对话树")
        root = self.read(os.path.join(tree, "S-root.md"))
        child = self.read(os.path.join(tree, "S-child.md"))
        self.assertIn("[[S-child]]", root)
        self.assertIn("[[%s]]" % os.path.basename(self.note("l1", a))[:-3], root)
        self.assertIn("[[S-root]]", child)
        self.assertEqual(strict_frontmatter(child)[0]["parent_session"], "root")
        index = self.read(os.path.join(self.vault, "L3-核心洞察", "核心洞察索引.md"))
        self.assertIn("[[L3-000001 Core idea]]", index)
        self.assertIn("[[S-root]]", self.read(self.note("l1", a)))

    def test_incremental_no_change_writes_nothing(self):
        for i in range(20):
            self.add_l1("memory number %d" % i, session="s%d" % i)
        first = self.sync()
        self.assertEqual(len(first["written"]), 20 + 20 + 1)
        before = self.all_files()
        time.sleep(0.02)
        again = self.sync()
        self.assertEqual((again["written"], again["renamed"], again["read_back"]), ([], [], []))
        self.assertEqual(self.all_files(), before)
        self.run_cli("add-l1", "--session-id", "s3", "--summary", "memory number 3", "--importance", "0.9")  # dup
        conn = self.connect(self.db)
        conn.execute("UPDATE memory_l1 SET importance = 0.9 WHERE id = 4")
        conn.commit()
        conn.close()
        third = self.sync()
        self.assertEqual(third["written"], [os.path.relpath(self.note("l1", 4), self.vault)])

    def test_title_change_renames_and_links_follow(self):
        a = self.add_l1("Old title here")
        l2 = int(self.run_cli("add-l2", "--category", "c", "--knowledge", "k", "--source-ids", str(a))[0])
        self.sync()
        old = self.note("l1", a)
        conn = self.connect(self.db)
        conn.create_function("mt_index_text", 1, memory_tiered.index_text)
        conn.create_function("mt_units", 2, memory_tiered.text_units)
        conn.execute("UPDATE memory_l1 SET summary = 'Brand new title' WHERE id = ?", (a,))
        conn.commit()
        conn.close()
        report = self.sync()
        self.assertEqual(len(report["renamed"]), 1)
        self.assertFalse(os.path.exists(old))
        self.assertEqual(os.path.basename(self.note("l1", a)), "L1-%06d Brand new title.md" % a)
        self.assertIn("[[L1-%06d Brand new title]]" % a, self.read(self.note("l2", l2)))

    def test_dry_run_writes_nothing(self):
        self.add_l1("hello")
        report = self.sync("--dry-run")
        self.assertTrue(report["written"])
        self.assertFalse(os.path.exists(self.vault))
        out, _ = self.run_cli("sync", "--dry-run")
        self.assertIn("would write L1-关键摘要/L1-000001 hello.md", out)

    def test_unwritable_vault_is_one_line_exit_1_and_db_untouched(self):
        self.add_l1("hello")
        blocker = os.path.join(self.tmp, "afile")
        with open(blocker, "w") as handle:
            handle.write("x")
        before = self.dump()
        _, err = self.run_cli("sync", "--vault", os.path.join(blocker, "vault"), code=1)
        self.assertEqual(err.count("\n"), 1)
        self.assertIn("not writable", err)
        self.assertEqual(self.dump(), before)
        conn = self.connect(self.db)
        self.assertEqual(conn.execute("SELECT count(*) FROM vault_notes").fetchone()[0], 0)

    @unittest.skipIf(hasattr(os, "geteuid") and os.geteuid() == 0, "root can write anywhere")
    def test_read_only_vault_folder(self):
        self.add_l1("hello")
        os.makedirs(self.vault)
        os.chmod(self.vault, stat.S_IRUSR | stat.S_IXUSR)
        self.addCleanup(os.chmod, self.vault, 0o700)
        self.run_cli("sync", code=1)


class DecayScoreTests(VaultTestCase):
    @slow
    def test_the_decay_score_steps_in_half_lives_and_rewrites_only_then(self):
        start = "2026-06-01T00:00:00"
        l1 = self.add_l1("Standups moved to 09:30 on Mondays", now=start)
        l2 = int(self.run_cli("add-l2", "--category", "habits", "--knowledge",
                              "Prefers standups short", now=start)[0])
        self.sync(now=start)
        shown = []
        for hour in range(0, 330, 6):
            now = (datetime.datetime(2026, 6, 1) + datetime.timedelta(hours=hour)).isoformat()
            self.run_cli("decay", now=now)
            report = self.sync(now=now)
            fields = {lv: strict_frontmatter(self.read(self.note(lv, rid)))[0]
                      for lv, rid in (("l1", l1), ("l2", l2))}
            shown.append((fields["l1"]["decay_score"], fields["l1"]["strength"],
                          len(report["written"])))
            # an L2's note follows its strength too (its sources are in its fingerprint as well)
            self.assertEqual(fields["l2"]["decay_score"], fields["l1"]["decay_score"])
        steps = [s for i, s in enumerate(shown) if i == 0 or s[:2] != shown[i - 1][:2]]
        scores = [s[0] for i, s in enumerate(steps) if i == 0 or s[0] != steps[i - 1][0]]
        self.assertEqual(scores, [1.0, 0.5, 0.25, 0.12, 0.06, 0.0])
        self.assertEqual([s[1] for s in steps].count("fading"), 4)  # the band flips inside a step
        # a sync writes only when what the note shows changed: 5 steps and 2 band flips
        self.assertEqual(sum(1 for s in shown if s[2]), len(steps) - 1)
        self.assertEqual(len(steps) - 1, 7)

    def test_a_pinned_memory_shows_full_strength(self):
        l1 = self.add_l1("Always use pnpm in this repository", now="2026-06-01T00:00:00")
        self.run_cli("pin", "l1", str(l1))
        self.run_cli("decay", now="2026-06-20T00:00:00")
        self.sync(now="2026-06-20T00:00:00")
        fields = strict_frontmatter(self.read(self.note("l1", l1)))[0]
        self.assertEqual((fields["decay_score"], fields["strength"], fields["pinned"]),
                         (1.0, "strong", True))


class EditTests(VaultTestCase):
    def setUp(self):
        super().setUp()
        self.rid = self.add_l1("We picked SQLite. It is small and reliable.", key_points="sqlite,wal",
                              importance="0.5", tags="db")
        self.sync()
        self.path = self.note("l1", self.rid)

    def edit(self, transform):
        text = self.read(self.path)
        new = transform(text)
        self.assertNotEqual(new, text)
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write(new)
        return new

    def test_person_edits_flow_back_and_file_is_kept(self):
        def person(text):
            text = text.replace("importance: 0.5", "importance: 0.9")
            text = text.replace('  - "db"', '  - "db"\n  - new-tag')
            return text.replace("It is small and reliable.", "It is small, fast and reliable.")
        edited = self.edit(person)
        report = self.sync()
        self.assertEqual(report["read_back"][0]["fields"], ["importance", "tags", "text"])
        rec = self.json_cli("get", "l1", str(self.rid))
        self.assertEqual(rec["importance"], 0.9)
        self.assertEqual(rec["tags"], ["db", "new-tag"])
        self.assertEqual(rec["summary"], "We picked SQLite. It is small, fast and reliable.")
        self.assertEqual(rec["key_points"], ["sqlite", "wal"])
        self.assertEqual(self.read(self.path), edited)
        again = self.sync()
        self.assertEqual((again["written"], again["read_back"], again["conflicts"]), ([], [], []))
        self.assertEqual(self.read(self.path), edited)
        self.run_cli("decay", now="2030-01-01T00:00:00")  # database-only change of a field people don't edit
        self.sync()
        self.assertEqual(self.read(self.path), edited)
        self.assertEqual(self.search("fast", "--no-touch")[0]["id"], self.rid)

    def test_pinned_in_the_frontmatter_pins_and_its_removal_unpins(self):
        self.edit(lambda t: t.replace("importance: 0.5", "importance: 0.5\npinned: true"))
        report = self.sync()
        self.assertEqual(report["read_back"][0]["fields"], ["pinned"])
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["pinned"], 1)
        self.run_cli("decay", now="2030-01-01T00:00:00")
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["decay_score"], 1.0)
        self.assertIn("pinned: true", self.read(self.path))
        self.edit(lambda t: t.replace("pinned: true\n", ""))
        self.sync()
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["pinned"], 0)

    def test_a_hand_written_pinned_note_is_a_standing_memory(self):
        folder = os.path.join(self.vault, memory_tiered.VAULT_FOLDERS["l2"])
        with open(os.path.join(folder, "rule.md"), "w", encoding="utf-8") as handle:
            handle.write("---\nlevel: l2\ncategory: tooling\npinned: true\n---\nAlways use pnpm\n")
        self.sync()
        record = self.json_cli("list", "--level", "l2")["records"][0]
        self.assertEqual((record["text"], record["pinned"], record["origin"]), ("Always use pnpm", 1, "vault"))

    def test_a_conflict_report_never_shows_a_secret(self):
        secret = "sk-live-abcdefghijklmnopqrstuvwx"
        self.edit(lambda t: t.replace("It is small and reliable.", "Key " + secret))
        self.run_cli("edit", "l1", str(self.rid), "--text", "We picked Postgres.")
        out, err = self.run_cli("sync", code=1)
        self.assertIn("conflict", (out + err).lower())
        self.assertNotIn(secret, out + err)
        report = self.sync(code=1)
        self.assertNotIn(secret, json.dumps(report))

    def test_obsidian_style_properties_are_read(self):
        def obsidian(text):
            return text.replace("importance: 0.5", "importance: 0.75").replace(
                'tags:\n  - "memory/l1"\n  - "db"', "tags:\n  - memory/l1\n  - db\n  - '#extra'")
        self.edit(obsidian)
        self.sync()
        rec = self.json_cli("get", "l1", str(self.rid))
        self.assertEqual((rec["importance"], rec["tags"]), (0.75, ["db", "extra"]))

    def test_database_change_rewrites_note_the_tool_owns(self):
        self.run_cli("config", "access_boost", "0.1")
        conn = self.connect(self.db)
        conn.execute("UPDATE memory_l1 SET importance = 0.3 WHERE id = ?", (self.rid,))
        conn.commit()
        conn.close()
        report = self.sync()
        self.assertEqual(len(report["written"]), 1)
        self.assertIn("importance: 0.3", self.read(self.path))

    def test_both_sides_changed_is_a_conflict_nothing_overwritten(self):
        edited = self.edit(lambda t: t.replace("importance: 0.5", "importance: 0.9"))
        conn = self.connect(self.db)
        conn.execute("UPDATE memory_l1 SET importance = 0.2 WHERE id = ?", (self.rid,))
        conn.commit()
        conn.close()
        report = self.sync(code=1)  # a waiting conflict fails the sync until it is settled
        self.assertEqual(len(report["conflicts"]), 1)
        self.assertIn("importance", report["conflicts"][0]["why"])
        self.assertEqual(report["conflicts"][0]["vault"]["importance"], 0.9)
        self.assertEqual(report["conflicts"][0]["database"]["importance"], 0.2)
        self.assertEqual(self.read(self.path), edited)
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["importance"], 0.2)
        out, err = self.run_cli("sync", code=1)
        self.assertIn("1 conflicts", err)
        self.assertIn("  importance: vault 0.9 | database 0.2", out)
        self.sync("--resolve", "vault")
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["importance"], 0.9)
        self.assertEqual(self.read(self.path), edited)

    def test_resolve_db_writes_database_version(self):
        self.edit(lambda t: t.replace("importance: 0.5", "importance: 0.9"))
        conn = self.connect(self.db)
        conn.execute("UPDATE memory_l1 SET importance = 0.2 WHERE id = ?", (self.rid,))
        conn.commit()
        conn.close()
        self.sync("--resolve", "db")
        self.assertIn("importance: 0.2", self.read(self.path))
        self.assertEqual(self.sync()["conflicts"], [])

    def test_broken_frontmatter_is_reported_not_overwritten(self):
        broken = self.edit(lambda t: t.replace("importance: 0.5", "importance: [unclosed"))
        report = self.sync(code=1)
        self.assertIn("cannot read", report["conflicts"][0]["why"])
        self.assertEqual(self.read(self.path), broken)
        bad = self.edit(lambda t: t.replace("importance: [unclosed", "importance: high"))
        report = self.sync(code=1)
        self.assertIn("importance must be a number", report["conflicts"][0]["why"])
        self.assertEqual(self.read(self.path), bad)
        self.assertEqual(self.json_cli("get", "l1", str(self.rid))["importance"], 0.5)

    def test_forget_deletes_the_note_and_archive_moves_it(self):
        other = self.add_l1("faded one", session="other", now="2026-01-01T00:00:00")
        self.sync()
        other_path = self.note("l1", other)
        self.run_cli("forget", "l1", str(self.rid), "--yes")
        self.run_cli("decay", now="2026-06-01T00:00:00")
        self.run_cli("cleanup", "--archive", "--yes", now="2026-06-01T00:00:00")
        # forget deletes the forgotten record's note at once (it holds the text); archiving moves
        self.assertFalse(os.path.exists(self.path))
        report = self.sync()
        # the archived L1's note and its session note; the forgotten one's session note went with it
        self.assertEqual(len(report["archived"]), 2)
        archive = os.path.join(self.vault, "归档")
        self.assertFalse(os.path.exists(os.path.join(archive, os.path.basename(self.path))))
        self.assertTrue(os.path.exists(os.path.join(archive, os.path.basename(other_path))))
        self.assertEqual(self.sync()["archived"], [])

    def test_notes_the_tool_did_not_write_are_untouched(self):
        mine = os.path.join(self.vault, "L1-关键摘要", "my notes.md")
        with open(mine, "w", encoding="utf-8") as handle:
            handle.write("just my own thoughts\n")
        squatter = os.path.join(self.vault, "L1-关键摘要", "L1-000002 second.md")
        with open(squatter, "w", encoding="utf-8") as handle:
            handle.write("a person's note with our name\n")
        self.add_l1("second", session="s2")
        report = self.sync(code=1)
        self.assertIn("did not write", report["conflicts"][0]["why"])
        self.assertEqual(self.read(mine), "just my own thoughts\n")
        self.assertEqual(self.read(squatter), "a person's note with our name\n")


class TemplateTests(VaultTestCase):
    def test_init_vault_copies_without_overwriting(self):
        os.makedirs(self.vault)
        with open(os.path.join(self.vault, "Home.md"), "w") as handle:
            handle.write("mine")
        _, err = self.run_cli("init-vault")
        self.assertIn("1 already there", err)
        with open(os.path.join(self.vault, "Home.md")) as handle:
            self.assertEqual(handle.read(), "mine")
        for rel in (".obsidian/graph.json", "模板/L1 模板.md", "模板/L2 模板.md", "L1-关键摘要", "对话树"):
            self.assertTrue(os.path.exists(os.path.join(self.vault, rel)), rel)
        with open(os.path.join(ROOT, "obsidian_template", ".obsidian", "graph.json")) as handle:
            self.assertEqual(len(json.load(handle)["colorGroups"]), 4)

    def test_hand_written_note_from_template_becomes_a_memory(self):
        self.run_cli("init-vault")
        with open(os.path.join(self.vault, "模板", "L1 模板.md"), encoding="utf-8") as handle:
            template = handle.read()
        hand = os.path.join(self.vault, "L1-关键摘要", "my talk.md")
        with open(hand, "w", encoding="utf-8") as handle:
            handle.write(template.replace("importance: 0.5", "importance: 0.8").replace(
                "- 第一个要点 first key point", "- 周会改到周四 / stand-up moved to Thursday").replace(
                "在这里写这次对话的摘要：做了什么、决定了什么、为什么。", "和团队定了新的周会时间。"))
        report = self.sync()
        self.assertEqual(report["imported"][0]["level"], "l1")
        rec = self.json_cli("get", "l1", str(report["imported"][0]["id"]))
        self.assertEqual(rec["importance"], 0.8)
        # the template's placeholder lines are not the person's: only what they wrote is kept
        self.assertEqual(rec["key_points"], ["周会改到周四 / stand-up moved to Thursday"])
        self.assertEqual(self.sync()["imported"], [])
        self.assertEqual(len(self.json_cli("list")["records"]), 1)

    def test_home_dashboard_has_queries_and_fallback(self):
        with open(os.path.join(ROOT, "obsidian_template", "Home.md"), encoding="utf-8") as handle:
            home = handle.read()
        self.assertEqual(home.count("```dataview"), 4)
        self.assertIn("Without it", home)


if __name__ == "__main__":
    unittest.main()
