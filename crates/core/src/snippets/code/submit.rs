//! Batch submission code, Python SDK and curl: upload with an expiry, create
//! with a 24 h window and an output expiry, save the batch id (a re-run or
//! `--batch-id` resumes, never creates twice; a create whose answer is lost
//! carries a submission id in its metadata and is looked up by listing,
//! never sent again blindly), retry `token_limit_exceeded`
//! at create and as a later `failed` batch (from the catalog's first backoff,
//! doubling, bounded), poll no faster than the catalog allows and ride out
//! outages with bounded backoff, stream outputs to disk, join on
//! `custom_id`, copy out; the exit status says how the job ended. Each API
//! call's limit is `SUBMIT_API_TIMEOUT_SECONDS` (120 s Python, 3600 s curl,
//! downloads included). The curl
//! script keeps the token off curl's argv (a mode-600 header file).

use crate::facts::Kind;
use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use super::common::{fill, is_https_url, py_str, sh_quote};
use crate::facts::Catalog;
use crate::snippets::text::{FormError, Text};

/// The Azure OpenAI api-version the scripts default to: the first one whose
/// documented batch sample sends both `expires_after` (file upload) and
/// `output_expires_after` (batch create); `2024-10-21` predates them
/// (MicrosoftDocs/azure-ai-docs, batch how-to, 2025-03-31).
pub const AZURE_BATCH_API_VERSION: &str = "2025-03-01-preview";

const PYTHON: &str = include_str!("submit.py.tmpl");

/// The scripts' own backoff over outages (5xx, 429, resets, timeouts): this
/// many tries, the first wait, doubling to at most the last. Not a vendor
/// figure: how long the scripts ride out an outage before exit 75.
const TRANSIENT_TRIES: u64 = 10;
const TRANSIENT_FIRST_DELAY: u64 = 15;
const TRANSIENT_MAX_DELAY: u64 = 900;

/// What the scripts' header comment says of that backoff, computed from the
/// same constants (a wait after every failed try but the last).
fn transient_comment() -> String {
    let (mut delay, mut total) = (TRANSIENT_FIRST_DELAY, 0u64);
    for _ in 1..TRANSIENT_TRIES {
        total = total.saturating_add(delay);
        delay = delay.saturating_mul(2).min(TRANSIENT_MAX_DELAY);
    }
    format!(
        "{TRANSIENT_TRIES} tries, waiting {TRANSIENT_FIRST_DELAY} s, doubling to {TRANSIENT_MAX_DELAY} s: {} min {} s of waits in all",
        total / 60,
        total % 60
    )
}
const SHELL: &str = include_str!("submit.sh.tmpl");

/// The one dialect of the workspace (the batch check's).
pub use crate::batch::Dialect;

/// Prefilled by the UI from the batch file check when the user comes from there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubmitOptions {
    pub dialect: Dialect,
    /// Azure: `https://<resource>.openai.azure.com` (unused for OpenAI).
    pub endpoint: String,
    /// Azure only (the OpenAI dialect has no api-version).
    pub api_version: String,
    /// The Global Batch deployment (Azure) or model (OpenAI) every line names.
    pub deployment: String,
    pub input_path: String,
    /// The batch's `endpoint`: `/chat/completions` (Azure), `/v1/chat/completions` (OpenAI).
    pub endpoint_path: String,
    pub file_expires_after_seconds: i64,
    pub output_expires_after_seconds: i64,
    pub poll_interval_seconds: i64,
    /// Storage you own: `https://<account>.blob.core.windows.net`, and a container.
    pub owned_account_url: String,
    pub owned_container: String,
}

