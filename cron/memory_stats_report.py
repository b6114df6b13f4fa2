#!/usr/bin/env python3
"""Daily at 00:00 (0 0 * * *): the daily report, saved in the vault and pushed to the webhooks.

Quiet on success; one line per run in memory_tiered.log next to the database.
See `python3 memory_tiered.py job --help`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import memory_tiered  # noqa: E402

sys.exit(memory_tiered.main(["job", "report"]))
