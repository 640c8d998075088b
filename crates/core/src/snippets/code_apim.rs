//! API Management policies for the synchronous path: `llm-token-limit`
//! (tokens per minute per tenant, prompt estimation) and
//! `llm-emit-token-metric` (tenant and deployment dimensions).

use serde::{Deserialize, Serialize};

use super::code_common::xml_attr;
use super::text::{check_count, FormError};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApimOptions {
    /// Tokens per minute each tenant may use through the gateway.
    pub tokens_per_minute: i64,
    /// The request header that names the tenant (the counter key).
    pub tenant_header: String,
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
            tenant_header: "x-tenant-id".into(),
            deployment_parameter: "deployment-id".into(),
            estimate_prompt_tokens: true,
            metric_namespace: "llm-tokens".into(),
        }
    }
}

fn token_like(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
}

impl ApimOptions {
    pub fn validate(&self) -> Vec<FormError> {
        let mut e = Vec::new();
        check_count(&mut e, "tokens_per_minute", self.tokens_per_minute, 1_000_000_000);
        if self.tokens_per_minute == 0 {
            e.push(FormError::new(
                "tokens_per_minute",
                "tokens-per-minute must be at least 1.",
                "tokens-per-minute는 1 이상이어야 합니다.",
            ));
        }
        for (f, v) in [
            ("tenant_header", &self.tenant_header),
            ("deployment_parameter", &self.deployment_parameter),
            ("metric_namespace", &self.metric_namespace),
        ] {
            if !token_like(v) {
                e.push(FormError::new(
                    f,
                    format!("{f}: letters, digits, '-' and '_' only."),
                    format!("{f}: 영문자·숫자·'-'·'_'만 쓸 수 있습니다."),
                ));
            }
        }
        e
    }
}

/// The policy document for the Azure OpenAI API's inbound section.
pub fn apim_policy_xml(o: &ApimOptions) -> Result<String, Vec<FormError>> {
    let e = o.validate();
    if !e.is_empty() {
        return Err(e);
    }
    let tenant = xml_attr(&format!("@(context.Request.Headers.GetValueOrDefault(\"{}\", \"unknown\"))", o.tenant_header));
    let deployment = xml_attr(&format!("@(context.Request.MatchedParameters[\"{}\"])", o.deployment_parameter));
    let estimate = if o.estimate_prompt_tokens { "true" } else { "false" };
    Ok(format!(
        r#"<policies>
    <inbound>
        <base />
        <!-- Tokens per minute per tenant ({header} header). With prompt
             estimation an oversized prompt is refused before it reaches the model. -->
        <llm-token-limit
            counter-key="{tenant}"
            tokens-per-minute="{tpm}"
            estimate-prompt-tokens="{estimate}"
            remaining-tokens-header-name="x-ratelimit-remaining-tokens"
            tokens-consumed-header-name="x-tokens-consumed" />
        <!-- Token usage per tenant and deployment, for chargeback. -->
        <llm-emit-token-metric namespace="{ns}">
            <dimension name="Tenant" value="{tenant}" />
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
        header = xml_attr(&o.tenant_header),
        tpm = o.tokens_per_minute,
        ns = xml_attr(&o.metric_namespace),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_both_policies() {
        let xml = apim_policy_xml(&ApimOptions::default()).unwrap();
        assert!(xml.contains("tokens-per-minute=\"60000\""));
        assert!(xml.contains("estimate-prompt-tokens=\"true\""));
        assert!(xml.contains("counter-key=\"@(context.Request.Headers.GetValueOrDefault(&quot;x-tenant-id&quot;, &quot;unknown&quot;))\""));
        assert!(xml.contains("<dimension name=\"Deployment\" value=\"@(context.Request.MatchedParameters[&quot;deployment-id&quot;])\" />"));
    }

    #[test]
    fn rejects_bad_options() {
        let o = ApimOptions { tokens_per_minute: -5, tenant_header: "x\" onload".into(), ..ApimOptions::default() };
        let fields: Vec<String> = apim_policy_xml(&o).unwrap_err().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["tokens_per_minute", "tenant_header"]);
    }
}
