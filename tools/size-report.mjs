// Prints the first-load size of the built app as it is served: index.html
// and what it references (the app's JS, wasm and CSS), each file's size
// raw and compressed the way tools/serve.mjs sends it (the build's `.br`
// copy when there is one, as browsers accept brotli; else brotli computed
// here). The worker, its tokenizer data and the service worker load later:
// they are listed apart, with their brotli sizes, as are the pages' wasm
// chunks (tools/wasm-split.mjs), which a visit to / does not fetch.
// Usage: node tools/size-report.mjs [DIR]   (last line: `first load ... KiB`)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const dir = process.argv[2] || "dist";
const kib = (n) => (n / 1024).toFixed(1).padStart(8);

/** The bytes a browser that accepts brotli downloads for `name`. */
function served(name) {
  const path = join(dir, name);
  if (existsSync(path + ".br")) return statSync(path + ".br").size;
  const buf = readFileSync(path);
  return brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [relative(dir, p).split(sep).join("/")];
  });
}

const html = readFileSync(join(dir, "index.html"), "utf8");
const firstLoad = new Set(["index.html"]);
for (const m of html.matchAll(/(?:href|src)="\/?([^"?#]+\.(?:js|wasm|css))"/g)) firstLoad.add(m[1]);
// Trunk's inline loader imports the app's JS, which fetches its wasm.
// The worker's loader URL (the batchlane-worker meta) is fetched later, not at first paint.
for (const m of html.matchAll(/["'(]\/?([\w.-]+\.(?:js|wasm))["')]/g)) {
  if (existsSync(join(dir, m[1])) && !m[1].startsWith("worker")) firstLoad.add(m[1]);
}
// A module's static imports load with it: the app's JS imports the split
// link module (__wasm_split-<hash>.js, tools/wasm-split.mjs). The chunks
// that module names (`new URL("./….wasm", import.meta.url)`) are fetched
// when a page needs them: Home needs none, so they are listed as later.
for (const name of [...firstLoad]) {
  if (!name.endsWith(".js")) continue;
  const js = readFileSync(join(dir, name), "utf8");
  for (const m of js.matchAll(/\b(?:import|export)\s[^;'"]*?from\s*['"]\.?\/([\w.-]+\.js)['"]|\bimport\s*['"]\.?\/([\w.-]+\.js)['"]/g)) {
    const dep = m[1] || m[2];
    if (existsSync(join(dir, dep))) firstLoad.add(dep);
  }
}
const chunks = new Set();
for (const name of firstLoad) {
  if (!/^__wasm_split-[0-9a-f]{16}\.js$/.test(name)) continue;
  for (const m of readFileSync(join(dir, name), "utf8").matchAll(/new URL\(\s*["']\.\/([\w.-]+\.wasm)["']/g)) chunks.add(m[1]);
}

let raw = 0;
let br = 0;
console.log(`first load (index.html and what it loads), raw and as served (brotli):`);
for (const name of [...firstLoad].sort()) {
  const size = statSync(join(dir, name)).size;
  const b = served(name);
  raw += size;
  br += b;
  console.log(`  ${name.padEnd(44)} ${kib(size)} KiB  br ${kib(b)} KiB`);
}
const row = (f) => `  ${f.padEnd(44)} ${kib(statSync(join(dir, f)).size)} KiB  br ${kib(served(f))} KiB`;
if (chunks.size) {
  console.log("loaded later: the pages' wasm chunks, each when a page first needs it (raw, brotli):");
  for (const f of [...chunks].sort()) console.log(row(f));
}
const later = walk(dir).filter((f) => /\.(wasm|js|bin|tiktoken)$/.test(f) && !firstLoad.has(f) && !chunks.has(f));
if (later.length) {
  console.log("loaded later, on demand (raw, brotli):");
  for (const f of later.sort()) console.log(row(f));
}
console.log(`first load total: ${kib(raw).trim()} KiB raw, ${kib(br).trim()} KiB brotli as served (target <= 500 KiB)`);
console.log("(every byte of a cold first visit, service worker precache included: node tools/first-visit.mjs)");
