-- The daily par is computed by one process: it claims the (game, day) first. A claim older than
-- the service's timeout is taken to have failed and may be taken over.
CREATE TABLE daily_par_claims (
    game       TEXT             NOT NULL,
    day        INTEGER          NOT NULL,
    claimed_by TEXT             NOT NULL,
    claimed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, day)
);
