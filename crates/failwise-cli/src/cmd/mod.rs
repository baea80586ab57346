//! One module per subcommand.

pub mod catalog;
pub mod completions;
pub mod explain;
pub mod normalize;
pub mod run;
pub mod schema;
pub mod suggest;
pub mod usage;
pub mod validate;
