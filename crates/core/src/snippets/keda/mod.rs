//! KEDA: the form for a ScaledObject or ScaledJob on the `azure-servicebus`
//! trigger with workload identity (`form.rs`), its YAML (`render.rs`), the
//! replica ceiling the deployment's TPM can feed (`quota.rs`), and which KEDA
//! each AKS version ships (`versions.rs`).

mod form;
mod quota;
mod render;
mod versions;

pub use form::{
    namespace_is_fqdn, short_namespace, Entity, FallbackBehavior, FallbackForm, JobStrategy, KedaForm, ScaleKind, ScalingModifiersForm,
    ABSURD_COUNT,
};
pub use quota::{max_replicas_from_quota, QuotaFeed, QuotaSizing};
pub use render::{effective_max_replicas, render, Note, NoteCode, Rendered};
pub use versions::{
    add_on_releases, keda_for_aks, parse_kubernetes_minor, AksKeda, AksKedaMatch, KedaChange, KedaFeature, KedaVersion, AKS_KEDA_TABLE,
};
