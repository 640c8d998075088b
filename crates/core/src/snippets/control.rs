//! The batch control plane: one Python service that is the only batch
//! submitter (tenants and aliases → Global Batch deployments, the JSONL
//! writer with the batch file rules, the enqueued-token budget and queue,
//! backoff on `token_limit_exceeded`, a SQLite ledger per tenant, the
//! poller with an alert hook, copies to owned storage, usage per tenant).

use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use super::code::{check_addresses, check_expiry, fill, is_https_url, py_str, Dialect, AZURE_BATCH_API_VERSION};
use super::text::{FormError, Text};
use crate::facts::{Catalog, Kind};

const PYTHON: &str = include_str!("control_plane.py.tmpl");

/// What the service needs installed (one a line), beside the standard library.
/// `openai` at the version the fault tests run (`tests/fixtures/python/requirements.txt`):
/// it has `files.create(expires_after=)`, `batches.create(output_expires_after=)`
/// and `with_options(max_retries=0)`.
pub const REQUIREMENTS: [&str; 3] = ["openai>=3.57", "azure-identity", "azure-storage-blob>=12"];

/// One tenant's model alias and the Global Batch deployment it resolves to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    pub tenant: String,
    pub alias: String,
    pub deployment: String,
}

/// Where a failed, expired or cancelled job is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AlertHook {
    /// A line on standard error only.
    Log,
    /// The log line, and a JSON POST to a URL.
    Webhook,
    /// The log line, and an Application Insights custom event.
    AzureMonitor,
}

impl AlertHook {
    pub const ALL: [AlertHook; 3] = [AlertHook::Log, AlertHook::Webhook, AlertHook::AzureMonitor];

