// Issue 38: Regional prices by region (/cost and /quota, in the URL, both
// languages), the unconfirmed badge beside every unconfirmed figure the
// pages take (the /cost uplift inputs), and superseded figures marked on
// /facts. Screenshots: en/ko, light/dark, 375 px.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, shot, prefer, watchErrors, ready } from "./helpers.mjs";

const COST = { en: "Cost what-if", ko: "비용 시나리오" };
const QUOTA = { en: "Quota planner", ko: "할당량 계획" };
const FACTS = { en: "About the numbers", ko: "수치의 출처" };
const BADGE = { en: "unconfirmed", ko: "미확인" };

for (const lang of ["en", "ko"]) {
  test(`/cost: a region prices Regional deployments, the uplift input shows its badge (${lang})`, async ({ page }) => {
    const watch = watchErrors(page);
    await prefer(page, { lang, theme: lang === "en" ? "light" : "dark" });
    await page.goto("/cost");
    await ready(page, COST[lang]);
    // The uplift inputs are unconfirmed figures: each shows the badge.
    const dz = page.getByTestId("unconfirmed-datazone_price_factor.any");
    await expect(dz).toHaveText(BADGE[lang]);
    await expect(page.getByTestId("unconfirmed-regional_price_factor.any")).toHaveText(BADGE[lang]);

    await page.getByTestId("cost-deployment-0").selectOption("regional");
    const total = page.getByTestId("res-month-0");
    const before = await total.textContent();
    await page.getByTestId("cost-region").selectOption("westeurope");
    // The uplift input is now the region's figure, with its own badge.
    await expect(page.getByTestId("price-regional_price_factor-westeurope")).toHaveValue("1.32");
    await expect(page.getByTestId("unconfirmed-regional_price_factor.westeurope")).toHaveText(BADGE[lang]);
    await expect(total).not.toHaveText(before);
    await expect(page).toHaveURL(/region=westeurope/);
    const eu = await total.textContent();
    await page.getByTestId("cost-region").selectOption("eastus");
    await expect(total).not.toHaveText(eu);
    await expect(page.getByTestId("price-regional_price_factor-eastus")).toHaveValue("1.1");

    // The region travels in the link and comes back on reload.
    await page.reload();
    await ready(page, COST[lang]);
    await expect(page.getByTestId("cost-region")).toHaveValue("eastus");
    await page.getByTestId("cost-region").selectOption("westeurope");
    await page.locator(".cost-factors").scrollIntoViewIfNeeded();
    await shot(page, { path: `${SCREENSHOTS}/figures-cost-${lang}.png`, fullPage: true });
    watch.check();
  });

  test(`/quota: the region is in the URL and prices the Regional PTU (${lang})`, async ({ page }) => {
    const watch = watchErrors(page);
    await prefer(page, { lang, theme: lang === "en" ? "dark" : "light" });
    await page.goto("/quota?d=rp&m=gpt-4o");
    await ready(page, QUOTA[lang]);
    const hourly = page.getByTestId("q-price-ptu_price_hourly");
    const hourlyRegional = page.getByTestId("q-price-ptu_price_hourly_regional");
    await page.getByTestId("q-rg").selectOption("westeurope");
    await expect(page).toHaveURL(/rg=westeurope/);
    await expect(hourlyRegional).toHaveValue("2.4");
    await expect(page.getByTestId("quota-ptu").getByText(BADGE[lang]).first()).toBeVisible();
    await page.getByTestId("q-rg").selectOption("any");
    await expect(hourly).toBeVisible();
    await page.getByTestId("q-rg").selectOption("westeurope");
    await page.reload();
    await ready(page, QUOTA[lang]);
    await expect(page.getByTestId("q-rg")).toHaveValue("westeurope");
    await shot(page, { path: `${SCREENSHOTS}/figures-quota-${lang}.png`, fullPage: true });
    watch.check();
  });
}

test("/facts marks the superseded 2025-07 default quotas (en, ko)", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/facts");
  await ready(page, FACTS.en);
  const mark = page.getByTestId("superseded-default_tpm_global.gpt-4o");
  await expect(mark).toContainText("superseded by tier_tpm.gpt-4o/datazone/1");
  await page.getByTestId("lang-toggle").click();
  await ready(page, FACTS.ko);
  await expect(mark).toContainText("tier_tpm.gpt-4o/datazone/1");
  await expect(mark).toContainText("대체됨");
  watch.check();
});

test("the region select and the badges fit a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await prefer(page, { lang: "ko" });
  await page.goto("/cost");
  await ready(page, COST.ko);
  await page.getByTestId("cost-region").selectOption("swedencentral");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.locator(".cost-factors").scrollIntoViewIfNeeded();
  await shot(page, { path: `${SCREENSHOTS}/figures-cost-375-ko.png` });
});
