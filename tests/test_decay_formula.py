"""One strength formula: the SQL the store runs agrees with the Python on random inputs."""

import datetime
import os
import random
import shutil
import tempfile
import unittest

from helpers import memory_tiered


class StrengthFormulaTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="mt-test-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.db = memory_tiered.MemoryDB(os.path.join(self.tmp, "m.db"))
        self.addCleanup(self.db.close)

    def test_sql_and_python_agree_on_random_rows(self):
        rng = random.Random(20261204)
        now = datetime.datetime(2026, 12, 4, 12, 0, tzinfo=datetime.timezone.utc)
        sql = memory_tiered.strength_sql_of()
        for _ in range(300):
            score = rng.uniform(0, 1)
            factor = rng.choice([0.99, 0.995, rng.uniform(0.5, 1)])
            seconds = rng.randint(-7200, 90 * 86400)  # (a time ahead of now counts as none)
            stability = rng.choice([1, 1.5, rng.uniform(1, 40)])
            pinned = rng.choice([0, 0, 1])
            applied = now - datetime.timedelta(seconds=seconds)
            got = self.db.execute(
                "SELECT %s FROM (SELECT :s AS decay_score, :a AS decay_applied_at, :st AS "
                "stability, :p AS pinned)" % sql,
                {"s": score, "a": memory_tiered.iso(applied), "st": stability, "p": pinned,
                 "decay_f": factor, "decay_now": memory_tiered.iso(now)}).fetchone()[0]
            want = memory_tiered.strength_formula(score, factor, seconds / 3600.0, stability, pinned)
            self.assertAlmostEqual(got, want, places=9, msg=(score, factor, seconds, stability, pinned))
            if pinned:
                self.assertEqual(want, score)
            if seconds <= 0:
                self.assertAlmostEqual(want, score, places=12)

    def test_decay_touch_and_reads_give_the_same_strength(self):
        """A record decayed by the job, read by search and read by `get` shows one strength."""
        os.environ["MEMORY_TIERED_NOW"] = "2026-11-01T00:00:00Z"
        self.addCleanup(os.environ.pop, "MEMORY_TIERED_NOW", None)
        created = memory_tiered.add_memory(self.db, level="l1", origin="cli", values=dict(
            session_id="f1", summary="Rotated the staging certificates on the ingress"))
        later = memory_tiered.parse_time("2026-11-03T05:00:00Z")  # 53 hours on
        table = memory_tiered.LEVEL_TABLE["l1"]
        engine = memory_tiered.DecayEngine(self.db)

        def stored():
            return self.db.execute("SELECT decay_score FROM %s WHERE id = ?" % table,
                                   (created.id,)).fetchone()[0]

        row = self.db.execute("SELECT * FROM %s WHERE id = ?" % table, (created.id,)).fetchone()
        read = engine.current(row, later)
        self.assertAlmostEqual(read, 0.99 ** 53, places=9)
        in_sql = self.db.execute(
            "SELECT %s FROM %s WHERE id = :id" % (engine.strength_sql(), table),
            {"decay_f": 0.99, "decay_now": memory_tiered.iso(later), "id": created.id}).fetchone()[0]
        self.assertAlmostEqual(in_sql, read, places=9)
        engine.decay(now=later)
        self.assertAlmostEqual(stored(), read, places=9)
        engine.decay(now=later + datetime.timedelta(hours=10))  # (the one-multiplier path)
        self.assertAlmostEqual(stored(), 0.99 ** 63, places=9)
        engine.touch("l1", [created.id], now=later + datetime.timedelta(hours=12))
        self.assertAlmostEqual(stored(), min(1.0, 0.99 ** 65 + 0.1), places=9)

if __name__ == "__main__":
    unittest.main()
