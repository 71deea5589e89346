package io.paypipe.refund.query;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.refund.config.RefundProperties;
import io.paypipe.refund.send.QuerySchedule;
import io.paypipe.refund.store.QueryChainRepository;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Finds refunds that are not final and have no query chain (the process died between
 * storing the refund and publishing its {@code RefundQueryDue}, or the publish failed)
 * and puts them on the query ladder again through {@link QuerySchedule}. A refund is
 * swept when its status has not moved for {@code refund.stuck-after} and it was last
 * scheduled or queried ({@code last_query_at}) longer ago than the ladder's longest delay
 * plus that age, or never. Each refund is claimed by a guarded UPDATE first, so two
 * instances do not both sweep it; a refund queried twice is harmless (status changes are
 * applied once). Runs every {@code refund.stuck-sweep-interval} ({@link SweepSchedule}).
 */
@Component
public class StuckRefundSweeper {

    private static final Logger log = LoggerFactory.getLogger(StuckRefundSweeper.class);

    static final int BATCH = 100;

    private final QueryChainRepository chains;

    private final RefundRepository refunds;

    private final QuerySchedule schedule;

    private final RefundProperties props;

    private final Clock clock;

    private final Counter swept;

    StuckRefundSweeper(QueryChainRepository chains, RefundRepository refunds, QuerySchedule schedule,
            RefundProperties props, Clock clock, MeterRegistry meters) {
        this.chains = chains;
        this.refunds = refunds;
        this.schedule = schedule;
        this.props = props;
        this.clock = clock;
        this.swept = Counter.builder("refund.stuck.swept")
            .description("refunds not final put on the query ladder again by the sweeper")
            .register(meters);
    }

    /** One sweep; returns how many refunds it put on the ladder again. */
    public int sweep() {
        Instant now = clock.instant();
        Instant movedBefore = now.minus(props.stuckAfter());
        Instant queriedBefore = movedBefore.minus(props.longestQueryDelay());
        int count = 0;
        for (long id : chains.stuck(movedBefore, queriedBefore, BATCH)) {
            if (chains.claim(id, queriedBefore, now) && requeue(id)) {
                count++;
            }
        }
        return count;
    }

    private boolean requeue(long id) {
        RefundRow refund = refunds.find(id).orElseThrow();
        try {
            schedule.schedule(refund);
        }
        catch (RuntimeException e) {
            // claimed but not queued: the next sweep after the same wait tries again
            log.error("stuck refund {} (id {}) of order {} could not be put on the query ladder: {}", refund.refundNo(),
                    id, refund.orderKey(), e.toString());
            return false;
        }
        swept.increment();
        log.warn("refund {} (id {}) of order {} was {} with no query chain: put on the query ladder again",
                refund.refundNo(), id, refund.orderKey(), refund.status());
        return true;
    }

}
