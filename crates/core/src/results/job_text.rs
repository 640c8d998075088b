//! What each job status means and what to do, what each `errors.data[]`
//! code means, and the job warnings — in English and Korean.

use super::job_status::{JobStatus, JobWarning, StatusInfo, Vendor};
use super::Text;
use crate::facts::{jobs_expire_after_window, Catalog, Kind};
use crate::format::format_number;

/// A catalog figure written for prose ("60", "24", "10").
fn fig(catalog: &Catalog, kind: Kind, subject: &str, per: f64) -> String {
    catalog.get(kind, subject).map_or_else(|| "?".to_string(), |v| format_number(v / per, 2))
}

/// What `status` means and what to do; the polling interval, the completion
/// window and the cancelling time come from `catalog`.
pub fn explain_status(status: &JobStatus, vendor: Vendor, catalog: &Catalog) -> StatusInfo {
    let poll = fig(catalog, Kind::MinPollIntervalSeconds, "azure", 1.0);
    let window_h = fig(catalog, Kind::CompletionWindowSeconds, "any", 3_600.0);
    let cancel_min = fig(catalog, Kind::CancellingMaxSeconds, "any", 60.0);
    let (meaning, todo) = match status {
        JobStatus::Validating => (
            Text::new(
                "The service is checking the input file (format, url, model, quota).",
                "서비스가 입력 파일(형식, url, model, 할당량)을 검사하고 있습니다.",
            ),
            Text::new(
                "Wait. If it fails, read errors.data[]: each entry names the line and the code.",
                "기다리세요. 실패하면 errors.data[]를 보세요. 항목마다 줄 번호와 코드가 있습니다.",
            ),
        ),
        JobStatus::Failed => (
            Text::new(
                "The input file failed validation; no request ran and nothing is billed.",
                "입력 파일이 검증을 통과하지 못했습니다. 요청은 하나도 실행되지 않았고 요금도 청구되지 않습니다.",
            ),
            Text::new(
                "Fix the lines named in errors.data[] (run the Batch file check), then submit again.",
                "errors.data[]에 나온 줄을 고친 뒤(배치 파일 검사를 돌려 보세요) 다시 제출하세요.",
            ),
        ),
        JobStatus::InProgress => (
            Text::new(
                "Requests are running; request_counts grows as they finish.",
                "요청이 실행 중입니다. 끝날 때마다 request_counts가 늘어납니다.",
            ),
            match (vendor, jobs_expire_after_window(catalog, vendor.subject())) {
                (Vendor::Azure, true) => Text::new(
                    format!("Poll no more often than every {poll} s, and watch the time left before expires_at."),
                    format!("{poll}초보다 자주 조회하지 말고, expires_at까지 남은 시간을 지켜보세요."),
                ),
                (Vendor::Azure, false) => Text::new(
                    format!("Poll no more often than every {poll} s. Azure aims to finish within the {window_h}-hour completion window but does not expire a job that takes longer: past expires_at it runs on until done, or until you cancel it (finished requests are returned and billed)."),
                    format!("{poll}초보다 자주 조회하지 마세요. Azure는 {window_h}시간 완료 기간 안에 끝내는 것을 목표로 하지만 더 오래 걸리는 작업을 만료시키지 않습니다. expires_at이 지나도 끝날 때까지, 또는 직접 취소할 때까지 계속 실행됩니다(끝난 요청은 반환되고 요금이 청구됩니다)."),
                ),
                (Vendor::OpenAi, true) => Text::new(
                    "Poll now and then, and watch the time left before expires_at: a job not done by then ends as expired.",
                    "가끔 조회하면서 expires_at까지 남은 시간을 지켜보세요. 그때까지 끝나지 않은 작업은 expired로 끝납니다.",
                ),
                (Vendor::OpenAi, false) => Text::new(
                    "Poll now and then; a job past expires_at runs on until done or cancelled.",
                    "가끔 조회하세요. expires_at이 지난 작업은 끝나거나 취소될 때까지 계속 실행됩니다.",
                ),
            },
        ),
        JobStatus::Finalizing => (
            Text::new(
                "All requests have finished; the service is writing the output and error files.",
                "모든 요청이 끝났고, 서비스가 출력 파일과 오류 파일을 쓰고 있습니다.",
            ),
            Text::new("Wait for completed; the files appear then.", "completed가 될 때까지 기다리세요. 그때 파일이 나옵니다."),
        ),
        JobStatus::Completed => (
            Text::new(
                "The job is done: results are in the output file, failures in the error file.",
                "작업이 끝났습니다. 결과는 출력 파일에, 실패는 오류 파일에 있습니다.",
            ),
            Text::new(
                "Download both files now and copy them to storage you own; join them here and resubmit the retry file.",
                "두 파일을 지금 다운로드해 직접 관리하는 스토리지로 복사하세요. 여기서 맞춰 본 뒤 재시도 파일을 다시 제출하세요.",
            ),
        ),
        JobStatus::Expired => (
            Text::new(
                format!("The {window_h}-hour completion window ran out. Finished requests are in the output file and are billed; the rest ended as batch_expired."),
                format!("{window_h}시간의 완료 기간이 끝났습니다. 끝난 요청은 출력 파일에 있고 요금이 청구되며, 나머지는 batch_expired로 끝났습니다."),
            ),
            Text::new(
                "Download the files, build the retry file here and submit it as a new job (smaller, or when there is more quota).",
                "파일을 다운로드해 여기서 재시도 파일을 만들고 새 작업으로 제출하세요(더 작게 나누거나 할당량 여유가 있을 때).",
            ),
        ),
        JobStatus::Cancelling => (
            Text::new(
                format!("Cancellation was asked; running requests are finishing (this can take up to {cancel_min} minutes)."),
                format!("취소를 요청했습니다. 실행 중인 요청을 마무리하는 중입니다(최대 {cancel_min}분 걸릴 수 있습니다)."),
            ),
            Text::new(
                "Wait for cancelled; finished requests will still be in the output file.",
                "cancelled가 될 때까지 기다리세요. 끝난 요청은 그래도 출력 파일에 남습니다.",
            ),
        ),
        JobStatus::Cancelled => (
            Text::new(
                "The job was cancelled. Finished requests are in the output file and are billed; the rest ended as batch_cancelled.",
                "작업이 취소되었습니다. 끝난 요청은 출력 파일에 있고 요금이 청구되며, 나머지는 batch_cancelled로 끝났습니다.",
            ),
            Text::new(
                "If the work is still wanted, build the retry file here and submit it.",
                "그 작업이 아직 필요하면 여기서 재시도 파일을 만들어 제출하세요.",
            ),
        ),
        JobStatus::Unknown(s) => (
            Text::new(format!("Status \"{s}\" is not one this page knows."), format!("\"{s}\" 상태는 이 페이지가 모르는 상태입니다.")),
            Text::new("Check the vendor's documentation for it.", "공급사 문서에서 확인하세요."),
        ),
    };
    StatusInfo { status: status.clone(), step: status.step(), terminal: status.is_terminal(), meaning, what_to_do: todo }
}

