//! Where the catalog's figures come from. Titles are document names (proper
//! nouns, not translated); addresses are shown as text and opened only when
//! the user follows them.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum SourceId {
    AzureBatch,
    AzureQuotas,
    AzureProvisioned,
    AzurePricing,
    AzureForumAnswer,
    OpenAiBatch,
    OpenAiModels,
    OpenAiPricing,
    OpenAiCookbookTokens,
    OpenAiPromptCaching,
    KedaDocs,
    AksKedaAddon,
    ServiceBusQuotas,
    ThirdParty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub title: &'static str,
    pub url: &'static str,
}

impl SourceId {
    pub const ALL: [SourceId; 14] = [
        SourceId::AzureBatch,
        SourceId::AzureQuotas,
        SourceId::AzureProvisioned,
        SourceId::AzurePricing,
        SourceId::AzureForumAnswer,
        SourceId::OpenAiBatch,
        SourceId::OpenAiModels,
        SourceId::OpenAiPricing,
        SourceId::OpenAiCookbookTokens,
        SourceId::OpenAiPromptCaching,
        SourceId::KedaDocs,
        SourceId::AksKedaAddon,
        SourceId::ServiceBusQuotas,
        SourceId::ThirdParty,
    ];

    pub fn source(self) -> Source {
        let (title, url) = match self {
            SourceId::AzureBatch => ("Azure OpenAI: Global Batch", "https://learn.microsoft.com/azure/ai-foundry/openai/how-to/batch"),
            SourceId::AzureQuotas => {
                ("Azure OpenAI: quotas and limits", "https://learn.microsoft.com/azure/ai-foundry/openai/quotas-limits")
            }
            SourceId::AzureProvisioned => (
                "Azure OpenAI: provisioned throughput",
                "https://learn.microsoft.com/azure/ai-foundry/openai/concepts/provisioned-throughput",
            ),
            SourceId::AzurePricing => {
                ("Azure OpenAI pricing", "https://azure.microsoft.com/pricing/details/cognitive-services/openai-service/")
            }
            SourceId::AzureForumAnswer => ("Microsoft Q&A answer (not documentation)", "https://learn.microsoft.com/answers/"),
            SourceId::OpenAiBatch => ("OpenAI Batch API guide and reference", "https://platform.openai.com/docs/guides/batch"),
            SourceId::OpenAiModels => ("OpenAI model pages", "https://platform.openai.com/docs/models"),
            SourceId::OpenAiPricing => ("OpenAI pricing", "https://platform.openai.com/docs/pricing"),
            SourceId::OpenAiCookbookTokens => {
                ("OpenAI Cookbook: counting tokens with tiktoken", "https://cookbook.openai.com/examples/how_to_count_tokens_with_tiktoken")
            }
            SourceId::OpenAiPromptCaching => {
                ("OpenAI / Azure OpenAI prompt caching", "https://learn.microsoft.com/azure/ai-foundry/openai/how-to/prompt-caching")
            }
            SourceId::KedaDocs => ("KEDA documentation 2.20", "https://keda.sh/docs/2.20/"),
            SourceId::AksKedaAddon => ("AKS: KEDA add-on", "https://learn.microsoft.com/azure/aks/keda-about"),
            SourceId::ServiceBusQuotas => {
                ("Azure Service Bus quotas", "https://learn.microsoft.com/azure/service-bus-messaging/service-bus-quotas")
            }
            SourceId::ThirdParty => ("Third-party reports", ""),
        };
        Source { title, url }
    }
}
