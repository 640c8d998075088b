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
    OpenAiReasoning,
    OpenAiApiSpec,
    AzureInferenceSpec,
    OpenAiPricing,
    OpenAiCookbookTokens,
    OpenAiVision,
    OpenAiPromptCaching,
    KedaDocs,
    AksKedaAddon,
    ServiceBusQuotas,
    ThirdParty,
    QuotaTierFree,
    QuotaTier1,
    QuotaTier2,
    QuotaTier3,
    QuotaTier4,
    QuotaTier5,
    QuotaTier6,
    PtuSizing,
    BatchLimits,
    AzureSpillover,
    PtuCalculator,
    AzureModels,
    AzureModelsLatest,
    AzureBatchModels,
    AzureQuotaUnits,
    OpenAiModelPages,
    OpenAiPriceReports,
    AzureRetailPrices,
    OpenAiVisionPatches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub title: &'static str,
    pub url: &'static str,
    /// The vendor's source file at a commit (`path@commit`) where the
    /// reference names one; empty otherwise.
    pub path: &'static str,
}

impl SourceId {
    pub const ALL: [SourceId; 37] = [
        SourceId::AzureBatch,
        SourceId::AzureQuotas,
        SourceId::AzureProvisioned,
        SourceId::AzurePricing,
        SourceId::AzureForumAnswer,
        SourceId::OpenAiBatch,
        SourceId::OpenAiModels,
        SourceId::OpenAiReasoning,
        SourceId::OpenAiApiSpec,
        SourceId::AzureInferenceSpec,
        SourceId::OpenAiPricing,
        SourceId::OpenAiCookbookTokens,
        SourceId::OpenAiVision,
        SourceId::OpenAiPromptCaching,
        SourceId::KedaDocs,
        SourceId::AksKedaAddon,
        SourceId::ServiceBusQuotas,
        SourceId::ThirdParty,
        SourceId::QuotaTierFree,
        SourceId::QuotaTier1,
        SourceId::QuotaTier2,
        SourceId::QuotaTier3,
        SourceId::QuotaTier4,
        SourceId::QuotaTier5,
        SourceId::QuotaTier6,
        SourceId::PtuSizing,
        SourceId::BatchLimits,
        SourceId::AzureSpillover,
        SourceId::PtuCalculator,
        SourceId::AzureModels,
        SourceId::AzureModelsLatest,
        SourceId::AzureBatchModels,
        SourceId::AzureQuotaUnits,
        SourceId::OpenAiModelPages,
        SourceId::OpenAiPriceReports,
        SourceId::AzureRetailPrices,
        SourceId::OpenAiVisionPatches,
    ];

    /// Whether the source is Azure's (Microsoft's documentation, pricing or
    /// its quota tables): a rule it states is another vendor's rule for a
    /// file sent to OpenAI, so at most a warning there.
    pub const fn is_azure(self) -> bool {
        use SourceId::*;
        matches!(
            self,
            AzureBatch
                | AzureQuotas
                | AzureProvisioned
                | AzurePricing
                | AzureForumAnswer
                | AzureInferenceSpec
                | QuotaTierFree
                | QuotaTier1
                | QuotaTier2
                | QuotaTier3
                | QuotaTier4
                | QuotaTier5
                | QuotaTier6
                | PtuSizing
                | BatchLimits
                | AzureSpillover
                | AzureModels
                | AzureModelsLatest
                | AzureBatchModels
                | AzureQuotaUnits
                | AzureRetailPrices
        )
    }

