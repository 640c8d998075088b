// /practice: answer by keyboard, read the explanation, share a problem by
// URL, finish a timed exam and see the statistics survive a reload.
import { test, expect } from "@playwright/test";
import { SCREENSHOTS, shot as save, prefer, watchErrors, ready } from "./helpers.mjs";

const TITLE = { en: "Practice", ko: "연습 문제" };

/** A full-page screenshot, saved as practice-<name>.png. */
async function shot(page, name) {
  await save(page, { path: `${SCREENSHOTS}/practice-${name}.png`, fullPage: true });
}

async function open(page, url, lang = "en") {
  await page.goto(url);
  await ready(page, TITLE[lang]);
}

test("answers a problem by keyboard, sees feedback and explanation, Enter for the next", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await open(page, "/practice?p=tpm-rpm-12345");
  const question = page.getByTestId("practice-question");
  await expect(question).toHaveAttribute("data-problem-id", "tpm-rpm-12345");
  const stem = await page.getByTestId("practice-stem").textContent();
  expect(stem).toContain("TPM");
  await expect(page.getByTestId("practice-feedback")).toHaveCount(0);

  await page.keyboard.press("3");
  const feedback = page.getByTestId("practice-feedback");
  await expect(feedback).toBeVisible();
  await expect(feedback).toContainText(/Correct\.|Not quite\. The right answer is/);
  await expect(page.getByTestId("practice-explanation")).toContainText("RPM for every 1,000 TPM");
  // The right option is highlighted, the chosen one is pressed.
  await expect(page.locator(".pq__option.right")).toHaveCount(1);
  await expect(page.getByTestId("practice-option-3")).toHaveAttribute("aria-pressed", "true");
  // Focus moved to "Next"; a second key press does not change the answer.
  await expect(page.getByTestId("practice-next")).toBeFocused();
  await page.keyboard.press("1");
  await expect(page.getByTestId("practice-option-3")).toHaveAttribute("aria-pressed", "true");
  await shot(page, "answered-en");

  await page.keyboard.press("Enter");
  await expect(question).not.toHaveAttribute("data-problem-id", "tpm-rpm-12345");
  await expect(page.getByTestId("practice-feedback")).toHaveCount(0);
  await expect(page.getByTestId("practice-stem")).toBeFocused();
  const nextId = await question.getAttribute("data-problem-id");
  expect(nextId).toMatch(/^tpm-rpm-\d+$/);
  await expect(page).toHaveURL(new RegExp(`\\?p=${nextId}$`));

  // Again with the stem focused: 2, then Enter.
  await page.keyboard.press("2");
  await expect(page.getByTestId("practice-feedback")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(question).not.toHaveAttribute("data-problem-id", nextId);

  // Keys typed into the family picker are not taken as answers.
  await page.getByTestId("practice-source").focus();
  await page.keyboard.press("2");
  await expect(page.getByTestId("practice-feedback")).toHaveCount(0);
  watch.check();
});

test("a problem's share URL opens the same problem", async ({ page, browser }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await open(page, "/practice");
  await page.getByTestId("practice-source").selectOption("symptom");
  const id = await page.getByTestId("practice-question").getAttribute("data-problem-id");
  expect(id).toMatch(/^symptom-\d+$/);
  const stem = await page.getByTestId("practice-stem").textContent();
  await expect(page.getByTestId("practice-share")).toHaveAttribute("href", `/practice?p=${id}`);
  await expect(page).toHaveURL(new RegExp(`/practice\\?p=${id}$`));

  const other = await browser.newPage();
  await prefer(other, { lang: "en" });
  await open(other, `/practice?p=${id}`);
  await expect(other.getByTestId("practice-stem")).toHaveText(stem);
  await other.close();

  // A bad id says so and keeps a problem on screen.
  await open(page, "/practice?p=nope-12");
  await expect(page.getByTestId("practice-link-error")).toContainText("nope");
  await expect(page.getByTestId("practice-stem")).toBeVisible();
  watch.check();
});

test("the note's problem 1 has 180 RPM as the right answer", async ({ page }) => {
  await prefer(page, { lang: "en" });
  await open(page, "/practice?p=note-1");
  await expect(page.getByTestId("practice-stem")).toContainText("30,000 TPM");
  await page.keyboard.press("1");
  await expect(page.locator(".pq__option.right .pq__text")).toHaveText("180");
  await expect(page.getByTestId("practice-feedback")).toContainText("The right answer is ② 180");
  await expect(page.getByTestId("practice-explanation")).toContainText("30 × 6 = 180 RPM");
  await expect(page.getByTestId("practice-explanation")).toContainText("The note's stated assumption: 6 RPM per 1,000 TPM");
});

