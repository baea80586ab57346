//! [`Cause`]s from Rust errors: an error's `Display` text, with the errno name of an
//! [`std::io::Error`] that carries an OS error number as its code, along the `source()` chain.

use super::errno;
use crate::envelope::Cause;

impl Cause {
    /// The cause for one error: its `Display` text as the message, and, for a
    /// [`std::io::Error`] that carries an OS error number, the errno name (`ENOENT`) as its code.
    pub fn from_error(error: &(dyn std::error::Error + 'static)) -> Self {
        let cause = Self::new(error.to_string());
        match error
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::raw_os_error)
            .and_then(|n| u16::try_from(n).ok())
            .and_then(errno::by_number)
        {
            Some(errno) => cause.with_code(errno.name),
            None => cause,
        }
    }

    /// The causes for `error` and every error of its [`source`](std::error::Error::source)
    /// chain, outermost first, at most [`Cause::CHAIN_MAX`] of them (a chain that loops
    /// ends there). Blank messages are skipped.
    pub fn chain(error: &(dyn std::error::Error + 'static)) -> Vec<Self> {
        let mut causes = Vec::new();
        let mut next = Some(error);
        while let Some(e) = next {
            if causes.len() == Self::CHAIN_MAX {
                break;
            }
            let cause = Self::from_error(e);
            if !cause.message.trim().is_empty() {
                causes.push(cause);
            }
            next = e.source();
        }
        causes
    }

    /// The most causes [`Cause::chain`] follows.
    pub const CHAIN_MAX: usize = 32;
}
