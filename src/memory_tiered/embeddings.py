"""Optional vectors from an OpenAI-compatible endpoint the person runs.

Uses: base, text, checks, indexing.
"""

import collections
import contextlib
import json
import math
import os
import sqlite3

from .base import LEVEL_TABLE, LEVEL_TEXT, LEVELS, MemoryTieredError
from .text import sha1_hex
from .checks import load_list
from .indexing import SENTENCE_END_RE, token_count


EMBED_BATCH = 32  # texts per request
EMBED_TEXT_MAX = 8000  # characters of a record embedded, in chunks
# tokens (token_count) of one chunk: small models read about 256 word pieces, so a longer text
# sent whole would lose its end; a record is embedded in sentence-aligned chunks of this size
EMBED_CHUNK_TOKENS = 200
EMBED_CHUNKS_MAX = 12  # chunks of one record
EMBED_CANDIDATES = 50  # nearest records fused with the lexical ranking
# newest vectors of a level compared per query (about 100 ms at 384 dimensions)
EMBED_SCAN_LIMIT = 10000


def embed_settings(environ=None):
    """(url, model, key, timeout) when MEMORY_TIERED_EMBED_URL and _MODEL are set, else None."""
    env = os.environ if environ is None else environ
    url, model = env.get("MEMORY_TIERED_EMBED_URL"), env.get("MEMORY_TIERED_EMBED_MODEL")
    if not url or not model:
        return None
    if not url.rstrip("/").endswith("/embeddings"):
        url = url.rstrip("/") + "/embeddings"
    try:
        timeout = float(env.get("MEMORY_TIERED_EMBED_TIMEOUT") or 10)
    except ValueError:
        timeout = 10.0
    return url, model, env.get("MEMORY_TIERED_EMBED_KEY"), timeout


