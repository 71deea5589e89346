package io.paypipe.reconcile.query;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.reconcile.query.Ladder.Next;
import io.paypipe.reconcile.query.QueryChain.State;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The steps of a query chain after a record was handled. A step that schedules a record
 * publishes it first and then moves the row (guarded): a crash in between leaves the row
 * where it was and the handled record is delivered again; a record whose row moved anyway
 * is stale. A step that ends the chain moves the row without a record.
 */
@Component
final class ChainMoves {

    private static final Logger log = LoggerFactory.getLogger(ChainMoves.class);

    private final PaymentQueryRepository chains;

    private final QuerySchedule schedule;

    private final QueryAlerts alerts;

    private final Clock clock;

    ChainMoves(PaymentQueryRepository chains, QuerySchedule schedule, QueryAlerts alerts, Clock clock) {
        this.chains = chains;
        this.schedule = schedule;
        this.alerts = alerts;
        this.clock = clock;
    }

    /** The next attempt after {@code wait} (the ladder's step), the answer remembered. */
    void next(QueryChain c, Duration wait, String answer) {
        int attempt = c.attempt() + 1;
        PaymentQueryDue due = schedule.publish(c, attempt, wait, 0);
        if (moved(c, attempt, c.state(), due, answer, true)) {
            log.info("query chain of order {}: {} at attempt {}, attempt {} due {}", c.orderKey(), answer, c.attempt(),
                    attempt, due.dueAt());
        }
    }

    /** The same attempt again after {@code wait}, its {@code failures} so far. */
    void again(QueryChain c, Duration wait, int failures, String answer, boolean queried) {
        PaymentQueryDue due = schedule.publish(c, c.attempt(), wait, failures);
        if (moved(c, c.attempt(), c.state(), due, answer, queried)) {
            log.info("query chain of order {}: {} at {} attempt {} ({} failures), again at {}", c.orderKey(), answer,
                    c.state(), c.attempt(), failures, due.dueAt());
        }
    }

    /**
     * No rate permit now: the same record (attempt, failures, state) waits on the
     * shortest delayed topic; nothing was asked.
     */
    void noPermit(QueryChain c, int failures) {
        PaymentQueryDue due = schedule.publish(c, c.attempt(), PaymentQueries.SHORTEST, failures);
        if (moved(c, c.attempt(), c.state(), due, null, false)) {
            log.debug("query chain of order {}: no rate permit, attempt {} again at {}", c.orderKey(), c.attempt(),
                    due.dueAt());
        }
    }

    /** Expired while waiting: closing at the channel, at once. */
    void startClosing(QueryChain c, String answer) {
        PaymentQueryDue due = schedule.publish(c, 0, Duration.ZERO, 0);
        if (moved(c, 0, State.CLOSING, due, answer, true)) {
            log.info("query chain of order {}: {} past its expiry {}: ACTIVE -> CLOSING, closing at the channel",
                    c.orderKey(), answer, c.expiresAt());
        }
    }

    /**
     * The close found the order paid and no permit is left to query it now: the chain
     * goes back to ACTIVE, its query on the shortest delayed topic.
     */
    void queryAgain(QueryChain c, String answer) {
        PaymentQueryDue due = schedule.publish(c, 0, PaymentQueries.SHORTEST, 0);
        if (moved(c, 0, State.ACTIVE, due, answer, true)) {
            log.info("query chain of order {}: {}: CLOSING -> ACTIVE, queried again at {}", c.orderKey(), answer,
                    due.dueAt());
        }
    }

    /** Nothing more to query. */
    void done(QueryChain c, String answer, boolean queried) {
        if (chains.move(c.guard(), c.attempt(), State.DONE, null, answer, queried, clock.instant())) {
            log.info("query chain of order {}: {} at {} attempt {}: {} -> DONE", c.orderKey(), answer, c.state(),
                    c.attempt(), c.state());
        }
    }

    /** A person decides: the alert, then the chain's end. */
    void undecided(QueryChain c, String answer, String why) {
        alerts.undecided(c.orderId(), c.orderKey(), c.channel().code(), why);
        person(c, answer);
    }

    /** The close failed for good: the alert, then the chain's end. */
    void closeFailed(QueryChain c, String answer, String why) {
        alerts.closeFailed(c.orderId(), c.orderKey(), c.channel().code(), why);
        person(c, answer);
    }

    /**
     * After a failure: again after the error ladder's wait, or give up past the grace.
     */
    void afterFailure(QueryChain c, Ladder ladder, int failures, String answer) {
        Instant now = clock.instant();
        if (c.state() == State.ACTIVE && ladder.undecided(now, c.expiresAt())) {
            undecided(c, answer, "the channel still answers " + answer + " " + ladder.undecidedAfter()
                    + " after the chain's expiry " + c.expiresAt() + "; whether it was paid is unknown");
            return;
        }
        again(c, ladder.afterFailure(failures), failures + 1, answer, true);
    }

    /** After a query found the order waiting or not found. */
    void afterNoPayment(QueryChain c, Ladder ladder, String answer, Runnable whenExpired) {
        switch (ladder.afterWaiting(c.attempt(), clock.instant(), c.expiresAt())) {
            case Next.Query(Duration after) -> next(c, after, answer);
            case Next.Expired() -> whenExpired.run();
        }
    }

    private void person(QueryChain c, String answer) {
        if (chains.move(c.guard(), c.attempt(), State.NEEDS_A_PERSON, null, answer, true, clock.instant())) {
            log.warn("query chain of order {}: {} at {} attempt {}: {} -> NEEDS_A_PERSON", c.orderKey(), answer,
                    c.state(), c.attempt(), c.state());
        }
    }

    private boolean moved(QueryChain c, int attempt, State state, PaymentQueryDue due, String answer, boolean queried) {
        if (chains.move(c.guard(), attempt, state, due.dueAt(), answer, queried, clock.instant())) {
            return true;
        }
        log.info("query chain of order {} moved meanwhile: record {} (attempt {}) is stale", c.orderKey(),
                due.eventId(), attempt);
        return false;
    }

}
