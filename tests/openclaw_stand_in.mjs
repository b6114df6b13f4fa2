// Registers the tiered-memory plugin with a stand-in for OpenClaw's plugin API (any Node 18+) and
// runs its tools as OpenClaw would: prints one JSON line for tests/test_openclaw_plugin.py.
import { pathToFileURL } from "node:url";

const [pluginDir, configJson, query] = process.argv.slice(2);
const plugin = (await import(pathToFileURL(`${pluginDir}/index.js`).href)).default;
const registered = { capabilities: [], tools: [] };
const api = {
  pluginConfig: JSON.parse(configJson),
  registerMemoryCapability: (capability) => registered.capabilities.push(capability),
  registerTool: (factory, options) => registered.tools.push({ factory, options }),
};
plugin.register(api);
const tools = {};
for (const { factory } of registered.tools) {
  const made = factory({ agentId: "main" });
  tools[made.name] = made;
}
const out = {
  id: plugin.id,
  names: registered.tools.map((t) => t.options.names).flat().sort(),
  prompt: registered.capabilities[0].promptBuilder({ availableTools: new Set(["memory_search"]) }),
};
const found = await tools.memory_search.execute("t1", { query, maxResults: 5 });
out.search = found.details;
out.searchText = found.content[0].text;
const hit = found.details.results[0];
if (hit) out.get = (await tools.memory_get.execute("t2", { path: hit.path, lines: 1 })).details;
out.missing = (await tools.memory_get.execute("t3", { path: "l3/999999" })).details;
out.badPath = (await tools.memory_get.execute("t4", { path: "../../etc/passwd" })).details;
out.dash = (await tools.memory_search.execute("t5", { query: "--limit 5" })).details;
out.sessions = (await tools.memory_search.execute("t6", { query: "x", corpus: "sessions" })).details;
process.stdout.write(JSON.stringify(out) + "\n");
