//! KEDA and Service Bus rules and limits.

use super::{
    fact,
    Certainty::*,
    Fact,
    SourceId::*,
    Topic::{Keda, ServiceBus},
    Unit::*,
};

const K: &str = "2026-03";
const SB: &str = "2026-03";

pub(super) const FACTS: &[Fact] = &[
    fact("keda_polling_interval", "default", Keda, 30.0, Seconds, KedaDocs, K, Documented),
    fact("keda_cooldown_period", "default", Keda, 300.0, Seconds, KedaDocs, K, Documented),
    fact("keda_min_replicas", "default", Keda, 0.0, Count, KedaDocs, K, Documented),
    fact("keda_max_replicas", "default", Keda, 100.0, Count, KedaDocs, K, Documented),
    fact("keda_jobs_history_limit", "default", Keda, 100.0, Count, KedaDocs, K, Documented),
    fact("keda_message_count", "default", Keda, 5.0, Count, KedaDocs, K, Documented),
    fact("keda_max_name_chars", "any", Keda, 54.0, Characters, KedaDocs, K, Documented),
    fact("hpa_scale_down_stabilization", "default", Keda, 300.0, Seconds, KedaDocs, K, Documented),
    fact("sb_max_message_bytes", "standard", ServiceBus, 262_144.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_max_message_bytes", "premium", ServiceBus, 104_857_600.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_entity_default_max_message_bytes", "premium", ServiceBus, 1_048_576.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_max_property_bytes", "any", ServiceBus, 32_768.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_max_properties_bytes", "any", ServiceBus, 65_536.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_double_count_bytes", "any", ServiceBus, 1_048_576.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact("sb_max_id_chars", "any", ServiceBus, 128.0, Characters, ServiceBusQuotas, SB, Documented),
    fact("sb_max_concurrent_receives", "entity", ServiceBus, 5_000.0, Count, ServiceBusQuotas, SB, Documented),
    fact("sb_max_amqp_connections", "namespace", ServiceBus, 5_000.0, Count, ServiceBusQuotas, SB, Documented),
    fact("sb_max_delivery_count", "default", ServiceBus, 10.0, Count, ServiceBusQuotas, SB, Documented),
    fact("sb_lock_duration", "default", ServiceBus, 60.0, Seconds, ServiceBusQuotas, SB, Documented),
    fact("sb_lock_duration", "max", ServiceBus, 300.0, Seconds, ServiceBusQuotas, SB, Documented),
];
