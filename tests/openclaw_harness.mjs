// Loads the tiered-memory plugin with the real openclaw package (its plugin loader, Node 24.16+)
// and runs its tools: prints one JSON line for tests/test_openclaw_plugin.py.
// Loads the plugins of OPENCLAW_CONFIG_PATH with the real OpenClaw loader and
// calls the tiered-memory tools. Usage: node openclaw_harness.mjs OPENCLAW_PKG_DIR QUERY
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pkg, query] = process.argv.slice(2);
const { acquirePluginRegistryForInspection } =
  await import(pathToFileURL(`${pkg}/dist/plugins/loader.js`).href);
const config = JSON.parse(readFileSync(process.env.OPENCLAW_CONFIG_PATH, "utf8"));
const { registry, release } = await acquirePluginRegistryForInspection({ config, onlyPluginIds: ["tiered-memory"] });
const out = {};
try {
  const rec = registry.plugins.find((p) => p.id === "tiered-memory");
  out.plugin = rec ? { status: rec.status, error: rec.error ?? null, kind: rec.kind,
    memorySlotSelected: rec.memorySlotSelected === true } : null;
  out.errors = registry.diagnostics.filter((d) => d.level === "error").map((d) => d.message);
  out.memoryCapability = registry.memoryCapabilities.some((m) => m.pluginId === "tiered-memory" && m.memorySlotSelected);
  const ctx = { config, runtimeConfig: config, agentId: "main", sessionKey: "agent:main:main" };
  const tools = {};
  for (const entry of registry.tools.filter((t) => t.pluginId === "tiered-memory")) {
    const made = entry.factory(ctx);
    for (const t of [made].flat()) if (t) tools[t.name] = t;
  }
  out.tools = Object.keys(tools).sort();
  if (tools.memory_search) {
    const s = await tools.memory_search.execute("t1", { query, maxResults: 5 });
    out.search = s.details;
    out.searchText = s.content?.[0]?.text;
    const hit = s.details.results?.[0];
    if (hit && tools.memory_get) out.get = (await tools.memory_get.execute("t2", { path: hit.path })).details;
    if (tools.memory_get) out.missing = (await tools.memory_get.execute("t3", { path: "l3/999999" })).details;
  }
} finally {
  await release();
}
process.stdout.write(JSON.stringify(out) + "\n");
