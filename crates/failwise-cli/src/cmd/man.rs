//! `failwise man [PAGE]`: the manual page of failwise, or of one of its subcommands, in roff,
//! generated from the clap definitions by `clap_mangen`, as `failwise completions` generates
//! the completion scripts from them. A page is named by its subcommand's path joined by `-`
//! (`run`, `catalog-lint`), as `man` names it (`failwise-catalog-lint(1)`); `--list` prints
//! those names, one a line. The names are [`pages`] of the command tree, given to clap as the
//! argument's possible values ([`with_pages`]), so a misspelt page is a usage envelope with the
//! nearest names, and the completion scripts offer them.

use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Presentation;

/// The argument's id, for [`with_pages`].
const PAGE: &str = "page";

/// Arguments of `failwise man`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/man-args.txt"))]
pub struct Args {
    /// The subcommand whose page to print, its path joined by `-` (run, catalog-lint);
    /// failwise's own page when absent.
    #[arg(id = PAGE, value_name = "PAGE", conflicts_with = "list")]
    pub page: Option<String>,
    /// Print the name of every subcommand's page, one a line, instead of a page.
    #[arg(long)]
    pub list: bool,
}

/// Every subcommand of `root`, at every depth (`help` aside), by its page name: the path below
/// `root` joined by `-`, in the order of the definitions.
pub fn pages(root: &clap::Command) -> Vec<String> {
    fn walk(command: &clap::Command, prefix: &str, out: &mut Vec<String>) {
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = format!("{prefix}{}", sub.get_name());
            out.push(name.clone());
            walk(sub, &format!("{name}-"), out);
        }
    }
    let mut out = Vec::new();
    walk(root, "", &mut out);
    out
}

/// `root` with the page names ([`pages`]) as the possible values of `man`'s argument.
pub fn with_pages(root: clap::Command) -> clap::Command {
    let names = pages(&root);
    root.mut_subcommand("man", |man| {
        man.mut_arg(PAGE, |arg| {
            arg.value_parser(clap::builder::PossibleValuesParser::new(names))
        })
    })
}

/// Writes the page asked for, rendered from `root` (the whole command line's definitions), to
/// stdout.
pub fn run(args: &Args, root: clap::Command, presentation: &Presentation) -> Outcome {
    let mut root = root;
    root.build();
    let out = Output::stdout(presentation);
    if args.list {
        if presentation.format() == crate::presentation::Format::Json {
            // One JSON record: the page names, as `failwise man PAGE` takes them.
            let record = serde_json::json!({ "pages": pages(&root) });
            out.line(&presentation.record_line(&record));
            return Outcome::Exit(0);
        }
        let mut text = pages(&root).join("\n");
        text.push('\n');
        out.bytes(text.as_bytes());
        return Outcome::Exit(0);
    }
    let command = match &args.page {
        None => root,
        // clap accepted the name, so it is one of `pages`.
        Some(page) => find(&root, page).unwrap_or(root),
    };
    let source = format!("failwise {}", env!("CARGO_PKG_VERSION"));
    let mut roff = Vec::new();
    // Writing into a `Vec` cannot fail.
    let _ = clap_mangen::Man::new(command)
        .source(source)
        .render(&mut roff);
    out.bytes(&roff);
    Outcome::Exit(0)
}

/// The subcommand of `root` whose page is `page`, with the names clap gave it when `root` was
/// built (`failwise-catalog-lint`, `failwise catalog lint`).
fn find(root: &clap::Command, page: &str) -> Option<clap::Command> {
    let mut command = root;
    let mut rest = page;
    while !rest.is_empty() {
        let sub = command.get_subcommands().find(|s| {
            let name = s.get_name();
            rest == name
                || rest
                    .strip_prefix(name)
                    .is_some_and(|tail| tail.starts_with('-'))
        })?;
        rest = rest[sub.get_name().len()..].trim_start_matches('-');
        command = sub;
    }
    Some(command.clone())
}
