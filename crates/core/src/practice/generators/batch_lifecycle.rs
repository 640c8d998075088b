//! The batch job's life: the completion window (and what happens past it),
//! output-file expiry, and joining results on custom_id. Figures, and whether
//! a vendor expires a job past its window, from the catalog.

use super::{figure, Draft, Scenario};
use crate::facts::Kind;
use crate::facts::{jobs_expire_after_window, Catalog};
use crate::practice::format::number;
use crate::practice::rng::Rng;
use crate::text::Text;

const SECONDS_PER_HOUR: f64 = 3_600.0;
const SECONDS_PER_DAY: f64 = 86_400.0;

struct Figures {
    window_hours: String,
    min_days: String,
    max_days: String,
    /// Azure ends a job still running at the window's end as expired (the
    /// catalog says it does not: it runs on until done or cancelled).
    azure_expires: bool,
    openai_expires: bool,
}

fn figures(catalog: &Catalog) -> Figures {
    Figures {
        window_hours: number(figure(catalog, Kind::CompletionWindowSeconds, "any") / SECONDS_PER_HOUR),
        min_days: number(figure(catalog, Kind::OutputExpiresMinSeconds, "azure") / SECONDS_PER_DAY),
        max_days: number(figure(catalog, Kind::OutputExpiresMaxSeconds, "azure") / SECONDS_PER_DAY),
        azure_expires: jobs_expire_after_window(catalog, "azure"),
        openai_expires: jobs_expire_after_window(catalog, "openai"),
    }
}

fn window(f: &Figures) -> Scenario {
    let h = &f.window_hours;
    let expires = Text::new(
        "The job ends as expired and the remaining requests never run — the finished ones are billed",
        "작업은 expired 상태로 끝나고, 남은 요청은 실행되지 않는다 — 이미 끝난 요청에는 요금이 청구된다",
    );
    let runs_on = Text::new(
        "The job keeps running until every request is done or you cancel it — it is not expired; finished requests are billed",
        "작업은 모든 요청이 끝나거나 직접 취소할 때까지 계속 실행된다 — 만료되지 않으며, 끝난 요청에는 요금이 청구된다",
    );
    let mut wrong = vec![
        Text::new("They roll over to the next completion window automatically", "다음 완료 기간로 자동으로 넘어간다"),
        Text::new("An exception is raised in the submitting application's code", "제출한 애플리케이션 코드에 예외가 던져진다"),
        Text::new("The whole job fails and nothing is billed", "작업 전체가 failed가 되고 요금이 전혀 청구되지 않는다"),
    ];
    let openai = if f.openai_expires {
        Text::new(
            " OpenAI's Batch API differs: there such a job ends as expired and its remaining requests end with a batch_expired error.",
            " OpenAI의 Batch API는 다릅니다. 거기서는 이런 작업이 expired로 끝나고 남은 요청은 batch_expired 오류로 남습니다.",
        )
    } else {
        Text::new("", "")
    };
    let (right, explanation) = if f.azure_expires {
        wrong.insert(0, runs_on);
        (
            expires,
            Text::new(
                format!(
                    "The completion window is {h} hours; a job not finished within it does not carry on but ends as expired. The remaining requests end with a batch_expired error and the finished ones are billed. \
                     No exception is raised anywhere, so without an alert on the job's status the first sign is an empty morning report."
                ),
                format!(
                    "완료 기간은 {h}시간이고, 그 안에 끝나지 않은 작업은 계속되는 대신 expired로 끝납니다. 남은 요청은 출력 파일에 batch_expired 오류로 남고, 끝난 요청은 요금이 청구됩니다. \
                     예외는 어디에도 던져지지 않으므로 작업 상태에 알림이 없으면 아침 보고서가 비어 있는 것으로 처음 알게 됩니다."
                ),
            ),
        )
    } else {
        wrong.insert(0, expires);
        (
            runs_on,
            Text::new(
                format!(
                    "Azure aims to finish a batch job within its {h}-hour completion window but does not expire a job that takes longer: it runs on until every request is done or until you cancel it, and a cancel returns the finished work, which is billed.{} \
                     No exception is raised anywhere, so without an alert on the job's status, and on a job still running past the window, the first sign is an empty morning report.",
                    openai.en
                ),
                format!(
                    "Azure는 배치 작업을 {h}시간 완료 기간 안에 끝내는 것을 목표로 하지만 더 오래 걸리는 작업을 만료시키지 않습니다. 작업은 모든 요청이 끝나거나 직접 취소할 때까지 계속 실행되고, 취소하면 이미 끝난 요청이 반환되며 요금이 청구됩니다.{} \
                     예외는 어디에도 던져지지 않으므로 작업 상태와 완료 기간을 넘겨 실행 중인 작업에 알림이 없으면 아침 보고서가 비어 있는 것으로 처음 알게 됩니다.",
                    openai.ko
                ),
            ),
        )
    };
    Scenario {
        stem: Text::new(
            format!("An Azure Global Batch job was created {h} hours ago and some of its requests have not run yet. What happens to them?"),
            format!(
                "Azure Global Batch 작업을 만든 지 {h}시간이 지났는데 아직 처리되지 않은 요청이 남아 있습니다. 이 요청들은 어떻게 됩니까?"
            ),
        ),
        right,
        wrong,
        explanation,
    }
}

