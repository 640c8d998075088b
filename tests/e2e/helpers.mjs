// Shared helpers for the end-to-end specs.
import { expect } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const PAGES = [
  { path: "/", name: "home", en: "Tools for batch, quota and cost", ko: "배치·할당량·비용을 위한 도구" },
  { path: "/batch", name: "batch", en: "Batch file check", ko: "배치 파일 검사" },
  { path: "/results", name: "results", en: "Batch results", ko: "배치 결과" },
  { path: "/traffic", name: "traffic", en: "Your traffic", ko: "내 트래픽" },
  { path: "/quota", name: "quota", en: "Quota planner", ko: "할당량 계획" },
  { path: "/lanes", name: "lanes", en: "Which lane", ko: "처리 방식 선택" },
  { path: "/cost", name: "cost", en: "Cost what-if", ko: "비용 시나리오" },
  { path: "/snippets", name: "snippets", en: "Snippets", ko: "스니펫" },
  { path: "/practice", name: "practice", en: "Practice", ko: "연습 문제" },
  { path: "/facts", name: "facts", en: "About the numbers", ko: "수치의 출처" },
];

export const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });
/** Saves a screenshot of `target` (a page or a locator) with the sticky
 * header left where the page starts: captured after a scroll, it was drawn
 * across the middle of the image. It keeps its place in the flow, so
 * nothing moves. (Set through the element's style: the app's CSP refuses
 * the style tag Playwright's `style` option would add.) */
export async function shot(target, options) {
  const page = typeof target.page === "function" ? target.page() : target;
  const header = page.locator(".site-header").first();
  const has = (await header.count()) > 0;
  if (has) await header.evaluate((h) => { h.style.position = "static"; });
  try {
    await target.screenshot(options);
  } finally {
    if (has) await header.evaluate((h) => { h.style.position = ""; });
  }
}

/** Sets language and theme before the app starts. */
export async function prefer(page, { lang = "en", theme = "light" } = {}) {
  await page.addInitScript(([lang, theme]) => {
    localStorage.setItem("batchlane.lang", JSON.stringify(lang));
    localStorage.setItem("batchlane.theme", JSON.stringify(theme));
  }, [lang, theme]);
}

/** Collects console errors and page errors; call `check()` at the end. */
export function watchErrors(page) {
  const errors = [];
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  page.on("pageerror", (err) => errors.push(String(err)));
  return { errors, check: () => expect(errors, errors.join("\n")).toEqual([]) };
}

/** Waits until the app has rendered the page's title. */
export async function ready(page, title) {
  await expect(page.locator("main h1")).toHaveText(title);
}

// WCAG 2.0 and 2.1 A/AA and best practices.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
let AXE = null;

/** axe-core's violations on the page as it is: rule (impact): the first elements.
 * (axe-core is read on first use, so specs that never call this don't need it.) */
export async function axe(page) {
  AXE ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }, TAGS);
}

/** The page does not scroll sideways at its width, and every table wrapper
 * inside `scope` (a CSS selector; the whole page by default) that scrolls
 * sideways is a region the keyboard reaches (tabindex 0) with a name:
 * returns what is wrong, `[]` when nothing. */
export async function sidewaysProblems(page, scope = "body") {
  return page.evaluate((scope) => {
    const out = [];
    const root = document.documentElement.scrollWidth - window.innerWidth;
    if (root > 0) out.push(`the page scrolls sideways by ${root}px`);
    for (const el of [...document.querySelectorAll(scope)].flatMap((s) => [...s.querySelectorAll(".table-wrap")])) {
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const named = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby");
      if (el.tabIndex < 0 || el.getAttribute("role") !== "region" || !named) {
        const table = el.querySelector("table");
        out.push(`a table scrolls in an unreachable or unnamed box: ${table?.dataset.testid || table?.className || el.className}`);
      }
    }
    return out;
  }, scope);
}

/** How many lines the text of `locator` takes as laid out. */
export async function lineCount(locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });
}
