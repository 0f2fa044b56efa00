//! The new-game window's choices, remembered for next time in
//! `new-game.json` in the user's config directory.

use std::path::{Path, PathBuf};

use crate::files::{self as store, FileError};
use crate::remembered::Remembered;

/// The file the choices are remembered in.
pub fn remembered_path(config_dir: &Path) -> PathBuf {
    config_dir.join("new-game.json")
}

/// The remembered choices; none when there is no file or it does not read
/// (the window then starts from the game in play).
pub fn recall(file: &Path) -> Remembered {
    store::read_if_present(file).ok().flatten().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
}

/// Remembers the choices for next time.
pub fn remember(file: &Path, remembered: &Remembered) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(remembered).expect("settings serialise");
    store::write_atomically(file, &(text + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use crate::theme::Theme;
    use crate::ui::window::new_game::NewGameForm;
    use hearts_bots::players::{Level, Player};
    use hearts_engine::Rules;
    use hearts_table::Setup;
    use hearts_table::pace::Speed;

    const PLAIN: Theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };

    fn table() -> Setup {
        Setup { rules: Rules::default(), label: "black-lady".into(), players: vec![Player::Builtin(Level::Normal); 4] }
    }

    #[test]
    fn choices_are_remembered_and_come_back() {
        let dir = Scratch::new("new-game");
        let mut form = NewGameForm::new(&table(), Speed::Normal, PLAIN, &Remembered::default());
        form.move_cursor(3);
        form.change(1);
        form.four_colour = true;
        remember(&remembered_path(&dir), &form.remembered()).unwrap();
        let recalled = recall(&remembered_path(&dir));
        // The next run's table, as `hearts` with no flags starts it.
        let theme = Theme { four_colour: recalled.launch_four_colour(false), ..PLAIN };
        let again = NewGameForm::new(&table(), Speed::Normal, theme, &recalled);
        assert_eq!(again.players, form.players);
        assert_eq!(again.target, form.target);
        assert!(again.four_colour, "the four-colour deck chosen last time");
        assert_eq!(recall(&dir.join("missing.json")), Remembered::default());
    }
}
