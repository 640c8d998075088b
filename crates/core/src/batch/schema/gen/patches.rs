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

impl Patch {
    /// What the patch rests on: a recorded answer of the service (a public
    /// issue quoting it) is observed; a vendor's page or spec is documented.
    pub fn evidence(&self) -> crate::facts::Evidence {
        if self.source.starts_with("https://github.com/") && self.source.contains("/issues/") {
            crate::facts::Evidence::Observed
        } else {
            crate::facts::Evidence::Documented
        }
    }
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
    /// The spec lists this property as required; the service does not
    /// require it (it has a default, or the spec's `required` names a
    /// property it never defines).
    NotRequired(&'static str),
    /// The array's items may also be the named schema.
    AlsoItem(&'static str),
    /// The array's items may also be this schema (JSON), one the spec does
    /// not name.
    AlsoItemSchema(&'static str),
    /// The value may also be this schema (JSON): what the service takes
    /// beyond the spec.
    AlsoSchema(&'static str),
    /// A keyword of the spec that contradicts the rest of it, dropped.
    DropKeyword(&'static str),
    /// The object also takes this property (name, schema as JSON): what the
    /// service documents beyond a spec that lags it. The generator refuses
    /// the patch once the spec defines the property itself.
    AlsoProperty(&'static str, &'static str),
    /// Each value of the map (`additionalProperties`) may also be this
    /// schema (JSON).
    AlsoValue(&'static str),
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
    // Spec errata: required fields the service fills in by default.
    Patch {
        at: "InputImageContent",
        change: Change::NotRequired("detail"),
        source: "https://platform.openai.com/docs/api-reference/responses/create",
        as_of: "2026-08-21",
        why: "An input_image's detail \"Defaults to auto\" (the spec's own description, beside its required list); the API reference's and Azure's batch examples omit it.",
    },
    Patch {
        at: "FunctionTool",
        change: Change::NotRequired("strict"),
        source: "https://platform.openai.com/docs/guides/function-calling",
        as_of: "2026-08-21",
        why: "A Responses function tool's strict is nullable and filled in by the service; the function-calling guide's tools omit it.",
    },
    Patch {
        at: "CreateCompletionRequest",
        change: Change::NotRequired("prompt"),
        source: "https://platform.openai.com/docs/api-reference/completions/create",
        as_of: "2026-08-21",
        why: "The prompt has a default (<|endoftext|>): \"if a prompt is not specified the model will generate as if from the beginning of a new document\" (the spec's own description).",
    },
    // Spec errata: required names the schema never defines (the generator's lint).
    Patch {
        at: "LocalShellToolCallOutput",
        change: Change::NotRequired("call_id"),
        source: "https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.json",
        as_of: "2026-08-21",
        why: "local_shell_call_output lists call_id as required but defines no such property (its fields are id, type, output, status).",
    },
    Patch {
        at: "MCPApprovalResponse",
        change: Change::NotRequired("request_id"),
        source: "https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.json",
        as_of: "2026-08-21",
        why: "mcp_approval_response lists request_id as required but defines no such property; the id it needs is approval_request_id (also required).",
    },
    // Spec errata: conversation history fed back as the guide shows.
    Patch {
        at: "InputMessageContentList",
        change: Change::AlsoItem("OutputTextContent"),
        source: "https://platform.openai.com/docs/guides/conversation-state",
        as_of: "2026-08-21",
        why: "The conversation-state guide feeds a response's output back as input messages ({role: assistant, content: [output_text parts]}); the spec's input content list names only input_text, input_image and input_file.",
    },
    Patch {
        at: "OutputTextContent",
        change: Change::NotRequired("annotations"),
        source: "https://platform.openai.com/docs/guides/conversation-state",
        as_of: "2026-08-21",
        why: "An output_text part fed back as history need not carry the annotations the service generated.",
    },
    Patch {
        at: "OutputTextContent",
        change: Change::NotRequired("logprobs"),
        source: "https://platform.openai.com/docs/guides/conversation-state",
        as_of: "2026-08-21",
        why: "An output_text part fed back as history carries logprobs only when they were asked for.",
    },
    // Azure's v1 spec (chat): what the service documents beyond it.
    Patch {
        at: "OpenAI.ChatCompletionRequestAssistantMessage",
        change: Change::OneOfRequired(&["content", "tool_calls", "function_call"]),
        source: "https://github.com/Azure/azure-rest-api-specs/blob/0723d852ed5d4c0b95f331ce6f37833be70ea019/specification/ai/data-plane/OpenAI.v1/azure-v1-v1-generated.json",
        as_of: "2026-08",
        why: "An assistant message's content is \"Required unless tool_calls or function_call is specified\" (the spec says so in prose only).",
    },
    Patch {
        at: "OpenAI.ReasoningEffort",
        change: Change::AlsoSchema(r#"{"type": "string", "enum": ["none", "minimal", "xhigh"]}"#),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/reasoning",
        as_of: "2026-02-24",
        why: "Azure's reasoning guide lists reasoning_effort none, minimal, low, medium, high and xhigh (which model takes which is a model rule); the v1 spec lists low, medium and high.",
    },
    Patch {
        at: "OpenAI.ChatCompletionTool",
        change: Change::AlsoSchema(r#"{"type": "object", "required": ["type", "custom"], "properties": {"type": {"type": "string", "enum": ["custom"]}, "custom": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}"#),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/reasoning",
        as_of: "2026-02-24",
        why: "Azure's reasoning guide sends a custom tool ({type: custom, custom: {name, format}}) to Chat Completions; the v1 spec lists function tools only.",
    },
    Patch {
        at: "OpenAI.ChatCompletionToolChoiceOption",
        change: Change::AlsoSchema(r#"{"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["allowed_tools", "custom"]}}}"#),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/reasoning",
        as_of: "2026-02-24",
        why: "Azure's reasoning guide: GPT-5 models take allowed tools (several tools under tool_choice) and custom tools; the v1 spec's tool_choice names a function only.",
    },
    Patch {
        at: "AzureCreateChatCompletionRequest.modalities",
        change: Change::DropKeyword("type"),
        source: "https://github.com/Azure/azure-rest-api-specs/blob/0723d852ed5d4c0b95f331ce6f37833be70ea019/specification/ai/data-plane/OpenAI.v1/azure-v1-v1-generated.json",
        as_of: "2026-08",
        why: "modalities is written as type object beside allOf ResponseModalities, an array (['text', 'audio']): no value fits both; the array is what the service takes.",
    },
    // Azure's v1 spec (Responses, `AzureCreateResponse`): what the service
    // answers and documents beyond it.
    Patch {
        at: "AzureCreateResponse",
        change: Change::Closed,
        source: "https://github.com/cline/cline/issues/5419",
        as_of: "2025-08-07",
        why: "Azure's Responses API refuses a body argument it does not know: a gpt-5 deployment answered \"Unsupported parameter: 'messages'. In the Responses API, this parameter has moved to 'input'.\" (A name OpenAI's CreateResponse defines and the v1 spec lacks is not refused but warned of: whether Azure takes it is unconfirmed.)",
    },
    Patch {
        at: "AzureCreateResponse",
        change: Change::AlsoProperty("service_tier", r#"{"type": "string", "enum": ["auto", "default", "flex", "priority"]}"#),
        source: "https://github.com/MicrosoftDocs/azure-ai-docs/blob/45fee02f65f629d8630218e34f52bf8dde62a21e/articles/foundry/openai/includes/concepts-priority-processing-2.md",
        as_of: "2026-03-20",
        why: "Azure's priority-processing page sends service_tier in a Responses request (auto, default, priority; flex where the model supports it); the v1 spec does not list it.",
    },
    Patch {
        at: "AzureCreateResponse",
        change: Change::AlsoProperty("prompt_cache_key", r#"{"type": "string"}"#),
        source: "https://github.com/MicrosoftDocs/azure-ai-docs/blob/12579eb37344040593f256c8d129e713aacbad75/articles/foundry/openai/includes/how-to-prompt-caching-content.md",
        as_of: "2026-03-19",
        why: "Azure's prompt-caching page: \"If you provide the prompt_cache_key parameter, it's combined with the prefix hash\" (for chat completions, completions and responses); the v1 spec's Responses request does not list it.",
    },
    Patch {
        at: "OpenAI.FunctionTool",
        change: Change::NotRequired("strict"),
        source: "https://github.com/MicrosoftDocs/azure-ai-docs/blob/036e3f558cd9b4d517d844d08b22b87d59f1c6a8/articles/foundry/openai/how-to/responses.md",
        as_of: "2026-01-14",
        why: "Azure's Responses page sends a function tool without strict (the v1 spec's own description: \"Default `true`\"); the spec lists it as required.",
    },
    Patch {
        at: "AzureCreateResponse.tools",
        change: Change::AlsoItemSchema(r#"{"type": "object", "required": ["type", "name"], "properties": {"type": {"type": "string", "enum": ["custom"]}, "name": {"type": "string"}}}"#),
        source: "https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/reasoning",
        as_of: "2026-02-24",
        why: "Azure's reasoning guide sends a custom tool ({type: custom, name, format}) to the Responses API; the v1 spec's tools list no custom type.",
    },
    Patch {
        at: "OpenAI.ResponsePromptVariables",
        change: Change::AlsoValue(r#"{"type": "string"}"#),
        source: "https://github.com/Azure/azure-rest-api-specs/blob/0723d852ed5d4c0b95f331ce6f37833be70ea019/specification/ai/data-plane/OpenAI.v1/azure-v1-v1-generated.json",
        as_of: "2026-12-05",
        why: "A stored prompt's variables: \"The substitution values can either be strings, or other Response input types like images or files\" (the spec's own description, beside a schema that takes input items only).",
    },
];
