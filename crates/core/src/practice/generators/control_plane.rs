//! The batch control plane's choices: who submits, where the retry lives,
//! when enqueued tokens stop counting, what a job larger than the quota
//! needs, and what is lost when output files expire. Figures from the catalog.

use super::{figure, Draft, Scenario};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::practice::format::number;
use crate::practice::rng::Rng;
use crate::text::Text;

const SECONDS_PER_DAY: f64 = 86_400.0;
const SECONDS_PER_HOUR: f64 = 3_600.0;

fn who_submits() -> Scenario {
    Scenario {
        stem: Text::new("Three teams submit batch jobs straight to the shared Global Batch deployment. Finance now wants token usage per tenant, and one team's jobs keep starving the others. What fixes both?", "세 팀이 공유 Global Batch 배포에 배치 작업을 직접 제출합니다. 재무팀은 테넌트별 토큰 사용량을 원하고, 한 팀의 작업이 계속 다른 팀을 굶깁니다. 둘 다 해결하는 것은?"),
        right: Text::new("Make a control plane the only submitter (only its identity may create batch jobs); it records each job against its tenant and keeps the enqueued-token budget", "컨트롤 플레인을 유일한 제출자로 만든다 (배치 작업 생성은 그 ID만 가능). 작업마다 테넌트를 기록하고 큐에 넣은 토큰 예산을 지킨다"),
        wrong: vec![
            Text::new("Put an API Management token-metric policy in front of the deployment", "배포 앞에 API Management 토큰 지표 정책을 둔다"),
            Text::new("Ask each team to put its tenant in the job's metadata", "각 팀에게 작업 metadata에 테넌트를 적으라고 한다"),
            Text::new("Read the deployment's token metrics in Azure Monitor", "Azure Monitor에서 배포의 토큰 지표를 읽는다"),
            Text::new("Raise the deployment's TPM", "배포의 TPM을 올린다"),
        ],
        explanation: Text::new("Batch jobs do not pass through API Management, and the deployment's metrics know nothing of tenants. Only a single submitter sees every job: it can attribute usage from each job's output to the tenant it recorded, and hold jobs that don't fit so one team cannot fill the shared enqueued-token quota. Metadata written by the teams is a convention, not a control; TPM is a different quota from the enqueued-token one.", "배치 작업은 API Management를 거치지 않고, 배포의 지표는 테넌트를 모릅니다. 모든 작업을 보는 것은 단일 제출자뿐입니다. 그래야 기록해 둔 테넌트에 각 작업 출력의 사용량을 귀속하고, 들어갈 자리가 없는 작업을 붙잡아 한 팀이 공유 큐에 넣은 토큰 할당량을 채우지 못하게 할 수 있습니다. 팀이 적는 metadata는 약속일 뿐 통제가 아니고, TPM은 큐에 넣은 토큰 할당량과 다른 할당량입니다."),
    }
}

fn retry_lives(catalog: &Catalog) -> Scenario {
    let first = number(figure(catalog, Kind::FailFastFirstBackoffSeconds, "azure"));
    Scenario {
        stem: Text::new("A batch job fails at once with token_limit_exceeded. Where should the retry live?", "배치 작업이 token_limit_exceeded로 바로 실패했습니다. 재시도는 어디에 두어야 합니까?"),
        right: Text::new(format!("In the control plane: it keeps the job queued and retries with exponential backoff (from {first} s, doubling) once tokens are free"), format!("컨트롤 플레인에: 작업을 큐에 두고, 토큰이 풀리면 지수 백오프({first}초부터 두 배씩)로 재시도한다")),
        wrong: vec![
            Text::new("In each application, resubmitting in a tight loop", "각 애플리케이션에서 쉬지 않고 다시 제출한다"),
            Text::new("Nowhere: the service queues the job by itself", "필요 없다: 서비스가 알아서 작업을 큐에 넣는다"),
            Text::new("In the worker pods, scaled up by KEDA", "KEDA로 늘린 워커 파드에"),
            Text::new("In an alert: a person resubmits it the next morning", "알림에: 다음 날 아침 사람이 다시 제출한다"),
        ],
        explanation: Text::new(format!("A job over the enqueued-token quota is rejected, not queued. The control plane is the one place that knows how many tokens its jobs hold, so it can hold the job until others reach a terminal state and back off (from {first} s, doubling) when someone else's jobs fill the quota. Retries spread over the applications hammer the service and ignore one another."), format!("큐에 넣은 토큰 할당량을 넘는 작업은 큐에 들어가지 않고 거부됩니다. 자기 작업이 토큰을 얼마나 잡고 있는지 아는 곳은 컨트롤 플레인뿐이므로, 다른 작업이 종료 상태가 될 때까지 작업을 붙잡고, 다른 사람의 작업이 할당량을 채웠을 때는 ({first}초부터 두 배씩) 물러설 수 있습니다. 애플리케이션마다 흩어진 재시도는 서비스를 두드리고 서로를 모릅니다.")),
    }
}

