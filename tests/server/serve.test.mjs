// tools/serve.mjs: precompressed files, cache and security headers (on every
// reply, with the CSP of index.html as it is now), symlinks kept inside the
// root, and no crash on malformed requests. Run: node --test tests/server/
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "node:http";
import { connect } from "node:net";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { createStaticServer, cleanPath, pickEncoding } from "../../tools/serve.mjs";

// Every scratch directory is removed when the file's tests end.
const scratch = [];
function scratchDir(prefix) {
  const d = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(d);
  return d;
}
after(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

const dir = scratchDir("serve-");
const wasm = Buffer.alloc(4096, 7);
const INDEX = `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-abc'"><title>t</title>`;
writeFileSync(join(dir, "index.html"), INDEX);
writeFileSync(join(dir, "app-0123456789abcdef_bg.wasm"), wasm);
writeFileSync(join(dir, "app-0123456789abcdef_bg.wasm.br"), brotliCompressSync(wasm));
writeFileSync(join(dir, "app-0123456789abcdef_bg.wasm.gz"), gzipSync(wasm));
writeFileSync(join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");

let server;
let port;
before(async () => {
  server = createStaticServer(dir);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  port = server.address().port;
});
after(() => server.close());

function get(path, headers = {}, method = "GET", at = port) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: at, path, method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The reply to `text` sent as is on a new connection, read until the server closes it. */
function raw(text, at = port) {
  return new Promise((resolve, reject) => {
    const socket = connect(at, "127.0.0.1", () => socket.write(text));
    const chunks = [];
    const timer = setTimeout(() => socket.destroy(new Error("the server did not close the connection")), 3000);
    socket.on("data", (c) => chunks.push(c));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.on("error", reject);
  });
}

test("the wasm goes out as brotli when accepted, immutable", async () => {
  const r = await get("/app-0123456789abcdef_bg.wasm", { "accept-encoding": "gzip, deflate, br" });
  assert.equal(r.status, 200);
  assert.equal(r.headers["content-encoding"], "br");
  assert.equal(r.headers["content-type"], "application/wasm");
  assert.match(r.headers["cache-control"], /immutable/);
  assert.deepEqual(brotliDecompressSync(r.body), wasm);
});

test("gzip when brotli is not accepted, identity when nothing is", async () => {
  assert.equal((await get("/app-0123456789abcdef_bg.wasm", { "accept-encoding": "gzip" })).headers["content-encoding"], "gzip");
  const plain = await get("/app-0123456789abcdef_bg.wasm", { "accept-encoding": "identity" });
  assert.equal(plain.headers["content-encoding"], undefined);
  assert.deepEqual(plain.body, wasm);
});

test("index.html and the service worker are revalidated; security headers everywhere", async () => {
  for (const path of ["/", "/batch", "/sw.js"]) {
    const r = await get(path);
    assert.equal(r.status, 200, path);
    assert.equal(r.headers["cache-control"], "no-cache", path);
    assert.match(r.headers["content-security-policy"], /frame-ancestors 'none'/);
    assert.match(r.headers["content-security-policy"], /'sha256-abc'/);
    assert.equal(r.headers["x-content-type-options"], "nosniff");
    assert.equal(r.headers["referrer-policy"], "no-referrer");
    assert.equal(r.headers["cross-origin-opener-policy"], "same-origin");
  }
  assert.equal((await get("/batch")).body.toString(), INDEX);
});

test("malformed or escaping paths get 400, missing files 404, other methods 405, and the server lives on", async () => {
  for (const path of ["/%E0%A4%A", "/%00", "/../etc/passwd", "/a/%2e%2e/%2e%2e/x", "/a\\b"]) {
    assert.equal((await get(path)).status, 400, path);
  }
  assert.equal((await get("/missing.js")).status, 404);
  assert.equal((await get("/", {}, "POST")).status, 405);
  assert.equal((await get("/", {}, "HEAD")).status, 200);
  assert.equal((await get("/")).status, 200);
});

test("path cleaning and encoding choice", () => {
  assert.equal(cleanPath("/a/./b?x=1"), "a/b");
  assert.equal(cleanPath("/%ED%95%9C"), "한");
  assert.equal(cleanPath("/%zz"), null);
  assert.equal(pickEncoding("br;q=0, gzip", new Set(["br", "gzip"])), "gzip");
  assert.equal(pickEncoding("*", new Set(["br"])), "br");
  assert.equal(pickEncoding("", new Set(["br"])), null);
});

test("Trunk's hashes without their leading zeros still count as hashed (immutable)", async () => {
  // Trunk writes its content hash as a number: a hash starting with 0 has 15 digits.
  writeFileSync(join(dir, "quota-36326cbc861d243.css"), "a{}");
  const r = await get("/quota-36326cbc861d243.css");
  assert.equal(r.status, 200);
  assert.match(r.headers["cache-control"], /immutable/);
});

test("the CSP follows index.html when a rebuild changes it", async (t) => {
  const site = scratchDir("serve-");
  const index = join(site, "index.html");
  // Each build's script hash has the same length: index.html keeps its size.
  const page = (hash) => `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-${hash}'"><title>t</title>`;
  const rebuilt = createStaticServer(site);
  await new Promise((r) => rebuilt.listen(0, "127.0.0.1", r));
  t.after(() => rebuilt.close());
  const at = rebuilt.address().port;
  const minutesAgo = (m) => new Date(Date.now() - m * 60_000);
  const steps = [
    ["one", null], // written just now
    ["two", null], // rewritten at once: the file system's clock may not have moved
    ["thr", minutesAgo(2)], // an old mtime (copied with its times)
    ["fou", minutesAgo(1)], // again, with another old mtime
  ];
  for (const [hash, mtime] of steps) {
    writeFileSync(index, page(hash));
    if (mtime) utimesSync(index, mtime, mtime);
    for (const path of ["/", "/batch", "/missing.js"]) {
      const r = await get(path, {}, "GET", at);
      assert.match(r.headers["content-security-policy"], new RegExp(`'sha256-${hash}'`), `${hash} ${path}`);
      if (r.status === 200) assert.equal(r.body.toString(), page(hash));
    }
  }
});

test("symlinks are followed only while they stay inside the root", async (t) => {
  const outside = scratchDir("serve-outside-");
  writeFileSync(join(outside, "secret.txt"), "SECRET");
  writeFileSync(join(outside, "secret.js.br"), "SECRET");
  const site = scratchDir("serve-");
  writeFileSync(join(site, "index.html"), INDEX);
  symlinkSync(join(outside, "secret.txt"), join(site, "leak.txt"));
  symlinkSync(join(outside, "secret.txt"), join(site, "leak"));
  symlinkSync(outside, join(site, "out"));
  writeFileSync(join(site, "app.js"), "app");
  symlinkSync(join(outside, "secret.js.br"), join(site, "app.js.br"));
  mkdirSync(join(site, "in"));
  writeFileSync(join(site, "in", "a.txt"), "inside");
  symlinkSync(join(site, "in", "a.txt"), join(site, "alias.txt"));
  // The root itself may be a symlink (dist -> build/dist).
  const linked = join(scratchDir("serve-"), "dist");
  symlinkSync(site, linked);
  const linkedServer = createStaticServer(linked);
  await new Promise((r) => linkedServer.listen(0, "127.0.0.1", r));
  t.after(() => linkedServer.close());
  const at = linkedServer.address().port;

  for (const path of ["/leak.txt", "/out/secret.txt", "/out/secret.js.br"]) {
    const r = await get(path, {}, "GET", at);
    assert.equal(r.status, 404, path);
    assert.doesNotMatch(r.body.toString(), /SECRET/, path);
  }
  const fallback = await get("/leak", {}, "GET", at);
  assert.equal(fallback.body.toString(), INDEX);
  const js = await get("/app.js", { "accept-encoding": "br" }, "GET", at);
  assert.equal(js.headers["content-encoding"], undefined);
  assert.equal(js.body.toString(), "app");
  assert.equal((await get("/alias.txt", {}, "GET", at)).body.toString(), "inside");
  assert.equal((await get("/in/a.txt", {}, "GET", at)).body.toString(), "inside");
  assert.equal((await get("/", {}, "GET", at)).body.toString(), INDEX);
});

test("every reply carries the security headers: errors too, and those node:http writes itself", async () => {
  const secured = (headers, what) => {
    assert.match(headers["content-security-policy"] || "", /'sha256-abc'.*frame-ancestors 'none'/, what);
    assert.equal(headers["x-content-type-options"], "nosniff", what);
    assert.equal(headers["referrer-policy"], "no-referrer", what);
    assert.equal(headers["cross-origin-opener-policy"], "same-origin", what);
    assert.equal(headers["x-frame-options"], "DENY", what);
  };
  for (const [status, path, method] of [
    [400, "/%E0%A4%A", "GET"],
    [400, "/../etc/passwd", "GET"],
    [404, "/missing.js", "GET"],
    [405, "/", "POST"],
  ]) {
    const r = await get(path, {}, method);
    assert.equal(r.status, status, path);
    secured(r.headers, `${method} ${path}`);
  }
  for (const [status, text] of [
    [400, "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"],
    [400, "GET / HTTP/1.1\r\n\r\n"], // no Host: node's own reply
    [431, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`],
  ]) {
    const [statusLine, ...lines] = (await raw(text)).split("\r\n\r\n")[0].split("\r\n");
    assert.match(statusLine, new RegExp(`^HTTP/1\\.1 ${status} `), JSON.stringify(text.slice(0, 40)));
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
    secured(headers, statusLine);
  }
  assert.equal((await get("/")).status, 200);
});
