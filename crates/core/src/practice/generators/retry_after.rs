//! Why Retry-After comes first: honour the server's wait, back off
//! exponentially only when it gives none.

use super::{figure, Draft, Scenario};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::practice::format::number;
use crate::practice::rng::Rng;
use crate::text::Text;

fn why_first() -> Scenario {
    Scenario {
        stem: Text::new("Why does a client that got a 429 read the Retry-After header and use its value before its own exponential backoff?", "429를 받은 클라이언트가 Retry-After 헤더를 읽어 그 값을 지수 백오프보다 먼저 쓰는 이유는?"),
        right: Text::new("Because ignoring the wait the service asked for and retrying at once pushes the limit even harder", "서비스가 알려 준 대기 시간을 무시하고 즉시 재시도하면 한도에 더 세게 부딪혀 429만 늘어나므로"),
        wrong: vec![
            Text::new("Because an exception is raised when the header is missing", "헤더가 없으면 예외가 나므로"),
            Text::new("Because it is always shorter than exponential backoff", "지수 백오프보다 항상 짧으므로"),
            Text::new("Because the quota then grows automatically", "할당량이 자동으로 늘어나므로"),
            Text::new("Because retries that follow the header are not billed", "헤더를 따르면 재시도 요청에는 요금이 청구되지 않으므로"),
        ],
        explanation: Text::new("A service at its limit answers 429 and says when to come back. Ignoring that and retrying at once only pushes a full limit harder. \
             The header is not always shorter than the backoff — the server may ask for longer — and when it is missing, the client falls back to its backoff, not an exception.", "한도에 도달한 서비스는 429와 함께 언제 다시 오라고 알려 줍니다. 그 값을 무시하고 곧바로 다시 던지면 이미 가득 찬 한도에 더 세게 부딪혀 429만 늘릴 뿐입니다. \
             헤더 값이 백오프보다 항상 짧은 것도 아니고 — 서버가 더 긴 시간을 요구할 수 있습니다 — 헤더가 없을 때는 예외가 아니라 백오프 값으로 떨어지게 짭니다."),
    }
}

fn no_header() -> Scenario {
    Scenario {
        stem: Text::new("A 429 response carries no Retry-After header. What should the client do?", "429 응답에 Retry-After 헤더가 없습니다. 클라이언트는 어떻게 해야 합니까?"),
        right: Text::new("Back off exponentially — double the wait on every retry", "지수 백오프로 기다린다 — 재시도마다 대기 시간을 두 배로 늘린다"),
        wrong: vec![
            Text::new("Send it again at once", "곧바로 다시 보낸다"),
            Text::new("Keep resending at the same short interval until it succeeds", "같은 짧은 간격으로 성공할 때까지 계속 보낸다"),
            Text::new("Request a quota increase and drop requests meanwhile", "할당량 증설을 신청하고 그동안 요청을 버린다"),
            Text::new("Resend with a larger max_tokens", "max_tokens를 늘려 다시 보낸다"),
        ],
        explanation: Text::new("Without the header the server has not said how long to wait, so the client spaces its retries itself: exponential backoff, doubling the wait each time, is the standard form. \
             Retrying at once or at a fixed short interval keeps hammering the limit. A larger max_tokens makes each request count for more and reaches TPM sooner.", "헤더가 없으면 서버가 대기 시간을 알려 주지 않은 것이므로 클라이언트가 스스로 간격을 벌립니다. 재시도마다 대기 시간을 두 배로 늘리는 지수 백오프가 기본형이고, \
             곧바로 또는 같은 간격으로 되풀이하면 한도를 계속 두드리게 됩니다. max_tokens를 늘리면 요청이 더 크게 잡혀 오히려 TPM 한도에 더 빨리 도달합니다."),
    }
}