/// What a code in `errors.data[]` means and what to do.
pub fn explain_error_code(code: Option<&str>) -> Text {
    let (en, ko) = match code.unwrap_or("") {
        "invalid_json_line" => ("A line is not valid JSON. Fix or remove it.", "한 줄이 올바른 JSON이 아닙니다. 고치거나 지우세요."),
        "too_many_tasks" => {
            ("More requests than one file may hold. Split the file.", "한 파일에 담을 수 있는 것보다 요청이 많습니다. 파일을 나누세요.")
        }
        "url_mismatch" | "invalid_url" => (
            "A line's url does not match the batch endpoint. Use the same url on every line.",
            "어떤 줄의 url이 배치 엔드포인트와 다릅니다. 모든 줄에 같은 url을 쓰세요.",
        ),
        "model_not_found" => (
            "The model (on Azure: the Global Batch deployment name) was not found or does not support batch.",
            "model(Azure에서는 Global Batch 배포 이름)을 찾을 수 없거나 배치를 지원하지 않습니다.",
        ),
        "duplicate_custom_id" => (
            "Two lines share a custom_id. Make every custom_id unique.",
            "두 줄이 같은 custom_id를 씁니다. custom_id를 모두 고유하게 하세요.",
        ),
        "empty_file" | "empty_batch" => ("The input file has no request.", "입력 파일에 요청이 없습니다."),
        "model_mismatch" => (
            "A line names a different deployment than the rest. One file, one deployment.",
            "어떤 줄이 나머지와 다른 배포를 가리킵니다. 파일 하나에는 배포 하나만 씁니다.",
        ),
        "invalid_request" => (
            "A line's schema is invalid (or the deployment is not a Global Batch deployment).",
            "어떤 줄의 스키마가 잘못되었습니다(또는 배포가 Global Batch 배포가 아닙니다).",
        ),
        "missing_required_parameter" => (
            "A line lacks custom_id, method, url or body; param names which.",
            "어떤 줄에 custom_id, method, url, body 중 하나가 없습니다. param이 어느 것인지 알려 줍니다.",
        ),
        "streaming_unsupported" => (
            "A line sets stream: true, which batch does not support. Remove it.",
            "어떤 줄이 배치가 지원하지 않는 stream: true를 씁니다. 지우세요.",
        ),
        "token_limit_exceeded" => (
            "The file's tokens exceed the enqueued-token quota. Wait for earlier jobs to finish, split the file, or raise the quota.",
            "파일의 토큰이 큐에 넣은 토큰 할당량을 넘습니다. 앞선 작업이 끝나길 기다리거나, 파일을 나누거나, 할당량을 올리세요.",
        ),
        "input_modified" => (
            "The input blob changed after submission. Submit again without touching it.",
            "제출 뒤에 입력 blob이 바뀌었습니다. 건드리지 말고 다시 제출하세요.",
        ),
        "input_no_permissions" => {
            ("The service cannot read the input blob. Grant it access.", "서비스가 입력 blob을 읽을 수 없습니다. 접근 권한을 주세요.")
        }
        _ => ("A code this page does not know; read the message.", "이 페이지가 모르는 코드입니다. 메시지를 읽어 보세요."),
    };
    Text::new(en, ko)
}

