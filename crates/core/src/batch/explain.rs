//! How to fix each finding, in English and Korean, for the diagnostics panel.

use super::{Code, Dialect};
use crate::facts::{Catalog, Kind};
use crate::format::format_number;

pub use crate::text::Text;

/// The fix for a code, as the dialect's service wants it, with the
/// built-in catalog's figures (see [`explain_with`] for a user's catalog).
pub fn explain(code: Code, dialect: Dialect) -> Text {
    explain_with(code, dialect, &Catalog::builtin())
}

/// The fix for one finding: [`explain_with`] for its code, except where
/// the finding says more than its code. A line that is a whole object and
/// then a comma (`},`), or with a comma before its closing brace, is told
/// to drop that comma (the code's fix speaks of JSON arrays and
/// pretty-printed JSON, which it is not).
pub fn explain_diagnostic(d: &super::Diagnostic, dialect: Dialect, catalog: &Catalog) -> Text {
    // The cross-field and model-family rules: a fix for each rule, not its code's.
    if let Some(fix) = super::cross_field::fix(d) {
        return fix;
    }
    if d.code == Code::InvalidJsonLine {
        if d.message.contains(super::line::COMMA_AFTER_OBJECT) {
            return Text::new(
                "Remove the comma after the object's closing }: in JSON Lines each request is a line of its own, with no comma between requests.",
                "객체를 닫는 } 뒤의 쉼표를 지우세요. JSON Lines에서는 요청마다 따로 한 줄이며 요청 사이에 쉼표를 넣지 않습니다.",
            );
        }
        if d.message.contains("(trailing comma)") {
            return Text::new(
                "Remove the comma before the closing } or ]: JSON allows no comma after the last field or item.",
                "닫는 } 또는 ] 바로 앞의 쉼표를 지우세요. JSON은 마지막 필드나 항목 뒤에 쉼표를 허용하지 않습니다.",
            );
        }
    }
    // An argument only the counterpart spec defines: not a refusal.
    if d.code == Code::UnknownParameter && d.message.contains(super::schema::UNCONFIRMED) {
        return Text::new(
            "Check that your deployment takes this argument, or remove it: the other vendor's spec defines it, this service's spec does not, and whether the service accepts it is not confirmed.",
            "배포가 이 인자를 받는지 확인하거나 지우세요. 다른 공급사의 스펙에는 있지만 이 서비스의 스펙에는 없고, 서비스가 받아들이는지는 확인되지 않았습니다.",
        );
    }
    // A required field inside the body is not one of the line's four.
    if d.code == Code::MissingRequiredParameter {
        if let Some(p) = d.param.as_deref().and_then(|p| p.strip_prefix("body.")) {
            return Text::new(
                format!("Add the field {p} to the body: the API's schema requires it there."),
                format!("body에 {p} 필드를 넣으세요. API 스키마가 그 자리에 이 필드를 요구합니다."),
            );
        }
    }
    explain_with(d.code, dialect, catalog)
}

