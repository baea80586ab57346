//! One module per subcommand.

pub mod completions;
pub mod schema;
pub mod usage;