def embed_texts(texts, settings):
    """Unit vectors (lists of floats) for texts from an OpenAI-compatible /v1/embeddings endpoint
    (Ollama, LM Studio, llama.cpp server, OpenAI).  Raises MemoryTieredError on any failure."""
    import urllib.error
    import urllib.request
    url, model, key, timeout = settings
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = "Bearer " + key
    request = urllib.request.Request(url,
                                     data=json.dumps({"model": model,
                                                      "input": texts}).encode("utf-8"),
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = json.loads(response.read(64 << 20).decode("utf-8"))
        rows = sorted(data["data"], key=lambda item: item.get("index", 0))
        vectors = [[float(x) for x in item["embedding"]] for item in rows]
    except urllib.error.HTTPError as exc:
        raise MemoryTieredError("the embedding endpoint answered HTTP %d" % exc.code)
    except (urllib.error.URLError, OSError, ValueError, KeyError, TypeError, AttributeError,
            OverflowError, RecursionError) as exc:  # whatever it sent, it is not vectors
        raise MemoryTieredError("the embedding endpoint failed (%s)"
                                % type(getattr(exc, "reason", exc)).__name__)
    if len(vectors) != len(texts) or not all(vectors):
        raise MemoryTieredError("the embedding endpoint returned %d vectors for %d texts"
                                % (len(vectors), len(texts)))
    if len({len(v) for v in vectors}) != 1 or not all(math.isfinite(x) for v in vectors
                                                         for x in v):
        raise MemoryTieredError("the embedding endpoint returned vectors of mixed sizes or with "
                                "values that are not finite numbers")
    out = []
    for vector in vectors:
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        out.append([x / norm for x in vector])
    return out


def embedding_text(level, row):
    """What a record's vector is made from: the whole record (text, key points, category, tags),
    so a fact that lives only in a key point still has meaning to find."""
    parts = [row["text"] or ""]
    if level == "l1":
        parts += load_list(row["key_points"])
    else:
        parts.append(row["category"] or "")
    parts += load_list(row["tags"])
    return "\n".join(p for p in parts if p)[:EMBED_TEXT_MAX]


def embedding_chunks(text):
    """A record's embedding text in sentence-aligned chunks of at most EMBED_CHUNK_TOKENS (a
    longer sentence is cut), at most EMBED_CHUNKS_MAX; the first is the record's own vector."""
    chunks, current = [], ""
    for unit in SENTENCE_END_RE.split(text or ""):
        unit = (unit or "").strip()
        while unit and token_count(unit) > EMBED_CHUNK_TOKENS:
            cut = len(unit) * EMBED_CHUNK_TOKENS // token_count(unit)
            unit, rest = unit[:cut], unit[cut:]
            chunks += [c for c in (current, unit) if c]
            current, unit = "", rest
        if unit and current and token_count(current + " " + unit) > EMBED_CHUNK_TOKENS:
            chunks.append(current)
            current = ""
        current = (current + " " + unit).strip()
    if current:
        chunks.append(current)
    return chunks[:EMBED_CHUNKS_MAX] or [text or ""]


def embed_pending(db, settings=None, limit=None, records=None):
    """Embed records that have no vector yet (or whose text changed since): the given
    (level, id) ``records``, or every such record (up to ``limit``).  Returns how many were
    embedded; the endpoint failing raises MemoryTieredError and leaves the rest for later."""
    import array
    settings = settings or embed_settings()
    if settings is None:
        return 0
    todo = []
    for lv in LEVELS:
        sql = ("SELECT t.id, t.%s AS text, %s, t.tags, e.text_hash, e.model FROM %s t "
               "LEFT JOIN embeddings e ON e.level = ? AND e.record_id = t.id"
               % (LEVEL_TEXT[lv], "t.key_points" if lv == "l1" else "t.category",
                  LEVEL_TABLE[lv]))
        params = [lv]
        if records is not None:
            ids = [rid for level, rid in records if level == lv]
            if not ids:
                continue
            sql += " WHERE t.id IN (SELECT value FROM json_each(?))"
            params.append(json.dumps(ids))
        for row in db.execute(sql, params):
            text = embedding_text(lv, row)
            digest = sha1_hex(text)
            if row["text_hash"] != digest or row["model"] != settings[1]:
                todo.append((lv, row["id"], text, digest))
            if limit and len(todo) >= limit:
                break
    done = 0
    for start in range(0, len(todo), EMBED_BATCH):
        batch = todo[start:start + EMBED_BATCH]
        pieces = [(n, chunk) for n, (_, _, text, _) in enumerate(batch)
                  for chunk in embedding_chunks(text)]
        vectors = embed_texts([chunk for _, chunk in pieces], settings)
        per_record = collections.defaultdict(list)
        for (n, _), vector in zip(pieces, vectors):
            per_record[n].append(array.array("f", vector).tobytes())
        with db.relaxed() as conn:
            for n, (lv, rid, _, digest) in enumerate(batch):
                first, *rest = per_record[n]
                conn.execute(
                    "INSERT INTO embeddings(level, record_id, model, text_hash, vector) VALUES "
                    "(?, ?, ?, ?, ?) ON CONFLICT(level, record_id) DO UPDATE SET model = "
                    "excluded.model, text_hash = excluded.text_hash, vector = excluded.vector",
                    (lv, rid, settings[1], digest, first))
                conn.execute("DELETE FROM embedding_chunks WHERE level = ? AND record_id = ?",
                             (lv, rid))
                conn.executemany("INSERT INTO embedding_chunks(level, record_id, chunk, vector) "
                                 "VALUES (?, ?, ?, ?)",
                                 [(lv, rid, c, blob) for c, blob in enumerate(rest, 1)])
        done += len(batch)
    return done


def embed_quietly(db, records):
    """After a write: embed the new records now if an endpoint is set; a failure is left to the
    index job (the memory itself is already stored)."""
    if records and embed_settings() is not None:
        with contextlib.suppress(MemoryTieredError, sqlite3.Error):
            embed_pending(db, records=records)


def _dot():
    """The fastest dot product the standard library offers here (math.sumprod is C, 3.12+)."""
    import operator
    return getattr(math, "sumprod", None) or (lambda a, b: sum(map(operator.mul, a, b)))


def nearest(db, text, levels, settings, k=EMBED_CANDIDATES, also=()):
    """[(level, id, cosine)] of the stored vectors nearest to ``text``, best first: the newest
    EMBED_SCAN_LIMIT vectors of each level are compared (brute force), and the vectors of the
    (level, id) pairs in ``also`` (the lexical candidates) in any case."""
    import array
    import heapq
    query = array.array("f", embed_texts([text[:EMBED_TEXT_MAX]], settings)[0])
    dot = _dot()
    scores = {}  # (level, id) -> the best cosine of its chunks

    def consider(lv, rid, blob):
        if len(blob) == 4 * len(query):
            score = dot(query, memoryview(blob).cast("f"))
            if score > scores.get((lv, rid), -2.0):
                scores[(lv, rid)] = score

    # a record's first chunk is in embeddings, the rest of a long one in embedding_chunks
    vectors = ("SELECT e.record_id, e.vector FROM embeddings e WHERE e.level = ? AND e.model = ? "
               "%s UNION ALL SELECT c.record_id, c.vector FROM embedding_chunks c JOIN embeddings "
               "e ON e.level = c.level AND e.record_id = c.record_id WHERE c.level = ? AND "
               "e.model = ? %s")
    for lv in levels:
        newest = ("AND e.record_id >= coalesce((SELECT record_id FROM embeddings WHERE level = ? "
                  "AND model = ? ORDER BY record_id DESC LIMIT 1 OFFSET ?), 0)")
        for rid, blob in db.execute(vectors % (newest, newest),
                                    (lv, settings[1], lv, settings[1], EMBED_SCAN_LIMIT - 1) * 2):
            consider(lv, rid, blob)
    for lv in LEVELS:
        ids = [rid for level, rid in also if level == lv]
        if ids:
            listed = "AND e.record_id IN (SELECT value FROM json_each(?))"
            for rid, blob in db.execute(vectors % (listed, listed),
                                        (lv, settings[1], json.dumps(ids)) * 2):
                consider(lv, rid, blob)
    best = heapq.nlargest(k, ((score, lv, rid) for (lv, rid), score in scores.items()))
    return [(lv, rid, score) for score, lv, rid in best]
