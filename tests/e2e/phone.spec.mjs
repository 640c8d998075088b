// Issue 17 items 9 and 10: every route at 375 px, in English and Korean,
// fits the phone (no sideways scrolling, no element wider than the
// viewport outside a scrolling table, every tab in sight), and no route
// logs a console warning or error (page or worker).
import { test, expect } from "@playwright/test";
import { PAGES, prefer, ready, SCREENSHOTS, shot } from "./helpers.mjs";

/** What overflows the viewport, in the page. */
async function overflow(page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const root = document.documentElement.scrollWidth - vw;
    const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
    const wide = [];
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.left >= -0.5 && b.right <= vw + 0.5) continue;
      // Allowed inside a sideways-scrolling container that itself fits.
      let p = el.parentElement;
      let inside = false;
      for (; p; p = p.parentElement) {
        if (scrolls(p)) {
          const r = p.getBoundingClientRect();
          inside = r.left >= -0.5 && r.right <= vw + 0.5;
          break;
        }
      }
      if (!inside) wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${Math.round(b.left)}..${Math.round(b.right)}`);
    }
    const nav = [...document.querySelectorAll(".site-nav a")].map((a) => a.getBoundingClientRect()).filter((b) => b.left < -0.5 || b.right > vw + 0.5).length;
    return { root, wide: wide.slice(0, 10), nav };
  });
}

for (const lang of ["en", "ko"]) {
  test(`375 px, ${lang}: every route fits the phone`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await prefer(page, { lang });
    for (const p of PAGES) {
      await page.goto(p.path);
      await ready(page, p[lang]);
      const o = await overflow(page);
      expect(o.root, `${p.path} (${lang}) scrolls sideways by ${o.root}px`).toBeLessThanOrEqual(0);
      expect(o.wide, `${p.path} (${lang}): elements wider than the viewport`).toEqual([]);
      expect(o.nav, `${p.path} (${lang}): tabs out of sight`).toBe(0);
    }
    // Every tab of /snippets too, not only its first (issue 27: the control
    // plane's job-queue table was 401 px wide).
    await page.goto("/snippets");
    await ready(page, lang === "en" ? "Snippets" : "스니펫");
    const ids = await page.locator(".snip-tabs [role=tab]").evaluateAll((els) => els.map((e) => e.id));
    expect(ids.length, "the tabs of /snippets").toBeGreaterThan(5);
    for (let i = 0; i < ids.length; i++) {
      await page.locator(".snip-tabs [role=tab]").nth(i).click();
      await expect(page.locator(".snip-tabs [role=tab]").nth(i)).toHaveAttribute("aria-selected", "true");
      const o = await overflow(page);
      const where = `/snippets tab ${i + 1} ${ids[i]} (${lang})`;
      expect(o.root, `${where} scrolls sideways by ${o.root}px`).toBeLessThanOrEqual(0);
      expect(o.wide, `${where}: elements wider than the viewport`).toEqual([]);
    }
    await shot(page, { path: `${SCREENSHOTS}/phone-nav-${lang}.png` });
    await context.close();
  });
}

test("375 px: the cost comparison reaches every scenario", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await prefer(page, { lang: "en" });
  await page.goto("/cost");
  await ready(page, "Cost what-if");
  await page.getByTestId("cost-add").click();
  await page.getByTestId("cost-add").click();
  await expect(page.getByTestId("cost-scroll-hint")).toBeVisible();
  const wrap = page.locator(".cost-results-wrap");
  // The last scenario's column scrolls into the viewport; the row labels stay.
  await wrap.evaluate((w) => { w.scrollLeft = w.scrollWidth; });
  const last = page.getByTestId("cost-results").locator("thead th").last();
  const box = await last.boundingBox();
  expect(box.x + box.width).toBeLessThanOrEqual(375.5);
  expect(box.x).toBeGreaterThanOrEqual(0);
  const label = await page.getByTestId("cost-results").locator("tbody th[scope=row]").first().boundingBox();
  expect(label.x).toBeGreaterThanOrEqual(0);
  expect(label.x).toBeLessThan(40);
  expect((await overflow(page)).wide).toEqual([]);
  await context.close();
});

test("no console warning or error on any route (page or worker)", async ({ page }) => {
  const messages = [];
  // Playwright's own note when the config blocks service workers is not the app's.
  const ours = (m) => !m.text().startsWith("Service Worker registration blocked by Playwright");
  const keep = (where) => (m) => { if (["warning", "error"].includes(m.type()) && ours(m)) messages.push(`${where} ${m.type()}: ${m.text()}`); };
  page.on("console", keep("page"));
  page.on("pageerror", (e) => messages.push(`pageerror: ${e}`));
  page.on("worker", (w) => w.on("console", keep(`worker ${w.url()}`)));
  await prefer(page, { lang: "en" });
  for (const p of PAGES) {
    await page.goto(p.path);
    await ready(page, p.en);
  }
  // Start the worker too: the 429 simulator runs in it.
  await page.goto("/quota");
  await ready(page, "Quota planner");
  await page.getByTestId("sim-run").click();
  await expect(page.getByTestId("sim-results")).toBeVisible();
  expect(messages, messages.join("\n")).toEqual([]);
});

test("375 px: the header scrolls away instead of covering the page; no keyboard hint on a touch screen", async ({ browser }) => {
  for (const lang of ["en", "ko"]) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await prefer(page, { lang });
    await page.goto("/quota");
    await ready(page, PAGES.find((p) => p.path === "/quota")[lang]);
    const header = page.locator("header.site-header");
    expect((await header.boundingBox()).height).toBeGreaterThan(0);
    // Scrolled down, no part of the header covers the content.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => (await header.boundingBox()).y + (await header.boundingBox()).height).toBeLessThanOrEqual(0);
    await page.goto("/practice");
    await ready(page, PAGES.find((p) => p.path === "/practice")[lang]);
    await expect(page.locator(".pq-hint").first()).toBeHidden();
    await context.close();
  }
  // With a mouse and a keyboard the hint is shown.
  const desk = await browser.newPage();
  await prefer(desk, { lang: "en" });
  await desk.goto("/practice");
  await ready(desk, "Practice");
  await expect(desk.locator(".pq-hint").first()).toBeVisible();
  await desk.close();
});

/** The smallest label drawn in each chart on the page, in CSS pixels as
 * shown: the label's font size times the chart's scale (its width on screen
 * over its viewBox's width). */
async function chartLabels(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main svg[role=img]")]
      .filter((svg) => svg.getBoundingClientRect().width > 0 && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0)
      .map((svg) => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        const name = svg.closest("[data-testid]")?.dataset.testid ?? svg.getAttribute("class") ?? "svg";
        return { name, smallest: Math.round(Math.min(...sizes) * 10) / 10, scale: Math.round(scale * 100) / 100 };
      }),
  );
}

// Issue 27 item 9: chart axis labels were drawn at 5 px on a phone (a
// 640-wide viewBox shown 311 px wide). Every chart is now drawn as wide as
// its box: each label at 375 px is at least 9.5 px, and no chart is
// scaled down by more than a few percent.
for (const lang of ["en", "ko"]) {
  test(`375 px, ${lang}: chart labels are drawn at a readable size`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await prefer(page, { lang });
    const seen = [];
    const check = async (where, expected) => {
      await expect(page.locator("main svg[role=img]").first()).toBeVisible();
      const charts = await chartLabels(page);
      expect(charts.length, `${where}: charts`).toBeGreaterThanOrEqual(expected);
      for (const c of charts) {
        expect(c.smallest, `${where} ${c.name}: smallest label ${c.smallest}px at scale ${c.scale}`).toBeGreaterThanOrEqual(9.5);
        expect(c.scale, `${where} ${c.name}: drawn at scale ${c.scale}`).toBeGreaterThanOrEqual(0.95);
        seen.push(`${where}:${c.name}`);
      }
    };
    // /quota: the PTU curve, the arrivals preview, then the simulator's chart.
    await page.goto("/quota");
    await ready(page, PAGES.find((p) => p.path === "/quota")[lang]);
    await page.getByTestId("sim-run").click();
    await expect(page.getByTestId("sim-chart").locator("svg path.chart-line")).toHaveCount(3);
    await check("/quota", 3);
    // /cost: the comparison's bars.
    await page.goto("/cost");
    await ready(page, PAGES.find((p) => p.path === "/cost")[lang]);
    await expect(page.getByTestId("cost-chart")).toBeVisible();
    await check("/cost", 1);
    // /batch: the histogram of a sample.
    await page.goto("/batch");
    await ready(page, PAGES.find((p) => p.path === "/batch")[lang]);
    await page.locator('[data-sample="valid-openai"]').click();
    await expect(page.locator(".batch-chart svg[role=img]")).toHaveCount(1);
    await check("/batch", 1);
    // /results: the groups chart.
    await page.goto("/results");
    await ready(page, PAGES.find((p) => p.path === "/results")[lang]);
    await page.getByTestId("results-output-input").setInputFiles("tests/fixtures/results/chat/output.jsonl");
    await page.getByTestId("results-errors-input").setInputFiles("tests/fixtures/results/chat/errors.jsonl");
    await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
    await page.getByTestId("results-group-key").press("Enter");
    await expect(page.getByTestId("results-groups-chart").locator("rect").first()).toBeVisible();
    await check("/results", 1);
    // /traffic: the sample's deployment charts and the PTU curve.
    await page.goto("/traffic");
    await ready(page, PAGES.find((p) => p.path === "/traffic")[lang]);
    await page.getByTestId("traffic-sample").click();
    await expect(page.getByTestId("traffic-chart").first()).toBeVisible();
    await check("/traffic", 2);
    expect(seen.length).toBeGreaterThanOrEqual(8);
    await shot(page.getByTestId("traffic-chart").first(), { path: `${SCREENSHOTS}/phone-charts-traffic-${lang}.png` });
    await shot(page.getByTestId("traffic-ptu-chart").first(), { path: `${SCREENSHOTS}/phone-charts-traffic-ptu-${lang}.png` });
    await context.close();
  });
}

/** Drop-downs whose longest choice does not fit: the choice's text width
 * (measured in the select's own font) plus its padding and the arrow
 * against the select's width. */
async function cutOffSelects(page) {
  return page.evaluate(() => {
    const ctx = document.createElement("canvas").getContext("2d");
    const cut = [];
    for (const s of document.querySelectorAll("main select")) {
      const b = s.getBoundingClientRect();
      if (b.width === 0) continue;
      const cs = getComputedStyle(s);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
      // The arrow takes about 20 px in every engine.
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      if (widest > room + 0.5) cut.push(`${s.id || s.dataset.testid || s.name}: ${Math.round(widest)}px in ${Math.round(room)}px`);
    }
    return cut;
  });
}

// Issue 27 item 9: the simulator's drop-downs cut their choices off. Every
// drop-down on /quota shows its longest choice whole, on a desktop and on a
// phone, in both languages.
for (const lang of ["en", "ko"]) {
  for (const width of [1280, 375]) {
    test(`${width} px, ${lang}: /quota's drop-downs show their longest choice whole`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await prefer(page, { lang });
      await page.goto("/quota");
      await ready(page, PAGES.find((p) => p.path === "/quota")[lang]);
      await expect(page.getByTestId("q-sp")).toBeVisible();
      expect(await page.locator("main select").count()).toBeGreaterThanOrEqual(4);
      expect(await cutOffSelects(page)).toEqual([]);
      await shot(page.getByTestId("quota-sim"), { path: `${SCREENSHOTS}/quota-selects-${width}-${lang}.png` });
      await context.close();
    });
  }
}
