// The app's wasm is split at its lazy routes (tools/wasm-split.mjs): a cold
// visit to / fetches the main module only; each other page's chunk is
// fetched (hashed, immutable, brotli) the first time the page is shown, by
// a click in the menu or a direct load, and the service worker precaches
// every chunk.
import { test, expect } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { PAGES, prefer, ready, watchErrors } from "./helpers.mjs";

const MAIN = /^\/app-[0-9a-f]{16}_bg\.wasm$/;
const LINK = /^__wasm_split-[0-9a-f]{16}\.js$/;

/** The chunks the link module names. */
function chunks() {
  const link = readdirSync("dist").find((f) => LINK.test(f));
  expect(link, "dist/ has the split link module").toBeTruthy();
  return [...readFileSync(`dist/${link}`, "utf8").matchAll(/new URL\("\.\/([\w.-]+\.wasm)"/g)].map((m) => m[1]);
}

test("dist/ has hashed chunks, each named by the link module and precached", () => {
  const named = chunks();
  expect(named.length).toBeGreaterThanOrEqual(PAGES.length - 1);
  const sw = readFileSync("dist/sw.js", "utf8");
  const files = readdirSync("dist");
  for (const c of named) {
    expect(c).toMatch(/-[0-9a-f]{16}\.wasm$/);
    expect(files).toContain(c);
    // tools/compress.mjs leaves files under 512 bytes as they are.
    if (statSync(`dist/${c}`).size >= 512) expect(files).toContain(`${c}.br`);
    expect(sw).toContain(`"/${c}"`);
  }
  // Only the split app: no unsplit app wasm beside it.
  expect(files.filter((f) => /^app-.*\.wasm$/.test(f)).length).toBe(1);
});

test("a cold visit to / fetches no chunk; a page's chunk comes with the page", async ({ page }) => {
  const watch = watchErrors(page);
  const wasm = [];
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".wasm")) wasm.push({ path, headers: r.headers() });
  });
  await prefer(page, { lang: "en" });
  await page.goto("/");
  await ready(page, PAGES[0].en);
  await page.waitForLoadState("networkidle");
  expect(wasm.map((w) => w.path)).toHaveLength(1);
  expect(wasm[0].path).toMatch(MAIN);

  const named = chunks();
  let batchOpened = false;
  for (const p of PAGES.slice(1)) {
    const before = wasm.length;
    batchOpened ||= p.path === "/batch";
    await page.locator(`nav a[href="${p.path}"]`).click();
    await ready(page, p.en);
    await expect.poll(() => new URL(page.url()).pathname).toBe(p.path);
    for (const w of wasm.slice(before)) {
      // /batch (and /quota, after it) start their workers as they open: their wasm comes from then on.
      if (/^\/worker-[0-9a-f]+_bg\.wasm$/.test(w.path)) expect(batchOpened).toBe(true);
      else expect(named).toContain(w.path.slice(1));
      expect(w.headers["cache-control"]).toMatch(/immutable/);
      if (Number(w.headers["content-length"] || 1024) >= 512) expect(w.headers["content-encoding"]).toBe("br");
    }
  }
  expect(wasm.length).toBeGreaterThan(1);
  expect(wasm.filter((w) => /^\/worker-/.test(w.path)).length).toBeGreaterThan(0);
  // Back home and to a page seen before: nothing more is fetched.
  const seen = wasm.length;
  await page.locator('nav a[href="/"]').click();
  await ready(page, PAGES[0].en);
  await page.locator('nav a[href="/batch"]').click();
  await ready(page, "Batch file check");
  expect(wasm.length).toBe(seen);
  watch.check();
});

test("each page works on a direct load and after a reload", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  for (const p of PAGES.slice(1)) {
    await page.goto(p.path);
    await ready(page, p.en);
    await page.reload();
    await ready(page, p.en);
    // The shell around the page is live: the menu marks it, the toggle works.
    await expect(page.locator("nav a[aria-current=page]")).toHaveAttribute("href", p.path);
  }
  await page.getByTestId("lang-toggle").click();
  await ready(page, PAGES[PAGES.length - 1].ko);
  watch.check();
});
