"""memory_tiered: long-term memory for AI agents, in one file, standard library only.

An agent forgets everything when a conversation ends. memory_tiered keeps what
mattered in a SQLite database, in three tiers, the way a person remembers:

    L1  one summary per conversation (session id, summary, key points, importance)
    L2  a piece of structured knowledge distilled from several L1s
        (category, knowledge, tags, source_ids that trace it back)
    L3  a core insight distilled across L2s

Every record has a strength (``decay_score``) that starts at 1.0, is multiplied
by 0.99 for every hour that passes and rises by 0.1 (max 1.0) each time a
search returns the record.  Below 0.05 a record is a cleanup candidate; nothing
is ever deleted automatically.  ``importance`` is the user's judgement and
never decays.  An L1 with importance >= 0.8 that was retrieved at least three
times is promoted to an L2; categories with three or more L2s are L3
candidates.  Every promoted record names its sources.

Decay catch-up rule: decay depends only on the time elapsed since it was last
applied to a record (``decay_applied_at``), so a missed cron run is caught up
by the next one and a doubled run changes nothing:
``strength(t) = strength(t0) * factor ** hours(t - t0)``.

Usage::

    python3 memory_tiered.py init
    python3 memory_tiered.py add-l1 --session-id s1 --summary "..." \\
        --key-points "a,b" --importance 0.8
    python3 memory_tiered.py search-all "what did we decide about auth?"
    python3 memory_tiered.py decay
    python3 memory_tiered.py compress --apply
    python3 memory_tiered.py --help

    python3 memory_tiered.py sync              # the Obsidian vault
    python3 -m memory_tiered hook session-start < hook.json

Environment:

    MEMORY_TIERED_DB                database path (default ~/.hermes/state/state.db)
    MEMORY_TIERED_NOW               the current time as ISO 8601, for tests and backfills
    MEMORY_TIERED_FTS               set to "off" to search by scanning instead of FTS5
    MEMORY_TIERED_VAULT             Obsidian vault (default ~/agent-memory/memory)
    MEMORY_TIERED_FEISHU_WEBHOOK    Feishu custom-bot URL for `report --push`
    MEMORY_TIERED_FEISHU_SECRET     its signing secret, if the bot has one
    MEMORY_TIERED_WEBHOOK           any {"text": ...} webhook (Slack and compatible)
    MEMORY_TIERED_WEBHOOK_TIMEOUT   seconds per push attempt (default 10)
    MEMORY_TIERED_PROJECT           the project records are written to and recalled for
    MEMORY_TIERED_EMBED_URL         an OpenAI-compatible embeddings endpoint (optional)
    MEMORY_TIERED_EMBED_MODEL       its model name; MEMORY_TIERED_EMBED_KEY, _TIMEOUT (default 10)

These can also live in memory_tiered.env next to the database (for cron).

Requires Python 3.9+ and the sqlite3 module; FTS5 is used when the SQLite
build has it.
"""

__version__ = "0.1.0"

# exactly what the integrations use (integrations/hermes, cron/): a test keeps the two equal
__all__ = [
    "MemoryDB", "MemoryTieredError", "build_context", "call_tool", "current_project", "main",
    "mirror_entry", "now_utc", "record_turns", "summarise_pending", "tool_list", "write_atomic"]

# (the package as tools/build.py joins it; __version__ above is set before the modules import it)
from .base import MemoryTieredError, now_utc  # noqa: E402
from .files import write_atomic  # noqa: E402
from .projects import current_project  # noqa: E402
from .db import MemoryDB  # noqa: E402
from .operations import mirror_entry, record_turns  # noqa: E402
from .context import build_context  # noqa: E402
from .hooks import summarise_pending  # noqa: E402
from .mcp import call_tool, tool_list  # noqa: E402
from .commands import main  # noqa: E402
