// The bytes a cold first visit transfers: serves DIR with tools/serve.mjs
// (precompressed brotli, as `./dev serve` does), opens / in a fresh headless
// Chromium profile (empty cache, service workers allowed), waits until the
// app has rendered and the service worker has precached the build, and
// counts every byte the server wrote to its sockets (status lines, headers
// and bodies of every request: the page's and the service worker's).
//
// Usage: node tools/first-visit.mjs [DIR]   (prints a table, then one JSON line)
import { chromium } from "@playwright/test";
import { execSync } from "node:child_process";
import { createStaticServer } from "./serve.mjs";

const dir = process.argv[2] || "dist";
const server = createStaticServer(dir);
const sockets = new Set();
let closedBytes = 0;
const requests = [];
server.on("connection", (s) => {
  sockets.add(s);
  s.on("close", () => {
    closedBytes += s.bytesWritten;
    sockets.delete(s);
  });
});
server.on("request", (req, res) => {
  const start = req.socket.bytesWritten;
  res.on("finish", () => requests.push({ url: req.url, bytes: req.socket.bytesWritten - start }));
});
const written = () => closedBytes + [...sockets].reduce((n, s) => n + s.bytesWritten, 0);

await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;
const executablePath = process.env.CHROMIUM_PATH || execSync("command -v chromium").toString().trim();
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"] });
const context = await browser.newContext({ serviceWorkers: "allow" });
const page = await context.newPage();
await page.goto(base + "/");
await page.locator("main h1").waitFor();
const appBytes = written();
const appRequests = requests.length;
// The service worker precaches the rest of the build (worker, tokenizer data, styles).
const precached = await page.evaluate(async () => {
  const reg = await navigator.serviceWorker.ready;
  return Boolean(reg.active);
});
await page.waitForLoadState("networkidle");
await new Promise((r) => setTimeout(r, 500));
await context.close();
await browser.close();
await new Promise((r) => server.close(r));
const total = written();

const kib = (n) => (n / 1024).toFixed(1).padStart(9) + " KiB";
console.log("first visit to / (tools/serve.mjs, brotli, cold cache):");
for (const r of requests.sort((a, b) => b.bytes - a.bytes).slice(0, 12)) console.log(`  ${r.url.padEnd(52)} ${kib(r.bytes)}`);
console.log(`  page rendered: ${appRequests} requests, ${kib(appBytes)}`);
console.log(`  with the service worker's precache${precached ? "" : " (not active!)"}: ${requests.length} requests, ${kib(total)}`);
console.log(JSON.stringify({ first_visit_bytes: total, page_bytes: appBytes, requests: requests.length, page_requests: appRequests, precached }));