fn tokens_release() -> Scenario {
    Scenario {
        stem: Text::new("The control plane tracks the enqueued-token budget of its jobs. When do a job's tokens stop counting against the quota?", "컨트롤 플레인이 자기 작업들의 큐에 넣은 토큰 예산을 추적합니다. 작업의 토큰은 언제 할당량에서 빠집니까?"),
        right: Text::new("When the job reaches a terminal state: completed, failed, expired or cancelled", "작업이 종료 상태(completed, failed, expired, cancelled)가 될 때"),
        wrong: vec![
            Text::new("When validation ends and the job is in_progress", "검증이 끝나 in_progress가 될 때"),
            Text::new("As soon as the job is created", "작업이 만들어지자마자"),
            Text::new("When the output file has been downloaded", "출력 파일을 다운로드했을 때"),
            Text::new("Each minute, in proportion to the requests completed", "완료된 요청 수에 비례해 매분"),
        ],
        explanation: Text::new("Enqueued tokens are held from submission until the job is terminal, finalizing included. A budget that frees tokens earlier lets the control plane start jobs the service then rejects with token_limit_exceeded.", "큐에 넣은 토큰은 제출부터 작업이 종료될 때까지(finalizing 포함) 잡혀 있습니다. 그보다 일찍 토큰을 풀어 주는 예산은 서비스가 token_limit_exceeded로 거부할 작업을 시작하게 만듭니다."),
    }
}

fn too_large() -> Scenario {
    Scenario {
        stem: Text::new("One job on its own needs more enqueued tokens than the deployment's whole quota. What should the control plane do?", "작업 하나가 혼자서도 배포의 할당량 전체보다 많은 큐에 넣은 토큰을 필요로 합니다. 컨트롤 플레인은 어떻게 해야 합니까?"),
        right: Text::new("Refuse it at submission and have the file split into jobs that each fit", "제출 시점에 거부하고, 각각 할당량에 들어가는 작업으로 파일을 나누게 한다"),
        wrong: vec![
            Text::new("Queue it until the other jobs finish", "다른 작업이 끝날 때까지 큐에 둔다"),
            Text::new("Retry it with exponential backoff", "지수 백오프로 재시도한다"),
            Text::new("Submit it anyway: the service splits large files", "그냥 제출한다: 서비스가 큰 파일을 나눈다"),
            Text::new("Move it to another tenant's budget", "다른 테넌트의 예산으로 옮긴다"),
        ],
        explanation: Text::new("Waiting frees tokens held by other jobs, never more than the quota itself: such a job is rejected however empty the queue is, and a queue or backoff would hold it forever. Split the file (one deployment per file still) so that each part fits.", "기다리면 다른 작업이 잡은 토큰이 풀릴 뿐 할당량 자체보다 많아지지는 않습니다. 이런 작업은 큐가 비어 있어도 거부되므로 큐나 백오프는 그것을 영원히 붙잡아 둘 뿐입니다. 파일을 나누어(여전히 파일당 배포 하나) 각 부분이 들어가게 하세요."),
    }
}

fn outputs_expire(catalog: &Catalog) -> Scenario {
    let min = number(figure(catalog, Kind::OutputExpiresMinSeconds, "azure") / SECONDS_PER_DAY);
    let max = number(figure(catalog, Kind::OutputExpiresMaxSeconds, "azure") / SECONDS_PER_DAY);
    let window = number(figure(catalog, Kind::CompletionWindowSeconds, "any") / SECONDS_PER_HOUR);
    Scenario {
        stem: Text::new(format!("The control plane records each completed job's output_file_id in its ledger and stops there. Output files expire after {min}–{max} days. What is lost?"), format!("컨트롤 플레인이 완료된 작업의 output_file_id만 원장에 기록하고 끝냅니다. 출력 파일은 {min}–{max}일 뒤 만료됩니다. 무엇을 잃습니까?")),
        right: Text::new("The results and the usage in them: copy output and error files to your own storage at completion", "결과와 그 안의 사용량: 완료 즉시 출력·오류 파일을 자체 스토리지로 복사해야 한다"),
        wrong: vec![
            Text::new("Nothing: the ledger keeps the file id, so the file can be fetched later", "없다: 원장에 파일 ID가 있으니 나중에 가져오면 된다"),
            Text::new("Nothing: the job can be re-run for free", "없다: 작업을 무료로 다시 돌리면 된다"),
            Text::new(format!("Only jobs still running after the {window} h window"), format!("{window}시간 완료 기간이 지난 뒤에도 돌고 있는 작업만")),
            Text::new("Only the error file; the output file is kept", "오류 파일만; 출력 파일은 남는다"),
        ],
        explanation: Text::new(format!("An id outlives its file: after {min}–{max} days the service deletes the output and error files, and with them the answers and the usage per request that attribution needs. Expiry is a scheduled data loss; a re-run is billed again. Copy both files when the job completes."), format!("ID는 파일보다 오래 삽니다. {min}–{max}일이 지나면 서비스가 출력·오류 파일을 지우고, 답과 귀속에 필요한 요청별 사용량도 함께 사라집니다. 만료는 예정된 데이터 손실이며 다시 돌리면 또 요금이 청구됩니다. 작업이 완료되면 두 파일을 모두 복사하세요.")),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let scenario = match rng.below(5) {
        0 => who_submits(),
        1 => retry_lives(catalog),
        2 => tokens_release(),
        3 => too_large(),
        _ => outputs_expire(catalog),
    };
    scenario.into_draft(rng)
}
