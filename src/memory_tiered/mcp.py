"""The agent tools (one registry that MCP and the Hermes provider serve) and the MCP server.

Uses: base, projects, db, records, store, promote, recall, operations, context.
"""

import json
import math
import os
import sqlite3
import time

from . import __version__
from .base import (
    DEFAULT_BUDGET, MAX_ID, MemoryTieredError, NotFoundError, now_utc, parse_period,
    ValidationError)
from .projects import current_project, resolve_project
from .db import describe_sqlite_error, MemoryDB
from .records import check_level, FIELDS, LEVEL_FIELDS
from .store import MemoryStore
from .promote import Promoter
from .recall import (
    parse_memory_ref, pause_recall, pause_scope, paused_for, record_feedback, resume_recall,
    VERDICTS)
from .operations import add_memory, edit_memory, forget_memories, pin_memory, recall_memories
from .context import build_context, MCP_LEGACY_VERSIONS, MCP_MODERN_VERSIONS


_JSON_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "array": (list,),
               "object": (dict,),
               "boolean": (bool,)}


def check_schema(value, schema, where):
    """Check a value against the subset of JSON Schema the MCP tools declare (type, enum,
    minimum, maximum, items): the tool list and the checks share one source."""
    kind = schema.get("type")
    if kind:
        ok = isinstance(value,
                        _JSON_TYPES[kind]) and not (isinstance(value, bool) and kind != "boolean")
        if ok and kind == "number" and isinstance(value, float) and not math.isfinite(value):
            ok = False
        if not ok:
            raise ValidationError("%s must be %s %s"
                                  % (where, "an" if kind[0] in "aeiou" else "a", kind))
    if "enum" in schema and value not in schema["enum"]:
        raise ValidationError("%s must be one of: %s"
                              % (where, ", ".join(map(str, schema["enum"]))))
    if "minimum" in schema and value < schema["minimum"]:
        raise ValidationError("%s must be at least %s (got %r)" % (where, schema["minimum"], value))
    if "maximum" in schema and value > schema["maximum"]:
        raise ValidationError("%s must be at most %s (got %r)" % (where, schema["maximum"], value))
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        raise ValidationError("%s takes at most %d items" % (where, schema["maxItems"]))
    if kind == "array" and "items" in schema:
        for n, item in enumerate(value):
            check_schema(item, schema["items"], "%s[%d]" % (where, n))


def _tool_project(db, args):
    """The project of a record written over MCP: "project" (a name or path; "" for none, a global
    record), else MEMORY_TIERED_PROJECT or the server's working folder's repository."""
    if "project" in args and args["project"] is not None:
        return resolve_project(db, args["project"]) if args["project"] else None
    return current_project(repository_only=True)  # as the CLI: outside a repository, global


AGENT_TOOLS = {}  # name -> its declaration and handler, in the order tools/list gives them


def agent_tool(name, title, description, properties=None, required=(), read_only=False,
               destructive=False, idempotent=False, output=None):
    """Register the decorated function as the agent tool ``name`` (served over MCP and to the
    Hermes provider): its declaration (title, description, input schema, annotations for a
    client's approval, output schema) stands next to its handler,
    ``handler(db, args, now=, session_id=, origin=, agent=)``, which translates the arguments into
    one operation call.  A name without a handler cannot be declared, and calling an unknown
    name is an error."""
    def register(handler):
        schema = {"type": "object", "properties": properties or {}, "additionalProperties": False}
        if required:
            schema["required"] = list(required)
        declared = {"name": name, "title": title, "description": description, "inputSchema": schema,
                    "annotations": {"title": title, "readOnlyHint": read_only,
                                    "destructiveHint": destructive,
                                    "idempotentHint": idempotent, "openWorldHint": False}}
        if output is not None:
            declared["outputSchema"] = output
        AGENT_TOOLS[name] = (declared, handler)
        return handler
    return register


def tool_list():
    """The declarations of every agent tool, in order."""
    return [dict(declared) for declared, _ in AGENT_TOOLS.values()]