    /// The name in the generated code and in links.
    pub fn as_str(self) -> &'static str {
        match self {
            AlertHook::Log => "log",
            AlertHook::Webhook => "webhook",
            AlertHook::AzureMonitor => "azure_monitor",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|h| h.as_str() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlOptions {
    pub dialect: Dialect,
    /// Azure: `https://<resource>.openai.azure.com` (unused for OpenAI).
    pub endpoint: String,
    pub api_version: String,
    /// Every line's `url`: one of the dialect's batch endpoints.
    pub endpoint_path: String,
    /// `tenant/alias=deployment` entries, separated by `;` or new lines.
    pub routes: String,
    /// Enqueued-token quota of a deployment not in [`Self::deployment_quotas`].
    pub enqueued_quota: u64,
    /// Enqueued-token quota per deployment (`deployment`, tokens): each
    /// Global Batch deployment has its own, by its model.
    pub deployment_quotas: Vec<(String, u64)>,
    pub output_expires_after_seconds: i64,
    pub poll_interval_seconds: i64,
    pub owned_account_url: String,
    pub owned_container: String,
    pub alert_hook: AlertHook,
    /// Only for [`AlertHook::Webhook`].
    pub webhook_url: String,
    /// Where the ledgers (`<tenant>.sqlite3`) and written files live.
    pub ledger_dir: String,
}

impl ControlOptions {
    pub fn new(dialect: Dialect, catalog: &Catalog) -> Self {
        let expires = match dialect {
            Dialect::Azure => catalog.require(Kind::OutputExpiresMaxSeconds, "azure"),
            Dialect::OpenAi => catalog.require(Kind::OutputExpiresMaxSeconds, "openai"),
        } as i64;
        Self {
            dialect,
            endpoint: "https://contoso-aoai.openai.azure.com".into(),
            api_version: AZURE_BATCH_API_VERSION.into(),
            endpoint_path: match dialect {
                Dialect::Azure => "/chat/completions".into(),
                Dialect::OpenAi => "/v1/chat/completions".into(),
            },
            routes: "contoso/summarize=batch-gpt-4o-mini; fabrikam/summarize=batch-gpt-4o-mini".into(),
            enqueued_quota: catalog.require(Kind::EnqueuedGlobalDefault, "gpt-4o-mini") as u64,
            deployment_quotas: Vec::new(),
            output_expires_after_seconds: expires,
            poll_interval_seconds: catalog.require(Kind::MinPollIntervalSeconds, "azure") as i64,
            owned_account_url: "https://contosoarchive.blob.core.windows.net".into(),
            owned_container: "batch-results".into(),
            alert_hook: AlertHook::Log,
            webhook_url: "https://alerts.contoso.example/batch".into(),
            ledger_dir: "ledger".into(),
        }
    }

    pub fn validate(&self, catalog: &Catalog) -> Vec<FormError> {
        let mut e = Vec::new();
        check_addresses(self.dialect, &self.endpoint, &self.owned_account_url, &mut e);
        if self.alert_hook == AlertHook::Webhook && !is_https_url(&self.webhook_url) {
            e.push(crate::snippets::form_error(
                "webhook_url",
                "The webhook must be an https:// address.",
                "웹후크는 https:// 주소여야 합니다.",
            ));
        }
        for (f, v) in [("owned_container", &self.owned_container), ("api_version", &self.api_version), ("ledger_dir", &self.ledger_dir)] {
            if v.trim().is_empty() || v.chars().any(char::is_control) {
                e.push(crate::snippets::form_error(f, format!("{f} is required (one line)."), format!("필수 항목입니다 (한 줄): {f}")));
            }
        }
        if self.dialect == Dialect::Azure && predates_expiry(self.api_version.trim()) {
            e.push(crate::snippets::form_error(
                "api_version",
                format!(
                    "api-version {} predates expires_after and output_expires_after, which the service sends: use {AZURE_BATCH_API_VERSION} or later.",
                    self.api_version.trim()
                ),
                format!(
                    "서비스가 보내는 expires_after와 output_expires_after가 없는 api-version입니다 ({}): {AZURE_BATCH_API_VERSION} 이후 버전을 쓰세요.",
                    self.api_version.trim()
                ),
            ));
        }
        let allowed = self.dialect.allowed_urls();
        if !allowed.contains(&self.endpoint_path.as_str()) {
            e.push(FormError::new(
                "endpoint_path",
                "",
                Text::new(
                    format!("The batch endpoint must be one of {}.", allowed.join(", ")),
                    format!("배치 엔드포인트는 {} 중 하나여야 합니다.", allowed.join(", ")),
                ),
            ));
        }
        if let Err(err) = parse_routes(&self.routes) {
            e.push(err);
        }
        if self.enqueued_quota == 0 || self.deployment_quotas.iter().any(|(_, q)| *q == 0) {
            e.push(crate::snippets::form_error(
                "enqueued_quota",
                "The enqueued-token quota must be above zero.",
                "큐에 넣은 토큰 할당량은 0보다 커야 합니다.",
            ));
        }
        e.extend(check_expiry("output_expires_after_seconds", self.dialect, self.output_expires_after_seconds, catalog));
        let min_poll = catalog.require(Kind::MinPollIntervalSeconds, "azure");
        if (self.poll_interval_seconds as f64) < min_poll || self.poll_interval_seconds > 86_400 {
            e.push(crate::snippets::form_error(
                "poll_interval_seconds",
                format!("Poll no faster than every {} s (and at most once a day).", prose_number(min_poll)),
                format!("{}초보다 자주 폴링하지 마세요 (최대 하루 한 번).", prose_number(min_poll)),
            ));
        }
        e
    }
}

/// A dated Azure api-version (`YYYY-MM-DD…`) older than the first that takes
/// `expires_after` and `output_expires_after`; undated ones (`v1`, `preview`) pass.
fn predates_expiry(version: &str) -> bool {
    let date = version.get(..10).unwrap_or("");
    let dated = date.len() == 10 && date.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    dated && date < &AZURE_BATCH_API_VERSION[..10]
}

/// A tenant name: it names the tenant's ledger file and blob folder.
fn is_tenant_name(s: &str) -> bool {
    (1..=63).contains(&s.len()) && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Reads `tenant/alias=deployment` entries (separated by `;` or new lines).
pub fn parse_routes(text: &str) -> Result<Vec<Route>, FormError> {
    let bad = |en: String, ko: String| FormError::new("routes", "", Text::new(en, ko));
    let mut out: Vec<Route> = Vec::new();
    for entry in text.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let parsed = entry.split_once('=').and_then(|(left, dep)| left.split_once('/').map(|(t, a)| (t.trim(), a.trim(), dep.trim())));
        let Some((tenant, alias, deployment)) = parsed else {
            return Err(bad(
                format!("\"{entry}\" is not tenant/alias=deployment."),
                format!("tenant/alias=배포 형식이 아닙니다: \"{entry}\""),
            ));
        };
        if !is_tenant_name(tenant) {
            return Err(bad(
                format!("Tenant \"{tenant}\": letters, digits, - and _ only (it names the ledger file)."),
                format!("테넌트 \"{tenant}\": 영문자, 숫자, -, _만 쓸 수 있습니다 (원장 파일 이름이 됩니다)."),
            ));
        }
        if alias.is_empty() || deployment.is_empty() || entry.chars().any(char::is_control) {
            return Err(bad(format!("\"{entry}\" needs an alias and a deployment."), format!("\"{entry}\"에 alias와 배포가 필요합니다.")));
        }
        if out.iter().any(|r| r.tenant == tenant && r.alias == alias) {
            return Err(bad(format!("{tenant}/{alias} is listed twice."), format!("두 번 나옵니다: {tenant}/{alias}")));
        }
        out.push(Route { tenant: tenant.into(), alias: alias.into(), deployment: deployment.into() });
    }
    if out.is_empty() {
        return Err(bad("List at least one tenant/alias=deployment.".into(), "tenant/alias=배포를 하나 이상 적으세요.".into()));
    }
    Ok(out)
}

/// `{"tenant": {"alias": "deployment", …}, …}` as a Python literal.
fn routes_literal(routes: &[Route]) -> String {
    let mut tenants: Vec<&str> = Vec::new();
    for r in routes {
        if !tenants.contains(&r.tenant.as_str()) {
            tenants.push(&r.tenant);
        }
    }
    let body: Vec<String> = tenants
        .iter()
        .map(|t| {
            let inner: Vec<String> =
                routes.iter().filter(|r| r.tenant == *t).map(|r| format!("{}: {}", py_str(&r.alias), py_str(&r.deployment))).collect();
            format!("    {}: {{{}}},", py_str(t), inner.join(", "))
        })
        .collect();
    format!("{{\n{}\n}}", body.join("\n"))
}

impl ControlOptions {
    /// The enqueued-token quota of `deployment`: its own, else the default.
    pub fn quota_of(&self, deployment: &str) -> u64 {
        self.deployment_quotas.iter().find(|(d, _)| d == deployment).map_or(self.enqueued_quota, |(_, q)| *q)
    }
}

/// `{"deployment": tokens, …}` for every route's deployment, as a Python literal.
fn quotas_literal(routes: &[Route], o: &ControlOptions) -> String {
    let mut deployments: Vec<&str> = Vec::new();
    for r in routes {
        if !deployments.contains(&r.deployment.as_str()) {
            deployments.push(&r.deployment);
        }
    }
    let body: Vec<String> = deployments.iter().map(|d| format!("    {}: {},", py_str(d), o.quota_of(d))).collect();
    format!("{{\n{}\n}}", body.join("\n"))
}

/// The most prompt tokens one image part can cost under any model in the
/// catalog (high detail, the most tiles the tile rule allows), with overrides.
pub fn image_part_tokens(catalog: &Catalog) -> u64 {
    let tile = |k: Kind| catalog.require(k, "tile");
    let tiles = (tile(Kind::ImageShortSidePx) / tile(Kind::ImageTileSidePx)).ceil()
        * (tile(Kind::ImageFitSidePx) / tile(Kind::ImageTileSidePx)).ceil();
    crate::facts::all_facts()
        .filter(|f| f.kind == Kind::ImageTileTokens)
        .map(|f| {
            let base = catalog.get(Kind::ImageBaseTokens, f.subject).unwrap_or(0.0);
            let per_tile = catalog.get(Kind::ImageTileTokens, f.subject).unwrap_or(0.0);
            (base + tiles * per_tile).max(0.0).min(u64::MAX as f64) as u64
        })
        .max()
        .unwrap_or(0)
}

/// The requirements list (`requirements.txt`).
pub fn control_requirements() -> String {
    REQUIREMENTS.iter().map(|r| format!("{r}\n")).collect()
}

/// The control-plane service, one Python file.
pub fn control_python(o: &ControlOptions, catalog: &Catalog) -> Result<String, Vec<FormError>> {
    let e = o.validate(catalog);
    if !e.is_empty() {
        return Err(e);
    }
    let routes = parse_routes(&o.routes).map_err(|e| vec![e])?;
    let dialect = o.dialect;
    let whole = |x: f64| format!("{}", x as u64);
    let allowed: Vec<String> = dialect.allowed_urls().iter().map(|u| py_str(u)).collect();
    let pairs = [
        (
            "DIALECT_NAME",
            match o.dialect {
                Dialect::Azure => "Azure OpenAI".to_string(),
                Dialect::OpenAi => "OpenAI".to_string(),
            },
        ),
        ("REQUIREMENTS", REQUIREMENTS.iter().map(|r| format!("  {r}")).collect::<Vec<_>>().join("\n")),
        ("DIALECT", py_str(o.dialect.fact_subject())),
        ("ENDPOINT", py_str(if o.dialect == Dialect::Azure { o.endpoint.trim() } else { "" })),
        ("API_VERSION", py_str(o.api_version.trim())),
        ("ENDPOINT_PATH", py_str(&o.endpoint_path)),
        ("ALLOWED_URLS", format!("{{{}}}", allowed.join(", "))),
        ("ROUTES", routes_literal(&routes)),
        ("QUOTA", quotas_literal(&routes, o)),
        ("COMPLETION_WINDOW", py_str(&format!("{}h", (catalog.require(Kind::CompletionWindowSeconds, "any") / 3_600.0) as u64))),
        ("COMPLETION_WINDOW_SECONDS", whole(catalog.require(Kind::CompletionWindowSeconds, "any"))),
        ("IMAGE_PART_TOKENS", image_part_tokens(catalog).to_string()),
        ("OUTPUT_EXPIRES", o.output_expires_after_seconds.to_string()),
        ("POLL_SECONDS", o.poll_interval_seconds.to_string()),
        ("FIRST_BACKOFF", whole(catalog.require(Kind::FailFastFirstBackoffSeconds, "azure"))),
        ("MAX_ATTEMPTS", whole(catalog.require(Kind::FailFastMaxAttempts, "azure"))),
        ("MAX_REQUESTS", whole(catalog.require(Kind::MaxRequestsPerFile, o.dialect.fact_subject()))),
        ("MAX_FILE_BYTES", whole(catalog.require(Kind::MaxFileBytes, o.dialect.fact_subject()))),
        ("MAX_CUSTOM_ID", whole(catalog.require(Kind::MaxCustomIdChars, "any"))),
        ("OWNED_ACCOUNT_URL", py_str(o.owned_account_url.trim())),
        ("OWNED_CONTAINER", py_str(o.owned_container.trim())),
        ("ALERT_HOOK", py_str(o.alert_hook.as_str())),
        ("ALERT_WEBHOOK_URL", py_str(if o.alert_hook == AlertHook::Webhook { o.webhook_url.trim() } else { "" })),
        ("LEDGER_DIR", py_str(o.ledger_dir.trim())),
    ];
    Ok(fill(PYTHON, &pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_parse_and_refuse() {
        let r = parse_routes("a/summarize=dep-1;\n b / x = dep 2 ").unwrap();
        assert_eq!(r[1], Route { tenant: "b".into(), alias: "x".into(), deployment: "dep 2".into() });
        assert!(parse_routes("a/x=d; a/x=e").is_err());
        assert!(parse_routes("../etc/x=d").is_err());
        assert!(parse_routes("a=d").is_err());
        assert!(parse_routes(" ; ").is_err());
    }

    #[test]
    fn figures_come_from_the_catalog() {
        let mut c = Catalog::builtin();
        c.set_override("fail_fast_first_backoff_seconds.azure", 7.0).unwrap();
        let src = control_python(&ControlOptions::new(Dialect::Azure, &c), &c).unwrap();
        assert!(src.contains("FIRST_BACKOFF_SECONDS = 7  #"), "{src}");
        assert!(src.contains("COMPLETION_WINDOW = \"24h\"\nCOMPLETION_WINDOW_SECONDS = 86400\n"), "{src}");
        assert!(!src.contains("{{"), "a placeholder was left");
    }

    #[test]
    fn an_api_version_without_the_expiry_fields_is_refused() {
        let c = Catalog::builtin();
        let old = ControlOptions { api_version: "2024-10-21".into(), ..ControlOptions::new(Dialect::Azure, &c) };
        assert_eq!(control_python(&old, &c).unwrap_err()[0].field, "api_version");
        for ok in [AZURE_BATCH_API_VERSION, "2025-04-01-preview", "v1", "preview"] {
            let o = ControlOptions { api_version: ok.into(), ..ControlOptions::new(Dialect::Azure, &c) };
            assert!(control_python(&o, &c).is_ok(), "{ok}");
        }
    }

    #[test]
    fn image_parts_count_the_most_an_image_can_cost() {
        let c = Catalog::builtin();
        // gpt-4o-mini's tile figures are the largest in the catalog: 2,833 + 8 tiles × 5,667.
        assert_eq!(image_part_tokens(&c), 2_833 + 8 * 5_667);
        let src = control_python(&ControlOptions::new(Dialect::Azure, &c), &c).unwrap();
        assert!(src.contains(&format!("IMAGE_PART_TOKENS = {}", 2_833 + 8 * 5_667)), "{src}");
    }

    #[test]
    fn each_deployment_has_its_own_quota_in_the_service() {
        let c = Catalog::builtin();
        let o = ControlOptions {
            routes: "a/x=dep-mini; b/x=dep-big; c/y=dep-mini".into(),
            enqueued_quota: 7,
            deployment_quotas: vec![("dep-mini".into(), 5_000), ("unrouted".into(), 9)],
            ..ControlOptions::new(Dialect::Azure, &c)
        };
        let src = control_python(&o, &c).unwrap();
        assert!(src.contains("ENQUEUED_TOKEN_QUOTA = {\n    \"dep-mini\": 5000,\n    \"dep-big\": 7,\n}  # per deployment"), "{src}");
        assert!(src.contains("ENQUEUED_TOKEN_QUOTA[deployment]"), "the service reads the job's deployment's quota");
        let zero = ControlOptions { deployment_quotas: vec![("dep-big".into(), 0)], ..o };
        assert_eq!(control_python(&zero, &c).unwrap_err()[0].field, "enqueued_quota");
    }

    #[test]
    fn a_wrong_endpoint_path_is_refused() {
        let c = Catalog::builtin();
        let o = ControlOptions { endpoint_path: "/v1/embeddings".into(), ..ControlOptions::new(Dialect::Azure, &c) };
        let e = control_python(&o, &c).unwrap_err();
        assert_eq!(e[0].field, "endpoint_path");
        let ok = ControlOptions { endpoint_path: "/v1/embeddings".into(), ..ControlOptions::new(Dialect::OpenAi, &c) };
        assert!(control_python(&ok, &c).is_ok());
    }
}