impl SubmitOptions {
    pub fn new(dialect: Dialect, catalog: &Catalog) -> Self {
        let expires = match dialect {
            Dialect::Azure => catalog.require(Kind::OutputExpiresMinSeconds, "azure"),
            Dialect::OpenAi => catalog.require(Kind::FileDefaultExpirySeconds, "openai"),
        } as i64;
        Self {
            dialect,
            endpoint: "https://contoso-aoai.openai.azure.com".into(),
            api_version: AZURE_BATCH_API_VERSION.into(),
            deployment: "batch-summarize".into(),
            input_path: "batch.jsonl".into(),
            endpoint_path: match dialect {
                Dialect::Azure => "/chat/completions".into(),
                Dialect::OpenAi => "/v1/chat/completions".into(),
            },
            file_expires_after_seconds: expires,
            output_expires_after_seconds: expires,
            poll_interval_seconds: catalog.require(Kind::MinPollIntervalSeconds, "azure") as i64,
            owned_account_url: "https://contosoarchive.blob.core.windows.net".into(),
            owned_container: "batch-results".into(),
        }
    }
}

/// Checks an `expires_after` / `output_expires_after` figure against the
/// dialect's range in the catalog.
pub fn check_expiry(field: &str, dialect: Dialect, seconds: i64, catalog: &Catalog) -> Option<FormError> {
    let min = catalog.require(Kind::OutputExpiresMinSeconds, dialect.fact_subject());
    let max = catalog.require(Kind::OutputExpiresMaxSeconds, dialect.fact_subject());
    let s = seconds as f64;
    (s < min || s > max).then(|| {
        let days = |x: f64| prose_number(x / 86_400.0);
        FormError::new(
            field,
            "",
            Text::new(
                format!(
                    "{field} must be {}–{} seconds ({}–{} days) for {}; got {}.",
                    prose_number(min),
                    prose_number(max),
                    days(min),
                    days(max),
                    dialect.fact_subject(),
                    prose_number(s)
                ),
                format!(
                    "{}에서 {} {}–{}초({}–{}일)여야 합니다. 입력값 {}.",
                    dialect.fact_subject(),
                    crate::text::josa::attach(field, "는"),
                    prose_number(min),
                    prose_number(max),
                    days(min),
                    days(max),
                    prose_number(s)
                ),
            ),
        )
    })
}

/// The Azure endpoint (Azure only) and the platform's own storage account
/// are https:// addresses (the submission script's and the control plane's form).
pub(crate) fn check_addresses(dialect: Dialect, endpoint: &str, owned_account_url: &str, e: &mut Vec<FormError>) {
    if dialect == Dialect::Azure && !is_https_url(endpoint) {
        e.push(crate::snippets::form_error(
            "endpoint",
            "The endpoint must be an https:// address.",
            "엔드포인트는 https:// 주소여야 합니다.",
        ));
    }
    if !is_https_url(owned_account_url) {
        e.push(crate::snippets::form_error(
            "owned_account_url",
            "The storage account must be an https:// address.",
            "스토리지 계정은 https:// 주소여야 합니다.",
        ));
    }
}

impl SubmitOptions {
    pub fn validate(&self, catalog: &Catalog) -> Vec<FormError> {
        let mut e = Vec::new();
        check_addresses(self.dialect, &self.endpoint, &self.owned_account_url, &mut e);
        let mut required =
            vec![("deployment", &self.deployment), ("input_path", &self.input_path), ("owned_container", &self.owned_container)];
        if self.dialect == Dialect::Azure {
            required.push(("api_version", &self.api_version));
        }
        for (f, v) in required {
            if v.trim().is_empty() || v.chars().any(char::is_control) {
                e.push(crate::snippets::form_error(
                    f,
                    format!("{f} is required (one line)."),
                    format!("{} 필수입니다 (한 줄).", crate::text::josa::attach(f, "는")),
                ));
            }
        }
        let path_ok = self.endpoint_path.starts_with('/')
            && self.endpoint_path.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-'));
        if !path_ok {
            e.push(crate::snippets::form_error(
                "endpoint_path",
                "The batch endpoint is a path such as /chat/completions.",
                "배치 엔드포인트는 /chat/completions 같은 경로여야 합니다.",
            ));
        }
        e.extend(check_expiry("file_expires_after_seconds", self.dialect, self.file_expires_after_seconds, catalog));
        e.extend(check_expiry("output_expires_after_seconds", self.dialect, self.output_expires_after_seconds, catalog));
        // Azure documents a minimum polling interval; OpenAI documents none.
        let min_poll = match self.dialect {
            Dialect::Azure => catalog.require(Kind::MinPollIntervalSeconds, "azure"),
            Dialect::OpenAi => 1.0,
        };
        if (self.poll_interval_seconds as f64) < min_poll || self.poll_interval_seconds > 86_400 {
            e.push(crate::snippets::form_error(
                "poll_interval_seconds",
                format!("Poll no faster than every {} s (and at most once a day).", prose_number(min_poll)),
                format!("{}초보다 자주 폴링하지 마세요 (최대 하루 한 번).", prose_number(min_poll)),
            ));
        }
        e
    }