_LEVEL_ENUM = {"type": "string", "enum": ["l1", "l2", "l3"]}
_ID_SCHEMA = {"type": "integer", "minimum": 1, "maximum": MAX_ID}


def _tool_fields(level):
    """The input schema of `memory_add_LEVEL`: the level's fields a tool sets (FIELDS)."""
    return {name: dict(FIELDS[name].schema) for name in LEVEL_FIELDS[level] if FIELDS[name].tool}


def _tool_required(level):
    return [name for name in LEVEL_FIELDS[level] if level in FIELDS[name].required]


def _tool_edits():
    """The input schema of `memory_edit`: level, id, text and each editable field (FIELDS), with
    no defaults (a field left out is not changed)."""
    out = {"level": _LEVEL_ENUM, "id": _ID_SCHEMA, "text": {"type": "string"}}
    for name, field in FIELDS.items():
        if field.editable:
            out[name] = {k: v for k, v in field.schema.items() if k != "default"}
    return out


def _tool_add(db, args, level, now, origin, agent):
    """One add of ``level`` from a tool's arguments (checked against _tool_fields)."""
    values = {name: args.get(name) for name in LEVEL_FIELDS[level]
              if FIELDS[name].tool and name != "project"}
    written = add_memory(db, level=level, origin=origin, now=now,
                         values=dict(values, project=_tool_project(db, args), agent=agent))
    return {"level": level, "id": written.id, "created": written.created}
_WRITTEN_OUTPUT = {"type": "object",
                   "properties": {"level": {"type": "string"}, "id": {"type": "integer"},
                                                    "created": {"type": "boolean"}},
                   "required": ["level", "id"]}


def _whole(args, name, default):
    value = args.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError("%s must be a whole number" % name)
    return value


@agent_tool("memory_search", "Search memory",
          "Search all memory levels (L1 sessions, L2 knowledge, L3 insights); English or Chinese, "
          "keywords or a "
          "whole question. For a question, also pass `queries`: two to five paraphrases, synonyms "
          "and likely "
          "keywords (e.g. the database name you suspect); the rankings are fused. Weak matches are "
          "marked `weak`. Counts as a retrieval.",
          {"query": {"type": "string", "description": "keywords or a question"},
           "queries": {"type": "array", "items": {"type": "string"}, "maxItems": 9,
                       "description": "more phrasings of the same question"},
           "level": _LEVEL_ENUM, "limit": {"type": "integer", "minimum": 1, "maximum": 100,
                                           "default": 10},
           "project": {"type": "string"}, "category": {"type": "string"},
           "tag": {"type": "string"},
           "since": {"type": "string", "description": "ISO 8601: created on or after"},
           "until": {"type": "string",
                     "description": "ISO 8601: created on or before (a date: that whole day)"}},
          ["query"], read_only=True,
          output={"type": "object",
                  "properties": {"results": {"type": "array", "items": {"type": "object"}}},
                  "required": ["results"]})
def _tool_search(db, args, *, now, session_id, origin, agent):
    since, until = parse_period(args.get("since"), args.get("until"))
    found = recall_memories(db, query=args["query"], queries=args.get("queries") or (),
                            since=since, until=until,
                            level=args.get("level"),
                            limit=_whole(args, "limit", 10),
                            project=resolve_project(db, args.get("project")),
                            category=args.get("category"), tag=args.get("tag"),
                            session_id=session_id, now=now)
    for r in found["results"]:
        r.pop("explain", None)
    return found


@agent_tool("memory_context", "Memory for a prompt",
          "A short Markdown block of what is remembered: core insights plus what is relevant to "
          "the query, within a token budget. Empty when nothing is relevant.",
          {"query": {"type": "string"},
           "budget": {"type": "integer", "minimum": 50, "maximum": 100000,
                      "default": DEFAULT_BUDGET},
           "project": {"type": "string"}}, read_only=True)
