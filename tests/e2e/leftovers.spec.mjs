// Leftovers users notice: an exam in progress survives a reload (answers,
// position, clock); the quota planner's link fills every KEDA field the
// snippets form can take from it.
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

test("the quota planner's KEDA link fills every field the snippets form takes from it", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await page.goto("/quota");
  await ready(page, "Quota planner");
  await page.getByTestId("q-tpm").fill("60000");
  await page.getByTestId("q-kr").fill("3");
  await page.getByTestId("q-kc").fill("4");
  const link = page.getByTestId("quota-keda-link");
  await expect(link).toHaveAttribute("href", /concurrency=4&/);
  const href = await link.getAttribute("href");
  const sent = Object.fromEntries(new URL(href, "http://x").searchParams);
  expect(Object.keys(sent).sort()).toEqual(["concurrency", "maxReplicaCount", "messageCount", "messagesPerMinute", "tab", "tokens", "tpm"]);
  expect(sent.tpm).toBe("60000");
  expect(sent.messageCount).toBe("4");
  expect(Number(sent.messagesPerMinute)).toBe(3 / 4);

  await link.click();
  await ready(page, "Snippets");
  await expect(page.getByTestId("snip-keda-form")).toBeVisible();
  const fields = {
    "snip-keda-max": sent.maxReplicaCount,
    "snip-keda-message-count": "4",
    "snip-keda-tpm": "60000",
    "snip-keda-tokens": sent.tokens,
    "snip-keda-concurrency": "4",
    "snip-keda-mpm": "0.75",
  };
  await expect(page.getByTestId("snip-keda-quota-on")).toBeChecked();
  for (const [testid, value] of Object.entries(fields)) {
    const input = page.getByTestId(testid);
    const shown = (await input.inputValue()).replace(/,/g, "");
    expect(Number(shown), testid).toBe(Number(value));
  }
  watch.check();
});
