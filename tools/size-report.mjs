// Prints the first-load size of the built app: the main wasm + JS (+ CSS),
// raw and gzip. The worker and tokenizer data load later, on demand.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] || "dist";
const html = readFileSync(join(dir, "index.html"), "utf8");
const firstLoad = new Set();
for (const m of html.matchAll(/(?:href|src)="\/?([^"]+\.(?:js|wasm|css))"/g)) firstLoad.add(m[1]);
let raw = 0, gz = 0, br = 0;
const rows = [];
for (const name of [...firstLoad].sort()) {
  const buf = readFileSync(join(dir, name));
  const g = gzipSync(buf, { level: 9 }).length;
  const b = existsSync(join(dir, name + ".br")) ? statSync(join(dir, name + ".br")).size : buf.length;
  raw += buf.length; gz += g; br += b;
  rows.push(`  ${name.padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(9)} KiB  gzip ${(g / 1024).toFixed(1).padStart(8)} KiB`);
}
console.log("first load (index.html references):");
console.log(rows.join("\n"));
console.log(`  ${"total".padEnd(48)} ${(raw / 1024).toFixed(1).padStart(9)} KiB  gzip ${(gz / 1024).toFixed(1).padStart(8)} KiB`);
const later = readdirSync(dir).filter((f) => /\.(wasm|js)$/.test(f) && !firstLoad.has(f) && statSync(join(dir, f)).isFile());
console.log(`  ${"as served (tools/compress.mjs brotli)".padEnd(48)} ${(br / 1024).toFixed(1).padStart(9)} KiB`);
console.log("  (every byte of a cold first visit, service worker precache included: node tools/first-visit.mjs)");
if (later.length) console.log("loaded on demand: " + later.map((f) => `${f} (${(statSync(join(dir, f)).size / 1024).toFixed(0)} KiB)`).join(", "));
