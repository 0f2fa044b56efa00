//! `hearts serve --export FILE`: every game kept, as record lines, in a
//! file only its owner may read.

use std::io::Write as _;
use std::path::Path;

use super::*;

impl Store {
    /// Writes every stored game to `file`, oldest first, one game record a
    /// line: the JSON Lines that `hearts replay`, `hearts review` and
    /// `hearts sim --compare` read. Returns how many.
    pub fn export(&self, file: &Path) -> Result<usize, StoreError> {
        let written = |source| StoreError::Export { path: file.to_path_buf(), source };
        let mut out = std::io::BufWriter::new(create_owner_only(file).map_err(written)?);
        let mut statement =
            self.connection.prepare("SELECT record FROM games ORDER BY id").map_err(failure(&self.path))?;
        let mut rows = statement.query([]).map_err(failure(&self.path))?;
        let mut count = 0;
        while let Some(row) = rows.next().map_err(failure(&self.path))? {
            let line: String = row.get(0).map_err(failure(&self.path))?;
            writeln!(out, "{line}").map_err(written)?;
            count += 1;
        }
        out.into_inner().map_err(|error| written(error.into_error()))?.sync_all().map_err(written)?;
        Ok(count)
    }
}

/// `hearts serve --export FILE`: the games of the server whose data
/// directory is `dir`, written to `file`. A server that never ran has
/// none: the file is written empty and no database is made.
pub fn export_games(dir: &Path, file: &Path) -> Result<usize, StoreError> {
    let database = dir.join(FILE_NAME);
    let same = |name: String| {
        let (ours, theirs) = (std::fs::canonicalize(dir.join(name)), std::fs::canonicalize(file));
        matches!((ours, theirs), (Ok(ours), Ok(theirs)) if ours == theirs)
    };
    if [FILE_NAME.to_string(), format!("{FILE_NAME}-wal"), format!("{FILE_NAME}-shm")].into_iter().any(same) {
        return Err(StoreError::ExportOverDatabase { path: file.to_path_buf() });
    }
    if database.exists() {
        Store::open(&database)?.export(file)
    } else {
        create_owner_only(file).map_err(|source| StoreError::Export { path: file.to_path_buf(), source })?;
        Ok(0)
    }
}

/// An export file, emptied, that only its owner may read: it holds every
/// game, the hands of people who are not the exporter included.
fn create_owner_only(file: &Path) -> std::io::Result<std::fs::File> {
    let out = crate::files::owner_only().write(true).create(true).truncate(true).open(file)?;
    crate::files::narrow(file)?;
    Ok(out)
}
