#!/usr/bin/env python3
"""Build memory_tiered.py, the one file people copy, from the package in src/memory_tiered/.

Like SQLite's amalgamation: the modules are joined in dependency order (MODULES: each uses only
those above it), each under a banner naming its source file, after the package's docstring,
``__version__``, ``__all__`` and one block of the standard-library imports they all use.  The
imports between the package's own modules are left out (in one file they share one namespace);
nothing else of a module changes, so a line of the shipped file is a line of its source.

Usage:
    python3 tools/build.py            write memory_tiered.py
    python3 tools/build.py --check    exit 0 only when the committed file equals a fresh build
"""

import argparse
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "src", "memory_tiered")
TARGET = os.path.join(ROOT, "memory_tiered.py")
MODULES = ("base", "vocabulary", "text", "scrubbing", "safety", "projects", "checks", "indexing", "dates", "names",
           "queries", "files",
           "schema", "db", "records", "sessions", "tombstones", "decay", "embeddings", "gate", "search",
           "store", "promote", "vault", "report", "recall", "operations", "replication", "proposals", "context",
           "agents", "importers", "hooks", "mcp", "jobs", "cli", "commands")


def read(name):
    with open(os.path.join(PACKAGE, name + ".py"), encoding="utf-8") as handle:
        return handle.read()


def split_module(name, text):
    """(its docstring, the standard-library modules it imports, its code without the docstring
    and the top-level import statements)."""
    tree = ast.parse(text, filename=name + ".py")
    lines = text.split("\n")
    drop, std = set(), []
    docstring = ast.get_docstring(tree, clean=False) or ""
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None),
                                                              ast.Constant):
        drop.update(range(body[0].lineno - 1, body[0].end_lineno))
        body = body[1:]
    for node in body:
        if isinstance(node, ast.Import):
            std += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level:
            pass  # the package's own modules: one namespace in the shipped file
        else:
            continue
        drop.update(range(node.lineno - 1, node.end_lineno))
    kept = [line for n, line in enumerate(lines) if n not in drop]
    code = "\n".join(kept).strip("\n")
    return docstring, std, code


def build():
    init = ast.parse(read("__init__"))
    header = ast.get_docstring(init, clean=False)
    names = {}
    for node in init.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            names[node.targets[0].id] = ast.literal_eval(node.value)
    parts, imports = [], set()
    for name in MODULES:
        docstring, std, code = split_module(name, read(name))
        imports.update(std)
        banner = "# ==== src/memory_tiered/%s.py ====" % name
        comment = "\n".join(("# " + line).rstrip() for line in docstring.strip("\n").split("\n"))
        parts.append("%s\n%s\n\n%s" % (banner, comment, code))
    all_lines = ["__all__ = ["]
    line = "   "
    for item in names["__all__"]:
        piece = ' "%s",' % item
        if len(line) + len(piece) > 99:
            all_lines.append(line)
            line = "   "
        line += piece
    all_lines.append(line.rstrip(",") + "]")
    out = ['#!/usr/bin/env python3',
           '"""%s"""' % header,
           "",
           "# This file is generated from src/memory_tiered/ by tools/build.py: edit the sources, then",
           "# run `python3 tools/build.py`.",
           "",
           '__version__ = "%s"' % names["__version__"],
           "",
           "\n".join(all_lines),
           "",
           "# ==== the standard library, for every part below ====",
           "",
           "\n".join("import %s" % module for module in sorted(imports)),
           "",
           "",
           "\n\n\n".join(parts),
           "",
           "",
           'if __name__ == "__main__":',
           "    sys.exit(main())",
           ""]
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 0 only when memory_tiered.py equals a fresh build")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        try:
            with open(TARGET, encoding="utf-8") as handle:
                same = handle.read() == text
        except OSError:
            same = False
        if not same:
            sys.stderr.write("memory_tiered.py differs from a fresh build of src/memory_tiered/: "
                             "run `python3 tools/build.py` and commit the result\n")
            return 1
        return 0
    tmp = TARGET + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    os.chmod(tmp, 0o755)
    os.replace(tmp, TARGET)
    sys.stderr.write("wrote %s (%d lines) from %d modules\n"
                     % (os.path.relpath(TARGET), text.count("\n"), len(MODULES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
