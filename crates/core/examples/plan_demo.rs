//! Prints the planner's explanation for the seed's practice problem 2.
use batchlane_core::facts::Catalog;
use batchlane_core::quota::{explain_en, explain_ko, plan, PlanInput};

fn main() {
    let input = PlanInput { peak_rpm: 50.0, average_rpm: 30.0, burst_factor: 1.2, batchable_share: 0.3, ..PlanInput::default() };
    let p = plan(&input, &Catalog::builtin()).expect("valid input");
    for line in explain_en(&p).into_iter().chain(explain_ko(&p)) {
        println!("{line}");
    }
}
