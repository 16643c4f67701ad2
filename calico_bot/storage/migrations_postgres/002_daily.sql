-- PostgreSQL twin of migrations/002_daily.sql: the daily solo puzzle.
CREATE TABLE daily_attempts (
    day         INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT,
    name        TEXT    NOT NULL,
    state       JSONB   NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'done')),
    score       INTEGER,
    cats        INTEGER,
    buttons     INTEGER,
    summary     JSONB,
    record      JSONB,
    started_at  DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION,
    PRIMARY KEY (day, user_id),
    CHECK (status = 'playing' OR (score IS NOT NULL AND cats IS NOT NULL AND buttons IS NOT NULL
                                  AND summary IS NOT NULL AND record IS NOT NULL AND finished_at IS NOT NULL))
);
CREATE INDEX daily_attempts_by_rank ON daily_attempts (day, status, score DESC, cats DESC, buttons DESC, finished_at);
CREATE INDEX daily_attempts_by_guild ON daily_attempts (day, guild_id, status);
CREATE INDEX daily_attempts_by_user ON daily_attempts (user_id, day);

CREATE TABLE daily_par (
    day         INTEGER PRIMARY KEY,
    policy      TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    summary     JSONB   NOT NULL,
    record      JSONB   NOT NULL,
    computed_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE daily_announcements (
    guild_id   BIGINT  NOT NULL,
    day        INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('claimed', 'posted')),
    channel_id BIGINT,
    message_id BIGINT,
    claimed_by TEXT,
    claimed_at DOUBLE PRECISION,
    posted_at  DOUBLE PRECISION,
    PRIMARY KEY (guild_id, day)
);
