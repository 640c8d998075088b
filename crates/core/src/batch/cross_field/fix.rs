//! The fix for each cross-field (and model-family) finding, in English and
//! Korean, told by the service's words the finding starts with.

use crate::batch::{Code, Diagnostic};
use crate::text::Text;

/// The fix for a finding of these rules (or of the model-family table),
/// told by the service's words it starts with; `None` for other findings.
pub(crate) fn fix(d: &Diagnostic) -> Option<Text> {
    let m = d.message.as_str();
    let t = |en: &str, ko: &str| Some(Text::new(en, ko));
    if m.starts_with("'messages' must contain the word 'json'") || m.starts_with("Response input messages must contain the word 'json'") {
        t(
            "Say \"JSON\" in a message (e.g. the system message: \"Answer in JSON.\"), or use a json_schema format instead of json_object.",
            "메시지에 \"JSON\"이라는 말을 넣으세요(예: 시스템 메시지에 \"JSON으로 답하세요.\"). 또는 json_object 대신 json_schema 형식을 쓰세요.",
        )
    } else if m.starts_with("Invalid schema for") && m.contains("'additionalProperties'") {
        t(
            "Add \"additionalProperties\": false to the object named in the message (strict schemas need it on every object), or drop strict.",
            "메시지가 가리키는 객체에 \"additionalProperties\": false를 넣으세요(strict 스키마는 모든 객체에 필요합니다). 또는 strict를 빼세요.",
        )
    } else if m.starts_with("Invalid schema for") && m.contains("'required'") {
        t(
            "List every property of that object in its required array (an optional field becomes required with a null type: \"type\": [\"string\", \"null\"]), or drop strict.",
            "그 객체의 모든 속성을 required 배열에 넣으세요(선택 필드는 null 타입을 더해 필수로 만듭니다: \"type\": [\"string\", \"null\"]). 또는 strict를 빼세요.",
        )
    } else if m.contains(".function.name': string does not match pattern") && m.contains("tool_calls[") {
        t(
            "Rename the function in this tool call (and in tools) with letters, digits, _ and - only: the call must name the function as tools defines it.",
            "이 도구 호출(과 tools)의 함수 이름을 영문자, 숫자, _, -만으로 바꾸세요. 호출은 tools에 정의된 이름 그대로 함수를 불러야 합니다.",
        )
    } else if m.contains(".function.name': string does not match pattern") {
        t(
            "Rename the function with letters, digits, _ and - only (no spaces, dots or slashes), at most 64 characters.",
            "함수 이름을 영문자, 숫자, _, -만으로 바꾸세요(공백, 점, 슬래시 없이). 64자 이하입니다.",
        )
    } else if m.contains(".function.description': string too long") {
        t(
            "Shorten the tool's description to the length the message names: move details into the parameters' own descriptions or the system message.",
            "도구 설명을 메시지가 말하는 길이 이하로 줄이세요. 자세한 내용은 매개변수 각각의 설명이나 시스템 메시지로 옮기세요.",
        )
    } else if m.contains(".function.name': string too long") {
        t("Shorten the function name to at most 64 characters.", "함수 이름을 64자 이하로 줄이세요.")
    } else if m.starts_with("Duplicate function name") {
        t("Give each tool its own name: the model calls tools by name.", "도구마다 다른 이름을 주세요. 모델은 이름으로 도구를 부릅니다.")
    } else if m.contains("'tool_choice'") || m.starts_with("Tool choice") {
        t(
            "Make tool_choice name a function defined in tools (same spelling), or add that function to tools, or set tool_choice to \"auto\".",
            "tool_choice가 tools에 정의된 함수 이름을 같은 철자로 가리키게 하거나, 그 함수를 tools에 넣거나, tool_choice를 \"auto\"로 두세요.",
        )
    } else if m.starts_with("An assistant message with 'tool_calls'") {
        t(
            "Right after this assistant message, add one tool message per tool call (role \"tool\", tool_call_id = the call's id, content = the result), or remove the unanswered calls.",
            "이 assistant 메시지 바로 뒤에 도구 호출마다 tool 메시지를 하나씩 넣으세요(role \"tool\", tool_call_id = 호출의 id, content = 결과). 또는 답이 없는 호출을 지우세요.",
        )
    } else if m.starts_with("Invalid parameter: messages with role 'tool'") || m.starts_with("Invalid parameter: 'tool_call_id'") {
        t(
            "A tool message must directly follow the assistant message whose tool_calls holds its tool_call_id: fix the id, move the message, or remove it.",
            "tool 메시지는 자기 tool_call_id가 든 tool_calls를 가진 assistant 메시지 바로 뒤에 와야 합니다. id를 고치거나 메시지를 옮기거나 지우세요.",
        )
    } else if m.starts_with("No tool call found for function call output") {
        t(
            "Put the function_call item with this call_id before its function_call_output in input, or remove the output.",
            "input에서 이 call_id의 function_call 항목을 function_call_output 앞에 넣거나 출력을 지우세요.",
        )
    } else if m.starts_with("No tool output found for function call") {
        t(
            "Add a function_call_output item with this call_id after the function_call in input, or remove the call.",
            "input에서 function_call 뒤에 이 call_id의 function_call_output 항목을 넣거나 호출을 지우세요.",
        )
    } else if m.starts_with("Invalid 'tools': empty array") {
        t(
            "Remove \"tools\": [] (and tool_choice) when the request has no tools.",
            "도구가 없는 요청에서는 \"tools\": []와 tool_choice를 빼세요.",
        )
    } else if m.contains(".tool_calls': empty array") {
        t(
            "Remove \"tool_calls\": [] from this assistant message (leave the key out when there are no calls).",
            "이 assistant 메시지에서 \"tool_calls\": []를 빼세요(호출이 없으면 키를 넣지 않습니다).",
        )
    } else if m.starts_with("The 'stream_options' parameter") {
        t("Remove stream_options: batch requests are not streamed.", "stream_options를 빼세요. 배치 요청은 스트리밍되지 않습니다.")
    } else if m.contains("does not support 'system' with this model") || m.contains("does not support 'developer' with this model") {
        t(
            "This model takes no system or developer message: move its text into the first user message.",
            "이 모델은 system이나 developer 메시지를 받지 않습니다. 그 내용을 첫 user 메시지로 옮기세요.",
        )
    } else if m.starts_with("Unsupported parameter: 'stop'") {
        t("Remove stop for this model (o3 and o4-mini do not take it).", "이 모델에는 stop을 빼세요(o3와 o4-mini는 받지 않습니다).")
    } else if m.starts_with("Unrecognized request argument supplied: reasoning_effort")
        || m.starts_with("Unsupported parameter: 'reasoning")
    {
        t(
            "Remove the reasoning effort: this model does not reason (or use a reasoning model such as gpt-5-mini).",
            "추론 노력 설정을 빼세요. 이 모델은 추론 모델이 아닙니다(또는 gpt-5-mini 같은 추론 모델을 쓰세요).",
        )
    } else if (m.starts_with("Unsupported value: 'reasoning_effort'") || m.contains("model. Supported values are:"))
        && d.code == Code::UnsupportedValue
    {
        t("Use one of the effort values the message lists for this model.", "메시지가 이 모델에 대해 나열한 노력 값 중 하나를 쓰세요.")
    } else {
        None
    }
}