    fn common(&self, catalog: &Catalog, quote: fn(&str) -> String) -> Vec<(&'static str, String)> {
        vec![
            (
                "DIALECT_NAME",
                match self.dialect {
                    Dialect::Azure => "Azure OpenAI".into(),
                    Dialect::OpenAi => "OpenAI".into(),
                },
            ),
            ("INPUT_PATH", quote(self.input_path.trim())),
            ("DEPLOYMENT", quote(self.deployment.trim())),
            ("ENDPOINT_PATH", quote(&self.endpoint_path)),
            ("FILE_EXPIRES", self.file_expires_after_seconds.to_string()),
            ("OUTPUT_EXPIRES", self.output_expires_after_seconds.to_string()),
            ("POLL_SECONDS", self.poll_interval_seconds.to_string()),
            ("FIRST_BACKOFF", prose_number(catalog.require(Kind::FailFastFirstBackoffSeconds, "azure")).replace(',', "")),
            ("MAX_ATTEMPTS", prose_number(catalog.require(Kind::FailFastMaxAttempts, "azure")).replace(',', "")),
            ("OWNED_ACCOUNT_URL", quote(self.owned_account_url.trim())),
            ("OWNED_CONTAINER", quote(self.owned_container.trim())),
            ("TRANSIENT_TRIES", TRANSIENT_TRIES.to_string()),
            ("TRANSIENT_FIRST_DELAY", TRANSIENT_FIRST_DELAY.to_string()),
            ("TRANSIENT_MAX_DELAY", TRANSIENT_MAX_DELAY.to_string()),
            ("TRANSIENT_COMMENT", transient_comment()),
        ]
    }
}

/// The Python (openai SDK) submission script.
pub fn submit_python(o: &SubmitOptions, catalog: &Catalog) -> Result<String, Vec<FormError>> {
    let e = o.validate(catalog);
    if !e.is_empty() {
        return Err(e);
    }
    let (import, client) = match o.dialect {
        Dialect::Azure => (
            "from azure.identity import DefaultAzureCredential, get_bearer_token_provider",
            format!(
                "token_provider = get_bearer_token_provider(DefaultAzureCredential(), \"https://cognitiveservices.azure.com/.default\")\nclient = openai.AzureOpenAI(\n    azure_endpoint=os.environ.get(\"AZURE_OPENAI_ENDPOINT\", {}),\n    api_version={},\n    azure_ad_token_provider=token_provider,\n    max_retries=0,  # retries are this script's own: a create is never repeated blindly\n    timeout=API_TIMEOUT_SECONDS,\n)",
                py_str(o.endpoint.trim()),
                py_str(o.api_version.trim())
            ),
        ),
        Dialect::OpenAi => ("from azure.identity import DefaultAzureCredential", "# Reads OPENAI_API_KEY; retries are this script's own: a create is never repeated blindly.\nclient = openai.OpenAI(max_retries=0, timeout=API_TIMEOUT_SECONDS)".to_string()),
    };
    let mut pairs = o.common(catalog, py_str);
    pairs.push(("IDENTITY_IMPORT", import.to_string()));
    pairs.push(("CLIENT", client));
    Ok(fill(PYTHON, &pairs))
}

