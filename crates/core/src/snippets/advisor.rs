//! The path advisor: who is waiting decides the path, not "is it slow".
//! A person → the synchronous gateway; nobody for minutes → a queue drained
//! by KEDA-scaled workers; nobody for hours → Global Batch through the
//! control plane.

use crate::facts::{jobs_expire_after_window, Kind};
use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use super::text::{FormError, Text};
use crate::facts::Catalog;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waiting {
    /// Someone watches the screen for the answer.
    Person,
    /// Nobody watches, but the result is wanted within minutes.
    NobodyMinutes,
    /// Nobody watches; hours are fine (a report tomorrow morning).
    NobodyHours,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cancellation {
    Rarely,
    Sometimes,
    /// Cancelled more often than run to the end (re-scoring after a prompt change).
    MoreOftenThanFinished,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AdvisorInput {
    pub waiting: Waiting,
    pub cancellation: Cancellation,
    /// Requests (model calls) per day.
    pub requests_per_day: f64,
    /// How long the result may take, in seconds.
    pub latency_tolerance_seconds: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathKind {
    SynchronousGateway,
    QueueKedaWorkers,
    GlobalBatchControlPlane,
}

/// Which snippet generator to link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Generator {
    ApimPolicy,
    KedaScaler,
    Worker,
    MessageChecker,
    BatchSubmit,
    /// The batch control plane (service, queue planner, audit rule).
    ControlPlane,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advice {
    pub path: PathKind,
    pub reasons: Vec<Text>,
    pub cautions: Vec<Text>,
    pub generators: Vec<Generator>,
}

/// Below this tolerance the caller is effectively waiting, whatever the
/// form says (our threshold, not a vendor figure).
pub const SYNC_TOLERANCE_SECONDS: f64 = 60.0;

pub fn advise(input: &AdvisorInput, catalog: &Catalog) -> Result<Advice, Vec<FormError>> {
    let mut e = Vec::new();
    for (f, v) in [("requests_per_day", input.requests_per_day), ("latency_tolerance_seconds", input.latency_tolerance_seconds)] {
        if !v.is_finite() || v <= 0.0 {
            e.push(crate::snippets::form_error(
                f,
                format!("{f} must be a number above zero."),
                format!("{} 0보다 큰 숫자여야 합니다.", crate::text::josa::attach(f, "는")),
            ));
        }
    }
    if !e.is_empty() {
        return Err(e);
    }
    let window = catalog.require(Kind::CompletionWindowSeconds, "any");
    let effectively_waiting = input.latency_tolerance_seconds < SYNC_TOLERANCE_SECONDS;
    let mut reasons = Vec::new();
    let mut cautions = Vec::new();
    let path = if input.waiting == Waiting::Person || effectively_waiting {
        if input.waiting != Waiting::Person {
            reasons.push(Text::new(
                format!("The result is needed within {} s: someone is effectively waiting.", prose_number(input.latency_tolerance_seconds)),
                format!("결과가 {}초 안에 필요하므로 사실상 누군가 기다리고 있습니다.", prose_number(input.latency_tolerance_seconds)),
            ));
        }
        reasons.push(Text::new(
            "The test is who is waiting, not whether it is slow: everything a person watches belongs on the synchronous path.",
            "판별 기준은 \"느린가\"가 아니라 누가 기다리는가입니다. 사람이 지켜보는 모든 것은 동기 경로에 둡니다.",
        ));
        reasons.push(Text::new(
            "Only requests through API Management get the token limit, per-tenant metering, routing and circuit breaking.",
            "토큰 한도, 테넌트별 계량, 라우팅, circuit breaking은 API Management를 통과하는 요청에만 적용됩니다.",
        ));
        cautions.push(Text::new("Keep background work off this path: mixing it in is how a marketing job takes down the customer-service assistant — they compete for the same TPM.", "백그라운드 작업을 이 경로에 섞지 마세요. 같은 TPM을 두고 경쟁하면서 마케팅 작업이 고객 서비스 어시스턴트를 쓰러뜨리게 됩니다."));
        PathKind::SynchronousGateway
    } else if input.waiting == Waiting::NobodyMinutes {
        reasons.push(Text::new(
            "Nobody waits, but minutes matter and hours don't: a queue with workers, not a batch job.",
            "기다리는 사람은 없지만 분 단위는 괜찮고 시간 단위는 안 됩니다. 배치 작업이 아니라 워커가 붙은 큐입니다.",
        ));
        reasons.push(Text::new(
            "Service Bus carries the work and KEDA scales the workers to zero when the queue is empty.",
            "Service Bus가 작업을 나르고, 큐가 비면 KEDA가 워커를 0까지 줄입니다.",
        ));
        reasons.push(Text::new(
            "Put a blob reference, tenant ID, model alias and correlation ID in the message (claim-check), never the prompt.",
            "메시지에는 프롬프트가 아니라 blob 참조, 테넌트 ID, 모델 alias, correlation ID를 담으세요 (claim-check).",
        ));
        cautions.push(Text::new(
            "Set maxReplicaCount from the model's quota: twenty workers each getting 429s are worse than five that don't.",
            "maxReplicaCount는 모델 할당량으로 정하세요. 각자 429를 받는 워커 스무 개는 그렇지 않은 다섯 개보다 나쁩니다.",
        ));
        cautions.push(Text::new(
            "A content-filter refusal is a result: complete the message; abandon only on infrastructure failure.",
            "콘텐츠 필터 거부는 결과입니다. 메시지를 complete 처리하고, abandon은 인프라 실패에만 하세요.",
        ));
        PathKind::QueueKedaWorkers
    } else {
        reasons.push(Text::new("Nobody waits and hours are fine: Global Batch, at a lower price and against its own enqueued-token quota instead of the live TPM.", "기다리는 사람이 없고 시간 단위도 괜찮습니다. 동기 TPM 대신 별도의 큐에 넣은 토큰 할당량을 쓰는 Global Batch가 더 쌉니다."));
        reasons.push(Text::new("Batch doesn't pass through API Management: make the control plane the only submitter so every job is validated, recorded against its tenant and polled.", "배치는 API Management를 거치지 않습니다. 컨트롤 플레인을 유일한 제출자로 만들어 모든 작업을 검증하고 테넌트 앞으로 기록하고 폴링하세요."));
        reasons.push(Text::new(
            "Responses come back out of order: every line needs a custom_id to join them.",
            "응답은 입력 순서대로 오지 않으므로 모든 줄에 맞춰 보는 데 쓸 custom_id가 필요합니다.",
        ));
        let (w, t) = (prose_number(window / 3600.0), prose_number(input.latency_tolerance_seconds / 3600.0));
        if jobs_expire_after_window(catalog, "azure") {
            if input.latency_tolerance_seconds < window {
                cautions.push(Text::new(
                    format!("A batch job may take the whole {w} h window and then ends expired; if {t} h is a hard deadline, submit earlier or use the queue."),
                    format!("배치 작업은 {w}시간 완료 기간을 다 쓰고 expired로 끝날 수 있습니다. {t}시간이 절대 기한이라면 더 일찍 제출하거나 큐를 쓰세요."),
                ));
            }
            cautions.push(Text::new(
                "Alert on failed and expired jobs, and copy output files to your own storage at once: they expire.",
                "failed와 expired 작업에 알림을 걸고, 출력 파일은 만료되므로 즉시 자체 스토리지로 복사하세요.",
            ));
        } else {
            // Azure aims for the window but sets no upper bound: a job past it runs on until done or cancelled.
            cautions.push(if input.latency_tolerance_seconds < window {
                Text::new(
                    format!("A batch job aims for the {w} h window and may take all of it or longer: Azure does not expire a late job, it runs on until done or cancelled. If {t} h is a hard deadline, submit earlier, cancel at the deadline (finished work is returned and billed) or use the queue."),
                    format!("배치 작업은 {w}시간 완료 기간을 목표로 하지만 그 기간을 다 쓰거나 더 걸릴 수 있습니다. Azure는 늦어진 작업을 만료시키지 않고 끝나거나 취소될 때까지 계속 실행합니다. {t}시간이 절대 기한이라면 더 일찍 제출하거나, 기한에 취소하거나(끝난 요청은 반환되고 요금이 청구됩니다) 큐를 쓰세요."),
                )
            } else {
                Text::new(
                    format!("A batch job aims for the {w} h window but has no upper bound: Azure does not expire a late job, it runs on until done or cancelled. If {t} h is a hard deadline, cancel at the deadline (finished work is returned and billed)."),
                    format!("배치 작업은 {w}시간 완료 기간을 목표로 하지만 상한은 없습니다. Azure는 늦어진 작업을 만료시키지 않고 끝나거나 취소될 때까지 계속 실행합니다. {t}시간이 절대 기한이라면 기한에 취소하세요(끝난 요청은 반환되고 요금이 청구됩니다)."),
                )
            });
            cautions.push(Text::new(
                "Alert on failed jobs and on jobs still running past the window, and copy output files to your own storage at once: they expire.",
                "failed 작업과 완료 기간을 넘겨 실행 중인 작업에 알림을 걸고, 출력 파일은 만료되므로 즉시 자체 스토리지로 복사하세요.",
            ));
        }
        PathKind::GlobalBatchControlPlane
    };
    if input.cancellation != Cancellation::Rarely {
        let (en, ko) = match path {
            PathKind::GlobalBatchControlPlane => {
                let c = prose_number(catalog.require(Kind::CancellingMaxSeconds, "any") / 60.0);
                (format!("Jobs are often cancelled: give the control plane an explicit cancel (cancelling can take up to {c} minutes; work already done is billed)."),
                 format!("작업이 자주 취소됩니다. 컨트롤 플레인에 명시적인 취소 시나리오를 두세요 (cancelling은 최대 {c}분 걸리고 이미 처리된 요청에는 요금이 청구됩니다)."))
            }
            PathKind::QueueKedaWorkers => (
                "Work is often cancelled: let workers check a cancellation flag for the correlation ID before calling the model, and complete cancelled messages.".to_string(),
                "작업이 자주 취소됩니다. 워커가 모델을 호출하기 전에 correlation ID의 취소 플래그를 확인하고, 취소된 메시지는 complete 처리하게 하세요.".to_string(),
            ),
            PathKind::SynchronousGateway => (
                "Requests are often cancelled: stream responses and stop reading when the user leaves, so unused tokens aren't generated.".to_string(),
                "요청이 자주 취소됩니다. 응답을 스트리밍하고 사용자가 떠나면 읽기를 멈춰 쓰이지 않을 토큰이 생성되지 않게 하세요.".to_string(),
            ),
        };
        cautions.push(Text::new(en, ko));
    }
    if path == PathKind::GlobalBatchControlPlane {
        let per_file = catalog.require(Kind::MaxRequestsPerFile, "azure");
        if input.requests_per_day > per_file {
            let files = (input.requests_per_day / per_file).ceil();
            cautions.push(Text::new(
                format!("{} requests a day need at least {} files of at most {} requests (one deployment per file); prefer few large files over many small ones.", prose_number(input.requests_per_day), prose_number(files), prose_number(per_file)),
                format!("하루 {}건이면 최대 {}건짜리 파일이 최소 {}개 필요합니다 (파일당 배포 하나). 작은 파일 여러 개보다 큰 파일 몇 개가 낫습니다.", prose_number(input.requests_per_day), prose_number(per_file), prose_number(files)),
            ));
        }
    }
    let generators = match path {
        PathKind::SynchronousGateway => vec![Generator::ApimPolicy],
        PathKind::QueueKedaWorkers => vec![Generator::KedaScaler, Generator::Worker, Generator::MessageChecker],
        PathKind::GlobalBatchControlPlane => vec![Generator::ControlPlane, Generator::BatchSubmit],
    };
    Ok(Advice { path, reasons, cautions, generators })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(waiting: Waiting, cancellation: Cancellation, per_day: f64, tolerance: f64) -> Advice {
        advise(
            &AdvisorInput { waiting, cancellation, requests_per_day: per_day, latency_tolerance_seconds: tolerance },
            &Catalog::builtin(),
        )
        .unwrap()
    }

    #[test]
    fn the_notes_three_workloads() {
        // Nightly ticket summaries: tens of thousands, nobody waits, by the morning report.
        let nightly = run(Waiting::NobodyHours, Cancellation::Rarely, 40_000.0, 12.0 * 3600.0);
        assert_eq!(nightly.path, PathKind::GlobalBatchControlPlane);
        assert_eq!(nightly.generators, vec![Generator::ControlPlane, Generator::BatchSubmit]);
        // Azure aims for the 24 h window but does not expire a longer job (batch.md @ b59d62b).
        let window = &nightly.cautions[0];
        assert!(window.en.contains("24 h window") && window.en.contains("does not expire"), "{}", window.en);
        assert!(!window.en.contains("ends expired") && !window.ko.contains("expired로 끝날"), "{window:?}");
        assert!(window.ko.contains("만료시키지 않"), "{}", window.ko);
        assert!(nightly.cautions.iter().all(|c| !c.en.contains("failed and expired jobs")), "{:?}", nightly.cautions);
        // Document ingestion: bursty, minutes are fine, hours are not.
        let ingest = run(Waiting::NobodyMinutes, Cancellation::Rarely, 5_000.0, 600.0);
        assert_eq!(ingest.path, PathKind::QueueKedaWorkers);
        assert!(ingest.generators.contains(&Generator::KedaScaler));
        // Re-scoring after a prompt change: no user, cancelled more often than finished.
        let rescore = run(Waiting::NobodyHours, Cancellation::MoreOftenThanFinished, 250_000.0, 86_400.0);
        assert_eq!(rescore.path, PathKind::GlobalBatchControlPlane);
        assert!(rescore.cautions.iter().any(|c| c.en.contains("up to 10 minutes")));
        assert!(rescore.cautions.iter().any(|c| c.en.contains("at least 3 files of at most 100,000")));
    }

    #[test]
    fn the_window_caution_follows_the_catalog() {
        let input = AdvisorInput {
            waiting: Waiting::NobodyHours,
            cancellation: Cancellation::Rarely,
            requests_per_day: 1_000.0,
            latency_tolerance_seconds: 48.0 * 3600.0,
        };
        // A tolerance beyond the window still has no upper bound on Azure.
        let a = advise(&input, &Catalog::builtin()).unwrap();
        assert!(a.cautions[0].en.contains("no upper bound") && a.cautions[0].ko.contains("상한은 없습니다"), "{:?}", a.cautions[0]);
        // A user who overrides the behaviour gets the expiring wording back.
        let mut c = Catalog::builtin();
        c.set_override("expires_after_window.azure", 1.0).unwrap();
        let tight = AdvisorInput { latency_tolerance_seconds: 12.0 * 3600.0, ..input };
        let a = advise(&tight, &c).unwrap();
        assert!(a.cautions[0].en.contains("then ends expired"), "{:?}", a.cautions);
        assert!(a.cautions[1].en.contains("failed and expired jobs"));
    }

    #[test]
    fn a_person_waiting_means_the_gateway() {
        let a = run(Waiting::Person, Cancellation::Rarely, 1_000_000.0, 86_400.0);
        assert_eq!(a.path, PathKind::SynchronousGateway);
        assert_eq!(a.generators, vec![Generator::ApimPolicy]);
        let b = run(Waiting::NobodyMinutes, Cancellation::Rarely, 10.0, 5.0);
        assert_eq!(b.path, PathKind::SynchronousGateway);
    }

    #[test]
    fn rejects_bad_numbers() {
        let r = advise(
            &AdvisorInput {
                waiting: Waiting::Person,
                cancellation: Cancellation::Rarely,
                requests_per_day: f64::NAN,
                latency_tolerance_seconds: -1.0,
            },
            &Catalog::builtin(),
        );
        assert_eq!(r.unwrap_err().len(), 2);
    }
}
