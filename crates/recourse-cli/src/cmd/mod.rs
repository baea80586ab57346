//! One module per subcommand.

pub mod completions;
pub mod run;
pub mod schema;
pub mod usage;