    pub fn source(self) -> Source {
        const TIERS: &str = "https://learn.microsoft.com/azure/foundry/openai/quotas-limits";
        let path = match self {
            SourceId::QuotaTierFree => concat!("articles/foundry/openai/includes/quota-tier/", "free.md@0ff1f5e"),
            SourceId::QuotaTier1 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-1.md@08408ff"),
            SourceId::QuotaTier2 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-2.md@467c504"),
            SourceId::QuotaTier3 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-3.md@01850fb"),
            SourceId::QuotaTier4 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-4.md@8799994"),
            SourceId::QuotaTier5 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-5.md@8799994"),
            SourceId::QuotaTier6 => concat!("articles/foundry/openai/includes/quota-tier/", "tier-6.md@467c504"),
            SourceId::PtuSizing => "articles/foundry/openai/how-to/provisioned-throughput-sizing.md@24dcd56",
            SourceId::BatchLimits => "articles/foundry/openai/includes/global-batch-limits.md@12579eb",
            SourceId::AzureSpillover => "articles/ai-foundry/openai/how-to/spillover-traffic-management.md",
            SourceId::PtuCalculator => "ricmmartins/azureptucalc src/officialPTUPricing.js",
            SourceId::AzureModels => "articles/foundry/openai/includes/models-azure-direct-openai.md@00bb554",
            // The revision of 2026-09-21 (the first to list GPT-5.6, GPT-6 and
            // GPT-6.1): read from a stored copy that names no commit.
            SourceId::AzureModelsLatest => "articles/foundry/foundry-models/concepts/models-sold-directly-by-azure.md (2026-09-21)",
            SourceId::AzureBatchModels => "articles/foundry/foundry-models/includes/model-matrix/deployments-batch.md@2a5ac24",
            SourceId::AzureQuotaUnits => "articles/foundry/openai/includes/quota-1.md@467c504",
            SourceId::OpenAiApiSpec => "openapi.json@f85dbe2",
            SourceId::AzureInferenceSpec => "specification/ai/data-plane/OpenAI.v1/azure-v1-v1-generated.json@0723d85",
            _ => "",
        };
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
            SourceId::OpenAiReasoning => ("OpenAI reasoning models guide", "https://platform.openai.com/docs/guides/reasoning"),
            SourceId::OpenAiApiSpec => ("OpenAI's OpenAPI spec (openai/openai-openapi)", "https://github.com/openai/openai-openapi"),
            SourceId::AzureInferenceSpec => {
                ("Azure OpenAI v1 API spec (Azure/azure-rest-api-specs)", "https://github.com/Azure/azure-rest-api-specs")
            }
            SourceId::OpenAiPricing => ("OpenAI pricing", "https://platform.openai.com/docs/pricing"),
            SourceId::OpenAiCookbookTokens => {
                ("OpenAI Cookbook: counting tokens with tiktoken", "https://cookbook.openai.com/examples/how_to_count_tokens_with_tiktoken")
            }
            SourceId::OpenAiVision => (
                "OpenAI images and vision guide: calculating costs",
                "https://platform.openai.com/docs/guides/images-vision#calculating-costs",
            ),
            SourceId::OpenAiPromptCaching => {
                ("OpenAI / Azure OpenAI prompt caching", "https://learn.microsoft.com/azure/ai-foundry/openai/how-to/prompt-caching")
            }
            SourceId::KedaDocs => ("KEDA documentation 2.20", "https://keda.sh/docs/2.20/"),
            SourceId::AksKedaAddon => ("AKS: KEDA add-on", "https://learn.microsoft.com/azure/aks/keda-about"),
            SourceId::ServiceBusQuotas => {
                ("Azure Service Bus quotas", "https://learn.microsoft.com/azure/service-bus-messaging/service-bus-quotas")
            }
            SourceId::ThirdParty => ("Third-party reports", ""),
            SourceId::QuotaTierFree => ("Azure OpenAI quota tiers: Free", TIERS),
            SourceId::QuotaTier1 => ("Azure OpenAI quota tiers: Tier 1", TIERS),
            SourceId::QuotaTier2 => ("Azure OpenAI quota tiers: Tier 2", TIERS),
            SourceId::QuotaTier3 => ("Azure OpenAI quota tiers: Tier 3", TIERS),
            SourceId::QuotaTier4 => ("Azure OpenAI quota tiers: Tier 4", TIERS),
            SourceId::QuotaTier5 => ("Azure OpenAI quota tiers: Tier 5", TIERS),
            SourceId::QuotaTier6 => ("Azure OpenAI quota tiers: Tier 6", TIERS),
            SourceId::PtuSizing => (
                "Azure OpenAI: provisioned throughput sizing",
                "https://learn.microsoft.com/azure/foundry/openai/how-to/provisioned-throughput-sizing",
            ),
            SourceId::BatchLimits => {
                ("Azure OpenAI: Global Batch limits", "https://learn.microsoft.com/azure/foundry/openai/quotas-limits")
            }
            SourceId::AzureSpillover => (
                "Azure OpenAI: manage traffic with spillover for provisioned deployments",
                "https://learn.microsoft.com/azure/ai-foundry/openai/how-to/spillover-traffic-management",
            ),
            SourceId::PtuCalculator => (
                "Community PTU calculator, citing the Azure pricing page (not documentation)",
                "https://github.com/ricmmartins/azureptucalc",
            ),
            SourceId::AzureModels | SourceId::AzureModelsLatest => (
                "Azure OpenAI: Foundry Models sold by Azure (model capabilities)",
                "https://learn.microsoft.com/azure/foundry/foundry-models/concepts/models-sold-directly-by-azure",
            ),
            SourceId::AzureBatchModels => (
                "Azure OpenAI: model availability for Batch deployments",
                "https://learn.microsoft.com/azure/foundry/foundry-models/concepts/models-sold-directly-by-azure-region-availability",
            ),
            SourceId::AzureQuotaUnits => {
                ("Azure OpenAI: manage quota (units of capacity)", "https://learn.microsoft.com/azure/foundry/openai/how-to/quota")
            }
            SourceId::OpenAiModelPages => ("OpenAI model pages (developers.openai.com)", "https://developers.openai.com/api/docs/models"),
            SourceId::OpenAiPriceReports => {
                ("Third-party reports of OpenAI's pricing page (not read at the vendor)", "https://developers.openai.com/api/docs/pricing")
            }
            SourceId::AzureRetailPrices => (
                "Azure Retail Prices API: Azure OpenAI meters per region (armRegionName)",
                "https://prices.azure.com/api/retail/prices?$filter=productName eq 'Azure OpenAI'",
            ),
            SourceId::OpenAiVisionPatches => (
                "OpenAI images and vision guide: patch-based image tokenization",
                "https://developers.openai.com/api/docs/guides/images-vision#patch-based-image-tokenization",
            ),
        };
        Source { title, url, path }
    }
}
