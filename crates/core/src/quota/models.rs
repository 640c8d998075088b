//! Which models the planner plans: the catalog's models with a rate-limit
//! ratio, and the models only an imported file names (a tier row, a
//! ratio) — from the catalog in use, never the built-in tables alone, so a
//! model a newer vendor tier page adds can be picked and planned.

use crate::facts::{catalog_tier_rows, model_for_name, Catalog, Kind, MODELS};

/// The models only imported figures name (a tier row or a ratio), that
/// no catalog model's name (or a dated spelling of it) covers; sorted.
fn imported_models(catalog: &Catalog) -> Vec<String> {
    if catalog.imported_facts().is_empty() {
        return Vec::new();
    }
    let ratios = catalog.imported_facts().values().filter(|f| f.kind() == Some(Kind::RpmPer1kTpm)).map(|f| f.subject().to_string());
    let rows = catalog_tier_rows(catalog).into_iter().filter(|r| r.imported_only).map(|r| r.model);
    let mut out: Vec<String> = ratios.chain(rows).filter(|m| model_for_name(m).is_none()).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The planner's model list: the catalog's models with a rate-limit ratio
/// (in the catalog's order), then those only imported files name.
pub fn planner_models(catalog: &Catalog) -> Vec<String> {
    let mut out: Vec<String> =
        MODELS.iter().filter(|m| catalog.get(Kind::RpmPer1kTpm, m.name).is_some()).map(|m| m.name.to_string()).collect();
    out.extend(imported_models(catalog));
    out
}

/// The name the planner plans `name` as: the catalog model it names (a
/// dated spelling resolves to its model), else a model only imported
/// figures name (exact, else case-insensitive); `None` if neither.
pub fn planner_model(catalog: &Catalog, name: &str) -> Option<String> {
    if let Some(m) = model_for_name(name) {
        return Some(m.name.to_string());
    }
    let name = name.trim();
    let extra = imported_models(catalog);
    let at = extra.iter().position(|m| m == name).or_else(|| extra.iter().position(|m| m.eq_ignore_ascii_case(name)))?;
    extra.into_iter().nth(at)
}
