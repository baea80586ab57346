//! Uncaught exceptions as language runtimes print them, read as a chain of layers: the class
//! of each (a stable identifier, DESIGN §6) and its message, outermost first.
//!
//! - Python (the interpreter's traceback printer, `traceback.print_exception`): each
//!   `Traceback (most recent call last):` block ends in the exception's line `Class: message`;
//!   blocks joined by "The above exception was the direct cause of the following exception:"
//!   (`raise … from`) or "During handling of the above exception, another exception occurred:"
//!   are one chain, printed innermost first.
//! - Java (`Throwable.printStackTrace`): `Exception in thread "main" pkg.Class: message` or a
//!   bare `pkg.Class: message` followed by `\tat` frames, then each `Caused by: pkg.Class: message`,
//!   printed outermost first.
//! - Node.js (`util.inspect` of an uncaught error): `Class: message` or `Class [CODE]: message`
//!   followed by `    at` frames, its `code: 'ECONNREFUSED'` property, and each nested
//!   `[cause]: Class: message`, printed outermost first.
//!
//! [`chain`] reads the chain that ends last in the text; [`Layer::explains`] tells whether a
//! finding's code is that layer's meaning, so that the envelope names the layer that decided
//! (`source.code`, its class) and keeps the other layers in `causes`.

use crate::draft::Draft;
use crate::envelope::{Cause, Source, SourceCode};

/// The most layers one chain keeps (a longer one keeps its outermost ones).
pub(crate) const MAX_LAYERS: usize = 16;

/// The most bytes of a layer's message kept.
const MAX_MESSAGE_BYTES: usize = 512;

/// A runtime whose uncaught exceptions are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Runtime {
    Python,
    Java,
    Node,
}

impl Runtime {
    /// The name of the form, as `source.dialect` and a cause's `source` spell it.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Python => "python-traceback",
            Self::Java => "java-stack-trace",
            Self::Node => "node-error",
        }
    }
}

/// One exception of a chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layer {
    /// The runtime that printed it.
    pub(crate) runtime: Runtime,
    /// The class as printed (`requests.exceptions.ReadTimeout`, `java.io.IOException`).
    pub(crate) class: String,
    /// Its message (possibly empty), at most [`MAX_MESSAGE_BYTES`].
    pub(crate) message: String,
    /// A Node.js error's `code` (`[ERR_X]` after the class, or its `code:` property).
    pub(crate) code: Option<String>,
}

/// The errno of Python's `OSError` subclasses (PEP 3151; the `errno` module's names).
const PYTHON_OS_ERRORS: &[(&str, &str)] = &[
    ("FileNotFoundError", "ENOENT"),
    ("FileExistsError", "EEXIST"),
    ("PermissionError", "EACCES"),
    ("IsADirectoryError", "EISDIR"),
    ("NotADirectoryError", "ENOTDIR"),
    ("ConnectionRefusedError", "ECONNREFUSED"),
    ("ConnectionResetError", "ECONNRESET"),
    ("ConnectionAbortedError", "ECONNABORTED"),
    ("BrokenPipeError", "EPIPE"),
    ("TimeoutError", "ETIMEDOUT"),
    ("BlockingIOError", "EAGAIN"),
    ("InterruptedError", "EINTR"),
    ("ChildProcessError", "ECHILD"),
    ("ProcessLookupError", "ESRCH"),
];

impl Layer {
    /// The class without its module or package (`ReadTimeout`).
    pub(crate) fn simple_class(&self) -> &str {
        self.class.rsplit('.').next().unwrap_or(&self.class)
    }

    /// Whether a finding with `code` (and the captured class `exception`, when its rule read
    /// one) is this layer's meaning: the same class, the class in UPPER_SNAKE, the errno of a
    /// Python `OSError` subclass, a Node.js error's own code, or an errno whose name or
    /// strerror text the message holds (Java's `(No such file or directory)`).
    pub(crate) fn explains(&self, code: &str, exception: Option<&str>) -> bool {
        if let Some(class) = exception {
            return class == self.class || class == self.simple_class();
        }
        let simple = self.simple_class();
        failwise_spelling::upper_snake(simple, "") == code
            || (self.runtime == Runtime::Python
                && PYTHON_OS_ERRORS
                    .iter()
                    .any(|(c, e)| *c == simple && *e == code))
            || self.code.as_deref() == Some(code)
            || (self.runtime == Runtime::Node
                && self
                    .message
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .any(|word| word == code))
            || super::errno::in_line(&self.message).is_some_and(|e| e.name == code)
    }

