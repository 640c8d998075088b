// The quota planner's link to /snippets fills every KEDA field the snippets
// form can take from it (issue 14, leftovers).
import { test, expect } from "@playwright/test";
import { prefer, ready, watchErrors } from "./helpers.mjs";

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
