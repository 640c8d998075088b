// Post-build step (the first): gives the Web Worker's files content hashes
// like the app's, so a browser never pairs a new page with an old worker.
//
// Trunk writes the worker (`data-type="worker"` in index.html) under fixed
// names: worker.js, worker_bg.wasm and the loader worker_loader.js
// (`importScripts("./worker.js");wasm_bindgen("./worker_bg.wasm");`). This
// step hashes worker.js + worker_bg.wasm (SHA-256, 16 hex digits, Trunk's
// length) and renames the three to
//   worker-<hash>.js, worker-<hash>_bg.wasm, worker_loader-<hash>.js
// (the loader's text names the other two, so one hash covers all three). It
// writes the loader's URL into index.html as
//   <meta name="batchlane-worker" content="/worker_loader-<hash>.js" />
// which the page reads (src/worker/client.rs). The later steps see only the
// hashed names: the service worker precaches them (tools/sw.mjs), the
// headers mark them immutable (tools/headers.mjs), compress.mjs writes their
// .br/.gz.
//
// Usage: node tools/worker-hash.mjs [DIR]  (Trunk passes TRUNK_STAGING_DIR)
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const META = "batchlane-worker";

/** Renames the worker's files in `dir` and returns the loader's URL. */
export function hashWorker(dir) {
  const js = join(dir, "worker.js");
  const wasm = join(dir, "worker_bg.wasm");
  const loader = join(dir, "worker_loader.js");
  const index = join(dir, "index.html");
  let html = readFileSync(index, "utf8");
  const existing = new RegExp(`<meta name="${META}" content="([^"]*)"`).exec(html);
  if (existing && !existsSync(loader)) return { url: existing[1], renamed: false };
  for (const f of [js, wasm, loader]) {
    if (!existsSync(f)) throw new Error(`worker-hash: ${f} is missing (is the worker link in index.html?)`);
  }
  const hash = createHash("sha256");
  hash.update(readFileSync(js)).update("\0").update(readFileSync(wasm));
  const h = hash.digest("hex").slice(0, 16);
  const names = { js: `worker-${h}.js`, wasm: `worker-${h}_bg.wasm`, loader: `worker_loader-${h}.js` };

  const text = readFileSync(loader, "utf8");
  if (!text.includes("./worker.js") || !text.includes("./worker_bg.wasm")) {
    throw new Error(`worker-hash: unexpected loader ${JSON.stringify(text)} (did Trunk change its worker shim?)`);
  }
  writeFileSync(loader, text.replaceAll("./worker.js", `./${names.js}`).replaceAll("./worker_bg.wasm", `./${names.wasm}`));
  renameSync(js, join(dir, names.js));
  renameSync(wasm, join(dir, names.wasm));
  renameSync(loader, join(dir, names.loader));

  const url = "/" + names.loader;
  const meta = `<meta name="${META}" content="${url}" />`;
  html = html.replace(new RegExp(`\\s*<meta name="${META}"[^>]*>`), "").replace("</head>", `  ${meta}\n  </head>`);
  if (!html.includes(meta)) throw new Error("worker-hash: no </head> in " + index);
  writeFileSync(index, html);
  return { url, renamed: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) {
  const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || "dist";
  try {
    const { url, renamed } = hashWorker(dir);
    console.log(renamed ? `worker-hash: the worker loads from ${url}` : `worker-hash: already hashed (${url})`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
