// Privacy by construction: visiting every page makes no request outside the
// serving origin, and the Content-Security-Policy is strict.
import { test, expect } from "@playwright/test";
import { PAGES, prefer, watchErrors, ready } from "./helpers.mjs";

test("no request leaves the page's origin", async ({ page, baseURL }) => {
  const origin = new URL(baseURL).origin;
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  for (const p of PAGES) {
    await page.goto(p.path);
    await ready(page, p.en);
    await page.waitForLoadState("networkidle");
  }
  expect(requests.length).toBeGreaterThan(PAGES.length);
  const foreign = requests.filter((u) => {
    const url = new URL(u);
    return !["data:", "blob:"].includes(url.protocol) && url.origin !== origin;
  });
  expect(foreign, `requests to other origins:\n${foreign.join("\n")}`).toEqual([]);
  watch.check();
});

test("the Content-Security-Policy is strict and the app runs under it", async ({ page }) => {
  const violations = [];
  page.on("console", (m) => { if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
  await page.goto("/");
  await ready(page, /.+/);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  const directives = Object.fromEntries(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  expect(directives["default-src"]).toEqual(["'self'"]);
  expect(directives["connect-src"]).toEqual(["'self'"]);
  expect(directives["object-src"]).toEqual(["'none'"]);
  expect(directives["base-uri"]).toEqual(["'none'"]);
  const scripts = directives["script-src"];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  for (const s of scripts) expect(s).toMatch(/^('self'|'wasm-unsafe-eval'|'sha256-[A-Za-z0-9+/=]+')$/);
  // No external stylesheets, fonts or scripts in the document.
  const external = await page.evaluate(() =>
    [...document.querySelectorAll("script[src], link[href]")].map((e) => e.src || e.href).filter((u) => new URL(u).origin !== location.origin));
  expect(external).toEqual([]);
  expect(violations).toEqual([]);
});