    /// The layer as a cause: its class as the code, its message (the class when it has none).
    pub(crate) fn cause(&self) -> Cause {
        let message = if self.message.trim().is_empty() {
            self.class.clone()
        } else {
            self.message.clone()
        };
        Cause {
            code: Some(self.class.clone()),
            message,
            source: Some(self.runtime.name().to_owned()),
        }
    }
}

/// `draft` with the uncaught exceptions of `text` (a failed command's stderr), for a finding
/// whose code is `code` and whose rule captured the class `exception`: the layer the finding
/// is the meaning of ([`Layer::explains`]) gives `source` (its form and class) and every other
/// layer is a cause, outermost first; when no layer is, every layer is a cause. A class the
/// rule captured with no chain around it is the `source` alone (form `exception`).
pub(crate) fn attach(draft: Draft, text: &str, code: &str, exception: Option<&str>) -> Draft {
    let layers = chain(text);
    let decided = layers
        .iter()
        .position(|l| exception.is_some() && l.explains(code, exception))
        .or_else(|| layers.iter().rposition(|l| l.explains(code, None)));
    let source = match decided {
        Some(i) => Some((layers[i].runtime.name(), layers[i].class.clone())),
        None => exception.map(|class| ("exception", class.to_owned())),
    };
    let mut draft = draft;
    if let Some((dialect, class)) = source {
        draft = draft.source(Source {
            dialect: dialect.to_owned(),
            code: Some(SourceCode::Text(class)),
        });
    }
    let others = layers
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != decided)
        .map(|(_, l)| l.cause());
    draft.causes(others)
}

/// The chain of uncaught exceptions that ends last in `text`, outermost first (at most
/// [`MAX_LAYERS`]); empty when `text` holds none.
pub(crate) fn chain(text: &str) -> Vec<Layer> {
    let lines: Vec<&str> = text.lines().collect();
    let mut best: Option<(usize, Vec<Layer>)> = None;
    for (end, layers) in [python(&lines), java(&lines), node(&lines)]
        .into_iter()
        .flatten()
    {
        if best.as_ref().is_none_or(|(e, _)| end > *e) {
            best = Some((end, layers));
        }
    }
    let mut layers = best.map(|(_, l)| l).unwrap_or_default();
    layers.truncate(MAX_LAYERS);
    layers
}

/// Whether `class` reads as a class name: dotted identifiers, the last one capitalised.
fn is_class(class: &str) -> bool {
    let mut parts = class.split('.').peekable();
    let mut ok = !class.is_empty();
    while let Some(part) = parts.next() {
        let mut chars = part.chars();
        let first = chars.next();
        ok &= first.is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        if parts.peek().is_none() {
            ok &= first.is_some_and(|c| c.is_ascii_uppercase());
        }
    }
    ok
}

/// `Class: message` (or `Class` alone) as a class and a message, when the class reads as one.
fn class_line(line: &str) -> Option<(&str, &str)> {
    let (class, message) = match line.split_once(": ") {
        Some((class, message)) => (class, message),
        None => (line.strip_suffix(':').unwrap_or(line), ""),
    };
    is_class(class).then_some((class, message))
}

fn bounded(message: &str) -> String {
    crate::truncate::bound(message.trim(), MAX_MESSAGE_BYTES).text
}

const PY_TRACEBACK: &str = "Traceback (most recent call last):";
const PY_CAUSE: &str = "The above exception was the direct cause of the following exception:";
const PY_CONTEXT: &str = "During handling of the above exception, another exception occurred:";

