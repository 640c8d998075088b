//! KEDA and Service Bus rules and limits.

use super::Kind;
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
    fact(Kind::KedaPollingInterval, "default", Keda, 30.0, Seconds, KedaDocs, K, Documented),
    fact(Kind::KedaCooldownPeriod, "default", Keda, 300.0, Seconds, KedaDocs, K, Documented),
    fact(Kind::KedaMinReplicas, "default", Keda, 0.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaMaxReplicas, "default", Keda, 100.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaJobsHistoryLimit, "default", Keda, 100.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaMessageCount, "default", Keda, 5.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaMaxNameChars, "any", Keda, 54.0, Characters, KedaDocs, K, Documented),
    // The KEDA release 2.<minor> that brought a field or an admission rule
    // (kedacore/keda CHANGELOG.md and the CRDs at each release tag).
    fact(Kind::KedaSinceMinor, "scaling_modifiers", Keda, 12.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "initial_cooldown_period", Keda, 14.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "identity_tenant_id", Keda, 14.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "identity_authority_host", Keda, 14.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "eager_strategy", Keda, 15.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "fallback_behavior", Keda, 17.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "webhook_replica_bounds", Keda, 20.0, Count, KedaDocs, K, Documented),
    fact(Kind::KedaSinceMinor, "webhook_name_length", Keda, 20.0, Count, KedaDocs, K, Documented),
    fact(Kind::HpaScaleDownStabilization, "default", Keda, 300.0, Seconds, KedaDocs, K, Documented),
    fact(Kind::SbMaxMessageBytes, "standard", ServiceBus, 262_144.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxMessageBytes, "premium", ServiceBus, 104_857_600.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbEntityDefaultMaxMessageBytes, "premium", ServiceBus, 1_048_576.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxPropertyBytes, "any", ServiceBus, 32_768.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxPropertiesBytes, "any", ServiceBus, 65_536.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbDoubleCountBytes, "any", ServiceBus, 1_048_576.0, Bytes, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxIdChars, "any", ServiceBus, 128.0, Characters, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxConcurrentReceives, "entity", ServiceBus, 5_000.0, Count, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxAmqpConnections, "namespace", ServiceBus, 5_000.0, Count, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbMaxDeliveryCount, "default", ServiceBus, 10.0, Count, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbLockDuration, "default", ServiceBus, 60.0, Seconds, ServiceBusQuotas, SB, Documented),
    fact(Kind::SbLockDuration, "max", ServiceBus, 300.0, Seconds, ServiceBusQuotas, SB, Documented),
];
