//! English: Batch file check — the model behind the deployment, split
//! limits, grouped findings, what repair leaves, image and tool tokens.

pub(super) const TABLE: &[(&str, &str)] = &[
    ("batch.model.behind", "Model behind the deployment"),
    ("batch.model.choose", "choose…"),
    ("batch.model.guessed", "Model {model}, guessed from the deployment name {name}: limits, output caps and prices follow it. Not right? Pick the model below."),
    ("batch.model.pick", "The deployment {name} names no model this tool knows. Pick the model behind it: until then requests without max_tokens count no output, and no quota or price applies, so the token figures below are too low."),
    ("batch.model.pick_title", "Pick the model behind the deployment first"),
    ("batch.split.limits", "Each part stays under {requests} requests, {size} and {tokens} enqueued tokens."),
    ("batch.split.limits_no_tokens", "Each part stays under {requests} requests and {size} (no enqueued-token quota chosen)."),
    ("batch.split.over_part", "still over a limit"),
    ("batch.split.over_tokens", "Line {line} alone needs about {tokens} enqueued tokens, more than the quota of {limit}: no split fixes it (give it a lower max_tokens)."),
    ("batch.split.over_bytes", "Line {line} alone is {size}, more than the file limit of {limit}: no split fixes it."),
    ("batch.split.quota_needs_model", "The quota depends on the model, and the file's model is unknown: the parts were not split by enqueued tokens. Pick the model behind the deployment, then split again."),
    ("batch.diag.lines.one", "{n} line: {lines}"),
    ("batch.diag.lines.other", "{n} lines: {lines}"),
    ("batch.diag.dialect_azure", "This looks like an Azure Global Batch file (its url is {url}, which only Azure takes): check it as Azure OpenAI, or change every url to /v1/chat/completions."),
    ("batch.diag.dialect_openai", "This looks like an OpenAI Batch API file (its url is {url}, which Azure Global Batch does not take): check it as OpenAI."),
    ("batch.diag.check_as", "Check as {dialect}"),
    ("batch.repair.will_fix", "It can fix safely: {fixes}."),
    ("batch.repair.nothing", "Nothing here that it can fix safely."),
    ("batch.repair.left", "Left for a person: {codes}."),
    ("batch.repair.left_none", "Nothing is left for a person."),
    ("batch.tokens.images", "{n} image parts counted by the tile formula ({tokens} tokens)."),
    ("batch.tokens.images_estimated", "{n} image parts of unknown size counted at the largest a high-detail image can cost: an upper bound, not an exact count."),
    ("batch.tokens.tools", "{n} requests define tools: counted with the OpenAI Cookbook's estimate ({tokens} tokens), not exactly."),
];
