//! API Management policies for the synchronous path: `llm-token-limit`
//! (tokens per minute per caller, prompt estimation) and
//! `llm-emit-token-metric` (caller and deployment dimensions). The counter
//! key is an identity the gateway authenticated (the APIM subscription, or a
//! claim of a token `validate-jwt` checked), never a client-supplied header,
//! and a request without one is refused rather than pooled.

use serde::{Deserialize, Serialize};

use super::common::{is_https_url, xml_attr};
use crate::snippets::text::{check_count, FormError};

/// What identifies the caller the token limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounterKey {
    /// The API Management subscription (`context.Subscription.Id`).
    Subscription,
    /// A claim of the bearer token, after `validate-jwt` checked it.
    JwtClaim,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApimOptions {
    /// Tokens per minute each caller may use through the gateway.
    pub tokens_per_minute: i64,
    pub counter_key: CounterKey,
    /// JwtClaim: the claim that names the caller (`azp`: the calling app; `tid`: its tenant).
    pub caller_claim: String,
    /// JwtClaim: the issuer's OpenID configuration document.
    pub openid_config_url: String,
    /// JwtClaim: the audience the token must be for.
    pub audience: String,
    /// The API's URL template parameter that names the deployment.
    pub deployment_parameter: String,
    /// Count the prompt's tokens before calling the model.
    pub estimate_prompt_tokens: bool,
    /// Application Insights metric namespace.
    pub metric_namespace: String,
}

impl Default for ApimOptions {
    fn default() -> Self {
        Self {
            tokens_per_minute: 60_000,
            counter_key: CounterKey::Subscription,
            caller_claim: "azp".into(),
            openid_config_url: "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration".into(),
            audience: "api://llm-gateway".into(),
            deployment_parameter: "deployment-id".into(),
            estimate_prompt_tokens: true,
            metric_namespace: "llm-tokens".into(),
        }
    }
}

/// Text API Management would run rather than read: "Unless the policy
/// reference specifies otherwise, expressions can be used as attribute
/// values or text values in any API Management policy", an expression being
/// `@(…)` or `@{…}` (policy expressions reference,
/// https://learn.microsoft.com/azure/api-management/api-management-policy-expressions,
/// as of 2026-12). The reference documents no escape that makes such text
/// literal, so a user value written into the policy that starts with `@` is
/// refused (every `@`, not only `@(`/`@{`: a value an operator meant as a
/// literal never starts with one, and the rule is then plain to state).
fn is_policy_expression(s: &str) -> bool {
    s.trim_start().starts_with('@')
}

fn token_like(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
}

impl ApimOptions {
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        check_count(&mut e, "tokens_per_minute", self.tokens_per_minute, 1_000_000_000);
        if self.tokens_per_minute == 0 {
            e.push(crate::snippets::form_error(
                "tokens_per_minute",
                "tokens-per-minute must be at least 1.",
                "tokens-per-minute는 1 이상이어야 합니다.",
            ));
        }
        let mut names = vec![("deployment_parameter", &self.deployment_parameter), ("metric_namespace", &self.metric_namespace)];
        if self.counter_key == CounterKey::JwtClaim {
            names.push(("caller_claim", &self.caller_claim));
            if !is_https_url(&self.openid_config_url) {
                e.push(crate::snippets::form_error(
                    "openid_config_url",
                    "The OpenID configuration must be an https:// address.",
                    "OpenID 구성은 https:// 주소여야 합니다.",
                ));
            }
            if self.audience.trim().is_empty() || self.audience.chars().any(char::is_control) {
                e.push(crate::snippets::form_error("audience", "The audience is required (one line).", "audience는 필수입니다 (한 줄)."));
            } else if is_policy_expression(&self.audience) {
                e.push(crate::snippets::form_error(
                    "audience",
                    "The audience can't start with '@': API Management runs text that starts with @( or @{ as a policy expression (C# code), so the caller could choose the audience validate-jwt accepts.",
                    "audience는 '@'로 시작할 수 없습니다: API Management는 @( 또는 @{로 시작하는 텍스트를 정책 식(C# 코드)으로 실행하므로, 호출자가 validate-jwt가 받아들이는 audience를 고를 수 있게 됩니다.",
                ));
            }
        }
        for (f, v) in names {
            if !token_like(v) {
                e.push(crate::snippets::form_error(
                    f,
                    format!("{f}: letters, digits, '-' and '_' only."),
                    format!("{f}: 영문자·숫자·'-'·'_'만 쓸 수 있습니다."),
                ));
            }
        }
        e
    }
}

const REFUSE: &str = r#"                <return-response>
                    <set-status code="401" reason="Unauthorized" />
                </return-response>"#;

