#!/usr/bin/env python3
"""Cost of the optional vector search: brute-force cosine over stored vectors, in pure Python.

Builds stores of N random unit vectors (dimension --dim, default 384, as small embedding models
give), then times `nearest()` (one query vector against every stored one) with the endpoint call
replaced by a fixed vector, so only the scan is measured.  Prints the median of --runs.

    python3 bench/embeddings.py [--dim 384] [--sizes 1000,10000,100000]
"""

import argparse
import array
import os
import random
import statistics
import sys
import tempfile
import time
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import memory_tiered  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    rng = random.Random(7)
    settings = ("http://127.0.0.1:9/v1/embeddings", "bench", None, 1.0)
    query = [rng.gauss(0, 1) for _ in range(args.dim)]
    print("| vectors | dim | median ms per query | scanned |")
    print("|---|---|---|---|")
    for size in [int(x) for x in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory() as tmp:
            db = memory_tiered.MemoryDB(os.path.join(tmp, "e.db"))
            with db.atomic() as conn:
                conn.executemany("INSERT INTO embeddings(level, record_id, model, text_hash, vector) "
                                 "VALUES ('l1', ?, 'bench', '', ?)",
                                 ((i, array.array("f", [rng.gauss(0, 1) for _ in range(args.dim)]).tobytes())
                                  for i in range(1, size + 1)))
            times = []
            with mock.patch.object(memory_tiered, "embed_texts", lambda texts, s: [query]):
                for _ in range(args.runs):
                    started = time.perf_counter()
                    memory_tiered.nearest(db, "q", ["l1"], settings)
                    times.append(time.perf_counter() - started)
            db.close()
        print("| %d | %d | %.1f | %d |" % (size, args.dim, 1000 * statistics.median(times),
                                          min(size, memory_tiered.EMBED_SCAN_LIMIT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
