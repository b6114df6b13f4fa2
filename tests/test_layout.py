"""The module reads top to bottom: each part uses only what stands above it, functions stay
short, no block is written twice, and every command keeps its parts together."""

import ast
import collections
import os
import unittest

from helpers import SCRIPT, memory_tiered


def _tree():
    with open(SCRIPT, encoding="utf-8") as handle:
        source = handle.read()
    return source, ast.parse(source)


class LayoutTests(unittest.TestCase):
    def test_nothing_uses_what_is_defined_below_it(self):
        _, tree = _tree()
        defined = {}
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined[node.name] = node.lineno
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        defined.setdefault(target.id, node.lineno)
        later = []
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                # a top-level value (a table, a lambda in it) may use only what stands above it
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) \
                            and sub.id in defined and defined[sub.id] > node.lineno:
                        later.append("line %d uses %s" % (node.lineno, sub.id))
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                local = {a.arg for sub in ast.walk(node) if isinstance(sub, ast.arguments)
                         for a in sub.args + sub.kwonlyargs}
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and sub.id in defined and sub.id not in local \
                            and defined[sub.id] > node.end_lineno:
                        later.append("%s (line %d) uses %s" % (node.name, node.lineno, sub.id))
        self.assertEqual(sorted(set(later)), [])

    def test_no_function_is_longer_than_80_lines(self):
        _, tree = _tree()
        long = ["%s (%d lines)" % (n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef) and n.end_lineno - n.lineno + 1 > 80]
        self.assertEqual(long, [])

    def test_no_block_of_six_lines_is_written_twice(self):
        source, _ = _tree()
        lines = [line.strip() for line in source.splitlines()
                 if line.strip() and not line.strip().startswith("#")]
        seen = collections.defaultdict(int)
        for k in range(len(lines) - 5):
            seen[tuple(lines[k:k + 6])] += 1
        self.assertEqual([block[0] for block, count in seen.items() if count > 1], [])

    def test_every_command_is_one_table_entry_with_help_and_an_example(self):
        parser = memory_tiered.build_parser()
        self.assertEqual(list(parser.subcommands), list(memory_tiered.COMMANDS))
        for name, (handler, help_text, example, options) in memory_tiered.COMMANDS.items():
            self.assertTrue(handler.__name__.startswith("cmd_"), name)
            self.assertTrue(help_text and example.startswith("memory_tiered.py " + name), name)
            for flags, settings in options:
                self.assertTrue(settings.get("help"), "%s %s" % (name, flags[0]))
        only = memory_tiered.build_parser(only="get")
        self.assertEqual(list(only.subcommands), ["get"])  # a run builds only its own command
        self.assertIs(memory_tiered.build_parser(only="get"), only)  # and once per process


if __name__ == "__main__":
    unittest.main()
