//! The live services' differences from the specs, applied by the generator.

/// What the services do that the spec does not say. Each is applied by
/// [`generate`] and listed with its source on the /facts page.
#[derive(Clone, Copy, Debug)]
pub struct Patch {
    /// `Schema` or `Schema.property`.
    pub at: &'static str,
    pub change: Change,
    pub source: &'static str,
    pub as_of: &'static str,
    pub why: &'static str,
}

#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// The integer's smallest allowed value (none today: the service's
    /// minimums the spec lacks are catalog facts, `body_minimum`, checked by
    /// `batch/model_rules.rs`, so that a user can override them).
    Minimum(f64),
    /// The object refuses keys it does not list.
    Closed,
    /// The object needs at least one of these keys.
    OneOfRequired(&'static [&'static str]),
    /// The object has a required string property of this name.
    RequiredString(&'static str),
}

/// The live services' differences from the specs, applied to both dialects.
pub const PATCHES: &[Patch] = &[
    Patch {
        at: "CreateChatCompletionRequest",
        change: Change::Closed,
        source: "https://github.com/coroot/coroot/issues/698",
        as_of: "2026-08",
        why: "Chat Completions refuses a body argument it does not know: \"Unrecognized request argument supplied: NAME\".",
    },
    Patch {
        at: "CreateCompletionRequest",
        change: Change::Closed,
        source: "https://github.com/coroot/coroot/issues/698",
        as_of: "2026-08",
        why: "Completions refuses a body argument it does not know: \"Unrecognized request argument supplied: NAME\".",
    },
    Patch {
        at: "CreateResponse",
        change: Change::Closed,
        source: "https://platform.openai.com/docs/api-reference/responses/create",
        as_of: "2026-08",
        why: "The Responses API refuses a body argument it does not know: \"Unknown parameter: 'NAME'.\"",
    },
    Patch {
        at: "CreateResponse",
        change: Change::RequiredString("model"),
        source: "https://platform.openai.com/docs/api-reference/responses/create",
        as_of: "2026-08",
        why: "A batch request names its model; the spec lists no required field for the Responses API (a stored prompt can stand in for input, not for the model).",
    },
    Patch {
        at: "ChatCompletionRequestAssistantMessage",
        change: Change::OneOfRequired(&["content", "tool_calls", "function_call"]),
        source: "https://platform.openai.com/docs/api-reference/chat/create",
        as_of: "2026-08",
        why: "An assistant message's content is \"required unless tool_calls or function_call is specified\" (the spec says so in prose only).",
    },
    Patch {
        at: "chatCompletionRequestAssistantMessage",
        change: Change::OneOfRequired(&["content", "tool_calls", "function_call"]),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference",
        as_of: "2026-08",
        why: "An assistant message's content is required unless tool_calls or function_call is specified (prose in the spec).",
    },
    Patch {
        at: "createChatCompletionRequest",
        change: Change::RequiredString("model"),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/batch",
        as_of: "2026-08",
        why: "In a Global Batch file, body.model names the deployment (the inference spec takes it in the URL path). The spec (2024-10-21) predates arguments the service takes today, so unknown arguments are not judged on Azure.",
    },
];