/// The last Python chain: the index of its last line, and its layers outermost first.
fn python(lines: &[&str]) -> Option<(usize, Vec<Layer>)> {
    let mut chain: Vec<Layer> = Vec::new();
    let mut found: Option<(usize, Vec<Layer>)> = None;
    let mut linked = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        if line == PY_CAUSE || line == PY_CONTEXT {
            linked = true;
            i += 1;
            continue;
        }
        if line.trim_start() != PY_TRACEBACK {
            if !line.trim().is_empty() {
                linked = false;
            }
            i += 1;
            continue;
        }
        // The frames are indented; the first line at the margin is the exception's.
        let mut j = i + 1;
        while j < lines.len() && (lines[j].starts_with([' ', '\t']) || lines[j].is_empty()) {
            j += 1;
        }
        let Some((class, first)) = lines.get(j).and_then(|l| class_line(l.trim_end())) else {
            i = j;
            continue;
        };
        // A message may go on over more lines, up to a blank line or the next block.
        let mut message = first.to_owned();
        let mut k = j + 1;
        while k < lines.len() {
            let next = lines[k].trim_end();
            if next.is_empty()
                || next.trim_start() == PY_TRACEBACK
                || next == PY_CAUSE
                || next == PY_CONTEXT
                || message.len() > MAX_MESSAGE_BYTES
            {
                break;
            }
            message.push('\n');
            message.push_str(next);
            k += 1;
        }
        if !linked {
            chain.clear();
        }
        // Printed innermost first: a chain too long keeps its last (outermost) layers.
        if chain.len() == MAX_LAYERS {
            chain.remove(0);
        }
        {
            chain.push(Layer {
                runtime: Runtime::Python,
                class: class.to_owned(),
                message: bounded(&message),
                code: None,
            });
        }
        linked = false;
        found = Some((k - 1, chain.iter().rev().cloned().collect()));
        i = k;
    }
    found
}

/// Whether line `i` is a stack frame (`at …`, as Java and Node.js print them).
fn is_frame(lines: &[&str], i: usize) -> bool {
    lines
        .get(i)
        .is_some_and(|l| l.trim_start().starts_with("at "))
}

/// Appends a cause to a chain printed outermost first; one too long keeps its outermost layers.
fn push_inner(
    chain: &mut Vec<Layer>,
    runtime: Runtime,
    class: &str,
    message: &str,
    code: Option<&str>,
) {
    if chain.len() < MAX_LAYERS {
        chain.push(Layer {
            runtime,
            class: class.to_owned(),
            message: bounded(message),
            code: code.map(str::to_owned),
        });
    }
}

/// The last Java stack trace: the index of its last line, and its layers outermost first.
fn java(lines: &[&str]) -> Option<(usize, Vec<Layer>)> {
    let mut found: Option<(usize, Vec<Layer>)> = None;
    let mut chain: Vec<Layer> = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim_end();
        let (cause, text) = match line.trim_start().strip_prefix("Caused by: ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let text = match text.strip_prefix("Exception in thread \"") {
            Some(rest) => rest.split_once("\" ").map_or(text, |(_, after)| after),
            None => text,
        };
        let Some((class, message)) = class_line(text) else {
            continue;
        };
        // A head needs a package and frames under it; a cause needs its prefix.
        if !(cause
            || (class.contains('.') && is_frame(lines, i + 1) && !raw.starts_with([' ', '\t'])))
        {
            continue;
        }
        if !cause || chain.is_empty() {
            chain.clear();
        }
        push_inner(&mut chain, Runtime::Java, class, message, None);
        found = Some((i, chain.clone()));
    }
    found
}

/// The last Node.js error: the index of its last line, and its layers outermost first.
fn node(lines: &[&str]) -> Option<(usize, Vec<Layer>)> {
    let mut found: Option<(usize, Vec<Layer>)> = None;
    let mut chain: Vec<Layer> = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let trimmed = raw.trim();
        if let Some(code) = trimmed
            .strip_prefix("code: '")
            .and_then(|rest| rest.split_once('\''))
            .map(|(code, _)| code)
            && let Some(layer) = chain.last_mut()
            && layer.code.is_none()
        {
            layer.code = Some(code.to_owned());
            continue;
        }
        let (cause, text) = match trimmed.strip_prefix("[cause]: ") {
            Some(rest) => (true, rest),
            None => (false, trimmed),
        };
        let (head, message) = text.split_once(": ").unwrap_or((text, ""));
        let (class, code) = match head.split_once(" [") {
            Some((class, code)) => (class, code.strip_suffix(']')),
            None => (head, None),
        };
        let named = class.ends_with("Error") || class.ends_with("Exception") || class == "Error";
        if class.contains('.') || !is_class(class) || !named || !is_frame(lines, i + 1) {
            continue;
        }
        if !cause && raw.starts_with([' ', '\t']) {
            continue;
        }
        if !cause {
            chain.clear();
        }
        push_inner(&mut chain, Runtime::Node, class, message, code);
        found = Some((i, Vec::new()));
    }
    let (end, _) = found?;
    Some((end, chain))
}

#[cfg(test)]
mod tests;
