//! Snippets: KEDA ScaledObject/ScaledJob YAML, lint, Service Bus message checks, worker and submission code, path advisor.
