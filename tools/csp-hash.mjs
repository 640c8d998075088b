// Post-build step: Trunk's loader is an inline <script>. A strict CSP allows
// it only by hash, so compute the SHA-256 of every inline script in the built
// index.html and add it to the CSP meta tag's script-src.
//
// Two fixes of Trunk 0.21.14's output come first, each a console warning in
// Chromium otherwise:
// - the wasm `<link rel="preload" as="fetch" integrity=…>`: Chromium ignores
//   `integrity` on preload destinations without subresource integrity and
//   says so; the module preload keeps its integrity.
// - the worker's loader shim calls `wasm_bindgen("./worker_bg.wasm")`, the
//   positional form wasm-bindgen 0.2.9x+ reports as deprecated; it takes
//   `{ module_or_path }`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
const file = join(dir, "index.html");
let html = readFileSync(file, "utf8");

html = html.replace(/<link\b[^>]*\brel="preload"[^>]*>/g, (tag) =>
  /\bas="fetch"/.test(tag) ? tag.replace(/\s+integrity="[^"]*"/, "") : tag,
);

// The loader may already carry its content hash (tools/worker-hash.mjs runs first).
for (const name of readdirSync(dir).filter((f) => /^worker_loader(-[0-9a-f]+)?\.js$/.test(f))) {
  const loader = join(dir, name);
  const js = readFileSync(loader, "utf8");
  const fixed = js.replace(/wasm_bindgen\((["'][^"']+["'])\)/g, "wasm_bindgen({ module_or_path: $1 })");
  if (fixed !== js) writeFileSync(loader, fixed);
}

const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
  const [, attrs, body] = m;
  if (/\bsrc\s*=/.test(attrs)) continue;
  hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

const csp = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/;
if (!csp.test(html)) {
  console.error("csp-hash: no Content-Security-Policy meta tag in " + file);
  process.exit(1);
}
html = html.replace(csp, (_, open, policy, close) => {
  const directives = policy.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
    if (!d.startsWith("script-src ")) return d;
    const kept = d.split(/\s+/).filter((t) => !t.startsWith("'sha256-"));
    return [...kept, ...hashes].join(" ");
  });
  return open + directives.join("; ") + close;
});
writeFileSync(file, html);
console.log(`csp-hash: ${hashes.length} inline script(s) hashed into script-src`);
