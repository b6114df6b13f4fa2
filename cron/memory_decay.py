#!/usr/bin/env python3
"""Hourly (0 * * * *): apply the strength decay for the time elapsed.

Quiet on success; one line per run in memory_tiered.log next to the database.
See `python3 memory_tiered.py job --help`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import memory_tiered  # noqa: E402

sys.exit(memory_tiered.main(["job", "decay"]))
