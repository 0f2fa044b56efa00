//! A person's record at this server for the rules in play: what the
//! record window (`S`) of a served table shows them, filled from the
//! store's records of who they are ([`Identity`]) when they arrive and
//! again when a game ends.

use std::collections::HashMap;

use super::identity::Identity;
use super::session::Screen;
use super::store::{PlayerRecord, Store};
use crate::room::Room;
use crate::ui::window::record::Record;
use hearts_table::PersonId;

/// The record window's title at a served table.
const TITLE: &str = "Your record here";

/// The record window of `who` for the rules called `label`, from `store`.
pub(super) fn record(store: &Store, who: &Identity, label: &str) -> Record {
    let title = TITLE.to_string();
    if !who.is_known() {
        // Games are kept by a key or a name that is one's own: this person's are not.
        let heading = format!("{label}: your games are not kept, as you came with no key and a name not yours");
        return Record { title, heading, lines: Vec::new() };
    }
    let kept = store.records_of(who).map(|records| records.into_iter().find(|record| record.label == label));
    match kept {
        Ok(record) => Record { title, heading: format!("{label} at this server"), lines: lines(record) },
        Err(error) => {
            Record { title, heading: format!("{label}: your record cannot be read: {error}"), lines: Vec::new() }
        }
    }
}

/// The figures of a record (none kept yet: every count 0).
fn lines(record: Option<PlayerRecord>) -> Vec<(String, String)> {
    let record = record.unwrap_or(PlayerRecord { label: String::new(), games: 0, wins: 0, hands: 0, points: 0 });
    let per_hand = record.points_per_hand().map_or_else(|| "-".to_string(), |points| format!("{points:.2}"));
    vec![
        ("Games played".to_string(), record.games.to_string()),
        ("Games won".to_string(), record.wins.to_string()),
        ("Hands played".to_string(), record.hands.to_string()),
        ("Points per hand".to_string(), per_hand),
    ]
}

/// Fills again the record window of every person at the table whose
/// screen is in `screens`, for the rules the table plays now.
pub(super) fn refresh(room: &mut Room, screens: &HashMap<PersonId, Screen>, store: &Store) {
    let label = room.table().setup().label.clone();
    for (&id, screen) in screens {
        if let Some(viewer) = room.viewer_mut(id) {
            viewer.record = record(store, &screen.visitor.identity, &label);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use hearts_bots::players::Level;
    use hearts_engine::Rules;

    #[test]
    fn the_record_is_the_persons_under_the_rules_in_play_found_by_who_they_are() {
        let dir = Scratch::new("standing");
        let mut store = Store::open_in(&dir).unwrap();
        let rules = Rules { target_score: 30, ..Rules::default() };
        let record = hearts_bots::testing::bot_game(
            rules,
            3,
            |_| Level::Normal,
            &["human:alice", "normal", "human:bob", "normal"],
        );
        let alice = Identity::Key("SHA256:alice".into());
        let bob = Identity::Name("bob".into());
        let who = [alice.clone(), Identity::Anonymous, bob.clone(), Identity::Anonymous];
        store.add_game(&record, "black-lady", &who, None).unwrap();
        store.add_game(&record, "omnibus", &who, None).unwrap();
        store.add_game(&record, "black-lady", &who, None).unwrap();

        let shown = super::record(&store, &alice, "black-lady");
        assert_eq!(shown.title, "Your record here");
        assert_eq!(shown.heading, "black-lady at this server");
        let figure = |label: &str| shown.lines.iter().find(|(l, _)| l == label).map(|(_, v)| v.clone());
        assert_eq!(figure("Games played").as_deref(), Some("2"), "{shown:?}");
        let hands = (2 * record.hands.len()).to_string();
        assert_eq!(figure("Hands played"), Some(hands), "{shown:?}");
        let won = if record.winners.contains(&0) { "2" } else { "0" };
        assert_eq!(figure("Games won").as_deref(), Some(won), "{shown:?}");
        let points: i32 = record.hands.iter().map(|hand| hand.scores[0]).sum();
        let per_hand = format!("{:.2}", f64::from(points) / record.hands.len() as f64);
        assert_eq!(figure("Points per hand"), Some(per_hand), "{shown:?}");

        // Under rules not yet played, every count is 0; a person nobody knows has no record kept.
        let fresh = super::record(&store, &bob, "spot-hearts");
        assert_eq!(fresh.lines[0], ("Games played".to_string(), "0".to_string()));
        assert_eq!(fresh.lines[3], ("Points per hand".to_string(), "-".to_string()));
        let nobody = super::record(&store, &Identity::Anonymous, "black-lady");
        assert!(nobody.lines.is_empty() && nobody.heading.contains("not kept"), "{nobody:?}");
        // A name is not the key holder: "alice" by name has none of her games.
        let namesake = super::record(&store, &Identity::Name("alice".into()), "black-lady");
        assert_eq!(namesake.lines[0].1, "0");
    }
}
