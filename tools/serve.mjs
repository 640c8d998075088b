// The static server for the built app (dist/) on 127.0.0.1: what `./dev serve`
// and the end-to-end tests use, and a model for hosting dist/ elsewhere.
//
// - precompressed files (name.br, name.gz, written at build time by
//   tools/compress.mjs) are sent with Content-Encoding when the browser
//   accepts them;
// - hashed files (name-0123456789abcdef.ext) are immutable for a year;
//   index.html, the service worker and everything else are `no-cache`;
// - the security headers of tools/headers.mjs (CSP from index.html plus
//   frame-ancestors 'none', nosniff, no-referrer, COOP); the CSP is read
//   again when index.html changes (a rebuild);
// - single-page fallback: an unknown path without an extension gets index.html;
// - symlinks are followed only while they stay inside DIR (its real path):
//   one that leads out counts as missing;
// - a malformed request gets 400, an unknown method 405; nothing crashes it;
// - every reply carries the security headers: errors too, and those node:http
//   writes itself (400 without Host, 431 for oversized headers);
// - files are streamed with backpressure (a slow reader holds one file
//   chunk, not the file); a connection's pipelined requests are served one
//   at a time, at most LIMITS.requestsPerConnection of them, and connections,
//   request times and idle keep-alive are bounded (LIMITS).
//
// Usage: node tools/serve.mjs [DIR] [PORT]
import { createServer, ServerResponse, STATUS_CODES, validateHeaderValue } from "node:http";
import { readFileSync } from "node:fs";
import { open, readFile, realpath, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
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

/** What one client can hold of the server (a browser opens up to six connections per host). */
export const LIMITS = {
  connections: 256,
  requestsPerConnection: 100,
  headersTimeout: 10_000, // ms for a request's headers to arrive
  requestTimeout: 30_000, // ms for the whole request (GET and HEAD have no body)
  keepAliveTimeout: 5_000, // ms an idle connection is kept between requests
  idleTimeout: 30_000, // ms a connection may move no byte (a reader that stopped reading)
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

/** The real path of `path` when it is a file inside the real `root` (symlinks resolved), else null. */
async function fileIn(root, path) {
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    if (!real.startsWith(realRoot + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

export function createStaticServer(dir) {
  const root = resolve(dir);
  const index = join(root, "index.html");
  // The CSP comes from index.html, whose script hash changes with every build:
  // it is read again when index.html changes (inode, size or mtime), and while
  // its mtime is too recent to tell (a rewrite within the file system's clock
  // tick keeps the mtime, and a new hash keeps the size).
  function readIndex() {
    try {
      return readFileSync(index, "utf8");
    } catch {
      return "";
    }
  }
  let security = { key: null, settled: false, headers: headersFor(readIndex()) };
  async function baseHeaders() {
    const st = await stat(index, { bigint: true }).catch(() => null);
    const key = st ? `${st.ino}:${st.size}:${st.mtimeNs}` : "";
    if (key !== security.key || !security.settled) {
      const html = st ? await readFile(index, "utf8").catch(() => "") : "";
      const settled = !st || Date.now() - Number(st.mtimeMs) > 2000;
      security = { key, settled, headers: headersFor(html) };
    }
    return security.headers;
  }

  async function serve(req, res) {
    try {
      for (const [k, v] of Object.entries(await baseHeaders())) res.setHeader(k, v);
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
      let real = await fileIn(root, file);
      if (!real && !extname(name)) {
        name = "index.html";
        file = join(root, name);
        real = await fileIn(root, file);
      }
      if (!real) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const variants = new Map();
      for (const [enc, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
        const path = await fileIn(root, file + ext);
        if (path) variants.set(enc, path);
      }
      const encoding = pickEncoding(req.headers["accept-encoding"], variants);
      const handle = await open(encoding ? variants.get(encoding) : real);
      try {
        const base = name.split("/").pop();
        const headers = {
          "content-type": TYPES[extname(name)] || "application/octet-stream",
          "content-length": (await handle.stat()).size,
          "cache-control": HASHED.test(base) && !NO_CACHE.has(base) ? "public, max-age=31536000, immutable" : "no-cache",
          vary: "Accept-Encoding",
        };
        if (encoding) headers["content-encoding"] = encoding === "br" ? "br" : "gzip";
        res.writeHead(200, headers);
        if (req.method === "HEAD") res.end();
        // A chunk at a time, the next when the socket has taken the last.
        else await pipeline(handle.createReadStream(), res);
      } finally {
        await handle.close();
      }
    } catch (e) {
      if (res.headersSent) {
        // The client went away mid-file (or the file did): the connection goes.
        res.destroy();
        return;
      }
      res.writeHead(500, { "content-type": "text/plain" }).end("server error");
      console.error("serve:", e && e.message);
    }
  }

  // Every response starts with the security headers, also those node:http
  // writes itself; serve() brings the CSP up to date before it answers.
  class SecuredResponse extends ServerResponse {
    constructor(req, options) {
      super(req, options);
      for (const [k, v] of Object.entries(security.headers)) this.setHeader(k, v);
    }
  }

  // Pipelined requests on a connection are answered in order anyway, so they
  // are served one at a time: a client that sends many and reads none holds
  // one open file, not one per request. The last request a connection may
  // make is answered with `connection: close`, and the server closes it (node
  // says so with maxRequestsPerSocket, then keeps it open answering 503s).
  const connections = new WeakMap();
  const server = createServer({ ServerResponse: SecuredResponse }, (req, res) => {
    const socket = req.socket;
    const conn = connections.get(socket) || { requests: 0, pending: 0, turn: Promise.resolve() };
    connections.set(socket, conn);
    if (++conn.requests >= LIMITS.requestsPerConnection) res.setHeader("connection", "close");
    conn.pending++;
    conn.turn = conn.turn
      .then(async () => {
        if (!socket.writable) return;
        await serve(req, res);
        await sent(res, socket);
      })
      .catch((e) => {
        res.destroy();
        console.error("serve:", e && e.message);
      })
      .finally(() => conn.pending--);
  });
  // A request node:http cannot parse: the reply goes straight to the socket,
  // unless answers to earlier requests are still due on it (then it closes).
  server.on("clientError", async (err, socket) => {
    const headers = await baseHeaders();
    if (!socket.writable || err.code === "ECONNRESET" || connections.get(socket)?.pending) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERRORS[err.code] || 400;
    const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, "content-type: text/plain", "connection: close"];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    socket.end(lines.join("\r\n") + "\r\n\r\n");
  });
  server.maxConnections = LIMITS.connections;
  server.maxRequestsPerSocket = LIMITS.requestsPerConnection;
  server.headersTimeout = LIMITS.headersTimeout;
  server.requestTimeout = LIMITS.requestTimeout;
  server.keepAliveTimeout = LIMITS.keepAliveTimeout;
  server.timeout = LIMITS.idleTimeout;
  return server;
}

/** The security headers with index.html's CSP; a CSP no header can carry
 * (a control character in the meta tag) gives way to `default-src 'self'`. */
function headersFor(html) {
  const headers = securityHeaders(cspFromHtml(html));
  try {
    for (const [k, v] of Object.entries(headers)) validateHeaderValue(k, v);
    return headers;
  } catch (e) {
    console.error("serve: index.html's CSP cannot be a header:", e.message);
    return securityHeaders(cspFromHtml(""));
  }
}

/** node:http's own status for these parse errors; 400 for the others. */
const CLIENT_ERRORS = { HPE_HEADER_OVERFLOW: 431, HPE_CHUNK_EXTENSIONS_OVERFLOW: 413, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** Resolves once `res` is finished or its connection closed. */
function sent(res, socket) {
  if (res.writableFinished || res.destroyed || socket.destroyed) return;
  return new Promise((resolve) => {
    const done = () => {
      res.off("finish", done).off("close", done);
      socket.off("close", done);
      resolve();
    };
    res.on("finish", done).on("close", done);
    socket.on("close", done);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) {
  const dir = process.argv[2] || "dist";
  const port = Number(process.argv[3] || process.env.PORT || 8787);
  const host = "127.0.0.1";
  const server = createStaticServer(dir);
  server.listen(port, host, () => {
    console.log(`batchlane is being served at http://${host}:${port}/`);
  });
}
