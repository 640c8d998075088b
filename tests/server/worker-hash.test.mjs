// tools/worker-hash.mjs: the worker's files get content hashes, the loader
// names the hashed files, and index.html names the loader.
// Run: node --test tests/server/
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashWorker } from "../../tools/worker-hash.mjs";
import { HASHED, netlifyHeaders } from "../../tools/headers.mjs";

// Every scratch directory is removed when the file's tests end.
const scratch = [];
after(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));
function scratchDir() {
  const dir = mkdtempSync(join(tmpdir(), "worker-hash-"));
  scratch.push(dir);
  return dir;
}

const LOADER = `importScripts("./worker.js");wasm_bindgen("./worker_bg.wasm");`;

function trunkOutput(wasmByte) {
  const dir = scratchDir();
  writeFileSync(join(dir, "index.html"), "<!doctype html><html><head><title>t</title></head><body></body></html>");
  writeFileSync(join(dir, "worker.js"), "var wasm_bindgen = function () {};");
  writeFileSync(join(dir, "worker_bg.wasm"), Buffer.alloc(64, wasmByte));
  writeFileSync(join(dir, "worker_loader.js"), LOADER);
  return dir;
}

test("the three worker files are renamed with one content hash and index.html names the loader", () => {
  const dir = trunkOutput(1);
  const { url, renamed } = hashWorker(dir);
  assert.equal(renamed, true);
  const m = /^\/worker_loader-([0-9a-f]{16})\.js$/.exec(url);
  assert.ok(m, url);
  const h = m[1];
  assert.deepEqual(readdirSync(dir).sort(), ["index.html", `worker-${h}.js`, `worker-${h}_bg.wasm`, `worker_loader-${h}.js`]);
  for (const f of readdirSync(dir).filter((f) => f.startsWith("worker"))) assert.match(f, HASHED, f);
  assert.equal(readFileSync(join(dir, `worker_loader-${h}.js`), "utf8"), `importScripts("./worker-${h}.js");wasm_bindgen("./worker-${h}_bg.wasm");`);
  const html = readFileSync(join(dir, "index.html"), "utf8");
  assert.match(html, new RegExp(`<meta name="batchlane-worker" content="/worker_loader-${h}\\.js" />\\s*</head>`));
  // A second run (dist already hashed) changes nothing.
  assert.deepEqual(hashWorker(dir), { url, renamed: false });
  assert.equal(readFileSync(join(dir, "index.html"), "utf8"), html);
});

test("a different worker wasm gives a different name; the same gives the same", () => {
  const a = hashWorker(trunkOutput(1)).url;
  const b = hashWorker(trunkOutput(2)).url;
  const c = hashWorker(trunkOutput(1)).url;
  assert.notEqual(a, b);
  assert.equal(a, c);
});

test("a missing worker file or an unexpected loader is an error, not a half-renamed build", () => {
  const dir = trunkOutput(1);
  writeFileSync(join(dir, "worker_loader.js"), "importScripts('./other.js');");
  assert.throws(() => hashWorker(dir), /unexpected loader/);
  assert.ok(existsSync(join(dir, "worker.js")));
  const bare = scratchDir();
  writeFileSync(join(bare, "index.html"), "<html><head></head></html>");
  assert.throws(() => hashWorker(bare), /missing/);
});

test("_headers marks each hashed file immutable, and neither sw.js nor index.html", () => {
  const text = netlifyHeaders("default-src 'self'", ["sw.js", "index.html", "worker_loader-0123456789abcdef.js", "app-0123456789abcdef_bg.wasm"]);
  const rules = Object.fromEntries(text.split(/\n(?=\/)/).map((block) => [block.split("\n")[0], block]));
  assert.match(rules["/worker_loader-0123456789abcdef.js"], /immutable/);
  assert.match(rules["/app-0123456789abcdef_bg.wasm"], /immutable/);
  assert.doesNotMatch(rules["/sw.js"], /immutable/);
  assert.doesNotMatch(text, /\/\*\.js/);
});
