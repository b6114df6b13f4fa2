"""One ranked list across the three levels (Searcher; the prompt gate it inherits is gate.py's).

Uses: base, text, checks, indexing, dates, queries, records, decay, embeddings, gate.
"""

import datetime
import sqlite3

from .base import (
    LazyRe, ANCHOR_YEARS, CANDIDATES_PER_RESULT, check_period, DATE_AFTER, DATE_BONUS,
    day_bounds, local_day, local_zone, FIELD_WEIGHTS, iso, LEVEL_NUM, LEVEL_TABLE, LEVEL_WEIGHT,
    LEVELS, MAX_TEXT, MemoryTieredError, MIN_CANDIDATES, NEAR_WEIGHT, now_utc, parse_time,
    POSTINGS_BUDGET, PROJECT_BOOST, READ_AS_MAX, RESPELL_MIN, RESPELL_WORDS, RRF_K,
    SEARCH_LIMIT_MAX, SUBJECT_SENTENCES, UNIT_WEIGHT, ValidationError, VECTOR_WEIGHT)
from .text import check_text, EN_STOP_WORDS, word_runs
from .checks import int_list, load_list
from .indexing import one_slip, porter_stem
from .dates import month_end
from .queries import GATE_NOT_NAMES, Query
from .records import stored_number, check_level, record_dict
from .decay import DecayEngine, strength_formula
from .embeddings import EMBED_CANDIDATES, embed_settings, nearest
from .gate import GateEvidence


def recalled_keys(results):
    """(level, id) of the results, and of the L1s each L2 result stands for (``merged``)."""
    return [(r["level"],
             r["id"]) for r in results] + [("l1", i) for r in results for i in r.get("merged", ())]


_CAPITALISED_RE = LazyRe(r"\b[A-Z][a-z]+\b")


def _subject_candidates(query):
    """The query's words that may name what a store is about (Searcher._unit_scores decides by
    the store's statistics): those written with a capital, anywhere ("Caroline destress"), or
    every word of a query that says nothing by its case ("how does caroline destress", "HOW DOES
    CAROLINE DESTRESS")."""
    raw, words = query.raw, set(query.words)
    if raw == raw.lower() or raw == raw.upper():
        return words
    return {m.group(0).lower() for m in _CAPITALISED_RE.finditer(raw)} & words


