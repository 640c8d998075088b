// The app shell: every page loads cleanly in both languages and themes,
// keyboard navigation works, the layout holds at phone width, contrast
// meets WCAG AA. Screenshots land in test-results/screenshots/.
import { test, expect } from "@playwright/test";
import { PAGES, SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

for (const lang of ["en", "ko"]) {
  for (const theme of ["light", "dark"]) {
    test(`every page loads without console errors (${lang}, ${theme})`, async ({ page }) => {
      const watch = watchErrors(page);
      await prefer(page, { lang, theme });
      for (const p of PAGES) {
        await page.goto(p.path);
        await ready(page, p[lang]);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await shot(page, { path: `${SCREENSHOTS}/${p.name}-${lang}-${theme}.png`, fullPage: true });
      }
      watch.check();
    });
  }
}

test("the language toggle switches every string and is remembered", async ({ page }) => {
  // Set English once (not by init script, which would run again on reload).
  await page.goto("/quota");
  await page.evaluate(() => localStorage.setItem("batchlane.lang", JSON.stringify("en")));
  await page.reload();
  await ready(page, "Quota planner");
  await page.getByTestId("lang-toggle").click();
  await ready(page, "할당량 계획");
  await expect(page.locator("nav")).toContainText("배치 파일 검사");
  await page.reload();
  await ready(page, "할당량 계획");
});

test("language follows navigator.language when nothing is stored", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ko-KR" });
  const page = await context.newPage();
  await page.goto("/");
  await ready(page, "배치·할당량·비용을 위한 도구");
  await context.close();
});

test("theme follows the system, then the toggle, and is remembered", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await context.close();
});

test("keyboard: skip link, then the menu by Tab and Enter", async ({ page }) => {
  await prefer(page, { lang: "en" });
  await page.goto("/");
  await ready(page, "Tools for batch, quota and cost");
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).toBeFocused();
  // Tab on until the menu's "Batch check" link has focus, then follow it.
  let found = false;
  for (let i = 0; i < 12 && !found; i++) {
    await page.keyboard.press("Tab");
    found = await page.evaluate(() => document.activeElement?.getAttribute("href") === "/batch");
  }
  expect(found).toBe(true);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await ready(page, "Batch file check");
  // The batch page keeps its options in the query string.
  await expect(page).toHaveURL(/\/batch(\?.*)?$/);
});

test("phone width (375 px): no sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await prefer(page, { lang: "ko" });
  for (const p of PAGES) {
    await page.goto(p.path);
    await ready(page, p.ko);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${p.path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    if (p.name === "home" || p.name === "facts") {
      await shot(page, { path: `${SCREENSHOTS}/${p.name}-ko-phone.png`, fullPage: false });
    }
  }
  await context.close();
});

// WCAG relative luminance and contrast ratio, computed in the page.
async function contrasts(page) {
  return page.evaluate(() => {
    const parse = (c) => c.match(/[\d.]+/g).slice(0, 4).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const bgOf = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c.length < 4 || c[3] > 0) return c;
      }
      return [255, 255, 255];
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const out = [];
    for (const sel of ["main h1", ".page-header__desc", ".site-nav a", ".site-nav a[aria-current=page]", ".tool-card p", ".tool-card h2 a", ".site-footer p", ".toggle", ".privacy-note"]) {
      for (const el of document.querySelectorAll(sel)) {
        out.push({ sel, ratio: ratio(parse(getComputedStyle(el).color), bgOf(el)) });
      }
    }
    return out;
  });
}

for (const theme of ["light", "dark"]) {
  test(`text contrast meets WCAG AA (${theme})`, async ({ page }) => {
    await prefer(page, { lang: "en", theme });
    await page.goto("/");
    await ready(page, "Tools for batch, quota and cost");
    const results = await contrasts(page);
    expect(results.length).toBeGreaterThan(10);
    for (const r of results) expect(r.ratio, `${r.sel} contrast ${r.ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
  });
}

test("every tool card on the home page shows a drawn icon (no missing-glyph box)", async ({ page }) => {
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/");
  const icons = page.locator(".tool-card__icon");
  await expect(icons).toHaveCount(8);
  await expect(page.locator('.tool-card h2 a[href="/lanes"]')).toHaveCount(1);
  for (let i = 0; i < 8; i++) {
    const box = await icons.nth(i).locator("svg path").boundingBox();
    expect(box, `icon ${i} draws a path`).not.toBeNull();
    expect(box.width * box.height).toBeGreaterThan(20);
  }
});

// Every tab of the top navigation is fully in sight, at desktop and phone
// width, in both languages: none cut at the viewport's edge or hidden in a
// scrolled-away strip (the last, "About the numbers", was cut at 1280 px).
for (const width of [1280, 375]) {
  for (const lang of ["en", "ko"]) {
    test(`${width} px, ${lang}: every navigation link is fully inside the viewport`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await prefer(page, { lang });
      await page.goto("/facts");
      await ready(page, PAGES.find((p) => p.path === "/facts")[lang]);
      const links = page.locator(".site-nav a");
      await expect(links).toHaveCount(PAGES.length);
      const cut = await page.locator(".site-nav").evaluate((nav) => {
        const list = nav.querySelector("ul").getBoundingClientRect();
        return [...nav.querySelectorAll("a")]
          .map((a) => ({ text: a.textContent, r: a.getBoundingClientRect() }))
          .filter(({ r }) => r.left < 0 || r.right > innerWidth + 0.5 || r.left < list.left - 0.5 || r.right > list.right + 0.5 || r.width === 0)
          .map(({ text, r }) => `${text}: ${Math.round(r.left)}–${Math.round(r.right)} of ${innerWidth}`);
      });
      expect(cut).toEqual([]);
      const hidden = await page.locator(".site-nav ul").evaluate((ul) => ul.scrollWidth - ul.clientWidth);
      expect(hidden, `the tabs scroll by ${hidden}px`).toBeLessThanOrEqual(0);
      await shot(page.locator(".site-header"), { path: `${SCREENSHOTS}/nav-${width}-${lang}.png` });
      await context.close();
    });
  }
}