test("finishes an exam, sees the score, statistics persist after reload", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "en" });
  await open(page, "/practice");
  await page.getByTestId("mode-exam").click();
  // One question from each of the twelve families, and the text says so.
  await expect(page.getByTestId("exam-intro")).toContainText("12 questions, one from each family");
  await page.getByTestId("exam-start").click();
  await expect(page).toHaveURL(/\?exam=exam-\d+$/);
  await expect(page.getByTestId("exam-timer")).toContainText(/0:0\d/);
  for (let i = 0; i < 12; i++) {
    await expect(page.locator(".pq__heading")).toHaveText(`Question ${i + 1} of 12`);
    if (i % 3 === 2) {
      await page.getByTestId(`practice-option-${(i % 4) + 1}`).click(); // a click, then Enter on the option
    } else {
      await page.keyboard.press(String((i % 4) + 1));
    }
    await expect(page.locator(".pq__option.chosen")).toHaveCount(1);
    await expect(page.locator(".pq__option.right")).toHaveCount(0); // no answers shown during the exam
    if (i === 4) await shot(page, "exam-en");
    await page.keyboard.press("Enter");
  }
  const score = page.getByTestId("exam-score");
  await expect(score).toContainText(/^\d+ of 12 right \(\d+%\) in \d+:\d\d$/);
  await expect(page.locator(".review-item")).toHaveCount(12);
  await expect(page.locator(".review-item__explanation").first()).not.toBeEmpty();
  await shot(page, "exam-result-en");
  const right = Number((await score.textContent()).split(" ")[0]);

  // A review item links back to its problem in practice mode.
  const firstId = (await page.locator(".review-item a").first().getAttribute("href")).split("p=")[1];
  await page.locator(".review-item a").first().click();
  await expect(page.getByTestId("mode-practice")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("practice-question")).toHaveAttribute("data-problem-id", firstId);

  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem("batchlane.practice.stats")));
  const attempts = Object.values(stored.families).reduce((n, f) => n + f.attempts, 0);
  expect(attempts).toBe(12);

  await page.reload();
  await ready(page, TITLE.en);
  await page.getByTestId("mode-stats").click();
  await expect(page).toHaveURL(/\?view=stats$/);
  await expect(page.getByTestId("stats-total")).toHaveText("12");
  await expect(page.locator(".stats-view .stat .muted").first()).toContainText(`${right} right`);
  await shot(page, "stats-en");

  // Reset asks first; cancelling keeps everything.
  await page.getByTestId("stats-reset").click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("stats-total")).toHaveText("12");
  await page.getByTestId("stats-reset").click();
  await page.getByTestId("stats-reset-yes").click();
  await expect(page.getByTestId("stats-total")).toHaveText("0");
  await page.reload();
  await ready(page, TITLE.en);
  await expect(page.getByTestId("stats-total")).toHaveText("0");
  watch.check();
});

test("Korean: the note's problems with code, exam and statistics", async ({ page }) => {
  const watch = watchErrors(page);
  await prefer(page, { lang: "ko" });
  await open(page, "/practice?p=note-3", "ko");
  await expect(page.locator(".pq__code")).toContainText("retry-after");
  await expect(page.getByTestId("practice-stem")).toContainText(/[가-힣]/);
  await page.keyboard.press("2");
  await expect(page.getByTestId("practice-feedback")).toContainText("정답입니다");
  await shot(page, "answered-ko");

  await page.getByTestId("mode-exam").click();
  await expect(page.getByTestId("exam-intro")).toContainText("유형마다 한 문제씩 모두 12문제가");
  await page.getByTestId("exam-start").click();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(String((i % 4) + 1));
    await page.keyboard.press("Enter");
  }
  await expect(page.getByTestId("exam-score")).toContainText("12문제 중");
  await shot(page, "exam-result-ko");
  await page.getByTestId("mode-stats").click();
  await expect(page.getByTestId("stats-total")).toHaveText("13");
  await shot(page, "stats-ko");

  // Switching language re-renders the problem in English.
  await page.getByTestId("mode-practice").click();
  await page.getByTestId("lang-toggle").click();
  await ready(page, TITLE.en);
  await expect(page.getByTestId("practice-stem")).not.toContainText(/[가-힣]{3}/);
  watch.check();
});

test("dark theme screenshot of an answered problem", async ({ page }) => {
  await prefer(page, { lang: "en", theme: "dark" });
  await open(page, "/practice?p=note-2");
  await page.keyboard.press("1");
  await expect(page.getByTestId("practice-feedback")).toBeVisible();
  await shot(page, "answered-en-dark");
});

test("phone width: the question fits without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await prefer(page, { lang: "ko" });
  await open(page, "/practice?p=note-2", "ko");
  await page.keyboard.press("2");
  await expect(page.getByTestId("practice-feedback")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "phone-ko");
});

// Problem 3's code speaks the reader's language: English comments in
// English (they stayed Korean), the note's Korean in Korean.
for (const [lang, comment] of [["en", "# the wait the server asked for comes first"], ["ko", "# 서버가 말한 시간을 먼저 따른다"]]) {
  test(`the note's problem 3 code has ${lang} comments`, async ({ page }) => {
    await prefer(page, { lang });
    await open(page, "/practice?p=note-3", lang);
    await expect(page.locator(".pq__code")).toContainText(comment);
    if (lang === "en") await expect(page.locator(".pq__code")).not.toContainText(/[가-힣]/);
  });
}

// An exam in progress survives a reload (answers, position, clock).
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
    await expect(page.locator(".pq__heading")).toHaveText(`Question ${i + 1} of 12`);
    stems.push(await page.getByTestId("practice-stem").textContent());
    await page.getByTestId(`practice-option-${option}`).click();
    await page.getByTestId("exam-next").click();
  }
  await expect(page.locator(".pq__heading")).toHaveText("Question 4 of 12");
  const stem4 = await page.getByTestId("practice-stem").textContent();
  // Let the clock pass a second so it has something to keep.
  await expect(page.getByTestId("exam-timer")).not.toHaveText("0:00", { timeout: 5_000 });

  await page.reload();
  await ready(page, "Practice");
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId("mode-exam")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".pq__heading")).toHaveText("Question 4 of 12");
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
  await expect(page.getByTestId("exam-score")).toContainText("of 12 right");
  expect(await page.evaluate(() => sessionStorage.getItem("batchlane.practice.exam"))).toBeNull();
  await page.reload();
  await ready(page, "Practice");
  await expect(page.getByTestId("exam-start")).toBeVisible();
  watch.check();
});
