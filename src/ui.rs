//! The views: what one person sees of a table and does at it. A
//! [`Viewer`] is one person's view (cursor, marks, the window open, the
//! message being written): keys and clicks in, [`Request`]s out. [`draw`]
//! draws a person's [`Sight`] of the table with their view; nothing else
//! of the table reaches a screen. The room above (`crate::room`) holds a
//! table with its people's viewers and narrators.

pub mod changes;
pub mod draw;
pub mod fit;
pub mod input;
pub mod replay;
pub mod viewer;
pub mod window;

use std::ops::Deref;

use hearts_table::Sight;

pub use crate::request::Request;
pub use viewer::Viewer;

/// What a view draws: a person's sight of the table, and their own view.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// What the table lets this person see.
    pub sight: &'a Sight<'a>,
    /// What is theirs alone.
    pub viewer: &'a Viewer,
}

impl<'a> Deref for Seen<'a> {
    type Target = Sight<'a>;

    fn deref(&self) -> &Sight<'a> {
        self.sight
    }
}

#[cfg(test)]
mod tests;
