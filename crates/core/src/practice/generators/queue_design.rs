//! Queue workers for LLM calls: complete a content-filter refusal, abandon
//! only infrastructure failures, claim-check big payloads, and never put an
//! HPA next to a KEDA ScaledObject. Figures from the catalog.

use super::{figure, Draft, Scenario};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::practice::format::number;
use crate::practice::rng::Rng;
use crate::text::Text;

const BYTES_PER_KB: f64 = 1_024.0;

fn refusal(catalog: &Catalog) -> Scenario {
    let deliveries = number(figure(catalog, Kind::SbMaxDeliveryCount, "default"));
    Scenario {
        stem: Text::new("A worker handling a Service Bus message gets a content-filter refusal from the model (finish_reason: content_filter). What should it do with the message?", "Service Bus 메시지를 처리하던 워커에게 모델이 콘텐츠 필터 차단(finish_reason: content_filter)으로 답했습니다. 워커는 메시지를 어떻게 처리해야 합니까?"),
        right: Text::new("Complete it and record the refusal as the message's result", "complete 처리하고, 거부를 그 메시지의 결과로 기록한다"),
        wrong: vec![
            Text::new("Abandon it so that it is delivered again", "abandon해서 다시 배달되게 한다"),
            Text::new(format!("Retry with exponential backoff up to the maximum delivery count ({deliveries})"), format!("지수 백오프를 붙여 최대 배달 횟수({deliveries}회)까지 재시도한다")),
            Text::new("Send it straight to the dead-letter queue", "곧바로 dead-letter 큐로 보낸다"),
            Text::new("Restart the worker so another instance picks it up", "워커를 재시작해 다른 인스턴스가 받게 한다"),
        ],
        explanation: Text::new(format!(
                "A content-filter refusal is a result, not a failure. The same input is refused however often it is sent, so abandoning it only burns quota while the delivery count climbs to {deliveries} on a message that can never succeed. \
                 The dead-letter queue is for real failures; filling it with refusals makes the two impossible to tell apart. Abandon only on infrastructure failures."
            ), format!(
                "콘텐츠 필터 거부는 실패가 아니라 결과입니다. 같은 입력은 몇 번을 보내도 또 거부되므로, abandon하면 절대 성공할 수 없는 메시지 위에서 배달 횟수만 {deliveries}회까지 올라가고 할당량을 태웁니다. \
                 dead-letter 큐는 진짜 실패를 위한 자리이므로 거부로 채우면 아무도 둘을 구분할 수 없습니다. abandon은 인프라 실패에만 씁니다."
            )),
    }
}

fn infra_failure() -> Scenario {
    Scenario {
        stem: Text::new("A worker's call to the model fails with a dropped connection and a timeout. What should it do with the message?", "워커가 모델을 부르던 중 연결이 끊겨 시간 초과로 실패했습니다. 메시지는 어떻게 처리해야 합니까?"),
        right: Text::new("Abandon it so that it is delivered again", "abandon해서 다시 배달되게 한다"),
        wrong: vec![
            Text::new("Complete it and record the failure as its result", "complete 처리하고 실패를 결과로 기록한다"),
            Text::new("Delete the message and only log it", "메시지를 지우고 로그만 남긴다"),
            Text::new("Enqueue a copy at the back of the queue and complete the original", "같은 내용으로 새 메시지를 만들어 큐 맨 뒤에 넣고 원래 것은 complete한다"),
            Text::new("Treat it exactly like a model refusal", "모델 거부와 똑같이 취급한다"),
        ],
        explanation: Text::new("A dropped connection or a timeout is an infrastructure failure that may succeed on a retry, so abandon the message to have it delivered again; past the delivery limit it lands in the dead-letter queue. \
             Completing it loses the work without a result. Only outcomes that are final, like a content-filter refusal, are not retried.", "연결 끊김이나 시간 초과는 인프라 실패라서 다시 시도하면 성공할 수 있습니다. 그래서 abandon해 다시 배달되게 하고, 배달 횟수 한도를 넘으면 dead-letter 큐로 갑니다. \
             complete해 버리면 결과 없이 일이 사라집니다. 재시도하지 않는 것은 콘텐츠 필터 거부처럼 결과가 정해진 경우뿐입니다."),
    }
}