/// The bash + curl + jq submission script.
pub fn submit_curl(o: &SubmitOptions, catalog: &Catalog) -> Result<String, Vec<FormError>> {
    let e = o.validate(catalog);
    if !e.is_empty() {
        return Err(e);
    }
    let (settings, refresh, expires) = match o.dialect {
        Dialect::Azure => (
            format!("ENDPOINT=${{AZURE_OPENAI_ENDPOINT:-{}}}\nAPI_VERSION={}\nBASE=\"$ENDPOINT/openai\"\nQS=\"?api-version=$API_VERSION\"", sh_quote(o.endpoint.trim().trim_end_matches('/')), sh_quote(o.api_version.trim())),
            "refresh_auth() {  # Microsoft Entra ID token of the signed-in az user, into the header file\n  local token\n  token=$(az account get-access-token --resource https://cognitiveservices.azure.com --query accessToken -o tsv)\n  printf 'Authorization: Bearer %s\\n' \"$token\" > \"$AUTH_FILE\"  # printf is a builtin: no argv\n}",
            "-F \"expires_after.anchor=created_at\" -F \"expires_after.seconds=$FILE_EXPIRES_AFTER_SECONDS\"",
        ),
        Dialect::OpenAi => (
            "BASE=\"${OPENAI_BASE_URL:-https://api.openai.com/v1}\"\nQS=\"\"".to_string(),
            "refresh_auth() {  # the key, into the header file (printf is a builtin: no argv)\n  printf 'Authorization: Bearer %s\\n' \"$OPENAI_API_KEY\" > \"$AUTH_FILE\"\n}",
            "-F \"expires_after[anchor]=created_at\" -F \"expires_after[seconds]=$FILE_EXPIRES_AFTER_SECONDS\"",
        ),
    };
    let mut pairs = o.common(catalog, sh_quote);
    pairs.push(("SETTINGS", settings));
    pairs.push(("REFRESH_AUTH", refresh.to_string()));
    pairs.push(("EXPIRES_FORM", expires.to_string()));
    pairs.push(("NEEDS", ", az (Azure CLI)".to_string()));
    Ok(fill(SHELL, &pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of `NAME = N` (Python) or `NAME=N` (bash) in a script.
    fn constant(script: &str, name: &str) -> u64 {
        let line = script.lines().find(|l| l.starts_with(name) && l[name.len()..].trim_start().starts_with('=')).expect(name);
        line.split('=').nth(1).unwrap().split('#').next().unwrap().trim().parse().expect(line)
    }

    #[test]
    fn the_outage_comment_states_the_waits_the_constants_make() {
        // Issue 40: the comment said "about 1.5 h"; the waits sum to about 61 min.
        let c = Catalog::builtin();
        for dialect in [Dialect::Azure, Dialect::OpenAi] {
            let o = SubmitOptions::new(dialect, &c);
            for script in [submit_python(&o, &c).unwrap(), submit_curl(&o, &c).unwrap()] {
                let (tries, first, max) = (
                    constant(&script, "TRANSIENT_TRIES"),
                    constant(&script, "TRANSIENT_FIRST_DELAY"),
                    constant(&script, "TRANSIENT_MAX_DELAY"),
                );
                // A wait after every failed try but the last.
                let (mut delay, mut total) = (first, 0);
                for _ in 1..tries {
                    total += delay;
                    delay = (delay * 2).min(max);
                }
                let comment = script.lines().find(|l| l.starts_with("# Outages")).expect("the outage comment");
                let said =
                    format!("{tries} tries, waiting {first} s, doubling to {max} s: {} min {} s of waits in all", total / 60, total % 60);
                assert!(comment.contains(&said), "{comment}\nwants: {said}");
            }
        }
    }
}
