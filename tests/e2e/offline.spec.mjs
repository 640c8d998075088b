// Installable and offline: after one visit the service worker has cached the
// whole build, so with the network off every route renders and a batch file
// is checked in the worker. Other specs block service workers; this one
// allows them.
import { test, expect } from "@playwright/test";
import { PAGES, prefer, ready, watchErrors } from "./helpers.mjs";

test.use({ serviceWorkers: "allow" });

test("after one visit, every page and a batch check work with the network off", async ({ page, context }) => {
  test.setTimeout(120_000);
  const watch = watchErrors(page);
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/");
  await ready(page, PAGES[0].en);
  // The worker installs (precaching the build) and takes control.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);

  const manifest = await page.evaluate(async () => (await fetch(document.querySelector("link[rel=manifest]").href)).json());
  expect(manifest.start_url).toBe("/");
  expect(manifest.icons.some((i) => i.sizes === "512x512")).toBe(true);

  await context.setOffline(true);
  await page.reload();
  for (const p of PAGES) {
    await page.goto(p.path);
    await ready(page, p.en);
  }
  await page.goto("/batch");
  await ready(page, "Batch file check");
  await page.getByTestId("batch-file-input").setInputFiles("tests/fixtures/batch/valid.jsonl");
  const summary = page.getByTestId("batch-summary");
  await expect(summary).toHaveAttribute("data-elapsed-ms", /\d+/, { timeout: 60_000 });
  await expect(summary).toHaveAttribute("data-errors", "0");
  await context.setOffline(false);
  watch.check();
});

test("the manifest's icons and the dark favicon are served from this origin", async ({ page, request }) => {
  await page.goto("/");
  const manifest = await (await request.get("/public/manifest.webmanifest")).json();
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
  }
  expect((await request.get("/public/favicon-dark.svg")).status()).toBe(200);
});
