-- The daily solo puzzle: one attempt per user and UTC day, the bot's par score, and announcements.
-- Days are numbered from 1 (2026-11-29 UTC, see calico_bot.services.daily.EPOCH).

CREATE TABLE daily_attempts (
    day         INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,                      -- where it was started (NULL: direct messages)
    name        TEXT    NOT NULL,             -- display name for leaderboards
    state       TEXT    NOT NULL,             -- calico-state/1 JSON, holds the bag order: never shown
    version     INTEGER NOT NULL DEFAULT 0,   -- the state's version, bumps with every accepted move
    status      TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'done')),
    score       INTEGER,                      -- set once the quilt is full
    cats        INTEGER,                      -- cat tokens (first tie-break)
    buttons     INTEGER,                      -- button tokens incl. rainbow (second tie-break)
    summary     TEXT,                         -- JSON score breakdown, no tile positions
    record      TEXT,                         -- full calico-record/1 JSON, replays to score
    started_at  REAL    NOT NULL,
    finished_at REAL,
    PRIMARY KEY (day, user_id),
    -- a result exists only together with its replayable record
    CHECK (status = 'playing' OR (score IS NOT NULL AND cats IS NOT NULL AND buttons IS NOT NULL
                                  AND summary IS NOT NULL AND record IS NOT NULL AND finished_at IS NOT NULL))
);
CREATE INDEX daily_attempts_by_rank ON daily_attempts (day, status, score DESC, cats DESC, buttons DESC, finished_at);
CREATE INDEX daily_attempts_by_guild ON daily_attempts (day, guild_id, status);
CREATE INDEX daily_attempts_by_user ON daily_attempts (user_id, day);

CREATE TABLE daily_par (
    day         INTEGER PRIMARY KEY,
    policy      TEXT    NOT NULL,             -- which AI played it
    score       INTEGER NOT NULL,
    summary     TEXT    NOT NULL,             -- JSON score breakdown
    record      TEXT    NOT NULL,             -- full calico-record/1 JSON
    computed_at REAL    NOT NULL
);

CREATE TABLE daily_announcements (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('claimed', 'posted')),
    channel_id INTEGER,
    message_id INTEGER,
    claimed_by TEXT,                          -- the bot instance holding the claim
    claimed_at REAL,
    posted_at  REAL,
    PRIMARY KEY (guild_id, day)
);