def _tool_context(db, args, *, now, session_id, origin, agent):
    # only Claude Code reads CLAUDE.md itself (install-agent and the plugin name the client)
    project = resolve_project(db, args.get("project")) or current_project()
    if paused_for(db, session_id=session_id, project=project, now=now):
        return {"context": "", "paused": True}  # the person paused recall: nothing
    return {"context": build_context(db, args.get("query"), _whole(args, "budget", DEFAULT_BUDGET),
                                     project, now, touch=True, session_id=session_id,
                                     reads_claude_md=os.environ.get(
                                         "MEMORY_TIERED_AGENT") == "claude-code", way="mcp")}


@agent_tool("memory_get", "Read one memory", "One memory in full with its sources and promotions.",
          {"level": _LEVEL_ENUM, "id": _ID_SCHEMA}, ["level", "id"], read_only=True,
          idempotent=True,
          output={"type": "object",
                  "properties": {"level": {"type": "string"}, "id": {"type": "integer"},
                                                   "text": {"type": "string"}},
                  "required": ["level", "id", "text"]})
def _tool_get(db, args, *, now, session_id, origin, agent):
    return MemoryStore(db).get(args["level"], _whole(args, "id", None))


@agent_tool("memory_add_l1", "Store a session summary",
            "Store the summary of this conversation (one per session). Importance 0-1: 0.9 for "
            "decisions and lasting preferences, 0.3 for routine work.",
            _tool_fields("l1"), _tool_required("l1"), idempotent=True, output=_WRITTEN_OUTPUT)
def _tool_add_l1(db, args, *, now, session_id, origin, agent):
    return _tool_add(db, args, "l1", now, origin, agent)


@agent_tool("memory_add_l2", "Store knowledge",
            "Store a piece of knowledge distilled from several L1s (name them in source_ids).",
            _tool_fields("l2"), _tool_required("l2"), output=_WRITTEN_OUTPUT)
def _tool_add_l2(db, args, *, now, session_id, origin, agent):
    return _tool_add(db, args, "l2", now, origin, agent)


@agent_tool("memory_add_l3", "Store an insight",
            "Store a core insight distilled across L2s (name them in source_ids).",
            _tool_fields("l3"), _tool_required("l3"), output=_WRITTEN_OUTPUT)
def _tool_add_l3(db, args, *, now, session_id, origin, agent):
    return _tool_add(db, args, "l3", now, origin, agent)


@agent_tool("memory_edit", "Correct a memory",
            "Correct a memory in place: new text, key points (L1), importance, tags, category "
            "(L2, L3) or project (\"\" makes it global). Give only the fields to change.",
            _tool_edits(), ["level", "id"], idempotent=True,
            output={"type": "object",
                    "properties": {"level": {"type": "string"}, "id": {"type": "integer"},
                                   "changed": {"type": "array", "items": {"type": "string"}}},
                    "required": ["level", "id", "changed"]})
def _tool_edit(db, args, *, now, session_id, origin, agent):
    changes = {name: args.get(name) for name in ("text",) + tuple(FIELDS) if name in args}
    if changes.get("project") is not None:  # a name or path, or "" for none
        changes["project"] = resolve_project(db, changes["project"]) or ""
    edited = edit_memory(db, level=args["level"], record_id=_whole(args, "id", None),
                         changes=changes, by=origin, now=now)
    return {"level": args["level"], "id": args["id"], "changed": edited.changed}


@agent_tool("memory_forget", "Forget a memory for good",
          "Delete one memory and every copy the tool keeps of it (vault notes, digest, report "
          "notes). Only when the user asks to forget it.",
          {"level": _LEVEL_ENUM, "id": _ID_SCHEMA}, ["level", "id"], destructive=True,
          idempotent=False,
          output={"type": "object",
                  "properties": {"forgotten": {"type": "array", "items": {"type": "object"}}},
                  "required": ["forgotten"]})
