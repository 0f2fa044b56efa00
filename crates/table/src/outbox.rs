//! What the table has to hand on: effects for its runtime, notices for
//! its people, each taken once, oldest first.

use super::{Effect, Notice, PersonId};

/// Effects and notices made since they were last taken.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    effects: Vec<Effect>,
    pub(crate) notices: Vec<(PersonId, Notice)>,
}

impl Outbox {
    /// An effect for the runtime to carry out.
    pub(crate) fn effect(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// The effects to carry out, oldest first; the outbox keeps none.
    pub(crate) fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The notices, each for one person, oldest first; the outbox keeps none.
    pub(crate) fn take_notices(&mut self) -> Vec<(PersonId, Notice)> {
        std::mem::take(&mut self.notices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_handed_on_is_taken_once_oldest_first() {
        let mut outbox = Outbox::default();
        outbox.effect(Effect::Started);
        outbox.effect(Effect::Save);
        outbox.notices.push((PersonId(1), Notice::HandDealt));
        let effects = outbox.take_effects();
        assert!(matches!(effects[..], [Effect::Started, Effect::Save]));
        assert!(outbox.take_effects().is_empty());
        assert_eq!(outbox.take_notices(), vec![(PersonId(1), Notice::HandDealt)]);
        assert!(outbox.take_notices().is_empty());
    }
}
