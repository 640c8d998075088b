// /lanes: the cases from the catalog (gpt-5.5: no batch lane;
// gpt-5.4 in France with EU data: no Data Zone Batch; gpt-5.6-sol: Flex;
// gpt-4o-mini with 48 h: Batch cheapest; 1 h: not Batch), the share link,
// the cost chart, a job list read in the worker (p90 replaces the target)
// and a bad one named by its line, the hand-off from /quota.
// Screenshots (en light, ko dark, 375 px en dark and ko light) land in test-results/screenshots/lanes-*.png.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

const DIR = "tests/fixtures/lanes";
const TITLE = { en: "Which lane", ko: "처리 방식 선택" };

const card = (page, lane, dt) => page.locator(`[data-testid="lane-card"][data-lane="${lane}"][data-dt="${dt}"]`);

test("the issue's cases, the chart and the share link (en, light)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/lanes?m=gpt-5.5");
  await ready(page, TITLE.en);
  await expect(card(page, "batch", "global")).toHaveAttribute("data-available", "false");
  await expect(card(page, "batch", "datazone")).toHaveAttribute("data-available", "false");
  await expect(card(page, "batch", "global")).toContainText("does not list gpt-5.5");
  await expect(card(page, "batch", "global")).toContainText("2026-08-28");

  await page.goto("/lanes?m=gpt-5.4&r=francecentral&dz=1");
  await ready(page, TITLE.en);
  await expect(card(page, "batch", "datazone")).toHaveAttribute("data-available", "false");
  await expect(card(page, "batch", "datazone")).toContainText("(EU) does not list gpt-5.4");

  await page.goto("/lanes?m=gpt-5.6-sol");
  await ready(page, TITLE.en);
  await expect(card(page, "flex", "global")).toHaveAttribute("data-available", "true");
  await expect(card(page, "flex", "global")).toContainText("HTTP 429");

  // gpt-4o-mini, typed into the form: 48 h → Batch is the cheapest; the URL follows.
  await page.goto("/lanes");
  await ready(page, TITLE.en);
  await page.getByTestId("lanes-model").fill("gpt-4o-mini");
  await page.getByTestId("lanes-tokens").fill("10000000");
  await page.getByTestId("lanes-deadline").fill("48");
  await expect(page.getByTestId("lanes-summary")).toContainText("Batch, Global");
  await expect(page.locator(".lane-card--cheapest")).toHaveAttribute("data-lane", "batch");
  await expect(page).toHaveURL(/dl=48/);
  await expect(page.getByTestId("lanes-chart-svg")).toBeVisible();
  const bars = page.getByTestId("lanes-chart-svg").locator("rect");
  expect(await bars.count()).toBeGreaterThan(2);
  await expect(page.getByTestId("lanes-chart-svg").locator("rect.lanes-bar--best")).toHaveCount(1);
  await shot(page, { path: `${SCREENSHOTS}/lanes-en-light.png`, fullPage: true });

  // 1 h: never Batch.
  await page.getByTestId("lanes-deadline").fill("1");
  await expect(card(page, "batch", "global").locator(".lane-card__meets")).toHaveAttribute("data-meets", "false");
  await expect(page.locator(".lane-card--cheapest")).not.toHaveAttribute("data-lane", "batch");

  // The share link opens the same question in a fresh page.
  const url = page.url();
  const other = await page.context().newPage();
  await other.goto(url);
  await ready(other, TITLE.en);
  await expect(other.getByTestId("lanes-deadline")).toHaveValue("1");
  await expect(other.locator(".lane-card--cheapest")).not.toHaveAttribute("data-lane", "batch");
  await other.close();
  watch.check();
});

test("your jobs: p90 replaces the batch target; a bad file is named (ko, dark)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko", theme: "dark" });
  await page.goto("/lanes?m=gpt-4o-mini&tpd=10000000&dl=4");
  await ready(page, TITLE.ko);
  // Without jobs the bare target is longer than 4 h.
  await expect(card(page, "batch", "global").locator(".lane-card__meets")).toHaveAttribute("data-meets", "false");
  await page.getByTestId("lanes-jobs-files").setInputFiles(`${DIR}/batches.json`);
  await expect(page.getByTestId("lanes-jobs-summary")).toContainText("5");
  const row = page.getByTestId("lanes-jobs-table").locator("tbody tr").first();
  // Completed: 1 h, 2 h, 0.25 h → p50 1.0, p90 2.0, max 2.0; one failed, one expired.
  await expect(row).toContainText("gpt-4o-mini");
  await expect(row.locator("td").nth(3)).toHaveText("1.0");
  await expect(row.locator("td").nth(4)).toHaveText("2.0");
  await expect(row.locator("td").nth(6)).toHaveText("1");
  await expect(row.locator("td").nth(7)).toHaveText("1");
  await expect(card(page, "batch", "global").locator(".lane-card__meets")).toHaveAttribute("data-meets", "true");
  await expect(page.locator(".lane-card--cheapest")).toHaveAttribute("data-lane", "batch");
  await shot(page, { path: `${SCREENSHOTS}/lanes-ko-dark.png`, fullPage: true });

  await page.getByTestId("lanes-jobs-files").setInputFiles(`${DIR}/bad.json`);
  await expect(page.getByTestId("lanes-jobs-failure")).toContainText("bad.json: line 2");
  await expect(page.getByTestId("lanes-jobs-failure")).toContainText("created_at");
  watch.check();
});

for (const [lang, theme] of [["en", "dark"], ["ko", "light"]]) {
  test(`375 px: cards and chart fit (${lang}, ${theme})`, async ({ page }) => {
    const watch = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await prefer(page, { lang, theme });
    await page.goto("/lanes?m=gpt-4.1&r=swedencentral&tpd=50000000&dl=48");
    await ready(page, TITLE[lang]);
    await expect(page.getByTestId("lanes-chart-svg")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const smallest = await page.getByTestId("lanes-chart-svg").locator("text").evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().height)));
    expect(smallest).toBeGreaterThanOrEqual(11);
    await shot(page, { path: `${SCREENSHOTS}/lanes-375-${lang}-${theme}.png`, fullPage: true });
    watch.check();
  });
}

test("hand-off from /quota opens the chooser on the planner's model", async ({ page }) => {
  await prefer(page, { lang: "en", theme: "light" });
  await page.goto("/quota?m=gpt-4.1");
  await page.getByTestId("quota-lanes").click();
  await ready(page, TITLE.en);
  await expect(page.getByTestId("lanes-model")).toHaveValue("gpt-4.1");
});