def _tool_forget(db, args, *, now, session_id, origin, agent):
    done = forget_memories(db, targets=[(check_level(args["level"]), _whole(args, "id", None))],
                           now=now)
    return {"forgotten": done["forgotten"], "notes_deleted": done["notes_deleted"],
            "backups_holding": done["backups_holding"]}


@agent_tool("memory_pin", "Pin or unpin a memory",
          "Pin a memory the user wants kept as a standing rule or preference (it keeps its "
          "strength and is never a cleanup candidate); pinned false lets it fade again.",
          {"level": _LEVEL_ENUM, "id": _ID_SCHEMA, "pinned": {"type": "boolean", "default": True}},
          ["level", "id"],
          idempotent=True, output={"type": "object", "properties": {"pinned": {"type": "boolean"},
                                                                    "changed": {"type": "boolean"}},
                                   "required": ["pinned", "changed"]})
def _tool_pin(db, args, *, now, session_id, origin, agent):
    pinned = args.get("pinned", True) is not False
    return {"level": args["level"], "id": args["id"], "pinned": pinned,
            "changed": pin_memory(db, level=args["level"], record_id=_whole(args, "id", None),
                                  pinned=pinned, now=now)}


@agent_tool("memory_compress_report", "What is ready for promotion",
          "What is ready for promotion: L1s to promote, clusters that could become an L2, "
          "categories that "
          "could become an L3, with the ids to cite and each source's text, so you can write the "
          "L2 (memory_add_l2) or L3 (memory_add_l3) with source_ids in one call.", read_only=True,
          idempotent=True,
          output={"type": "object"})
def _tool_compress_report(db, args, *, now, session_id, origin, agent):
    return Promoter(db).report(texts=True)


@agent_tool("memory_stats", "Memory statistics",
          "Counts per level, strength distribution, cleanup candidates, database facts.",
          read_only=True,
          idempotent=True, output={"type": "object", "properties": {"levels": {"type": "object"}},
                                   "required": ["levels"]})
def _tool_stats(db, args, *, now, session_id, origin, agent):
    return MemoryStore(db).stats(now)


_SCOPE_PROPERTIES = {"scope": {"type": "string", "enum": ["session", "project", "all"],
                               "default": "session",
                               "description": "this session, this project, or everywhere"},
                     "project": {"type": "string"}}


def _scope(db, args, session_id):
    kind = args.get("scope", "session")
    if kind == "session":
        if not session_id:
            raise ValidationError("this connection has no session id; pause a project or all")
        return pause_scope(session_id=session_id)
    if kind == "project":
        project = resolve_project(db, args.get("project")) or current_project()
        if not project:
            raise ValidationError("name the project (not inside a repository)")
        return pause_scope(project=project)
    if kind == "all":
        return "all"
    raise ValidationError("scope is one of session, project, all")


@agent_tool("memory_pause", "Pause recall",
          "Stop memories from being injected for this session, this project or everywhere, for "
          "`minutes` or until resumed (the person asked for a session without memory).",
          dict(_SCOPE_PROPERTIES, minutes={"type": "integer", "minimum": 1, "maximum": 525600},
               capture={"type": "boolean", "default": True,
                        "description": "false: do not keep the session either"}),
          idempotent=True)