class Searcher(GateEvidence):
    """Full-text search across L1, L2 and L3 with a documented final score.

    score = (relevance + date_bonus) * (0.75 + 0.5 * importance)
            * (0.6 + 0.4 * strength) * level_weight

    relevance is the BM25 score (FTS5, field weights FIELD_WEIGHTS) divided
    by the best BM25 score of the query, so the best match has 1.0.
    date_bonus is DATE_BONUS when the record was created on a day the query
    names.  Strength can lower a rank but never hide a match.  With ``prefer``
    (a project; context blocks), that project's records rank PROJECT_BOOST
    times higher; their reported score stays the formula's.
    """

    def __init__(self, db):
        self.db = db
        self.decay = DecayEngine(db)
        # term -> records containing it, read once per searcher (search and gate share it)
        self._df = {}
        # term -> its tokens as the index stores them (Porter stems), from the same lookup
        self._stems = {}
        self._total = None
        self._last_query = None
        self._rows = {}
        # query word -> what the last search searched for it (_compounds_split), and that text
        self._read_as, self._read_text = {}, None
        self.touch_skipped = None
        self.vector_skipped = None

    def _fuse(self, text, levels, ranked, hits, vectors):
        """Meaning and words fused, in place: the lexical score (relative to the best) plus
        VECTOR_WEIGHT times the cosine.  A weighted sum, not rank fusion: a small model's order
        is much noisier than the lexical one and would otherwise pull good matches down
        (bench/retrieval.py --embed-url measures both)."""
        if len(vectors) >= EMBED_CANDIDATES:
            # a store larger than the scan: the lexical candidates' own vectors are compared too
            missing = [key for key in hits if key not in vectors]
            if missing:
                vectors.update(self._vector_hits(text, levels, also=missing, k=len(missing)))
        best = max([-r[0] for r in ranked] or [1.0]) or 1.0
        for score, lv, negid in ranked:
            hit = hits[(lv, -negid)]
            hit["vector"] = round(vectors.get((lv, -negid), 0.0), 4)
            hit["fused"] = -score / best + VECTOR_WEIGHT * vectors.get((lv, -negid), 0.0)
        ranked.sort(key=lambda r: (-hits[(r[1], -r[2])].get("fused", 0.0), r[0], r[1], r[2]))

    def _count_retrieved(self, levels, results, now):
        """Count the results as retrieved (with the L1s merged into them) and show the counts
        as they are now; a read-only database is searched without counting."""
        try:
            for lv in levels:
                self.decay.touch(lv, [r["id"] for r in results if r["level"] == lv]
                                 + [i for r in results if lv == "l1" for i in r.get("merged", ())],
                                 now)
        except sqlite3.OperationalError as exc:
            if "readonly" not in str(exc) and "read-only" not in str(exc):
                raise
            self.touch_skipped = "the database is read-only; this search was not counted"
            return
        fresh = {}
        for lv in levels:
            ids = [r["id"] for r in results if r["level"] == lv]
            for row in self.db.execute("SELECT id, access_count, decay_score, last_accessed_at "
                                       "FROM %s WHERE id IN (SELECT value FROM json_each(?))"
                                       % LEVEL_TABLE[lv],
                                       (int_list(ids),)) if ids else ():
                fresh[(lv, row["id"])] = row
        for r in results:
            row = fresh.get((r["level"], r["id"]))
            if row is not None:
                r["access_count"], r["decay_score"] = row["access_count"], row["decay_score"]
                r["last_accessed_at"] = row["last_accessed_at"]

    def search(self, text, level=None, limit=10, project=None, since=None, until=None,
               include_archived=False, touch=True, now=None, include_superseded=False, scope=None,
               exclude_flagged=False, origin=None, category=None, tag=None, use_vectors=True,
               prefer=None, merge_promoted=True):
        """One ranked list across the levels; ``merge_promoted``: see _one_per_promotion."""
        now = now or now_utc()
        self._now, self._elapsed, self._factor = now, {}, self.decay.config()["decay_factor"]
        self._rows = {}  # (level, id) -> the stored row of each result, for the gate
        self._read_as = {}
        text = self._read_text = check_text(text, "search text", MAX_TEXT)
        if not isinstance(limit, int) or limit < 1 or limit > SEARCH_LIMIT_MAX:
            raise ValidationError("limit must be a whole number from 1 to %d (got %r)"
                                  % (SEARCH_LIMIT_MAX, limit), "limit")
        levels = [check_level(level)] if level else list(LEVELS)
        check_period(since, until)
        query = self._query(text, now)
        filters = {"levels": levels, "project": project, "scope": scope,
                   "exclude_flagged": exclude_flagged,
                   "origin": origin, "category": category, "tag": tag,
                   "include_archived": include_archived,
                   "include_superseded": include_superseded, "prefer": prefer,
                   "since": iso(since) if since else None, "until": iso(until) if until else None}
        want = max(MIN_CANDIDATES, limit * CANDIDATES_PER_RESULT)
        if category is not None:
            # only L2 and L3 have one
            levels = filters["levels"] = [lv for lv in levels if lv != "l1"]
        vectors = self._vector_hits(text, levels) if use_vectors else {}
        ranked, full_page, hits = self._rank(query, filters, want, levels, in_sql=False,
                                             extra=vectors)
        if full_page and len(ranked) < limit:
            # Filters removed too many of the best matches: ask the index to filter (slower,
            # complete).
            ranked, _, hits = self._rank(query, filters, want, levels, in_sql=True, extra=vectors)
        if vectors:
            self._fuse(text, levels, ranked, hits, vectors)
        results = []
        for lv in levels:
            ids = [-neg_id for _, l_, neg_id in ranked[:limit] if l_ == lv]
            if ids:
                for row in self.db.execute("SELECT * FROM %s WHERE id IN (SELECT value FROM "
                                           "json_each(?))"
                                           % LEVEL_TABLE[lv], (int_list(ids),)):
                    results.append(self._scored(lv, row, hits[(lv, row["id"])]))
                    self._rows[(lv, row["id"])] = row
        results.sort(key=lambda r: (-hits[(r["level"], r["id"])].get("fused", 0.0), -r["score"],
                                    r["level"], -r["id"]))
        if merge_promoted:
            results = self._one_per_promotion(results)
        if touch and results:
            self._count_retrieved(levels, results, now)
        return {"query": text, "terms": query.words + query.cjk_terms + query.prefixes,
                # the prompt's words in the other language (GLOSSARY), also searched
                # (those some record holds: "token in" also searches tokenin, which says nothing)
                "also_searched": {form: list(sources) for form, sources in query.other_forms
                                  if self._df.get(form, 1)},
                # words no record holds, searched as what the store holds (_compounds_split)
                "read_as": dict(self._read_as),
                "days": [d.isoformat() for d in query.days],
                "periods": [[a.isoformat(), b.isoformat()] for a, b in query.periods],
                "results": results}

    def _one_per_promotion(self, results):
        """The results without an L1 whose L2 (what it was promoted to) is among them; the L2
        lists it in ``merged``, so recalling the L2 recalls it too."""
        shown = {r["id"]: r for r in results if r["level"] == "l2"}
        kept = []
        for r in results:
            up = self._rows[("l1", r["id"])]["promoted_to"] if r["level"] == "l1" else None
            if up in shown:
                shown[up].setdefault("merged", []).append(r["id"])
            else:
                kept.append(r)
        return kept

    def _query(self, text, now):
        """The text taken apart (Query), once per searcher for a text and time: a search and
        its gate read the same query."""
        key = (text, now)
        if self._last_query is None or self._last_query[0] != key:
            self._last_query = (key, Query(text, now))
        return self._last_query[1]

    def search_many(self, texts, limit=10, touch=True, now=None, **options):
        """Several phrasings of one question (the agent's paraphrases, synonyms, keywords) fused
        into one ranking by reciprocal rank fusion: score = sum of 1 / (60 + rank) over the
        phrasings that found the record.  A record counts as retrieved once."""
        now = now or now_utc()
        if not texts or len(texts) > 10:
            raise ValidationError("give from 1 to 10 search texts (got %d)" % len(texts))
        fused, best, passed = {}, {}, set()
        for text in texts:
            found = self.search(text, limit=max(limit, 20), touch=False, now=now,
                                **options)["results"]
            kept = {(r["level"], r["id"]) for r in self.gate(text, found, now, prompt=False)}
            passed |= kept
            for rank, r in enumerate(found):
                key = (r["level"], r["id"])
                fused[key] = fused.get(key, 0.0) + 1.0 / (RRF_K + rank + 1)
                best.setdefault(key, r)
        order = sorted(fused, key=lambda k: (-fused[k], k[0], -k[1]))[:limit]
        results = []
        for key in order:
            r = dict(best[key], score=round(fused[key], 6), weak=key not in passed)
            r.get("explain", {})["fused"] = round(fused[key], 6)
            results.append(r)
        if touch and results:
            try:
                self.decay.recall(recalled_keys(results), None, now)
            except sqlite3.OperationalError as exc:
                if "readonly" not in str(exc) and "read-only" not in str(exc):
                    raise
                self.touch_skipped = "the database is read-only; this search was not counted"
        return {"query": texts[0], "queries": list(texts), "terms": [], "days": [],
                "results": results}

    def _vector_hits(self, text, levels, also=(), k=EMBED_CANDIDATES):
        """{(level, id): cosine} of the nearest stored vectors, when an embedding endpoint is set
        and vectors exist; {} otherwise or when the endpoint fails (lexical search goes on)."""
        settings = embed_settings()
        if settings is None or not text.strip() or not self.db.execute(
                "SELECT 1 FROM embeddings WHERE model = ? LIMIT 1", (settings[1],)).fetchone():
            return {}
        try:
            if also:
                found = nearest(self.db, text, [], settings, k=k, also=also)
            else:
                found = nearest(self.db, text, levels, settings)
            return {(lv, rid): score for lv, rid, score in found}
        except MemoryTieredError as exc:
            self.vector_skipped = str(exc)
            return {}

    def _rank(self, query, filters, want, levels, in_sql, extra=None):
        """Candidates as sorted (-score, level, -id), whether the index returned a full page, and
        {(level, id): the candidate's relevance parts}.

        The index is asked without the level, project, date and state filters
        (checking them there reads a stored row per match); they are applied to
        the candidates' own rows instead, unless ``in_sql``.
        """
        hits, full_page = {}, False
        if not query.is_empty():
            if self.db.fts:
                found, full_page = self._fts(query, filters, want, in_sql)
            else:
                found = self._scan(query, filters, want)
            best = max([r for _, _, r in found] or [1.0]) or 1.0
            for lv, rid, rel in found:
                hits[(lv, rid)] = {"raw": rel, "relevance": rel / best, "date_bonus": 0.0}
        self._anchor_periods(query, filters, hits)
        for first, last in query.periods:
            # in the period: the full bonus; the few days after it (memories are written after the
            # event) a graded one
            for offset, bonus in [(0, DATE_BONUS)] + list(enumerate(DATE_AFTER, 1)):
                if offset and last >= datetime.date.max - datetime.timedelta(days=offset):
                    break  # (a period at the end of the calendar has no days after it)
                start = first if offset == 0 else last + datetime.timedelta(days=offset)
                end = last if offset == 0 else start
                for lv, rid in self._on_day(start, filters, want, end):
                    hit = hits.setdefault((lv, rid), {"raw": 0.0, "relevance": 0.0,
                                                      "date_bonus": 0.0})
                    hit["date_bonus"] = max(hit["date_bonus"], bonus)
        for key in extra or {}:
            hits.setdefault(key, {"raw": 0.0, "relevance": 0.0, "date_bonus": 0.0})
        ranked = []
        keep = self._keeps(filters)
        prefer, strength_of, by_importance = filters.get("prefer"), self._strength, {}
        for lv in levels:
            ids = [rid for (l_, rid) in hits if l_ == lv]
            weight = LEVEL_WEIGHT[lv]
            if ids:
                # the ids as one JSON list: one statement text whatever their number
                for row in self.db.rows(
                        "SELECT %s FROM %s WHERE id IN (SELECT value FROM json_each(?))"
                        % (self._candidate_columns(filters, lv), LEVEL_TABLE[lv]),
                                        (int_list(ids),)):
                    if keep is not None and not keep(row):
                        continue
                    hit = hits[(lv, row[0])]
                    importance_factor = by_importance.get(row[1])
                    if importance_factor is None:
                        importance_factor = by_importance[row[1]] = self._importance_factor(row[1])
                    strength_factor = self._strength_factor(strength_of(row[2], row[3], row[4]))
                    boost = PROJECT_BOOST if prefer and row[5] == prefer else 1.0
                    ranked.append(
                        (
                            -(hit["relevance"] + hit["date_bonus"]) * importance_factor
                            * strength_factor * weight * boost, lv, -row[0],)
                    )
        ranked.sort()
        return ranked, full_page, hits

    @staticmethod
    def _candidate_columns(filters, level):
        """The columns of a candidate row (id, importance, decay_score, decay_applied_at, stability,
        project, created_at, archived_at, superseded_by, flagged, origin, category, tags); those no
        filter of this search reads are NULL."""
        wanted = {
            "project": filters["project"] or filters["scope"] or filters.get("prefer"),
            "created_at": filters["since"] or filters["until"],
            "flagged": filters["exclude_flagged"], "origin": filters["origin"],
            "category": filters.get("category") is not None and level != "l1",
            "tags": filters.get("tag") is not None}
        return ", ".join(
            ["id", "importance", "decay_score",
             # a standing (pinned) memory keeps its strength: no catching up on its decay
             "CASE WHEN pinned = 1 THEN NULL ELSE decay_applied_at END", "stability"]
            + [name if wanted[name] else "NULL" for name in ("project", "created_at")]
            + ["archived_at", "superseded_by"]
            + [
                name if wanted[name] else "NULL"
                for name in ("flagged", "origin", "category", "tags")]
        )

    @staticmethod
    def _keeps(filters):
        """The filters as one test of a candidate row (see _candidate_columns), or None when every
        row passes; archived and superseded records are left out unless asked for."""
        tests = []
        if filters["project"]:
            tests.append(lambda r, v=filters["project"]: r[5] == v)
        if filters.get("category") is not None:
            tests.append(lambda r, v=filters["category"]: r[11] == v)
        if filters.get("tag") is not None:
            tests.append(lambda r, v=filters["tag"]: v in load_list(r[12]))
        if filters["scope"]:
            tests.append(lambda r, v=filters["scope"]: r[5] is None or r[5] == v)
        if filters["exclude_flagged"]:
            tests.append(lambda r: not r[9])
        if filters["origin"]:
            tests.append(lambda r, v=filters["origin"]: r[10] == v)
        if filters["since"]:
            tests.append(lambda r, v=filters["since"]: r[6] >= v)
        if filters["until"]:
            tests.append(lambda r, v=filters["until"]: r[6] <= v)
        archived, superseded = filters["include_archived"], filters.get("include_superseded")
        if not tests:
            if archived and superseded:
                return None
            if not archived and not superseded:
                return lambda r: not (r[7] or r[8])  # the usual case: live records only
        if not archived:
            tests.append(lambda r: not r[7])
        if not superseded:
            tests.append(lambda r: not r[8])
        return lambda r: all(test(r) for test in tests)

    @staticmethod
    def _factors(importance, strength):
        """(importance factor, strength factor) of the formula in the class docstring."""
        return Searcher._importance_factor(importance), Searcher._strength_factor(strength)

    @staticmethod
    def _importance_factor(importance):
        importance = stored_number(importance, 0.5)
        return round(0.75 + 0.5 * importance, 6)

    @staticmethod
    def _strength_factor(strength):
        strength = stored_number(strength, 1.0)
        return round(0.6 + 0.4 * max(0.0, min(1.0, strength)), 6)

    @staticmethod
    def _score(level, importance, strength, hit):
        """(final score, its parts) by the formula in the class docstring."""
        importance_factor, strength_factor = Searcher._factors(importance, strength)
        parts = {
            "bm25": round(hit["raw"], 6), "relevance": round(hit["relevance"], 6),
            "date_bonus": hit["date_bonus"], "importance_factor": importance_factor,
            "strength_factor": strength_factor, "level_weight": LEVEL_WEIGHT[level]}
        if "fused" in hit:
            parts["vector_cosine"], parts["fused_score"] = hit["vector"], round(hit["fused"], 6)
        score = (
            (hit["relevance"] + hit["date_bonus"]) * importance_factor * strength_factor
            * LEVEL_WEIGHT[level])
        return score, parts

    def _strength(self, stored, applied, stability):
        """Strength as of the search's ``now``: the stored one caught up (decay may not have run).
        """
        if stored is None:
            return 1.0
        stored = stored_number(stored, 0.0)  # (a damaged row: `doctor` names it)
        if not applied:
            return stored
        hours = self._elapsed.get(applied)
        if hours is None:
            try:
                hours = max(0.0, (self._now - parse_time(applied)).total_seconds() / 3600.0)
            except ValidationError:
                hours = 0.0
            self._elapsed[applied] = hours
        return strength_formula(stored, self._factor, hours, stored_number(stability, 1.0) or 1.0, 0)

    def _scored(self, level, row, hit):
        record = record_dict(level, row)  # a dict: reading it by name is cheaper than the row
        importance = record["importance"] if record["importance"] is not None else 0.5
        strength = self._strength(record["decay_score"],
                                  None if record.get("pinned") else record["decay_applied_at"],
                                  record["stability"])
        score, parts = self._score(level, importance, strength, hit)
        out = {
            "level": level,
            "id": record["id"],
            "text": record["text"],
            "session_id": record.get("session_id") if level == "l1" else None,
            "importance": importance,
            "decay_score": strength,
            "access_count": record["access_count"] or 0,
            "score": round(score, 6),
            "created_at": record["created_at"],
            "project": record["project"],
            "origin": record["origin"],
            "flagged": record["flagged"],
            "archived": record["archived_at"] is not None,
            "superseded": record["superseded_by"] is not None,
            "explain": dict(parts, origin=record["origin"], agent=record["agent"],
                            project=record["project"],
                            stability=record["stability"] or 1.0),
        }
        if level == "l1":
            out["key_points"] = record["key_points"]
        else:
            out["category"] = record.get("category")
        if level == "l2":
            out["tags"] = record["tags"]
        if level != "l3":
            out["promoted_to"] = record["promoted_to"]
        if level != "l1":
            out["source_ids"] = record["source_ids"]
        return out

    def _filter_sql(self, filters, prefix):
        where, params = [], []
        if len(filters["levels"]) < 3:
            where.append(
                "%slevel IN (%s)"
                % (prefix, ",".join(str(LEVEL_NUM[lv]) for lv in filters["levels"])))
        if filters["project"]:
            where.append("%sproject = ?" % prefix)
            params.append(filters["project"])
        if filters.get("scope"):
            where.append("(%sproject = ? OR %sproject IS NULL)" % (prefix, prefix))
            params.append(filters["scope"])
        states = ["''"] + (["'archived'"] if filters["include_archived"] else []) + (
            ["'superseded'"] if filters.get("include_superseded") else [])
        where.append("%sstate IN (%s)" % (prefix, ", ".join(states)))
        if filters["since"]:
            where.append("%screated_at >= ?" % prefix)
            params.append(filters["since"])
        if filters["until"]:
            where.append("%screated_at <= ?" % prefix)
            params.append(filters["until"])
        return where, params

    @staticmethod
    def _live_sql(filters):
        """Table conditions equal to the index's state filter (scan and date look-ups)."""
        out = [] if filters["include_archived"] else ["archived_at IS NULL"]
        return out + ([] if filters.get("include_superseded") else ["superseded_by IS NULL"])

    def _compounds_split(self, query):
        """The query with each word no record holds read as what the store knows: two words
        written as one ("roadtrip", "icecream") searched as that phrase ("road trip"), else a
        long word one typing slip from a word records hold searched as that word (see _respelled).
        Store statistics decide: a word some record holds is left alone."""
        unknown = [w for w in query.words if 6 <= len(w) <= READ_AS_MAX and w.isascii()
                   and w.isalpha() and w in self._df and not self._df[w]]
        if not unknown:
            return query
        phrases = self._split_compounds(unknown)
        phrases.update(self._respelled([w for w in unknown if w not in phrases]))
        if not phrases:
            return query
        self._read_as.update(phrases)
        other = query.keeping(set(query.words) | set(query.cjk_terms))
        other.words = [phrases.get(w, w) for w in query.words]
        return other

    def _split_compounds(self, unknown):
        """{word: "first second"} for the words of ``unknown`` that are two words some record
        writes side by side ("roadtrip": a road trip; not "refuses": ref uses)."""
        halves = sorted({h for w in unknown for i in range(3, len(w) - 2) for h in (w[:i], w[i:])
                         if h not in EN_STOP_WORDS})
        try:
            stems = {}
            for n, stem in self.db.tokens(halves):
                stems.setdefault(halves[n], set()).add(stem)
            known = {stem for stem, _ in self.db.vocabulary(
                sorted(set().union(*stems.values())))} if stems else set()
        except sqlite3.OperationalError:  # e.g. a read-only connection
            return {}
        phrases = {}
        for w in unknown:
            pairs = [(min(i, len(w) - i), w[:i], w[i:]) for i in range(3, len(w) - 2)
                     if stems.get(w[:i]) and stems[w[:i]] <= known
                     and stems.get(w[i:]) and stems[w[i:]] <= known]
            for _, a, b in sorted(pairs, reverse=True):
                if self.db.execute("SELECT 1 FROM memory_fts WHERE memory_fts MATCH ? LIMIT 1",
                                   ('"%s %s"' % (a, b),)).fetchone():
                    phrases[w] = "%s %s" % (a, b)
                    break
        return phrases

    def _respelled(self, unknown):
        """{word: the word one slip away (one_slip) that the most records hold, as a record
        writes it} for up to RESPELL_WORDS words of ``unknown`` of RESPELL_MIN or more letters:
        "torunament" is read as tournament, "recieved" as received."""
        words = [w for w in unknown if len(w) >= RESPELL_MIN][:RESPELL_WORDS]
        if not words:
            return {}
        slips = {w: one_slip(w) for w in words}
        edits = [(w, edit) for w in words for edit in sorted(slips[w]) if len(edit) >= RESPELL_MIN]
        try:
            stems = {}
            for n, stem in self.db.tokens([edit for _, edit in edits]):
                stems.setdefault(stem, []).append(edits[n])
            held = dict(self.db.vocabulary(sorted(stems)))
        except sqlite3.OperationalError:  # e.g. a read-only connection
            return {}
        best = {}
        for stem, count in sorted(held.items(), key=lambda item: -item[1]):
            for word, edit in stems[stem]:
                if word not in best:
                    written = self._written(edit, slips[word])
                    if written:
                        best[word] = written
        return best

    def _written(self, edit, slips):
        """The word records write that ``edit`` (one of the ``slips`` of a query word) reaches
        through its stem, when it is one of those slips too: the edit "invalidator" reaches
        "invalidation" for "invalidaton"; "summarie" reaches "summary", no slip of "summarize"."""
        stem = porter_stem(edit)
        for row in self.db.execute("SELECT body, points FROM memory_fts WHERE memory_fts MATCH ? "
                                   "LIMIT 5", ('"%s"' % edit,)):
            for written in word_runs(" ".join(row[i] or "" for i in range(2)).lower()):
                if written in slips and porter_stem(written) == stem:
                    return written
        return None

    def _fts(self, query, filters, want, in_sql=False):
        """[(level, id, relevance)] from the full-text index, and whether the page was full."""
        where, params = self._filter_sql(filters, "") if in_sql else ([], [])
        if not in_sql and len(filters["levels"]) < 3:
            where = ["(rowid & 3) IN (%s)"
                     % ",".join(str(LEVEL_NUM[lv]) for lv in filters["levels"])]
        page = want if in_sql else want * 2
        sql = ("SELECT rowid, -bm25(memory_fts, %s) AS rel FROM memory_fts WHERE memory_fts MATCH "
               "?%s ORDER BY rel DESC LIMIT ?" % (", ".join(map(str, FIELD_WEIGHTS)),
                                              "".join(" AND " + w for w in where)))
        query, postings = self._within_budget(query)
        query = self._compounds_split(query)
        expression = query.fts_expression()
        if not expression:
            return [], False
        rows = self.db.rows(sql, [expression] + params + [page]).fetchall()
        if not rows:
            return [], False
        best_doc = rows[0][1] or 1.0
        # adjacent query words near each other, while the index pages just read are still cached
        near = {}
        near_expression = query.near_expression()
        if near_expression:
            near = dict(self.db.rows(
                "SELECT rowid, -bm25(memory_fts, %s) AS rel FROM memory_fts WHERE memory_fts MATCH "
                "? ORDER BY rel DESC LIMIT ?" % ", ".join(map(str, FIELD_WEIGHTS)),
                                     (near_expression, page * 2)))
        best_near = max(near.values() or [1.0]) or 1.0
        units = {}
        # the sentence signal would double the cost of a very common word
        if postings <= POSTINGS_BUDGET:
            units = self._unit_scores(query, expression, [ref for ref, _ in rows])
        unit_score = {}
        for ref, values in units.items():
            if len(values) > 1:
                values.sort(reverse=True)
            unit_score[ref] = values[0] + 0.5 * sum(values[1:3])
        best_unit = max(unit_score.values() or [1.0]) or 1.0
        out = []
        total = 1 + UNIT_WEIGHT + NEAR_WEIGHT
        for ref, rel in rows:
            combined = (rel / best_doc + UNIT_WEIGHT * unit_score.get(ref, 0.0) / best_unit
                        + NEAR_WEIGHT * near.get(ref, 0.0) / best_near) / total
            out.append((LEVELS[(ref & 3) - 1], ref >> 2, combined))
        return out, len(rows) == page

    def _unit_scores(self, query, expression, refs):
        """{candidate: [BM25 of each of its sentences and key points the expression matches]}.

        Only the candidates' sentences are scored: each posting is checked against the
        candidates with one look-up (an OR of rowid ranges cost a comparison per candidate).
        A name most records hold (the person a store is about: Caroline in a diary of talks
        with Caroline) tells no record from another, so BM25 gives it no weight; it still tells
        the sentences apart. A query naming such a name ("What does Caroline do to destress?")
        is answered by a sentence about her: while some candidate's sentence holds one of these
        names, only such sentences count (a sentence on Melanie's way to destress is not the
        answer). A rarer name (Stripe in a tenth of the records) already chooses the records,
        and the sentence that answers need not repeat it. In a store of a few records, a name in
        half of them is chance (SUBJECT_MIN_RECORDS), and a name written once on each record is
        a label, not a subject (see _talked_about).
        """
        sql = ("SELECT rowid, -bm25(memory_units) FROM memory_units WHERE memory_units "
               "MATCH ? AND rowid >> 8 IN (SELECT value FROM json_each(?))")
        refs, units, about = int_list(refs), {}, set()
        candidates = _subject_candidates(query) - GATE_NOT_NAMES
        names = sorted(name for name in self._everywhere(candidates)[0]
                       if self._talked_about(name, refs)) if candidates else []
        if names:
            subject = " OR ".join('"%s"' % name for name in names)
            about = {unit for unit, _ in self.db.rows(
                sql, ("(%s) AND (%s)" % (expression, subject), refs))}
        for unit, rel in self.db.rows(sql, (expression, refs)):
            if not about or unit in about:
                units.setdefault(unit >> 8, []).append(rel)
        return units

    def _talked_about(self, name, refs):
        """Whether the records among ``refs`` (a JSON list of index rowids) that hold ``name``
        name it in SUBJECT_SENTENCES sentences each on average: a person talked about, not a
        label every record carries once ("Session in shop: ..." on each session card)."""
        units, records = self.db.rows(
            "SELECT count(*), count(DISTINCT rowid >> 8) FROM memory_units WHERE memory_units "
            "MATCH ? AND rowid >> 8 IN (SELECT value FROM json_each(?))",
            ('"%s"' % name, refs)).fetchone()
        return bool(records) and units >= SUBJECT_SENTENCES * records

    def _within_budget(self, query):
        """(query, records its terms match): the most common terms are dropped while rarer
        ones already match POSTINGS_BUDGET records.

        BM25 scores every record that matches any term, so one very common
        word in a question would make search cost grow with the store; such a
        word adds little to the ranking (its IDF is low) and is left out of
        matching once the rarer words match enough records.  Small stores are
        never affected.
        """
        terms = query.words + query.cjk_terms + [form for form, _ in query.other_forms]
        if not terms:
            return query, 0
        try:
            frequencies = self._document_frequencies(terms)
        except sqlite3.OperationalError:  # e.g. a connection that may not write even temp tables
            return query, 0
        total = sum(frequencies.values())
        if total <= POSTINGS_BUDGET or len(terms) < 2:
            return query, total
        # (a term no record holds costs nothing and matches nothing: the rarest term that does
        # match is always kept)
        kept, total = set(), 0
        for term in sorted(terms, key=lambda t: frequencies.get(t, 0)):
            if total and total + frequencies.get(term, 0) > POSTINGS_BUDGET:
                break
            kept.add(term)
            total += frequencies.get(term, 0)
        return query.keeping(kept, forms=kept), total

    def _scan(self, query, filters, want):
        """Search without FTS5: count term matches per field, weighted."""
        terms = query.scan_terms()
        found = []
        for lv in filters["levels"]:
            fields = {"l1": ("summary", "key_points"),
                      "l2": ("knowledge", "category || ' ' || tags"),
                      "l3": ("insight", "coalesce(category, '')")}[lv]
            score_parts, params = [], []
            for term in terms:
                for weight, field in zip((1.0, 0.7), fields):
                    score_parts.append("%g * (instr(lower(%s), ?) > 0)" % (weight, field))
                    params.append(term.lower())
            where, wparams = self._filter_sql(filters, "")
            where = [
                w for w in where if "level IN" not in w and "state IN" not in w
            ] + self._live_sql(filters)
            sql = ("SELECT id, (%s) AS rel FROM %s WHERE rel > 0%s ORDER BY rel DESC LIMIT ?"
                   % (" + ".join(score_parts), LEVEL_TABLE[lv],
                      "".join(" AND " + w for w in where)))
            for row in self.db.execute(sql, params + wparams + [want]):
                found.append((lv, row[0], row[1]))
        found.sort(key=lambda x: -x[2])
        return found[:want]

    def _anchor_periods(self, query, filters, hits):
        """A day or month named without a year is its latest occurrence that holds a record the
        search words match (``hits``), else the latest that holds any record: "Redis in July"
        asked in December means the July of the Redis memory, "in July" last year's July when
        this year's holds nothing."""
        periods, hit_days, oldest = [], None, None
        for first, last in query.named:
            if (first, last) in query.floating:
                if hit_days is None:  # (read once for all the periods)
                    hit_days, oldest = self._hit_days(hits), self._oldest_year(filters)
                first, last = self._anchored(first, last, query.floating[(first, last)] == "month",
                                             filters, hit_days, oldest)
            periods.append((first, last))
        query.periods, query.days = periods, [first for first, _ in periods]

    def _anchored(self, first, last, month, filters, hit_days, oldest):
        """(first, last) moved back by whole years, not before ``oldest`` (the oldest record's
        year) nor ANCHOR_YEARS, to the latest that holds a hit's day, else the latest that holds
        a record, else left as it is."""
        oldest = max(oldest or first.year, first.year - ANCHOR_YEARS)
        held = None
        for year in range(first.year, min(oldest, first.year) - 1, -1):
            try:
                start = first.replace(year=year)
            except ValueError:  # 29 February
                continue
            end = last if year == first.year else (
                month_end(start) if month else start)
            if any(start.isoformat() <= day <= end.isoformat() for day in hit_days):
                return start, end
            if held is None and self._on_day(start, filters, 1, end):
                held = (start, end)
                if not hit_days:
                    break
        return held or (first, last)

    def _hit_days(self, hits):
        """The creation days (ISO) of the records the search words matched."""
        days = []
        for lv in LEVELS:
            ids = [rid for (l_, rid), hit in hits.items() if l_ == lv and hit["raw"] > 0]
            if ids:
                zone = local_zone()
                days += [local_day(row[0], zone) for row in self.db.execute(
                    "SELECT created_at FROM %s WHERE id IN (SELECT value FROM json_each(?))"
                    % LEVEL_TABLE[lv], (int_list(ids),))]
        return days

    def _oldest_year(self, filters):
        """The year of the oldest record of the searched levels, or None."""
        found = [self.db.execute("SELECT min(created_at) FROM %s" % LEVEL_TABLE[lv]).fetchone()[0]
                 for lv in filters["levels"]]
        found = [value for value in found if value]
        return int(min(found)[:4]) if found else None

    def _on_day(self, day, filters, want, last=None):
        start, end = day_bounds(day, last or day, local_zone())
        out = []
        for lv in filters["levels"]:
            where = ["created_at BETWEEN ? AND ?"]
            params = [start, end]
            # (+project: the day's range is read through the created_at index, not the project's)
            if filters["project"]:
                where.append("+project = ?")
                params.append(filters["project"])
            if filters.get("scope"):
                where.append("(+project = ? OR +project IS NULL)")
                params.append(filters["scope"])
            where += self._live_sql(filters)
            for row in self.db.execute("SELECT id FROM %s WHERE %s ORDER BY created_at LIMIT ?"
                                       % (LEVEL_TABLE[lv], " AND ".join(where)), params + [want]):
                out.append((lv, row[0]))
        return out


def spool_write(spool, data):
    """One batch of an import's spool: its length (8 bytes), then the marshalled batch."""
    spool.write(len(data).to_bytes(8, "big"))
    spool.write(data)