/// The policy document for the Azure OpenAI API's inbound section.
pub fn apim_policy_xml(o: &ApimOptions) -> Result<String, Vec<FormError>> {
    let e = o.validate();
    if !e.is_empty() {
        return Err(e);
    }
    let (authenticate, caller) = match o.counter_key {
        CounterKey::Subscription => (
            format!(
                r#"        <!-- Callers are counted by their API Management subscription, which the
             gateway authenticated; a request without one is refused. -->
        <choose>
            <when condition="{}">
{REFUSE}
            </when>
        </choose>"#,
                xml_attr("@(context.Subscription == null)")
            ),
            "@(context.Subscription.Id)".to_string(),
        ),
        CounterKey::JwtClaim => {
            let claim = format!("((Jwt)context.Variables[\"jwt\"]).Claims.GetValueOrDefault(\"{}\", \"\")", o.caller_claim);
            (
                format!(
                    r#"        <!-- Callers are counted by the "{claim_name}" claim of a token validate-jwt
             checked; a request without a valid token or the claim is refused. -->
        <validate-jwt header-name="Authorization" require-scheme="Bearer" failed-validation-httpcode="401" failed-validation-error-message="Unauthorized" output-token-variable-name="jwt">
            <openid-config url="{url}" />
            <audiences>
                <audience>{audience}</audience>
            </audiences>
        </validate-jwt>
        <choose>
            <when condition="{missing}">
{REFUSE}
            </when>
        </choose>"#,
                    claim_name = xml_attr(&o.caller_claim),
                    url = xml_attr(o.openid_config_url.trim()),
                    audience = xml_attr(o.audience.trim()),
                    missing = xml_attr(&format!("@(string.IsNullOrEmpty({claim}))")),
                ),
                format!("@({claim})"),
            )
        }
    };
    let caller = xml_attr(&caller);
    let deployment = xml_attr(&format!("@(context.Request.MatchedParameters[\"{}\"])", o.deployment_parameter));
    let estimate = if o.estimate_prompt_tokens { "true" } else { "false" };
    Ok(format!(
        r#"<policies>
    <inbound>
        <base />
{authenticate}
        <!-- Tokens per minute per caller. With prompt estimation an oversized
             prompt is refused before it reaches the model. -->
        <llm-token-limit
            counter-key="{caller}"
            tokens-per-minute="{tpm}"
            estimate-prompt-tokens="{estimate}"
            remaining-tokens-header-name="x-ratelimit-remaining-tokens"
            tokens-consumed-header-name="x-tokens-consumed" />
        <!-- Token usage per caller and deployment, for chargeback. -->
        <llm-emit-token-metric namespace="{ns}">
            <dimension name="Caller" value="{caller}" />
            <dimension name="Deployment" value="{deployment}" />
            <dimension name="API ID" />
        </llm-emit-token-metric>
    </inbound>
    <backend>
        <base />
    </backend>
    <outbound>
        <base />
    </outbound>
    <on-error>
        <base />
    </on-error>
</policies>
"#,
        tpm = o.tokens_per_minute,
        ns = xml_attr(&o.metric_namespace),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_subscription_and_refuses_without_one() {
        let xml = apim_policy_xml(&ApimOptions::default()).unwrap();
        assert!(xml.contains("tokens-per-minute=\"60000\""));
        assert!(xml.contains("estimate-prompt-tokens=\"true\""));
        assert!(xml.contains("counter-key=\"@(context.Subscription.Id)\""));
        assert!(xml.contains("<when condition=\"@(context.Subscription == null)\">"));
        assert!(!xml.contains("x-tenant-id") && !xml.contains("unknown"));
        assert!(xml.contains("<dimension name=\"Deployment\" value=\"@(context.Request.MatchedParameters[&quot;deployment-id&quot;])\" />"));
    }

    #[test]
    fn counts_by_a_validated_claim() {
        let o = ApimOptions { counter_key: CounterKey::JwtClaim, caller_claim: "tid".into(), ..ApimOptions::default() };
        let xml = apim_policy_xml(&o).unwrap();
        assert!(xml.contains("output-token-variable-name=\"jwt\""));
        assert!(xml.contains(
            "counter-key=\"@(((Jwt)context.Variables[&quot;jwt&quot;]).Claims.GetValueOrDefault(&quot;tid&quot;, &quot;&quot;))\""
        ));
        assert!(xml.contains("<audience>api://llm-gateway</audience>"));
    }

    #[test]
    fn rejects_bad_options() {
        let o = ApimOptions { tokens_per_minute: -5, deployment_parameter: "x\" onload".into(), ..ApimOptions::default() };
        let fields: Vec<String> = apim_policy_xml(&o).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["tokens_per_minute", "deployment_parameter"]);
        let jwt = ApimOptions {
            counter_key: CounterKey::JwtClaim,
            caller_claim: "a b".into(),
            openid_config_url: "http://x".into(),
            audience: " ".into(),
            ..ApimOptions::default()
        };
        let fields: Vec<String> = apim_policy_xml(&jwt).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["openid_config_url", "audience", "caller_claim"]);
    }

    #[test]
    fn an_audience_that_starts_with_at_is_refused_not_evaluated() {
        // Issue 40, attack 7: `<audience>@(…)</audience>` is a policy
        // expression API Management runs; the reference documents no way
        // to write such text literally, so the form refuses it.
        for audience in ["@(context.Request.Headers.GetValueOrDefault(\"X-Aud\", \"\"))", "@{ return \"x\"; }", "  @(1)", "@x"] {
            let o = ApimOptions { counter_key: CounterKey::JwtClaim, audience: audience.into(), ..ApimOptions::default() };
            let e = apim_policy_xml(&o).unwrap_err();
            assert_eq!(e.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["audience"], "{audience}");
            assert!(e[0].reason().en.contains('@') && e[0].reason().ko.contains('@'));
        }
        let o = ApimOptions { counter_key: CounterKey::JwtClaim, audience: "api://gw@contoso".into(), ..ApimOptions::default() };
        assert!(apim_policy_xml(&o).unwrap().contains("<audience>api://gw@contoso</audience>"));
    }
}
