//! A vendor quota-tier page (markdown as published in
//! MicrosoftDocs/azure-ai-docs, `includes/quota-tier/tier-N.md`), read by
//! the tier-table generator's own parser: every row becomes its
//! `tier_rpm`, `tier_rpm_window_seconds` and `tier_tpm` figures, dated by
//! the page's `ms.date`; built-in rows of the tier that the page no longer
//! lists are reported as removed.

use super::{import_problem, FileKind, ImportProblem, Imported, ImportedFact};
use crate::facts::tier_gen::{parse_tier_markdown, TierMdProblem};
use crate::facts::tiers::{rows, QuotaTier};
use crate::facts::{Kind, Unit};

/// The tier the page states: its front matter's `title: Quota tier N`, or
/// a heading `### Tier N` / `### Free Tier`.
fn tier_of(text: &str) -> Option<QuotaTier> {
    for line in text.lines().take(200) {
        let l = line.trim().to_ascii_lowercase();
        let rest = l.strip_prefix("title:").map(|t| t.trim().trim_matches('"').trim_start_matches("quota tier").trim().to_string());
        let rest = rest.or_else(|| {
            let h = l.trim_start_matches('#').trim();
            (l.starts_with('#') && (h.starts_with("tier ") || h.starts_with("free")))
                .then(|| h.trim_start_matches("tier").trim().to_string())
        });
        if let Some(code) = rest {
            let code = if code.starts_with("free") { "free" } else { code.as_str() };
            if let Some(t) = QuotaTier::from_code(code) {
                return Some(t);
            }
        }
    }
    None
}

fn field(p: &TierMdProblem) -> (String, String) {
    let (f, r): (&str, String) = match p {
        TierMdProblem::TooManyLines { max } => ("", format!("more than {max} lines")),
        TierMdProblem::TooLong { max } => ("", format!("the line is longer than {max} characters")),
        TierMdProblem::ControlCharacter => ("", "a control character".into()),
        TierMdProblem::NoDate => ("ms.date", "the front matter has no ms.date: MM/DD/YYYY".into()),
        TierMdProblem::Date(v) => ("ms.date", format!("'{v}' is not MM/DD/YYYY")),
        TierMdProblem::Columns { found } => ("row", format!("{found} cells (model, deployment type, RPM, TPM)")),
        TierMdProblem::EmptyModel => ("Model Name", "empty".into()),
        TierMdProblem::Deployment(v) => ("Deployment Type", format!("'{v}' is not GlobalStandard, DataZoneStandard or Standard")),
        TierMdProblem::Number { column, value } => (column, format!("'{value}' is not a whole number of at most 2^53")),
        TierMdProblem::Window(v) => ("rpm window", format!("'{v}' is not 1s to 60s")),
        TierMdProblem::Duplicate { first_line } => ("row", format!("the same model and deployment type as line {first_line}")),
        TierMdProblem::TooManyRows { max } => ("row", format!("more than {max} rows")),
        TierMdProblem::NoRows => ("", "no table row".into()),
    };
    (f.to_string(), r)
}

pub fn read(name: &str, text: &str) -> Result<Imported, ImportProblem> {
    let page = parse_tier_markdown(text).map_err(|e| {
        let (f, r) = field(&e.problem);
        import_problem(name, e.line, &f, r)
    })?;
    let tier = tier_of(text).ok_or_else(|| import_problem(name, 0, "title", "names no tier (title: Quota tier N, or ### Tier N)"))?;
    let source = format!("{name} ({}, tier {}, ms.date {})", FileKind::TierPage.describe(), tier.code(), page.date);
    let mut out = Imported { file: name.to_string(), kind: Some(FileKind::TierPage), ..Imported::default() };
    for r in &page.rows {
        let subject = format!("{}/{}/{}", r.model, r.deployment.tier_code(), tier.code());
        let mut push = |kind: Kind, value: f64, unit: Unit| {
            out.facts.push(ImportedFact {
                id: format!("{kind}.{subject}"),
                value,
                unit,
                source: source.clone(),
                as_of: page.date.clone(),
                certainty: r.certainty,
            })
        };
        push(Kind::TierRpm, r.rpm, Unit::Count);
        push(Kind::TierRpmWindowSeconds, r.window_seconds, Unit::Seconds);
        if let Some(tpm) = r.tpm {
            push(Kind::TierTpm, tpm, Unit::Tokens);
        }
    }
    // What the page covers: its tier's table, every kind of figure a row
    // has. A built-in row of the tier the page does not list is removed;
    // a row it lists with "-" for TPM removes that row's TPM.
    for b in rows().iter().filter(|b| b.tier == tier) {
        let listed = page.rows.iter().find(|r| r.model == b.model && r.deployment == b.deployment);
        match listed {
            None => {
                out.removed.push(format!("{}.{}", Kind::TierRpm, b.subject));
                out.removed.push(format!("{}.{}", Kind::TierRpmWindowSeconds, b.subject));
                if b.tpm.is_some() {
                    out.removed.push(format!("{}.{}", Kind::TierTpm, b.subject));
                }
            }
            Some(r) if r.tpm.is_none() && b.tpm.is_some() => out.removed.push(format!("{}.{}", Kind::TierTpm, b.subject)),
            Some(_) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tier_comes_from_the_title_or_the_heading() {
        assert_eq!(tier_of("---\ntitle: Quota tier 2\n---"), Some(QuotaTier::T2));
        assert_eq!(tier_of("---\ntitle: Quota tier free\n---"), Some(QuotaTier::Free));
        assert_eq!(tier_of("### Tier 6\n"), Some(QuotaTier::T6));
        assert_eq!(tier_of("### Free Tier\n"), Some(QuotaTier::Free));
        assert_eq!(tier_of("# Quotas\n"), None);
    }
}
