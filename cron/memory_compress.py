#!/usr/bin/env python3
"""Daily at 03:00 (0 3 * * *): promotion report; applies L1 -> L2 promotions when auto_promote is on.

Quiet on success; one line per run in memory_tiered.log next to the database.
See `python3 memory_tiered.py job --help`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import memory_tiered  # noqa: E402

sys.exit(memory_tiered.main(["job", "compress"]))
