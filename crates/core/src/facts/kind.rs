//! The kinds of figure the catalog holds, as typed keys: a typo in a kind is
//! a compile error, not a panic at run time. `Kind::as_str` is the stable
//! name used in fact ids (`"{kind}.{subject}"`) and translation keys
//! (`fact.{kind}`).

macro_rules! kinds {
    ($($variant:ident => $name:literal,)*) => {
        /// What a figure is (`Kind::PriceInput`), as opposed to what it is about (the subject).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($variant,)*
        }

        impl Kind {
            /// Every kind, in alphabetical order of its name.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// The stable snake_case name (`"price_input"`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// The kind with this name, if any.
            pub fn from_name(name: &str) -> Option<Kind> {
                Self::ALL.iter().copied().find(|k| k.as_str() == name)
            }
        }
    };
}

kinds! {
    AzureDatazoneBatchModel => "azure_datazone_batch_model",
    AzureGlobalBatchModel => "azure_global_batch_model",
    BatchPriceFactor => "batch_price_factor",
    BindingReachedShare => "binding_reached_share",
    BodyMinimum => "body_minimum",
    BodySchema => "body_schema",
    CacheMinPrefixTokens => "cache_min_prefix_tokens",
    CacheStepTokens => "cache_step_tokens",
    CancellingMaxSeconds => "cancelling_max_seconds",
    CompletionWindowSeconds => "completion_window_seconds",
    ContextWindow => "context_window",
    ContextWindowAzureBatch => "context_window_azure_batch",
    ContextWindowAzureProvisioned => "context_window_azure_provisioned",
    ContextWindowAzureStandard => "context_window_azure_standard",
    DatazonePriceFactor => "datazone_price_factor",
    DefaultTpmDatazone => "default_tpm_datazone",
    DefaultTpmGlobal => "default_tpm_global",
    DefaultTpmRegional => "default_tpm_regional",
    EnqueuedDatazoneCreditCard => "enqueued_datazone_credit_card",
    EnqueuedDatazoneDefault => "enqueued_datazone_default",
    EnqueuedDatazoneEa => "enqueued_datazone_ea",
    EnqueuedDatazoneMsdn => "enqueued_datazone_msdn",
    EnqueuedGlobalCreditCard => "enqueued_global_credit_card",
    EnqueuedGlobalDefault => "enqueued_global_default",
    EnqueuedGlobalEa => "enqueued_global_ea",
    EnqueuedGlobalMsdn => "enqueued_global_msdn",
    ExpiresAfterWindow => "expires_after_window",
    FailFastFirstBackoffSeconds => "fail_fast_first_backoff_seconds",
    FailFastMaxAttempts => "fail_fast_max_attempts",
    FileDefaultExpirySeconds => "file_default_expiry_seconds",
    FlexPriceFactor => "flex_price_factor",
    HeadroomTarget => "headroom_target",
    HpaScaleDownStabilization => "hpa_scale_down_stabilization",
    ImageBaseTokens => "image_base_tokens",
    ImageFitSidePx => "image_fit_side_px",
    ImageLowDetailTokens => "image_low_detail_tokens",
    ImagePatchBudget => "image_patch_budget",
    ImagePatchMaxSidePx => "image_patch_max_side_px",
    ImagePatchMultiplier => "image_patch_multiplier",
    ImageShortSidePx => "image_short_side_px",
    ImageTileSidePx => "image_tile_side_px",
    ImageTileTokens => "image_tile_tokens",
    InputTpmPerPtu => "input_tpm_per_ptu",
    KedaCooldownPeriod => "keda_cooldown_period",
    KedaJobsHistoryLimit => "keda_jobs_history_limit",
    KedaMaxNameChars => "keda_max_name_chars",
    KedaMaxReplicas => "keda_max_replicas",
    KedaMessageCount => "keda_message_count",
    KedaMinReplicas => "keda_min_replicas",
    KedaPollingInterval => "keda_polling_interval",
    KedaSinceMinor => "keda_since_minor",
    LaneBatchDatazone => "lane_batch_datazone",
    LaneBatchGlobal => "lane_batch_global",
    LanePriorityDatazone => "lane_priority_datazone",
    LanePriorityGlobal => "lane_priority_global",
    MaxBatchInputFiles => "max_batch_input_files",
    MaxBatchInputFilesExpiring => "max_batch_input_files_expiring",
    MaxCustomIdChars => "max_custom_id_chars",
    MaxEmbeddingInputsPerFile => "max_embedding_inputs_per_file",
    MaxFileBytes => "max_file_bytes",
    MaxFileBytesByoStorage => "max_file_bytes_byo_storage",
    MaxInputTokens => "max_input_tokens",
    MaxOutputTokens => "max_output_tokens",
    MaxRequestsPerFile => "max_requests_per_file",
    MinPollIntervalSeconds => "min_poll_interval_seconds",
    ModelEffort => "model_effort",
    ModelRefusesParam => "model_refuses_param",
    ModelRefusesRole => "model_refuses_role",
    ModelSamplingAtNone => "model_sampling_at_none",
    OpenaiBatchModel => "openai_batch_model",
    OpenaiBatchQueueTokens => "openai_batch_queue_tokens",
    OutputExpiresMaxSeconds => "output_expires_max_seconds",
    OutputExpiresMinSeconds => "output_expires_min_seconds",
    PriceCachedInput => "price_cached_input",
    PriceInput => "price_input",
    PriceOutput => "price_output",
    PriorityLatencyTps => "priority_latency_tps",
    PriorityLongContextTokens => "priority_long_context_tokens",
    PriorityPriceFactor => "priority_price_factor",
    PriorityRampShare => "priority_ramp_share",
    PriorityRampWindowSeconds => "priority_ramp_window_seconds",
    PtuMaxPerDeployment => "ptu_max_per_deployment",
    PtuMinGlobal => "ptu_min_global",
    PtuMinRegional => "ptu_min_regional",
    PtuOutputWeight => "ptu_output_weight",
    PtuPriceHourly => "ptu_price_hourly",
    PtuPriceHourlyRegional => "ptu_price_hourly_regional",
    PtuPriceMonthlyReserved => "ptu_price_monthly_reserved",
    PtuPriceYearlyReserved => "ptu_price_yearly_reserved",
    PtuStepGlobal => "ptu_step_global",
    PtuStepRegional => "ptu_step_regional",
    ReasoningDefaultOnly => "reasoning_default_only",
    ReasoningUnsupportedParam => "reasoning_unsupported_param",
    RegionalPriceFactor => "regional_price_factor",
    ReplyPrimingTokens => "reply_priming_tokens",
    RpmPer1kTpm => "rpm_per_1k_tpm",
    SbDoubleCountBytes => "sb_double_count_bytes",
    SbEntityDefaultMaxMessageBytes => "sb_entity_default_max_message_bytes",
    SbLockDuration => "sb_lock_duration",
    SbMaxAmqpConnections => "sb_max_amqp_connections",
    SbMaxConcurrentReceives => "sb_max_concurrent_receives",
    SbMaxDeliveryCount => "sb_max_delivery_count",
    SbMaxIdChars => "sb_max_id_chars",
    SbMaxMessageBytes => "sb_max_message_bytes",
    SbMaxPropertiesBytes => "sb_max_properties_bytes",
    SbMaxPropertyBytes => "sb_max_property_bytes",
    ShortWindowSeconds => "short_window_seconds",
    ShortWindowSecondsMin => "short_window_seconds_min",
    SpilloverPriceFactor => "spillover_price_factor",
    TierRpm => "tier_rpm",
    TierRpmWindowSeconds => "tier_rpm_window_seconds",
    TierTpm => "tier_tpm",
    TokensPerMessage => "tokens_per_message",
    TokensPerName => "tokens_per_name",
    ToolEnumInitSubtract => "tool_enum_init_subtract",
    ToolEnumItem => "tool_enum_item",
    ToolFuncEnd => "tool_func_end",
    ToolFuncInit => "tool_func_init",
    ToolPropInit => "tool_prop_init",
    ToolPropKey => "tool_prop_key",
    TpmStep => "tpm_step",
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for &k in Kind::ALL {
            assert_eq!(Kind::from_name(k.as_str()), Some(k));
        }
        let mut names: Vec<_> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
        assert_eq!(Kind::from_name("price_inptu"), None);
    }
}