/// The fix for a code; figures in it (the custom_id length) come from `catalog`.
pub fn explain_with(code: Code, dialect: Dialect, catalog: &Catalog) -> Text {
    use Code::*;
    let id_chars = catalog.get(Kind::MaxCustomIdChars, "any").map_or_else(|| "?".to_string(), |v| format_number(v, 0));
    match code {
        EmptyFile => Text::new("Add at least one request: one JSON object per line.", "요청을 하나 이상 넣으세요. 한 줄에 JSON 객체 하나씩입니다."),
        TooManyTasks => Text::new("Split the file into several files under the per-file request limit (use Split), and submit one batch per file.", "파일당 요청 수 한도 아래로 여러 파일로 나누고(분할 기능), 파일마다 배치를 하나씩 제출하세요."),
        FileTooLarge => match dialect {
            Dialect::Azure => Text::new("Split the file (use Split), or use bring-your-own Blob storage, which raises the limit.", "파일을 나누거나(분할 기능), 한도가 더 큰 bring-your-own Blob 스토리지를 쓰세요."),
            Dialect::OpenAi => Text::new("Split the file into smaller files (use Split).", "파일을 더 작은 파일들로 나누세요(분할 기능)."),
        },
        Utf8Bom => Text::new("Save the file as UTF-8 without a BOM (in Python: encoding=\"utf-8\", not \"utf-8-sig\"), or download the repaired file.", "BOM 없는 UTF-8로 저장하세요(Python이라면 \"utf-8-sig\"가 아니라 encoding=\"utf-8\"). 고친 파일을 다운로드해도 됩니다."),
        InvalidUtf8 => Text::new("Re-encode the file as UTF-8. The highlighted byte is not UTF-8: the file was probably saved as CP949, Latin-1 or a binary format.", "파일을 UTF-8로 다시 인코딩하세요. 표시된 바이트는 UTF-8이 아닙니다. CP949나 Latin-1, 또는 바이너리 형식으로 저장된 것으로 보입니다."),
        InvalidJsonLine => Text::new("Make the line one complete JSON object, with nothing after it. Write JSONL with json.dumps(request) per line, not one JSON array or pretty-printed JSON.", "줄 하나가 완전한 JSON 객체 하나가 되게 하고 뒤에 다른 내용이 없게 하세요. JSON 배열이나 들여쓰기한 JSON이 아니라, 줄마다 json.dumps(request)로 JSONL을 쓰세요."),
        MissingRequiredParameter => Text::new("Every line needs custom_id, method (\"POST\"), url and body.", "모든 줄에 custom_id, method(\"POST\"), url, body가 있어야 합니다."),
        InvalidRequest => Text::new("Fix the field named in the message: custom_id is a string, method is \"POST\", body is an object with model, and chat requests have a non-empty messages array whose items have a known role and content.", "메시지가 가리키는 필드를 고치세요. custom_id는 문자열, method는 \"POST\", body는 model을 담은 객체이고, chat 요청은 비어 있지 않은 messages 배열이며 각 항목에 알려진 role과 content가 있어야 합니다."),
        DuplicateCustomId => Text::new("Give every request its own custom_id: results come back out of order and are joined on it. The repair can rename repeats if you ask.", "요청마다 서로 다른 custom_id를 주세요. 결과는 순서 없이 돌아오고 custom_id로 다시 짝지어집니다. 원하면 복구 기능이 중복된 id의 이름을 바꿔 줍니다."),
        UrlMismatch | InvalidUrl => match dialect {
            Dialect::Azure => Text::new("Use the same url on every line: /v1/chat/completions or /v1/responses. Global Batch does not take embeddings.", "모든 줄에 같은 url을 쓰세요: /v1/chat/completions 또는 /v1/responses. Global Batch는 embeddings를 받지 않습니다."),
            Dialect::OpenAi => Text::new("Every line's url must equal the batch's endpoint (e.g. /v1/chat/completions); one endpoint per file.", "모든 줄의 url이 배치의 엔드포인트(예: /v1/chat/completions)와 같아야 합니다. 파일 하나에 엔드포인트 하나입니다."),
        },
        ModelMismatch => match dialect {
            Dialect::Azure => Text::new("Use one Global Batch deployment name on every line; to target a second deployment, submit a second file.", "모든 줄에 같은 Global Batch 배포 이름을 쓰세요. 다른 배포를 쓰려면 파일을 따로 만들어 제출하세요."),
            Dialect::OpenAi => Text::new("Use one model on every line of the file.", "파일의 모든 줄에 같은 모델을 쓰세요."),
        },
        ModelNotFound => Text::new(
            "Use a model the Batch API serves (the catalog lists them under About the numbers; a dated version of a listed model is fine). Realtime, audio and search-preview models are not served.",
            "Batch API가 지원하는 모델을 쓰세요(목록은 '수치의 출처'에 있습니다. 목록에 있는 모델의 날짜 붙은 버전도 됩니다). realtime, audio, search-preview 모델은 지원되지 않습니다.",
        ),
        StreamingUnsupported => Text::new(
            "Remove \"stream\": true from the body: batch results are written to a file, never streamed.",
            "body에서 \"stream\": true를 빼세요. 배치 결과는 파일로 기록되고 스트리밍되지 않습니다.",
        ),
        TokenLimitExceeded => Text::new(
            "Lower the file's enqueued tokens (set max_tokens, split the file and submit the parts one after another), or raise the deployment's enqueued-token quota.",
            "파일의 큐에 넣은 토큰을 줄이거나(max_tokens 지정, 파일을 나눠 차례로 제출), 배포의 큐에 넣은 토큰 할당량을 늘리세요.",
        ),
        BlankLine => Text::new("Remove blank lines (the repair does).", "빈 줄을 지우세요(복구 기능이 지워 줍니다)."),
        CrlfLineEndings => Text::new(
            "Save with LF line endings (the repair does).",
            "줄 끝을 LF로 저장하세요(복구 기능이 바꿔 줍니다).",
        ),
        CustomIdTooLong => Text::new(
            format!("To be safe, keep custom_id to {id_chars} characters or fewer: another vendor's batch API has that limit; OpenAI and Azure document none, and Azure has answered longer ids."),
            format!("안전하게 하려면 custom_id를 {id_chars}자 이하로 하세요. 다른 공급사의 배치 API에 이 한도가 있지만 OpenAI와 Azure 문서에는 한도가 없고, Azure는 더 긴 id에도 응답했습니다."),
        ),
        BaseModelName => Text::new(
            "On Azure, body.model is your Global Batch deployment's name. Check that a deployment of this name exists and has the Global Batch SKU.",
            "Azure에서 body.model은 Global Batch 배포의 이름입니다. 이 이름의 배포가 있고 SKU가 Global Batch인지 확인하세요.",
        ),
        MaxTokensUnset => Text::new(
            "Set max_tokens (or max_completion_tokens / max_output_tokens): the enqueued-token quota counts the output cap, and without one the model's maximum counts.",
            "max_tokens(또는 max_completion_tokens / max_output_tokens)를 지정하세요. 큐에 넣은 토큰 할당량에는 출력 상한이 들어가고, 지정하지 않으면 모델의 최대치가 들어갑니다.",
        ),
        DuplicateJsonKey => Text::new(
            "Remove the repeated key: parsers keep only one of the values, and which one differs between parsers.",
            "반복된 키를 지우세요. 파서는 값 중 하나만 남기고, 어느 쪽을 남기는지는 파서마다 다릅니다.",
        ),
        TokenSumOverflow => Text::new(
            "Look for absurd max_tokens (or max_completion_tokens / max_output_tokens) values: the sums of this file's tokens do not fit in 64 bits. Set each request's cap to what the model can produce.",
            "터무니없이 큰 max_tokens(또는 max_completion_tokens / max_output_tokens) 값을 찾으세요. 이 파일의 토큰 합계가 64비트를 넘습니다. 요청마다 모델이 낼 수 있는 만큼만 상한을 두세요.",
        ),
        QuotaUnconfirmed => Text::new(
            "Split the file or shorten the lines that were too long to check (or raise the line limit): their tokens are not in the sum, so the file can't be shown to fit the quota.",
            "검사하지 못한 긴 줄을 줄이거나 파일을 나누세요(또는 줄 길이 한도를 올리세요). 그 줄의 토큰이 합계에 없어서 파일이 할당량 안에 드는지 확인할 수 없습니다.",
        ),
        MaxTokensTooLarge => Text::new(
            "Lower the output cap to at most the model's maximum output tokens; the service rejects larger caps, and they inflate the enqueued-token estimate.",
            "출력 상한을 모델의 최대 출력 토큰 이하로 낮추세요. 서비스는 더 큰 상한을 거부하며, 큐 토큰 추정치도 부풀립니다.",
        ),
        InvalidType | InvalidValue | IntegerBelowMinValue | IntegerAboveMaxValue | DecimalBelowMinValue | DecimalAboveMaxValue | EmptyArray | ArrayBelowMinLength | ArrayAboveMaxLength | StringBelowMinLength | StringAboveMaxLength => Text::new(
            "Fix the value at the path named in the message (param) to what the API's schema allows: this request fails as a bad request in the error file, the rest of the batch runs.",
            "메시지(param)가 가리키는 경로의 값을 API 스키마가 허용하는 값으로 고치세요. 이 요청은 오류 파일에 잘못된 요청으로 실패하고, 배치의 나머지는 실행됩니다.",
        ),
        UnknownParameter => Text::new(
            "Remove the argument, or check its spelling against the API reference: the API refuses arguments it does not know.",
            "이 인자를 지우거나 API 레퍼런스와 철자를 맞춰 보세요. API는 모르는 인자를 거부합니다.",
        ),
        UnsupportedParameter => Text::new(
            "Remove the parameter for this model (reasoning models take max_completion_tokens instead of max_tokens).",
            "이 모델에는 이 매개변수를 빼세요(추론 모델은 max_tokens 대신 max_completion_tokens를 받습니다).",
        ),
        UnsupportedValue => Text::new(
            "Remove the parameter or set it to its default: this model accepts only the default value.",
            "매개변수를 빼거나 기본값으로 두세요. 이 모델은 기본값만 받습니다.",
        ),
        ContextLengthExceeded => Text::new(
            "Shorten the prompt or lower the output cap: prompt tokens plus the requested output exceed the model's context window.",
            "프롬프트를 줄이거나 출력 상한을 낮추세요. 프롬프트 토큰과 요청한 출력의 합이 모델의 컨텍스트 창을 넘습니다.",
        ),
        InvalidRequestError => Text::new(
            "Fix the request as the message says: the service refuses this combination of fields (the request fails in the error file, the rest of the batch runs).",
            "메시지가 말하는 대로 요청을 고치세요. 서비스는 이 필드 조합을 거부합니다(이 요청은 오류 파일에서 실패하고, 배치의 나머지는 실행됩니다).",
        ),
        InvalidFunctionParameters => Text::new(
            "A strict function's parameters schema must list every property in required and set additionalProperties: false on every object; fix the schema or drop strict.",
            "strict 함수의 parameters 스키마는 모든 속성을 required에 넣고 모든 객체에 additionalProperties: false를 두어야 합니다. 스키마를 고치거나 strict를 빼세요.",
        ),
        InvalidJsonSchema => Text::new(
            "A strict JSON schema must list every property in required and set additionalProperties: false on every object; fix the schema or drop strict.",
            "strict JSON 스키마는 모든 속성을 required에 넣고 모든 객체에 additionalProperties: false를 두어야 합니다. 스키마를 고치거나 strict를 빼세요.",
        ),
        EmptyCustomId => Text::new(
            "Give the request a non-empty custom_id: results are joined to requests on it. The vendors' docs do not say whether an empty one is refused.",
            "요청에 비어 있지 않은 custom_id를 주세요. 결과는 이 값으로 요청과 짝지어집니다. 빈 값을 거부하는지는 공급사 문서에 나와 있지 않습니다.",
        ),
        FileNameNotJsonl => Text::new(
            "Rename the file to end in .jsonl before uploading: OpenAI refuses other names (\"Invalid file format for Batch API. Must be .jsonl\").",
            "업로드하기 전에 파일 이름이 .jsonl로 끝나게 바꾸세요. OpenAI는 다른 이름을 거부합니다(\"Invalid file format for Batch API. Must be .jsonl\").",
        ),
        LineTooLong => Text::new(
            "This line is too long to check here. If it is not a mistake (e.g. inline images), raise the line limit or check it with the CLI.",
            "이 줄은 너무 길어서 여기서 검사하지 않았습니다. 실수가 아니라면(예: 인라인 이미지) 줄 길이 한도를 올리거나 CLI로 검사하세요.",
        ),
    }
}

