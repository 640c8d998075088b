// tools/serve.mjs under load: files are streamed with backpressure, pipelined
// requests are served one at a time per connection and a connection serves a
// bounded number of them (security review, issue 27).
// Run: node --test tests/server/
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { connect, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createStaticServer } from "../../tools/serve.mjs";

const SERVE = fileURLToPath(new URL("../../tools/serve.mjs", import.meta.url));
const MIB = 1024 * 1024;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `node tools/serve.mjs DIR PORT` in a child process, once it listens. */
async function startChild(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE, dir, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("serve.mjs did not start")), 5000);
    child.stdout.on("data", (d) => {
      if (String(d).includes("being served")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
  return { child, port };
}

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]);

/** How many of the process's file descriptors are open on `path`. */
function openOn(pid, path) {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) === path) n++;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `promise`'s value, or `otherwise` after `ms`. */
function within(promise, ms, otherwise) {
  let timer;
  const late = new Promise((r) => (timer = setTimeout(() => r(otherwise), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function fetchOnce(port, path) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
  const chunks = [];
  socket.on("data", (c) => chunks.push(c));
  socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
  socket.on("error", reject);
  });
}

test("a slow reader pipelining requests for a big file holds one open file and little memory", { timeout: 10_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "serve-limits-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>t</title>");
  // 64 MiB, written a MiB at a time (the test itself stays small).
  const big = join(dir, "big.bin");
  const fd = openSync(big, "w");
  const block = Buffer.alloc(MIB, 1);
  for (let i = 0; i < 64; i++) writeSync(fd, block);
  closeSync(fd);
  const bigReal = realpathSync(big);

  const { child, port } = await startChild(dir);
  t.after(() => child.kill());
  assert.match(await fetchOnce(port, "/index.html"), /^HTTP\/1\.1 200/);
  await sleep(200);
  const before = rssKiB(child.pid);

  // 32 pipelined GETs of the big file, and not one byte of the answers read.
  const socket = connect(port, "127.0.0.1");
  t.after(() => socket.destroy());
  socket.pause();
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write("GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(32));

  // The answers fill the socket buffers, then the server has to wait.
  let grown = 0;
  for (let ms = 0; ms < 1500 && grown < 32 * 1024; ms += 25) {
  await sleep(25);
  grown = Math.max(grown, rssKiB(child.pid) - before);
  }
  assert.ok(grown < 32 * 1024, `the server's RSS grew by ${(grown / 1024).toFixed(0)} MiB`);
  const open = openOn(child.pid, bigReal);
  assert.ok(open <= 1, `${open} descriptors open on the big file`);
});

test("a connection serves a bounded number of requests, then the server closes it", { timeout: 10_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "serve-limits-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>t</title>");
  const server = createStaticServer(dir);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => server.close());
  const socket = connect(server.address().port, "127.0.0.1");
  t.after(() => socket.destroy());
  const chunks = [];
  socket.on("data", (c) => chunks.push(c));
  const closed = new Promise((resolve) => socket.on("close", () => resolve(true)));
  socket.write("HEAD /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(1000));
  const byServer = await within(closed, 3000, false);
  assert.ok(byServer, "the server kept the connection open");
  const heads = Buffer.concat(chunks).toString("latin1").split(/(?=HTTP\/1\.1 )/);
  const ok = heads.filter((h) => h.startsWith("HTTP/1.1 200"));
  assert.equal(ok.length, server.maxRequestsPerSocket);
  assert.ok(ok.length > 0 && ok.length < 1000, String(ok.length));
  assert.match(ok.at(-1), /\r\nconnection: close\r\n/i);
});

test("connections, request times and idle keep-alive are bounded", () => {
  const server = createStaticServer(tmpdir());
  assert.ok(server.maxConnections > 0 && server.maxConnections <= 1024, String(server.maxConnections));
  assert.ok(server.maxRequestsPerSocket > 0 && server.maxRequestsPerSocket <= 1000, String(server.maxRequestsPerSocket));
  for (const key of ["headersTimeout", "requestTimeout", "keepAliveTimeout", "timeout"]) {
    assert.ok(server[key] > 0 && server[key] <= 60_000, `${key}: ${server[key]}`);
  }
  assert.ok(server.headersTimeout <= server.requestTimeout);
});
