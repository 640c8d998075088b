// A static server for the built app (dist/) on 127.0.0.1, with the single-page
// fallback (unknown paths get index.html) and the right wasm MIME type.
// Usage: node tools/serve.mjs [DIR] [PORT]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(process.argv[2] || "dist");
const port = Number(process.argv[3] || process.env.PORT || 8787);
const host = "127.0.0.1";
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".jsonl": "application/jsonl; charset=utf-8",
  ".tiktoken": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

async function fileFor(urlPath) {
  const clean = normalize(decodeURIComponent(urlPath.split("?")[0])).replace(/^(\.\.[/\\])+/, "");
  const candidate = join(root, clean);
  if (!candidate.startsWith(root)) return null;
  try {
    const s = await stat(candidate);
    if (s.isFile()) return candidate;
  } catch {}
  return extname(clean) ? null : join(root, "index.html");
}

createServer(async (req, res) => {
  const file = await fileFor(req.url || "/");
  if (!file) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  const body = await readFile(file);
  res.writeHead(200, {
    "content-type": types[extname(file)] || "application/octet-stream",
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
  });
  res.end(body);
}).listen(port, host, () => {
  console.log(`batchlane is being served at http://${host}:${port}/`);
});