/// Whether `code` is one the batch service itself reports (its message is
/// what the service will say); the others are this tool's own findings.
pub fn is_service_code(code: Code) -> bool {
    use Code::*;
    matches!(
        code,
        EmptyFile
            | TooManyTasks
            | FileTooLarge
            | Utf8Bom
            | InvalidUtf8
            | InvalidJsonLine
            | MissingRequiredParameter
            | InvalidRequest
            | DuplicateCustomId
            | UrlMismatch
            | InvalidUrl
            | ModelMismatch
            | ModelNotFound
            | StreamingUnsupported
            | TokenLimitExceeded
    ) || code.is_request_validation()
}

/// What a finding of `code` means, in a sentence: shown beside the
/// message, which stays in English as the service writes it.
pub fn describe(code: Code) -> Text {
    use Code::*;
    let (en, ko) = match code {
        EmptyFile => ("The file has no request.", "파일에 요청이 하나도 없습니다."),
        TooManyTasks => ("The file holds more requests than one batch may.", "배치 하나에 넣을 수 있는 것보다 요청이 많습니다."),
        FileTooLarge => ("The file is larger than the service accepts.", "파일이 서비스가 받는 크기보다 큽니다."),
        Utf8Bom => ("The file starts with a byte order mark (BOM).", "파일이 BOM(바이트 순서 표시)으로 시작합니다."),
        InvalidUtf8 => ("The file holds bytes that are not UTF-8.", "파일에 UTF-8이 아닌 바이트가 있습니다."),
        InvalidJsonLine => ("This line is not one valid JSON object.", "이 줄은 올바른 JSON 객체 하나가 아닙니다."),
        MissingRequiredParameter => ("A required field of the request is missing.", "요청에 꼭 있어야 할 필드가 빠졌습니다."),
        InvalidRequest => {
            ("A field of the request has a value the service does not accept.", "요청의 필드에 서비스가 받지 않는 값이 있습니다.")
        }
        DuplicateCustomId => ("Another line already uses this custom_id.", "다른 줄이 이미 이 custom_id를 씁니다."),
        UrlMismatch => ("This line's url differs from the other lines'.", "이 줄의 url이 다른 줄과 다릅니다."),
        InvalidUrl => ("The url is not an endpoint this batch service takes.", "이 url은 이 배치 서비스가 받는 엔드포인트가 아닙니다."),
        ModelMismatch => {
            ("This line names a different model or deployment than the others.", "이 줄은 다른 줄과 다른 모델 또는 배포를 씁니다.")
        }
        ModelNotFound => (
            "The service does not know this model, or does not serve it in batches.",
            "서비스가 이 모델을 모르거나 배치로 제공하지 않습니다.",
        ),
        StreamingUnsupported => {
            ("The request asks for streaming, which batches do not do.", "요청이 스트리밍을 요구하지만 배치는 스트리밍하지 않습니다.")
        }
        TokenLimitExceeded => ("The file's tokens exceed the enqueued-token quota.", "파일의 토큰이 큐에 넣은 토큰 할당량을 넘습니다."),
        TokenSumOverflow => ("The token sums are too large to count.", "토큰 합계가 너무 커서 셀 수 없습니다."),
        QuotaUnconfirmed => {
            ("Lines too long to check leave the quota unconfirmed.", "검사하지 못한 긴 줄 때문에 할당량을 확인할 수 없습니다.")
        }
        BlankLine => ("This line is empty.", "빈 줄입니다."),
        CrlfLineEndings => ("Lines end with CRLF (Windows line endings).", "줄 끝이 CRLF(Windows 줄 끝)입니다."),
        CustomIdTooLong => ("This custom_id is longer than reported to work.", "이 custom_id는 동작한다고 알려진 길이보다 깁니다."),
        BaseModelName => (
            "body.model looks like a model name, but Azure expects a deployment name.",
            "body.model이 모델 이름처럼 보입니다. Azure는 배포 이름을 받습니다.",
        ),
        MaxTokensUnset => (
            "No output cap is set, so the model's maximum counts toward the quota.",
            "출력 상한이 없어 모델의 최대치가 할당량에 들어갑니다.",
        ),
        DuplicateJsonKey => ("A key appears twice in the same object.", "같은 객체에 같은 키가 두 번 나옵니다."),
        LineTooLong => ("The line is too long to check here.", "줄이 너무 길어 여기서 검사하지 않았습니다."),
        MaxTokensTooLarge => ("The output cap is above the model's maximum output.", "출력 상한이 모델의 최대 출력보다 큽니다."),
        InvalidType => ("A value has a type the API's schema does not allow.", "값의 타입이 API 스키마가 허용하지 않는 타입입니다."),
        InvalidValue => ("A value is not one the API's schema allows.", "API 스키마가 허용하는 값이 아닙니다."),
        IntegerBelowMinValue | DecimalBelowMinValue => ("A number is below the API's minimum.", "숫자가 API의 최솟값보다 작습니다."),
        IntegerAboveMaxValue | DecimalAboveMaxValue => ("A number is above the API's maximum.", "숫자가 API의 최댓값보다 큽니다."),
        EmptyArray | ArrayBelowMinLength => {
            ("An array has fewer items than the API requires.", "배열의 항목이 API가 요구하는 수보다 적습니다.")
        }
        ArrayAboveMaxLength => ("An array has more items than the API allows.", "배열의 항목이 API가 허용하는 수보다 많습니다."),
        StringBelowMinLength => ("A string is shorter than the API requires.", "문자열이 API가 요구하는 길이보다 짧습니다."),
        StringAboveMaxLength => ("A string is longer than the API allows.", "문자열이 API가 허용하는 길이보다 깁니다."),
        UnknownParameter => ("The request has an argument the API does not know.", "요청에 API가 모르는 인자가 있습니다."),
        UnsupportedParameter => ("This model refuses this parameter.", "이 모델은 이 매개변수를 거부합니다."),
        UnsupportedValue => ("This model accepts only the default value here.", "이 모델은 여기서 기본값만 받습니다."),
        ContextLengthExceeded => (
            "The prompt plus the requested output exceed the model's context window.",
            "프롬프트와 요청한 출력의 합이 모델의 컨텍스트 창을 넘습니다.",
        ),
        InvalidRequestError => ("The service refuses this combination of fields.", "서비스가 이 필드 조합을 거부합니다."),
        InvalidFunctionParameters => (
            "A strict function's parameters schema breaks the strict rules.",
            "strict 함수의 parameters 스키마가 strict 규칙에 맞지 않습니다.",
        ),
        InvalidJsonSchema => ("A strict JSON schema breaks the strict rules.", "strict JSON 스키마가 strict 규칙에 맞지 않습니다."),
        EmptyCustomId => ("The custom_id is empty.", "custom_id가 비어 있습니다."),
        FileNameNotJsonl => ("The file name does not end in .jsonl.", "파일 이름이 .jsonl로 끝나지 않습니다."),
    };
    Text::new(en, ko)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_both_languages() {
        for &c in Code::ALL {
            for d in [Dialect::Azure, Dialect::OpenAi] {
                let x = explain(c, d);
                assert!(!x.en.is_empty() && !x.ko.is_empty(), "{c:?}");
                let y = describe(c);
                assert!(!y.en.is_empty() && !y.ko.is_empty(), "{c:?}");
            }
        }
    }

    #[test]
    fn the_custom_id_length_follows_the_catalog() {
        let mut catalog = Catalog::builtin();
        let id = crate::facts::builtin(Kind::MaxCustomIdChars, "any").unwrap().id();
        catalog.set_override(&id, 40.0).unwrap();
        let x = explain_with(Code::CustomIdTooLong, Dialect::Azure, &catalog);
        assert!(x.en.contains("40 characters") && x.ko.contains("40자"), "{x:?}");
    }

    #[test]
    fn service_codes_are_the_services() {
        assert!(is_service_code(Code::InvalidUrl));
        assert!(!is_service_code(Code::MaxTokensUnset));
    }
}
