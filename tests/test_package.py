"""Developed as a package, shipped as one file: the shipped memory_tiered.py equals a fresh build
of src/memory_tiered/, each module says what it owns and uses and stays under 1,500 lines, the
modules form no cycle, front ends use only the core's public names, and __all__ is exactly what
the integrations use."""

import ast
import os
import re
import subprocess
import sys
import unittest

from helpers import ROOT, memory_tiered, slow

PACKAGE = os.path.join(ROOT, "src", "memory_tiered")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import build  # noqa: E402  (tools/build.py)

# the modules that translate an outside input into operation calls
FRONT_ENDS = ("vault", "context", "agents", "importers", "hooks", "mcp", "jobs", "cli", "commands")


def module_tree(name):
    with open(os.path.join(PACKAGE, name + ".py"), encoding="utf-8") as handle:
        text = handle.read()
    return text, ast.parse(text)


def own_imports(tree):
    """{module: [names]} a module imports from the package's other modules."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.setdefault(node.module, []).extend(a.name for a in node.names)
    return found


class PackageTests(unittest.TestCase):
    def test_the_shipped_file_is_a_fresh_build(self):
        done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--check"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, "memory_tiered.py is not a fresh build of src/: run "
                                             "`python3 tools/build.py` (%s)" % done.stderr.strip())

    def test_every_module_is_listed_and_built(self):
        names = sorted(n[:-3] for n in os.listdir(PACKAGE) if n.endswith(".py")
                       and n not in ("__init__.py", "__main__.py"))
        self.assertEqual(sorted(build.MODULES), names)
        with open(os.path.join(ROOT, "memory_tiered.py"), encoding="utf-8") as handle:
            shipped = handle.read()
        for name in build.MODULES:
            self.assertIn("# ==== src/memory_tiered/%s.py ====" % name, shipped)

    def test_no_two_modules_define_one_name(self):
        # (in the shipped file they share one namespace: the later one would replace the earlier)
        seen = {}
        for name in build.MODULES:
            for node in module_tree(name)[1].body:
                targets = [node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else [
                    t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
                for defined in targets:
                    self.assertNotIn(defined, seen, "%s is defined in %s and in %s"
                                     % (defined, seen.get(defined), name))
                    seen[defined] = name

    @slow
    def test_each_module_says_what_it_owns_and_uses_and_stays_short(self):
        for name in build.MODULES:
            text, tree = module_tree(name)
            self.assertLessEqual(text.count("\n"), 1500, name)
            doc = ast.get_docstring(tree) or ""
            uses = re.search(r"Uses: (.*?)\.\s*$", doc, re.S)
            self.assertTrue(doc and uses, "%s has no docstring naming what it uses" % name)
            said = set() if "standard library only" in uses.group(1) else {
                n.strip() for n in uses.group(1).replace("\n", " ").split(",")}
            self.assertEqual(said, set(own_imports(tree)), name)

    @slow
    def test_each_module_imports_every_name_it_uses(self):
        import builtins
        import symtable
        for name in build.MODULES:
            text, tree = module_tree(name)
            known = set(dir(builtins)) | {"__file__", "__name__"}
            for node in tree.body:  # what the module defines or imports
                for sub in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) \
                        else [node]:
                    if isinstance(sub, (ast.FunctionDef, ast.ClassDef)):
                        known.add(sub.name)
                    elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        known.add(sub.id)
                    elif isinstance(sub, (ast.Import, ast.ImportFrom)):
                        known |= {(a.asname or a.name).split(".")[0] for a in sub.names}
            missing = set()

            def walk(table):
                for sym in table.get_symbols():
                    if (table.get_type() == "module" or sym.is_global()) and sym.is_referenced() \
                            and sym.get_name() not in known:
                        missing.add(sym.get_name())
                for child in table.get_children():
                    walk(child)
            walk(symtable.symtable(text, name, "exec"))
            self.assertEqual(sorted(missing), [], "%s uses names it does not import" % name)

    def test_no_cycle_and_each_module_uses_only_those_above_it(self):
        for name in build.MODULES:
            for used in own_imports(module_tree(name)[1]):
                self.assertLess(build.MODULES.index(used), build.MODULES.index(name),
                                "%s imports %s, which stands below it" % (name, used))

    @slow
    def test_front_ends_use_only_public_names(self):
        for name in build.MODULES:
            for used, names in own_imports(module_tree(name)[1]).items():
                private = [n for n in names if n.startswith("_") and n != "__version__"]
                self.assertEqual(private, [], "%s imports private names of %s" % (name, used))
        for name in FRONT_ENDS:  # no front end writes a table: it calls an operation
            text, _ = module_tree(name)
            self.assertNotRegex(text, r"(?i)\"(?:INSERT|UPDATE|DELETE)\b[^\"]*\b(?:memory_l[123]|"
                                      r"session_turns|pending_sessions|forgotten)\b", name)

    def test_all_is_exactly_what_the_integrations_use(self):
        used = set()
        with open(os.path.join(ROOT, "integrations", "hermes", "memory_tiered", "__init__.py"),
                  encoding="utf-8") as handle:
            used |= set(re.findall(r"(?<![\w])_?mt\.([A-Za-z_]\w*)", handle.read()))
        for script in os.listdir(os.path.join(ROOT, "cron")):
            if script.endswith(".py"):
                with open(os.path.join(ROOT, "cron", script), encoding="utf-8") as handle:
                    used |= set(re.findall(r"\bmemory_tiered\.([A-Za-z_]\w*)\(", handle.read()))
        self.assertEqual(sorted(memory_tiered.__all__), sorted(used))
        for name in memory_tiered.__all__:
            self.assertTrue(hasattr(memory_tiered, name), name)

    @slow
    def test_the_package_runs_as_the_shipped_file_does(self):
        done = subprocess.run([sys.executable, "-m", "memory_tiered", "--version"], cwd=os.path.join(
            ROOT, "src"), capture_output=True, text=True, timeout=60)
        self.assertEqual(done.stdout.strip(), "memory_tiered %s" % memory_tiered.__version__,
                         done.stderr)


if __name__ == "__main__":
    unittest.main()