fn longer_header(rng: &mut Rng) -> Scenario {
    let backoff = 2_u64.pow(rng.range(0, 2) as u32);
    let header = rng.range(backoff + 3, 45);
    let (b, h) = (backoff.to_string(), header.to_string());
    Scenario {
        stem: Text::new(format!("The client's next backoff wait is {b} seconds, but the 429's Retry-After header says {h} seconds. How long does it wait before retrying?"), format!("클라이언트의 다음 백오프 대기가 {b}초인데, 429 응답의 Retry-After 헤더는 {h}초라고 말합니다. 얼마나 기다렸다가 다시 보냅니까?")),
        right: Text::new(format!("{h} seconds — the server's wait comes first"), format!("{h}초 — 서버가 말한 시간을 먼저 따른다")),
        wrong: vec![
            Text::new(format!("{b} seconds — the backoff value wins"), format!("{b}초 — 백오프 값이 우선이다")),
            Text::new("It does not wait at all", "기다리지 않고 바로 보낸다"),
            Text::new(format!("Whichever of {b} and {h} seconds is shorter"), format!("{b}초와 {h}초 중 짧은 쪽")),
            Text::new("A fixed minute", "1분을 고정으로 기다린다"),
        ],
        explanation: Text::new(format!("The server asked for {h} seconds, so the client waits {h} seconds. The backoff is the fallback for when the header is missing; waiting less than the server asked earns another 429."), format!("서버가 {h}초를 요구했으므로 {h}초를 기다립니다. 백오프 값은 헤더가 없을 때 쓰는 대비책이고, 서버의 요구보다 짧게 기다리면 또 429를 받습니다.")),
    }
}

fn retry_storm(catalog: &Catalog) -> Scenario {
    let window = number(figure(catalog, Kind::ShortWindowSeconds, "any"));
    let min_window = number(figure(catalog, Kind::ShortWindowSecondsMin, "any"));
    Scenario {
        stem: Text::new("Twenty workers are written to retry the moment they get a 429. What happens?", "워커 스무 개가 429를 받자마자 모두 곧바로 재시도하도록 짜여 있습니다. 무슨 일이 벌어집니까?"),
        right: Text::new(format!("More 429s — limits are enforced over short windows such as {min_window} or {window} seconds, and the retries keep those windows full"), format!("429가 더 늘어난다 — 한도는 {min_window}초나 {window}초 같은 짧은 구간으로 집행되어 재시도가 그 구간을 계속 채운다")),
        wrong: vec![
            Text::new("Nothing — limits are counted per whole minute only, so they clear soon", "문제없다 — 한도는 1분 단위로만 계산되므로 곧 풀린다"),
            Text::new("The service sees the load and raises the quota automatically", "서비스가 부하를 보고 할당량을 자동으로 늘린다"),
            Text::new("Retries do not count tokens, so there is no effect", "재시도 요청은 토큰을 세지 않으므로 영향이 없다"),
            Text::new("Requests that got 429 wait in a service-side queue and run in turn", "429를 받은 요청은 서비스 쪽 큐에 쌓였다가 차례로 처리된다"),
        ],
        explanation: Text::new(format!(
                "Rate limits are written per minute but enforced over short windows such as {min_window} or {window} seconds. \
                 When everyone retries at once, the window fills again before it empties and the 429s continue. Follow Retry-After and add jitter to the backoff to spread retries. \
                 A request that got 429 is not queued anywhere, and the quota does not grow by itself."
            ), format!(
                "속도 제한은 분 단위 값으로 적혀 있어도 실제로는 {min_window}초나 {window}초 같은 짧은 구간으로 집행됩니다. \
                 모두가 동시에 곧바로 재시도하면 구간이 비기 전에 다시 채워져 429가 이어집니다. Retry-After를 따르고 백오프에 흔들림(jitter)을 더해 재시도를 흩어야 합니다. \
                 429를 받은 요청은 어디에도 쌓이지 않으며, 할당량도 저절로 늘지 않습니다."
            )),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let scenario = match rng.below(4) {
        0 => why_first(),
        1 => no_header(),
        2 => longer_header(rng),
        _ => retry_storm(catalog),
    };
    scenario.into_draft(rng)
}
