//! Each cross-field rule's evidence and source: the service's recorded
//! answer (its words, code and param in the comment above it), the vendor's
//! docs, or an inference; and Azure's own record where there is one.

use crate::facts::Evidence::{self, Documented, Inferred, Observed};

/// How a rule is known and where: `azure` is a recorded answer of Azure's
/// service (without one, an Azure file gets a warning).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule {
    pub evidence: Evidence,
    pub url: &'static str,
    pub azure: Option<&'static str>,
}

/// "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'."
/// (param messages, code null): PurpleLlama#94, ultimatejimmy/xray.koplugin#33; Responses:
/// "Response input messages must contain the word 'json' in some form to use 'text.format' of type
/// 'json_object'." (param text.format, code null). Documented in the structured-outputs guide;
/// Azure's JSON-mode page quotes its own service's 400 with the same words.
pub(crate) const JSON_WORD: Rule = Rule {
    evidence: Documented,
    url: "https://platform.openai.com/docs/guides/structured-outputs#json-mode",
    azure: Some("https://github.com/MicrosoftDocs/azure-ai-docs/blob/03a5bd4cf06640ad2189380af5e6c01033bb5278/articles/foundry/openai/how-to/json-mode.md"),
};
/// Strict structured outputs: every property in `required`, `additionalProperties: false` on every
/// object (documented); recorded as "Invalid schema for response_format 'default': In context=(),
/// 'additionalProperties' is required to be supplied and to be false." (param response_format) at
/// OpenAI and on Azure OpenAI gpt-4o (dottxt-ai/outlines#844).
pub(crate) const STRICT_SCHEMA: Rule = Rule {
    evidence: Documented,
    url: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas",
    azure: Some("https://github.com/dottxt-ai/outlines/issues/844"),
};
/// Strict function tools: "Invalid schema for function 'x': In context=(), 'additionalProperties' is
/// required to be supplied and to be false." (param tools[0].function.parameters, code
/// invalid_function_parameters): xemantic/xemantic-ai-tool-schema#37; Responses (param
/// tools[1].parameters): kevinwatt/mysql-mcp#5.
pub(crate) const STRICT_FUNCTION: Rule =
    Rule { evidence: Observed, url: "https://github.com/xemantic/xemantic-ai-tool-schema/issues/37", azure: None };
/// "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches
/// the pattern '^[a-zA-Z0-9_-]+$'." (param tools[0].function.name, code invalid_value).
pub(crate) const TOOL_NAME: Rule = Rule { evidence: Observed, url: "https://github.com/brekkylab/ailoy/pull/109", azure: None };
/// An assistant message's tool call names a function the same way: "Invalid
/// 'messages[9].tool_calls[0].function.name': string does not match pattern. …" (param
/// messages[9].tool_calls[0].function.name, code invalid_value).
pub(crate) const CALL_NAME: Rule = Rule { evidence: Observed, url: "https://github.com/mcp-use/mcp-use/issues/90", azure: None };
/// The spec's description of `FunctionObject.name`: "with a maximum length of 64".
pub(crate) const TOOL_NAME_LENGTH: Rule =
    Rule { evidence: Documented, url: "https://github.com/openai/openai-openapi/blob/master/openapi.yaml", azure: None };
/// "Invalid 'tools[13].function.description': string too long. Expected a string with maximum
/// length 1024, but got a string with length 1103 instead." (code string_above_max_length):
/// getsentry/sentry-mcp#106 (2025-04); Azure o3-mini: langchain-ai/open_deep_research#80. A
/// later report (run-llama/llama_index#18784) says the cap was lifted; no recorded acceptance,
/// so the recorded refusals are followed.
pub(crate) const TOOL_DESCRIPTION: Rule = Rule {
    evidence: Observed,
    url: "https://github.com/getsentry/sentry-mcp/issues/106",
    azure: Some("https://github.com/langchain-ai/open_deep_research/issues/80"),
};
/// The longest tool description the recorded refusals allow, in characters.
pub(super) const MAX_TOOL_DESCRIPTION_CHARS: usize = 1024;
/// No recorded answer of OpenAI's service for two tools of one name (Anthropic's API refuses it).
pub(crate) const TOOL_NAMES_UNIQUE: Rule =
    Rule { evidence: Inferred, url: "https://github.com/anthropics/claude-code/issues/10687", azure: None };
/// Responses: "Tool choice 'function' not found in 'tools' parameter." and "Tool choice 'required'
/// must be specified with 'tools' parameter." (checked against OpenAI's API, vllm-project/vllm#40399).
pub(crate) const TOOL_CHOICE_RESPONSES: Rule =
    Rule { evidence: Observed, url: "https://github.com/vllm-project/vllm/pull/40399", azure: None };
/// Chat: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified."
/// recorded from an OpenAI-compatible API, not OpenAI's.
pub(crate) const TOOL_CHOICE_CHAT: Rule =
    Rule { evidence: Inferred, url: "https://github.com/writer/writer-framework/pull/1013", azure: None };
/// "An assistant message with 'tool_calls' must be followed by tool messages responding to each
/// 'tool_call_id'. The following tool_call_ids did not have response messages: call_…" (param
/// messages.[57].role, code null): sdcb/chats#132, aliasrobotics/cai#111.
pub(crate) const CALLS_ANSWERED: Rule = Rule { evidence: Observed, url: "https://github.com/sdcb/chats/pull/132", azure: None };
/// "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with
/// 'tool_calls'." (param messages.[4].role, code null): smarter-sh/smarter#264, sdcb/chats#132.
pub(crate) const ANSWER_HAS_CALL: Rule = Rule { evidence: Observed, url: "https://github.com/smarter-sh/smarter/issues/264", azure: None };
/// "Invalid parameter: 'tool_call_id' of 'call_…' not found in 'tool_calls' of previous message."
pub(crate) const ANSWER_ID_KNOWN: Rule = Rule { evidence: Observed, url: "https://github.com/dapr/dapr-agents/issues/145", azure: None };
/// Responses: "No tool call found for function call output with call_id call_…." (param input,
/// code null): continuedev/continue#10092 (gpt-5).
pub(crate) const OUTPUT_HAS_CALL: Rule =
    Rule { evidence: Observed, url: "https://github.com/continuedev/continue/issues/10092", azure: None };
/// Responses: "No tool output found for function call call_…." (param input, code null).
pub(crate) const CALL_HAS_OUTPUT: Rule =
    Rule { evidence: Observed, url: "https://github.com/router-for-me/CLIProxyAPI/issues/2368", azure: None };
/// "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an empty array
/// instead." (gpt-4o, continuedev/continue#3403; Azure: pydantic/pydantic-ai#155). A later report
/// (local-inference-lab/vllm#193, 2026-07) says OpenAI accepts it: no recorded answer, so the
/// recorded refusals are followed.
pub(crate) const TOOLS_EMPTY: Rule = Rule {
    evidence: Observed,
    url: "https://github.com/continuedev/continue/issues/3403",
    azure: Some("https://github.com/pydantic/pydantic-ai/issues/155"),
};
/// "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got
/// an empty array instead." (openai/openai-node#1341, by the SDK's maintainers).
pub(crate) const TOOL_CALLS_EMPTY: Rule = Rule { evidence: Observed, url: "https://github.com/openai/openai-node/pull/1341", azure: None };
/// "The 'stream_options' parameter is only allowed when 'stream' is enabled." (param
/// stream_options, code null): BerriAI/litellm#5803.
pub(crate) const STREAM_OPTIONS: Rule = Rule { evidence: Observed, url: "https://github.com/BerriAI/litellm/issues/5803", azure: None };