fn output_expiry(f: &Figures) -> Scenario {
    let (h, lo, hi) = (&f.window_hours, &f.min_days, &f.max_days);
    Scenario {
        stem: Text::new("What range can an Azure batch's output-file expiry (output_expires_after) be set to?", "Azure 배치의 출력 파일 만료(output_expires_after)로 정할 수 있는 범위는?"),
        right: Text::new(format!("Between {lo} and {hi} days"), format!("{lo}일에서 {hi}일 사이")),
        wrong: vec![
            Text::new(format!("Fixed at {h} hours, like the job"), format!("작업과 같은 {h}시간으로 고정")),
            Text::new("Between 1 and 7 days", "1일에서 7일 사이"),
            Text::new("It never expires — files stay until deleted", "만료되지 않는다 — 지우기 전까지 남는다"),
            Text::new("It can be set to a year or more", "1년 이상으로도 정할 수 있다"),
        ],
        explanation: Text::new(format!(
                "output_expires_after counts from created_at and is set between {lo} and {hi} days. Output files always expire, so a pipeline that assumes the results will still be there next quarter is scheduled data loss. \
                 {h} hours is the job's completion window, not the output file's life."
            ), format!(
                "output_expires_after는 created_at을 기준으로 {lo}일에서 {hi}일 사이로 정합니다. 출력 파일은 반드시 만료되므로 다음 분기에도 결과가 그 자리에 있으리라 가정하는 파이프라인은 예약된 데이터 손실입니다. \
                 {h}시간은 작업의 완료 기간이지 출력 파일의 수명이 아닙니다."
            )),
    }
}

fn keep_results(f: &Figures) -> Scenario {
    let (lo, hi) = (&f.min_days, &f.max_days);
    Scenario {
        stem: Text::new("Batch results must be read again at next quarter's audit. What should be done?", "배치 결과를 다음 분기 감사 때 다시 읽어야 합니다. 어떻게 해 두어야 합니까?"),
        right: Text::new("Copy the output file to our own storage as soon as the results arrive", "결과를 받는 시점에 출력 파일을 우리 스토리지로 복사해 둔다"),
        wrong: vec![
            Text::new("Output files stay around, so just record the file id", "출력 파일은 계속 남으므로 file id만 기록해 둔다"),
            Text::new("Set output_expires_after to one year", "output_expires_after를 1년으로 정한다"),
            Text::new("Resubmit the same input when needed; the same results come back", "필요할 때 같은 입력으로 작업을 다시 제출하면 같은 결과가 나온다"),
            Text::new("Cancel the job before expires_at to pin the file", "expires_at이 지나기 전에 작업을 취소해 파일을 붙잡아 둔다"),
        ],
        explanation: Text::new(format!(
                "Output files expire after {lo} to {hi} days and cannot be kept longer. Results that must be kept are copied to platform-owned storage when they arrive, not later. \
                 Resubmitting neither guarantees the same answers nor comes free."
            ), format!(
                "출력 파일은 {lo}일에서 {hi}일 사이에 만료되고, 그보다 길게는 정할 수 없습니다. 보관해야 하는 결과는 나중이 아니라 받는 시점에 플랫폼 소유의 스토리지로 복사합니다. \
                 다시 제출하면 모델 응답이 같으리라는 보장도 없고 비용도 다시 듭니다."
            )),
    }
}

