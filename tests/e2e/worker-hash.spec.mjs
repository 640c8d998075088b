// The worker's files carry content hashes like the app's (tools/worker-hash.mjs
// at post-build): dist/ holds only hashed worker names, index.html names the
// hashed loader, the page starts exactly that worker, and a batch check runs.
import { test, expect } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { prefer, ready, watchErrors } from "./helpers.mjs";

const HASHED = /^worker(_loader)?-[0-9a-f]{16}(_bg)?\.(js|wasm)$/;

test("dist/ names the worker by content hash, and the service worker precaches those names", () => {
  const files = readdirSync("dist").filter((f) => /^worker/.test(f) && /\.(js|wasm)$/.test(f));
  expect(files.length).toBe(3);
  for (const f of files) expect(f).toMatch(HASHED);
  const html = readFileSync("dist/index.html", "utf8");
  const loader = /<meta name="batchlane-worker" content="\/(worker_loader-[0-9a-f]{16}\.js)"/.exec(html)?.[1];
  expect(files).toContain(loader);
  const hash = loader.slice("worker_loader-".length, -".js".length);
  expect(readFileSync(`dist/${loader}`, "utf8")).toBe(`importScripts("./worker-${hash}.js");wasm_bindgen({ module_or_path: "./worker-${hash}_bg.wasm" });`);
  const sw = readFileSync("dist/sw.js", "utf8");
  for (const f of files) expect(sw).toContain(`"/${f}"`);
  expect(sw).not.toContain('"/worker.js"');
});

test("the page starts the hashed worker (immutable, brotli) and a batch check runs in it", async ({ page, request }) => {
  const watch = watchErrors(page);
  const fetched = [];
  page.on("response", (r) => fetched.push({ path: new URL(r.url()).pathname, headers: r.headers() }));
  expect((await request.get("/worker.js")).status()).toBe(404);
  expect((await request.get("/worker_loader.js")).status()).toBe(404);

  await prefer(page, { lang: "en" });
  await page.goto("/batch");
  await ready(page, "Batch file check");
  const loader = await page.locator('meta[name="batchlane-worker"]').getAttribute("content");
  expect(loader).toMatch(/^\/worker_loader-[0-9a-f]{16}\.js$/);
  await page.getByTestId("batch-file-input").setInputFiles("tests/fixtures/batch/valid.jsonl");
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/, { timeout: 60_000 });
  await expect(summary).toHaveAttribute("data-errors", "0");

  const paths = fetched.map((f) => f.path);
  expect(paths).toContain(loader);
  const wasm = fetched.find((f) => /^\/worker-[0-9a-f]{16}_bg\.wasm$/.test(f.path));
  expect(wasm, paths.join("\n")).toBeTruthy();
  expect(wasm.headers["cache-control"]).toMatch(/immutable/);
  expect(wasm.headers["content-encoding"]).toBe("br");
  watch.check();
});
