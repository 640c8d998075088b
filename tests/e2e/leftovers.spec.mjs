// Leftovers users notice: an exam in progress survives a reload (answers,
// position, clock).
import { test, expect } from "@playwright/test";
import { prefer, ready, watchErrors } from "./helpers.mjs";

test("an exam under way survives a reload: answers, the question on screen, the clock", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/practice");
  await ready(page, "Practice");
  await page.getByTestId("mode-exam").click();
  await page.getByTestId("exam-start").click();
  await expect(page).toHaveURL(/\?exam=exam-\d+$/);
  const url = page.url();
  // Answer questions 1–3 with options 2, 4, 1 and stop on question 4.
  const picks = [2, 4, 1];
  const stems = [];
  for (const [i, option] of picks.entries()) {
    await expect(page.locator(".pq__heading")).toHaveText(`Question ${i + 1} of 10`);
    stems.push(await page.getByTestId("practice-stem").textContent());
    await page.getByTestId(`practice-option-${option}`).click();
    await page.getByTestId("exam-next").click();
  }
  await expect(page.locator(".pq__heading")).toHaveText("Question 4 of 10");
  const stem4 = await page.getByTestId("practice-stem").textContent();
  // Let the clock pass a second so it has something to keep.
  await expect(page.getByTestId("exam-timer")).not.toHaveText("0:00", { timeout: 5_000 });

  await page.reload();
  await ready(page, "Practice");
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId("mode-exam")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".pq__heading")).toHaveText("Question 4 of 10");
  await expect(page.getByTestId("practice-stem")).toHaveText(stem4);
  await expect(page.locator(".pq__option.chosen")).toHaveCount(0);
  await expect(page.getByTestId("exam-timer")).not.toHaveText("0:00");
  await expect(page.locator(".exam-dot.done")).toHaveCount(3);
  for (const [i, option] of picks.entries()) {
    await page.locator(".exam-dot").nth(i).click();
    await expect(page.getByTestId("practice-stem")).toHaveText(stems[i]);
    await expect(page.getByTestId(`practice-option-${option}`)).toHaveAttribute("aria-pressed", "true");
  }
  // Finished, it is gone: a reload offers the exam afresh.
  await page.getByTestId("exam-finish").click();
  await expect(page.getByTestId("exam-score")).toContainText("of 10 right");
  expect(await page.evaluate(() => sessionStorage.getItem("batchlane.practice.exam"))).toBeNull();
  await page.reload();
  await ready(page, "Practice");
  await expect(page.getByTestId("exam-start")).toBeVisible();
  watch.check();
});