fn join() -> Scenario {
    Scenario {
        stem: Text::new("How do you match the responses in a batch output file to the requests of the input file?", "배치 출력 파일의 응답을 입력 파일의 요청과 짝지으려면 무엇을 기준으로 합니까?"),
        right: Text::new("Join on each line's custom_id", "각 줄의 custom_id로 맞춰 본다"),
        wrong: vec![
            Text::new("By line order — the output follows the input order", "줄 순서대로 — 출력은 입력 순서를 따른다"),
            Text::new("By the response's id (batch_req_…)", "응답의 id(batch_req_…)로 맞춘다"),
            Text::new("Sort responses by their created time and match", "응답의 created 시각 순으로 정렬해 맞춘다"),
            Text::new("By the order of request_counts", "request_counts의 순서로 맞춘다"),
        ],
        explanation: Text::new("Responses do not come back in the input file's order. That is why every line carries a custom_id: it is the only way to join a response back to its request. The batch_req_… id is assigned by the service and appears nowhere in the input.", "응답은 입력 파일이 정한 순서로 돌아오지 않습니다. 그래서 모든 줄이 custom_id를 나르고, 그것이 응답을 입력에 다시 맞춰 보기하는 유일한 방법입니다. batch_req_… id는 서비스가 붙인 것이라 입력 쪽에는 없습니다."),
    }
}

fn expires_at(f: &Figures) -> Scenario {
    let (h, lo) = (&f.window_hours, &f.min_days);
    let azure = if f.azure_expires {
        Text::new("", "")
    } else {
        Text::new(
            " On Azure, passing expires_at does not end the job: Azure does not expire it, and it runs on until done or cancelled.",
            " Azure에서는 expires_at이 지나도 작업이 끝나지 않습니다. Azure는 작업을 만료시키지 않으며, 끝나거나 취소될 때까지 계속 실행됩니다.",
        )
    };
    Scenario {
        stem: Text::new("What is a batch job object's expires_at set to?", "배치 작업 객체의 expires_at은 언제로 잡힙니까?"),
        right: Text::new(format!("created_at + {h} hours"), format!("created_at + {h}시간")),
        wrong: vec![
            Text::new(format!("completed_at + {h} hours"), format!("completed_at + {h}시간")),
            Text::new(format!("created_at + {lo} days"), format!("created_at + {lo}일")),
            Text::new(format!("in_progress_at + {h} hours"), format!("in_progress_at + {h}시간")),
            Text::new("Not set — the job object has no expires_at", "정해지지 않는다 — 배치 객체에는 expires_at이 없다"),
        ],
        explanation: Text::new(format!(
                "A job has a {h}-hour completion window from its creation, so expires_at = created_at + {h} hours; validation and waiting time count against it.{} \
                 {lo} days is the shortest output-file expiry, a different clock from the job's window.", azure.en
            ), format!(
                "작업은 생성 시각부터 {h}시간의 완료 기간를 가지므로 expires_at = created_at + {h}시간입니다. 검증이나 대기 시간도 이 창 안에 들어갑니다.{} \
                 {lo}일은 출력 파일 만료의 최소값으로, 작업의 완료 기간과는 다른 시계입니다.", azure.ko
            )),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let f = figures(catalog);
    let scenario = match rng.below(5) {
        0 => window(&f),
        1 => output_expiry(&f),
        2 => keep_results(&f),
        3 => join(),
        _ => expires_at(&f),
    };
    scenario.into_draft(rng)
}
