//! The two batch services whose rules a file is checked against.

/// Which service the file is meant for; limits, urls and codes follow it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dialect {
    /// Azure OpenAI Global Batch (and Data Zone Batch).
    #[default]
    Azure,
    /// The OpenAI Batch API.
    OpenAi,
}

/// What kind of request a `url` names, for the body rules and token counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Endpoint {
    ChatCompletions,
    Responses,
    Embeddings,
    Completions,
    Moderations,
    ImageGenerations,
    ImageEdits,
    Videos,
}

impl Dialect {
    /// The subject of this dialect's facts in the catalog (`max_file_bytes.azure`).
    pub fn fact_subject(self) -> &'static str {
        match self {
            Dialect::Azure => "azure",
            Dialect::OpenAi => "openai",
        }
    }

    /// `azure` / `openai`, as the CLI and the JSON report spell it.
    pub fn name(self) -> &'static str {
        self.fact_subject()
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name.trim().to_ascii_lowercase().as_str() {
            "azure" => Some(Dialect::Azure),
            "openai" => Some(Dialect::OpenAi),
            _ => None,
        }
    }

    /// The urls the service accepts, exactly as they must be written.
    pub fn allowed_urls(self) -> &'static [&'static str] {
        match self {
            // Azure's batch docs show `/chat/completions` too (the batch's
            // `endpoint`); both forms are judged by the v1 spec.
            Dialect::Azure => &["/v1/chat/completions", "/v1/responses", "/chat/completions"],
            Dialect::OpenAi => &[
                "/v1/responses",
                "/v1/chat/completions",
                "/v1/embeddings",
                "/v1/completions",
                "/v1/moderations",
                "/v1/images/generations",
                "/v1/images/edits",
                "/v1/videos",
            ],
        }
    }

    /// The code the service gives a url that is not the batch's endpoint.
    pub fn url_code(self) -> super::Code {
        match self {
            Dialect::Azure => super::Code::UrlMismatch,
            Dialect::OpenAi => super::Code::InvalidUrl,
        }
    }

    /// What the service calls the thing in `body.model`.
    pub fn model_word(self) -> &'static str {
        match self {
            Dialect::Azure => "deployment name",
            Dialect::OpenAi => "model",
        }
    }
}

impl Endpoint {
    /// The endpoint a url names, whether or not the dialect allows it.
    pub fn from_url(url: &str) -> Option<Self> {
        let path = url.strip_prefix("/v1").unwrap_or(url);
        match path {
            "/chat/completions" => Some(Endpoint::ChatCompletions),
            "/responses" => Some(Endpoint::Responses),
            "/embeddings" => Some(Endpoint::Embeddings),
            "/completions" => Some(Endpoint::Completions),
            "/moderations" => Some(Endpoint::Moderations),
            "/images/generations" => Some(Endpoint::ImageGenerations),
            "/images/edits" => Some(Endpoint::ImageEdits),
            "/videos" => Some(Endpoint::Videos),
            _ => None,
        }
    }

    /// Where the request's prompt sits, as the service names the field.
    pub fn prompt_param(self) -> &'static str {
        match self {
            Endpoint::ChatCompletions => "body.messages",
            Endpoint::Responses | Endpoint::Embeddings | Endpoint::Moderations => "body.input",
            Endpoint::Completions | Endpoint::ImageGenerations | Endpoint::ImageEdits | Endpoint::Videos => "body.prompt",
        }
    }

    /// The field that caps the output: `max_output_tokens` on Responses,
    /// `max_completion_tokens` for reasoning models, else `max_tokens`.
    pub fn output_cap_param(self, reasoning: bool) -> &'static str {
        match self {
            Endpoint::Responses => "body.max_output_tokens",
            _ if reasoning => "body.max_completion_tokens",
            _ => "body.max_tokens",
        }
    }

    /// The label the services put in front of endpoint-specific messages.
    pub fn label(self) -> &'static str {
        match self {
            Endpoint::ChatCompletions => "Chat Completions",
            Endpoint::Responses => "Responses",
            Endpoint::Embeddings => "Embeddings",
            Endpoint::Completions => "Completions",
            Endpoint::Moderations => "Moderations",
            Endpoint::ImageGenerations => "Images",
            Endpoint::ImageEdits => "Image edits",
            Endpoint::Videos => "Videos",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn azure_has_no_embeddings() {
        assert!(!Dialect::Azure.allowed_urls().contains(&"/v1/embeddings"));
        assert!(Dialect::OpenAi.allowed_urls().contains(&"/v1/embeddings"));
        assert_eq!(Endpoint::from_url("/chat/completions"), Some(Endpoint::ChatCompletions));
        assert_eq!(Endpoint::from_url("/v1/responses"), Some(Endpoint::Responses));
        assert_eq!(Endpoint::from_url("/v2/x"), None);
        assert_eq!(Dialect::from_name("OpenAI"), Some(Dialect::OpenAi));
    }

    #[test]
    fn params_name_the_services_fields() {
        assert_eq!(Endpoint::ChatCompletions.prompt_param(), "body.messages");
        assert_eq!(Endpoint::Embeddings.prompt_param(), "body.input");
        assert_eq!(Endpoint::Completions.prompt_param(), "body.prompt");
        assert_eq!(Endpoint::Responses.output_cap_param(true), "body.max_output_tokens");
        assert_eq!(Endpoint::ChatCompletions.output_cap_param(true), "body.max_completion_tokens");
        assert_eq!(Endpoint::ChatCompletions.output_cap_param(false), "body.max_tokens");
    }
}
