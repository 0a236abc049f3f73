-- One row a game; its actions and occasional state snapshots hang off it.
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,
    players     TEXT NOT NULL,          -- JSON [{"name", "colour"}] in seat order
    options     TEXT NOT NULL,          -- JSON, complete with defaults
    started_at  TEXT NOT NULL,          -- UTC, ISO 8601
    ended_at    TEXT,
    status      TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    result      TEXT,                   -- JSON GameResult once finished
    cursor      INTEGER NOT NULL DEFAULT 0,   -- actions in effect (the rest is the redo tail)
    revision    INTEGER NOT NULL DEFAULT 0,   -- accepted changes ever; only grows
    length      INTEGER NOT NULL DEFAULT 0,   -- actions stored, the redo tail included
    -- The newest snapshot, kept in this row so that resuming reads one row, however long the game.
    snap_idx    INTEGER NOT NULL DEFAULT 0,
    snap_state  TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    idx         INTEGER NOT NULL,
    action      TEXT NOT NULL,
    at          TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    idx         INTEGER NOT NULL,       -- the state after this many actions
    state       TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS names_seen (
    name        TEXT PRIMARY KEY COLLATE NOCASE,
    recency     INTEGER NOT NULL        -- higher = used more recently (game id, then seat order)
);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status, id);