pub fn warning_text(w: &JobWarning) -> Text {
    match w {
        JobWarning::CompletedWithoutOutput => Text::new(
            "Completed, but output_file_id is null: no request succeeded. Every result is in the error file (error_file_id).",
            "completed인데 output_file_id가 null입니다. 성공한 요청이 하나도 없다는 뜻이고, 모든 결과는 오류 파일(error_file_id)에 있습니다.",
        ),
        JobWarning::CopyOutputBeforeDeletion { deletes_at } => {
            let d = format_utc(*deletes_at);
            Text::new(format!("The output and error files are deleted on {d}. Copy them to storage you own before then."), format!("출력 파일과 오류 파일은 {d}에 삭제됩니다. 그 전에 직접 관리하는 스토리지로 복사하세요."))
        }
        JobWarning::OutputAlreadyDeleted { deleted_at } => {
            let d = format_utc(*deleted_at);
            Text::new(format!("The output files were due for deletion on {d}; they may be gone."), format!("출력 파일은 {d}에 삭제될 예정이었습니다. 이미 없을 수 있습니다."))
        }
        JobWarning::ExpiryOutOfRange { seconds, min, max } => Text::new(format!("output_expires_after is {seconds} s, outside the documented {min}–{max} s."), format!("output_expires_after가 {seconds}초로, 문서에 나온 {min}–{max}초 범위를 벗어납니다.")),
        JobWarning::UnknownAnchor { anchor } => Text::new(format!("output_expires_after.anchor is \"{anchor}\"; only created_at is documented. The date assumes created_at."), format!("output_expires_after.anchor가 \"{anchor}\"입니다. 문서에는 created_at만 있으므로 created_at 기준으로 계산했습니다.")),
        JobWarning::DeletionDateUnknown => Text::new(
            "No output_expires_after on the job: the deletion date cannot be computed. Copy the files to your own storage now.",
            "작업에 output_expires_after가 없어 삭제일을 계산할 수 없습니다. 지금 파일을 직접 관리하는 스토리지로 복사하세요.",
        ),
        JobWarning::JobExpired { unfinished } => {
            let n = crate::format::format_count(*unfinished as f64);
            let en = if *unfinished == 1 {
                format!("The job expired with {n} request unfinished; it is in the retry file as batch_expired.")
            } else {
                format!("The job expired with {n} requests unfinished; they are in the retry file as batch_expired.")
            };
            Text::new(en, format!("작업이 만료되어 요청 {n}건이 끝나지 못했습니다. batch_expired로 재시도 파일에 들어갑니다."))
        }
        JobWarning::PastExpiry => Text::new(
            "The job is past expires_at and still not finished: it will end as expired.",
            "작업이 expires_at을 지났는데 아직 끝나지 않았습니다. expired로 끝날 것입니다.",
        ),
        JobWarning::PastWindowRunsOn => Text::new(
            "The job is past expires_at and still not finished. It is not expired: it runs on until done, or until you cancel it (finished requests are returned and billed).",
            "작업이 expires_at을 지났는데 아직 끝나지 않았습니다. 만료되지 않으며 끝날 때까지, 또는 직접 취소할 때까지 계속 실행됩니다(끝난 요청은 반환되고 요금이 청구됩니다).",
        ),
        JobWarning::NumberOutOfRange { field } => Text {
            en: format!("{field} holds numbers too large to compute with; the figures that need them are not shown."),
            ko: format!("{field}의 값이 너무 커서 계산할 수 없습니다. 그 값이 필요한 수치는 표시하지 않습니다."),
        },
    }
}

/// `YYYY-MM-DD HH:MM UTC` for a Unix time.
pub fn format_utc(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let (y, m, d) = crate::io::civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", secs / 3_600, secs % 3_600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_utc(1_700_000_000), "2023-11-14 22:13 UTC");
        assert_eq!(format_utc(951_782_400), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn an_expired_job_counts_its_unfinished_requests_in_words() {
        // It read "The job expired with 1 requests unfinished; they are …".
        let one = warning_text(&JobWarning::JobExpired { unfinished: 1 });
        assert_eq!(one.en, "The job expired with 1 request unfinished; it is in the retry file as batch_expired.");
        let many = warning_text(&JobWarning::JobExpired { unfinished: 50_000 });
        assert_eq!(many.en, "The job expired with 50,000 requests unfinished; they are in the retry file as batch_expired.");
        assert_eq!(many.ko, "작업이 만료되어 요청 50,000건이 끝나지 못했습니다. batch_expired로 재시도 파일에 들어갑니다.");
    }
}