fn claim_check(catalog: &Catalog) -> Scenario {
    let prop = number(figure(catalog, Kind::SbMaxPropertyBytes, "any") / BYTES_PER_KB);
    let props = number(figure(catalog, Kind::SbMaxPropertiesBytes, "any") / BYTES_PER_KB);
    let double = number(figure(catalog, Kind::SbDoubleCountBytes, "any") / BYTES_PER_KB / BYTES_PER_KB);
    Scenario {
        stem: Text::new("Uploaded documents (several MB each) go to workers that embed and summarize them. What should the Service Bus message carry?", "업로드된 문서(수 MB)를 임베딩·요약하는 워커에게 일을 넘기려 합니다. Service Bus 메시지에는 무엇을 담아야 합니까?"),
        right: Text::new("The document goes to Blob Storage; the message carries only the blob reference, tenant ID, model alias and correlation ID", "문서는 Blob Storage에 두고, 메시지에는 blob 참조·테넌트 ID·모델 alias·correlation ID만 담는다"),
        wrong: vec![
            Text::new("Put the document text in a user property", "문서 본문을 user property에 넣는다"),
            Text::new("Put the document and the prompt in the message body as they are", "문서와 프롬프트를 메시지 바디에 그대로 넣는다"),
            Text::new("Split the document over several messages and let the worker stitch them", "문서를 여러 메시지로 잘라 보내고 워커가 다시 잇는다"),
            Text::new("Base64-encode the document into a header", "문서를 base64로 인코딩해 헤더에 싣는다"),
        ],
        explanation: Text::new(format!(
                "This is the claim-check pattern. Service Bus limits one property to {prop} KB and headers plus properties to {props} KB, throwing a serialization exception beyond that, and a body over {double} MB counts double against the entity's size quota. \
                 With the document in Blob Storage the message stays small, queue depth stays a meaningful metric, and the payload already sits where the worker wants to stream it from."
            ), format!(
                "claim-check 패턴입니다. Service Bus는 속성 하나를 {prop} KB, 헤더와 속성의 합을 {props} KB로 제한하고 넘으면 직렬화 예외를 던지며, 바디도 {double} MB를 넘으면 엔티티 크기 할당량에 두 배로 계산됩니다. \
                 문서를 Blob Storage에 두면 메시지는 작게 유지되고, 큐 깊이는 의미 있는 지표로 남고, 페이로드는 워커가 스트리밍해 올 자리에 이미 있습니다."
            )),
    }
}

fn keda_hpa() -> Scenario {
    Scenario {
        stem: Text::new("A worker deployment already has a Horizontal Pod Autoscaler (HPA), and a KEDA ScaledObject is to be added to scale it on queue length. What should be done?", "이미 Horizontal Pod Autoscaler(HPA)가 붙은 워커 배포를 큐 길이로 스케일하려고 KEDA ScaledObject를 추가하려 합니다. 어떻게 해야 합니까?"),
        right: Text::new("Remove the HPA and keep only the ScaledObject — KEDA creates its own HPA underneath", "HPA를 지우고 ScaledObject만 둔다 — KEDA가 밑에서 HPA를 직접 만든다"),
        wrong: vec![
            Text::new("Add it alongside; the two complement each other", "둘 다 두면 서로 보완하므로 그대로 추가한다"),
            Text::new("Set the HPA's minReplicas to 0 and keep both", "HPA의 minReplicas를 0으로 바꾼 뒤 함께 둔다"),
            Text::new("Install a team KEDA with Helm next to the platform's", "플랫폼의 KEDA 옆에 팀용 KEDA를 Helm으로 하나 더 설치한다"),
            Text::new("Skip KEDA and wire queue length into the HPA directly", "ScaledObject 대신 HPA에 큐 길이 지표를 직접 연결한다"),
        ],
        explanation: Text::new("KEDA drives an HPA underneath, so putting both on one workload makes them fight: with the HPA first, creating the ScaledObject fails; with the ScaledObject first, the HPA is created anyway and scaling misbehaves. \
             A cluster allows one external metric server, so a second KEDA installation is not supported either.", "KEDA는 밑에서 HPA를 쓰기 때문에 같은 워크로드에 둘을 붙이면 경쟁합니다. HPA가 먼저 있으면 ScaledObject 생성이 실패하고, ScaledObject가 먼저 있으면 HPA가 어쨌든 생성되어 스케일링이 이상해집니다. \
             클러스터당 external metric server는 하나만 허용되므로 KEDA를 여러 벌 설치하는 것도 지원되지 않습니다."),
    }
}

fn max_replicas() -> Scenario {
    Scenario {
        stem: Text::new("What should set the maxReplicaCount of a queue worker's KEDA ScaledObject?", "큐 워커의 KEDA maxReplicaCount는 무엇을 보고 정해야 합니까?"),
        right: Text::new("How many workers the model deployment's quota (TPM and RPM) serves without 429s", "모델 배포의 할당량(TPM·RPM)이 429 없이 감당하는 워커 수"),
        wrong: vec![
            Text::new("The most pods the cluster's nodes can run", "클러스터 노드가 띄울 수 있는 최대 파드 수"),
            Text::new("The longest queue ever seen", "지금까지 본 가장 긴 큐 길이"),
            Text::new("Leave KEDA's default", "KEDA 기본값을 그대로 둔다"),
            Text::new("The number of tenants", "테넌트 수"),
        ],
        explanation: Text::new("KEDA happily scales to maxReplicaCount on backlog alone. Beyond what the deployment's TPM allows, the extra workers only produce 429s and the queue drains no faster. \
             Twenty workers each getting 429s are worse than five that do not.", "KEDA는 백로그만 보고 기꺼이 maxReplicaCount까지 스케일합니다. 그 수가 모델 배포의 TPM이 허용하는 수준을 넘으면 초과 워커는 429만 만들고 큐는 조금도 빨리 비워지지 않습니다. \
             각자 429를 받는 워커 스무 개는 그러지 않는 다섯 개보다 나쁩니다."),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let scenario = match rng.below(5) {
        0 => refusal(catalog),
        1 => infra_failure(),
        2 => claim_check(catalog),
        3 => keda_hpa(),
        _ => max_replicas(),
    };
    scenario.into_draft(rng)
}