def _tool_pause(db, args, *, now, session_id, origin, agent):
    minutes = args.get("minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int)):
        raise ValidationError("minutes must be a whole number")
    return pause_recall(db, scope=_scope(db, args, session_id),
                        seconds=minutes * 60 if minutes else None,
                        capture=args.get("capture", True) is not False, now=now)


@agent_tool("memory_resume", "Resume recall",
          "Turn recall back on for this session, this project or everywhere.",
          _SCOPE_PROPERTIES, idempotent=True)
def _tool_resume(db, args, *, now, session_id, origin, agent):
    return {"ended": resume_recall(db, scope=_scope(db, args, session_id))}


_REF_SCHEMA = {"type": "array", "maxItems": 20,
               "items": {"type": "string", "pattern": "^[Ll][123][:#][0-9]{1,12}$"}}


@agent_tool("memory_feedback", "Judge what recall injected",
          "Tell the memory which injected memories were irrelevant to this session's request and "
          "which needed ones it missed (as L2:5); the gate learns from these on this machine.",
          {"irrelevant": _REF_SCHEMA, "missing": _REF_SCHEMA, "relevant": _REF_SCHEMA,
           "session_id": {"type": "string", "description": "default: this session"}})
def _tool_feedback(db, args, *, now, session_id, origin, agent):
    verdicts = []
    for verdict in VERDICTS:
        refs = args.get(verdict) or []
        if not isinstance(refs, list):
            raise ValidationError("%s is a list of memories such as L2:5" % verdict)
        verdicts += [(verdict,) + parse_memory_ref(str(ref)) for ref in refs]
    if not verdicts:
        raise ValidationError("name at least one memory: irrelevant, missing or relevant")
    return {"kept": record_feedback(db, verdicts=verdicts,
                                    session_id=args.get("session_id") or session_id,
                                    source="mcp", now=now)}


def call_tool(db, *, name, args, now=None, session_id=None, origin="mcp", agent=None):
    """Run the agent tool ``name`` (AGENT_TOOLS) on the open ``db`` with ``args`` checked against
    its declared schema; return a JSON-able result.  ``agent`` names the client whose records
    these are (default: ``origin``).  Raises MemoryTieredError on an unknown tool or bad input."""
    if name not in AGENT_TOOLS:
        raise NotFoundError("unknown tool %r; the tools are: %s" % (name, ", ".join(AGENT_TOOLS)))
    declared, handler = AGENT_TOOLS[name]
    properties = declared["inputSchema"]["properties"]
    required = declared["inputSchema"].get("required", [])
    if not isinstance(args, dict):
        raise ValidationError("arguments must be an object")
    unknown = sorted(set(args) - set(properties))
    if unknown:
        raise ValidationError("unknown argument(s) for %s: %s" % (name, ", ".join(unknown)))
    missing = [k for k in required if args.get(k) in (None, "")]
    if missing:
        raise ValidationError("%s needs %s" % (name, ", ".join(missing)))
    for key, value in args.items():
        if value is not None:
            check_schema(value, properties[key], key)
    return handler(db, args, now=now or now_utc(), session_id=session_id, origin=origin,
                   agent=agent or origin)


# -- MCP server: JSON-RPC over stdio --


def mcp_handle(message, db_path, session):
    """Answer one JSON-RPC message (a dict); None for notifications."""
    if (
        not isinstance(message, dict) or message.get("jsonrpc") != "2.0"
        or not isinstance(message.get("method"), str)):
        return {
            "jsonrpc": "2.0",
            "id": message.get("id") if isinstance(message, dict) else None,
            "error": {
                "code": -32600,
                "message": "invalid request: expected a JSON-RPC 2.0 object with a method"},
        }
    method = message["method"]
    if "id" not in message:
        return None  # notifications: initialized, cancelled, ...
    rid = message["id"]
    params = message.get("params") if isinstance(message.get("params"), dict) else {}
    meta = params.get("replica_meta_value") if isinstance(params.get("replica_meta_value"), dict) else {}
    modern = meta.get("io.modelcontextprotocol/protocolVersion")

    def ok(result):
        if modern:
            result = dict(result, resultType="complete")
        return {"jsonrpc": "2.0", "id": rid, "result": result}

    def fail(code, text, data=None):
        error = {"code": code, "message": text}
        if data is not None:
            error["data"] = data
        return {"jsonrpc": "2.0", "id": rid, "error": error}

    if modern and modern not in MCP_MODERN_VERSIONS:
        return fail(-32022, "unsupported protocol version %s" % modern,
                    {"supported": list(MCP_MODERN_VERSIONS), "requested": modern})
    info = {"name": "memory-tiered", "version": __version__}
    if method == "initialize":
        wanted = params.get("protocolVersion")
        session["version"] = wanted if wanted in MCP_LEGACY_VERSIONS else MCP_LEGACY_VERSIONS[0]
        return ok({"protocolVersion": session["version"],
                   "capabilities": {"tools": {"listChanged": False}},
                   "serverInfo": info,
                   "instructions": "Long-term memory. Search it (memory_search) before answering "
                                   "questions about "
                                   "past work; at the end of a session store one summary "
                                   "(memory_add_l1)."})
    if method == "server/discover":
        return ok({"supportedVersions": list(MCP_MODERN_VERSIONS) + list(MCP_LEGACY_VERSIONS),
                   "capabilities": {"tools": {"listChanged": False}}, "serverInfo": info,
                   "replica_meta_value": {"io.modelcontextprotocol/serverInfo": info}, "ttlMs": 0,
                   "cacheScope": "private"})
    if method == "ping":
        return ok({})
    if method == "tools/list":
        result = {"tools": tool_list()}
        if modern:
            result.update(ttlMs=3600000, cacheScope="public")
        return ok(result)
    if method == "tools/call":
        name = params.get("name")
        if not isinstance(name, str) or name not in AGENT_TOOLS:
            return fail(-32602, "unknown tool: %r; see tools/list" % (name,))
        try:
            with MemoryDB(db_path) as db:
                data = call_tool(db, name=name, args=params.get("arguments") or {}, now=now_utc(),
                                 session_id=session.setdefault(
                                     "id", "mcp-%d-%d" % (os.getpid(), int(time.time()))))
        except MemoryTieredError as exc:
            return ok({"content": [{"type": "text", "text": "error: %s" % exc}], "isError": True})
        except sqlite3.Error as exc:
            return ok({"content": [{"type": "text",
                                    "text": "error: %s" % describe_sqlite_error(exc, db_path)}],
                       "isError": True})
        text = (
            data["context"] if name == "memory_context"
            else json.dumps(data, ensure_ascii=False, default=str))
        result = {"content": [{"type": "text", "text": text}], "isError": False}
        if "outputSchema" in AGENT_TOOLS[name][0]:
            result["structuredContent"] = json.loads(json.dumps(data, default=str))
        return ok(result)
    return fail(-32601, "method not found: %s" % method)


def serve_mcp(db_path, stdin, stdout, log):
    """The MCP stdio loop: one JSON-RPC message per line, until stdin closes."""
    session = {}
    for raw in stdin:
        if not raw.strip():
            continue
        try:
            message = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
        except RecursionError:
            reply = {"jsonrpc": "2.0", "id": None,
                     "error": {"code": -32700, "message": "parse error: nested too deeply"}}
        except (ValueError, UnicodeDecodeError) as exc:
            reply = {"jsonrpc": "2.0", "id": None,
                     "error": {"code": -32700, "message": "parse error: %s" % exc}}
        else:
            if isinstance(message, list):
                reply = {"jsonrpc": "2.0", "id": None,
                         "error": {"code": -32600, "message": "batches are not supported"}}
            else:
                try:
                    reply = mcp_handle(message, db_path, session)
                except Exception as exc:  # a bug must not kill the server
                    log("mcp: internal error: %r" % exc)
                    reply = {"jsonrpc": "2.0",
                             "id": message.get("id") if isinstance(message, dict) else None,
                             "error": {"code": -32603, "message": "internal error: %s" % exc}}
        if reply is not None:
            if isinstance(reply.get("id"), float) and not math.isfinite(reply["id"]):
                reply["id"] = None  # NaN or Infinity is no JSON: the id cannot be echoed
            try:
                line = json.dumps(reply, ensure_ascii=False, separators=(",", ":"), default=str)
                line.encode("utf-8")
            except (UnicodeEncodeError, ValueError, RecursionError):
                # e.g. a lone surrogate echoed back in "id": escaped, it is still valid JSON
                line = json.dumps(reply, ensure_ascii=True, separators=(",", ":"), default=str)
            stdout.write(line + "\n")
            stdout.flush()
