// The static server for the built app (dist/) on 127.0.0.1: what `./dev serve`
// and the end-to-end tests use, and a model for hosting dist/ elsewhere.
//
// - precompressed files (name.br, name.gz, written at build time by
//   tools/compress.mjs) are sent with Content-Encoding when the browser
//   accepts them;
// - hashed files (name-0123456789abcdef.ext) are immutable for a year;
//   index.html, the service worker and everything else are `no-cache`;
// - the security headers of tools/headers.mjs (CSP from index.html plus
//   frame-ancestors 'none', nosniff, no-referrer, COOP);
// - single-page fallback: an unknown path without an extension gets index.html;
// - a malformed request gets 400, an unknown method 405; nothing crashes it.
//
// Usage: node tools/serve.mjs [DIR] [PORT]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { HASHED, securityHeaders, cspFromHtml } from "./headers.mjs";

export const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".jsonl": "application/jsonl; charset=utf-8",
  ".tiktoken": "text/plain; charset=utf-8",
  ".bin": "application/octet-stream",
  ".txt": "text/plain; charset=utf-8",
};

// HASHED: name-0123456789abcdef.ext, as tools/headers.mjs marks them.
const NO_CACHE = new Set(["index.html", "sw.js", "service-worker.js"]);

/** `/a/b?x` → `a/b`, or null when the path is malformed or escapes the root. */
export function cleanPath(url) {
  if (typeof url !== "string" || !url.startsWith("/")) return null;
  const raw = url.split(/[?#]/)[0];
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const parts = [];
  for (const part of decoded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return null;
    parts.push(part);
  }
  return parts.join("/");
}

/** The encoding to send: br, then gzip, when accepted (q > 0) and present. */
export function pickEncoding(acceptEncoding, available) {
  const accepted = new Map();
  for (const item of String(acceptEncoding || "").split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const enc of ["br", "gzip"]) {
    const q = accepted.has(enc) ? accepted.get(enc) : accepted.get("*");
    if (q > 0 && available.has(enc)) return enc;
  }
  return null;
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export function createStaticServer(dir) {
  const root = resolve(dir);
  let headersCache = null;
  async function baseHeaders() {
    if (!headersCache) {
      const html = await readFile(join(root, "index.html"), "utf8").catch(() => "");
      headersCache = securityHeaders(cspFromHtml(html));
    }
    return headersCache;
  }

  return createServer(async (req, res) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("method not allowed");
        return;
      }
      const rel = cleanPath(req.url);
      if (rel === null) {
        res.writeHead(400, { "content-type": "text/plain" }).end("bad request");
        return;
      }
      let name = rel || "index.html";
      let file = join(root, name);
      if (!file.startsWith(root + sep) && file !== root) {
        res.writeHead(400, { "content-type": "text/plain" }).end("bad request");
        return;
      }
      if (!(await isFile(file))) {
        if (extname(name)) {
          res.writeHead(404, { "content-type": "text/plain", ...(await baseHeaders()) }).end("not found");
          return;
        }
        name = "index.html";
        file = join(root, name);
      }
      const available = new Set();
      if (await isFile(file + ".br")) available.add("br");
      if (await isFile(file + ".gz")) available.add("gzip");
      const encoding = pickEncoding(req.headers["accept-encoding"], available);
      const body = await readFile(encoding === "br" ? file + ".br" : encoding === "gzip" ? file + ".gz" : file);
      const base = name.split("/").pop();
      const headers = {
        "content-type": TYPES[extname(name)] || "application/octet-stream",
        "content-length": body.length,
        "cache-control": HASHED.test(base) && !NO_CACHE.has(base) ? "public, max-age=31536000, immutable" : "no-cache",
        vary: "Accept-Encoding",
        ...(await baseHeaders()),
      };
      if (encoding) headers["content-encoding"] = encoding === "br" ? "br" : "gzip";
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("server error");
      console.error("serve:", e && e.message);
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) {
  const dir = process.argv[2] || "dist";
  const port = Number(process.argv[3] || process.env.PORT || 8787);
  const host = "127.0.0.1";
  const server = createStaticServer(dir);
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
  });
  server.listen(port, host, () => {
    console.log(`batchlane is being served at http://${host}:${port}/`);
  });
}
