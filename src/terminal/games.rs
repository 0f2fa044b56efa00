//! Every game played at the table, kept as one game record a line
//! (`games.jsonl` in the data directory, the format of
//! `docs/record-format.md`). Lines are only ever appended, each in one
//! write and flushed to disk, so a crash mid-write loses at most that line;
//! a file with lines that do not read as records is copied aside whole and
//! the good lines kept, never silently dropped.

use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use hearts_bots::record::GameRecord;

use crate::files::{self as store, FileError};

/// The file of kept games in a data directory.
pub fn path(dir: &Path) -> PathBuf {
    dir.join("games.jsonl")
}

/// Appends one record as a line of `file`, starting a new line first if a
/// crash left the last one unfinished.
pub fn append(file: &Path, record: &GameRecord) -> Result<(), FileError> {
    let io = |source| FileError::Io { path: file.to_path_buf(), source };
    if let Some(dir) = file.parent().filter(|dir| !dir.as_os_str().is_empty() && !dir.exists()) {
        store::private_dir(dir)?;
    }
    let mut out = store::owner_only().create(true).read(true).append(true).open(file).map_err(io)?;
    // A file made before files were kept private is narrowed as it is written.
    store::narrow(file).map_err(io)?;
    let mut line = serde_json::to_string(record).expect("a record serialises");
    line.push('\n');
    if ends_mid_line(&mut out).map_err(io)? {
        line.insert(0, '\n');
    }
    out.write_all(line.as_bytes()).and_then(|()| out.sync_all()).map_err(io)
}

/// Whether the file's last byte is not a newline (a line cut short).
fn ends_mid_line(file: &mut fs::File) -> std::io::Result<bool> {
    let length = file.seek(SeekFrom::End(0))?;
    if length == 0 {
        return Ok(false);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] != b'\n')
}

/// Reads the kept games. Lines that are not records (a line cut short by
/// a crash, a hand edit gone wrong) are reported: the whole file is first
/// copied to `games.corrupt-N.jsonl`, then rewritten with the good lines,
/// and the error says so; the good records are returned either way.
pub fn read(dir: &Path) -> (Vec<GameRecord>, Option<FileError>) {
    let file = path(dir);
    let text = match store::read_if_present(&file) {
        Ok(Some(text)) => text,
        Ok(None) => return (Vec::new(), None),
        Err(error) => return (Vec::new(), Some(error)),
    };
    let mut records = Vec::new();
    let mut good = String::new();
    let mut bad = Vec::new();
    for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => {
                records.push(record);
                good.push_str(line);
                good.push('\n');
            }
            Err(error) => bad.push(format!("line {}: {error}", number + 1)),
        }
    }
    if bad.is_empty() {
        return (records, None);
    }
    let problem = format!("{} line(s) are not game records ({})", bad.len(), bad.join("; "));
    (records, Some(keep_aside_and_mend(&file, &text, &good, problem)))
}

/// Copies the file aside as it is, then rewrites it with the good lines.
fn keep_aside_and_mend(file: &Path, text: &str, good: &str, problem: String) -> FileError {
    let copy = file.with_extension("copy");
    let copied = store::owner_only().write(true).create(true).truncate(true).open(&copy);
    if let Err(source) = copied.and_then(|mut out| out.write_all(text.as_bytes())) {
        return FileError::Io { path: copy, source };
    }
    let mut error = store::set_aside(file, problem);
    if let FileError::Corrupt { kept_at, .. } = &error
        && kept_at != file
    {
        // The original was moved aside: the mended file takes its place.
        let _ = fs::remove_file(&copy);
        if let Err(failure) = store::write_atomically(file, good) {
            error = failure;
        }
    } else {
        let _ = fs::remove_file(&copy);
    }
    error
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use hearts_bots::players::Level;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("games-{name}"))
    }

    /// A whole game between easy bots, as a record.
    fn record(seed: u64) -> GameRecord {
        let rules = hearts_engine::Rules { target_score: 20, ..hearts_engine::Rules::default() };
        hearts_bots::testing::bot_game(rules, seed, |_| Level::Easy, &["easy"; 4])
    }

    #[test]
    fn games_are_appended_and_read_back_in_order() {
        let dir = scratch("append");
        for seed in 1..=3 {
            append(&path(&dir), &record(seed)).unwrap();
        }
        let (records, problem) = read(&dir);
        assert!(problem.is_none());
        assert_eq!(records.iter().map(|r| r.seed).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn the_games_file_is_its_owners_only_and_an_older_one_is_narrowed() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |dir: &Path| fs::metadata(path(dir)).unwrap().permissions().mode() & 0o777;
        let dir = scratch("modes");
        append(&path(&dir), &record(1)).unwrap();
        assert_eq!((mode(&dir), fs::metadata(&dir).unwrap().permissions().mode() & 0o777), (0o600, 0o700));
        fs::set_permissions(path(&dir), fs::Permissions::from_mode(0o644)).unwrap();
        append(&path(&dir), &record(2)).unwrap();
        assert_eq!(mode(&dir), 0o600);
    }

    #[test]
    fn a_line_cut_short_by_a_crash_loses_only_that_line() {
        let dir = scratch("crash");
        append(&path(&dir), &record(1)).unwrap();
        let full = serde_json::to_string(&record(2)).unwrap();
        let mut file = fs::OpenOptions::new().append(true).open(path(&dir)).unwrap();
        file.write_all(&full.as_bytes()[..full.len() / 2]).unwrap();
        drop(file);
        append(&path(&dir), &record(3)).unwrap();

        let (records, problem) = read(&dir);
        assert_eq!(records.iter().map(|r| r.seed).collect::<Vec<_>>(), [1, 3], "earlier and later games survive");
        match problem {
            Some(FileError::Corrupt { problem, kept_at, .. }) => {
                assert!(problem.contains("line 2"), "{problem}");
                let kept = fs::read_to_string(kept_at).unwrap();
                assert_eq!(kept.lines().count(), 3, "the file is kept whole, cut line included");
            }
            other => panic!("expected the cut line reported, found {other:?}"),
        }
        let (again, problem) = read(&dir);
        assert!(problem.is_none(), "the mended file reads cleanly");
        assert_eq!(again.len(), 2);
    }
}
