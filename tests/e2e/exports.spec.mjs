// Exports people open in Excel and Sheets, and times people read where they
// are: every CSV download starts with a UTF-8 byte order mark; job times are
// shown in the browser's time zone (set per context here) with UTC on hover;
// as-of dates in the page's language, the ISO date on hover.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { prefer, ready, watchErrors } from "./helpers.mjs";

const BOM = [0xef, 0xbb, 0xbf];
const JOB = readFileSync("tests/fixtures/results/job_completed.json", "utf8");

async function downloadBytes(page, testid) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testid).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test("every CSV export starts with EF BB BF, once", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/results");
  await ready(page, "Batch results");
  const DIR = "tests/fixtures/results/chat";
  await page.getByTestId("results-output-input").setInputFiles(`${DIR}/output.jsonl`);
  await page.getByTestId("results-errors-input").setInputFiles(`${DIR}/errors.jsonl`);
  await page.getByTestId("results-input-input").setInputFiles(`${DIR}/input.jsonl`);
  await expect(page.getByTestId("results-summary")).toHaveAttribute("data-requests", "15");
  await page.getByTestId("results-group-key").fill("^(tenant-\\d+)-");
  await page.getByTestId("results-group-key").press("Enter");
  await expect(page.getByTestId("results-groups-table").locator("tbody tr")).toHaveCount(4);
  const groups = await downloadBytes(page, "results-groups-csv");
  expect(groups.name).toBe("batch-groups.csv");
  expect([...groups.bytes.subarray(0, 3)]).toEqual(BOM);
  expect(groups.bytes.subarray(3, 8).toString()).toBe("group");

  await page.goto("/cost");
  await ready(page, "Cost what-if");
  await page.getByTestId("cost-usage-file").setInputFiles("tests/fixtures/cost/usage.csv");
  await expect(page.getByTestId("cost-usage-tenant")).toContainText("acme");
  for (const id of ["tenant", "feature"]) {
    const csv = await downloadBytes(page, `cost-usage-csv-${id}`);
    expect(csv.name).toBe(`spend-by-${id}.csv`);
    expect([...csv.bytes.subarray(0, 3)]).toEqual(BOM);
    expect(csv.bytes.subarray(3, 3 + id.length).toString()).toBe(id);
  }
  watch.check();
});

for (const { zone, deletion, created } of [
  // 2026-01-15 00:00 UTC is the 15th in Seoul and still the 14th in Los Angeles.
  { zone: "Asia/Seoul", deletion: ["Jan 15, 2026", "09:00", "GMT+9"], created: ["Jan 1, 2026", "09:00", "GMT+9"] },
  { zone: "America/Los_Angeles", deletion: ["Jan 14, 2026", "04:00", "PST"], created: ["Dec 31, 2025", "04:00", "PST"] },
]) {
  test.describe(zone, () => {
    test.use({ timezoneId: zone, locale: "en-US" });
    test(`job times in ${zone}, UTC on hover`, async ({ page }) => {
      const watch = watchErrors(page);
      await prefer(page, { lang: "en" });
      await page.goto("/results");
      await ready(page, "Batch results");
      await page.getByTestId("results-job-paste").fill(JOB);
      await expect(page.getByTestId("results-job")).toHaveAttribute("data-status", "completed");
      const date = page.getByTestId("results-job-deletion-date");
      for (const part of deletion) await expect(date).toContainText(part);
      await expect(date).toHaveAttribute("title", "2026-01-15 00:00 UTC");
      await expect(date).toHaveAttribute("datetime", "2026-01-15T00:00Z");
      const stamps = page.locator(".results-job__times time");
      // created_at, in_progress_at, finalizing_at, completed_at, expires_at: every time the job object gives.
      await expect(stamps).toHaveCount(5);
      for (const part of created) await expect(stamps.first()).toContainText(part);
      await expect(stamps.first()).toHaveAttribute("title", "2026-01-01 00:00 UTC");
      watch.check();
    });
  });
}

test("Korean: a job time in Korean, an as-of date on /facts in Korean with the ISO date on hover", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Asia/Seoul", serviceWorkers: "block" });
  const page = await context.newPage();
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko" });
  await page.goto("/results");
  await ready(page, "배치 결과");
  await page.getByTestId("results-job-paste").fill(JOB);
  const date = page.getByTestId("results-job-deletion-date");
  await expect(date).toContainText("2026년 1월 15일");
  await expect(date).toHaveAttribute("title", "2026-01-15 00:00 UTC");

  await page.goto("/facts");
  await ready(page, "수치의 출처");
  // Some sources give only a month ("2026-03"), shown as written: take the first full date.
  const dates = page.locator("main td time[datetime]");
  await expect(dates.first()).toBeVisible();
  const idx = await dates.evaluateAll((els) => els.findIndex((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.getAttribute("datetime"))));
  expect(idx).toBeGreaterThanOrEqual(0);
  const asOf = dates.nth(idx);
  const iso = await asOf.getAttribute("datetime");
  await expect(asOf).toHaveAttribute("title", iso);
  const [y, m, d] = iso.split("-").map(Number);
  await expect(asOf).toHaveText(`${y}년 ${m}월 ${d}일`);
  watch.check();
  await context.close();
});
