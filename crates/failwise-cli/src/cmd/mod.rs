//! One module per subcommand: each a function from its arguments and the presentation to an
//! [`Outcome`](crate::outcome::Outcome).

pub mod catalog;
pub mod completions;
pub mod explain;
pub mod man;
pub mod mcp;
pub mod normalize;
pub mod rules;
pub mod run;
pub mod schema;
pub mod state;
pub mod suggest;
pub mod usage;
pub mod validate;
