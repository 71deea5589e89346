package io.paypipe.reconcile.recon.diff;

import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.NestedRuntimeException;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.stereotype.Component;

/**
 * A payment only the channel had resolves its difference once it lands: every
 * {@code reconcile.bill.diff-sweep} (default 30s, the first one interval after the start)
 * one guarded UPDATE resolves the OPEN CHANNEL_ONLY payment differences whose trade is
 * now in {@code payment_ledger} (handled_by {@code ledger}, note {@code payment landed}).
 * A sweep that fails is logged and the next one tries again. Its own scheduler thread
 * ({@code reconcile-diff-sweep}), not a {@code SchedulingConfigurer}: those share one
 * registrar (the outbox's sets its scheduler there), and the only TaskScheduler bean is
 * service-support's. Two instances sweeping at once resolve each difference once (the
 * update's guard).
 */
@Component
class DiffSweep implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(DiffSweep.class);

    private final DiffRepository diffs;

    private final Clock clock;

    private final Duration every;

    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    DiffSweep(DiffRepository diffs, Clock clock, ReconcileProperties props) {
        this.diffs = diffs;
        this.clock = clock;
        this.every = props.bill().diffSweep();
        scheduler.setPoolSize(1);
        scheduler.setThreadNamePrefix("reconcile-diff-sweep-");
    }

    @Override
    public void afterPropertiesSet() {
        scheduler.initialize();
        scheduler.scheduleWithFixedDelay(this::sweepQuietly, scheduler.getClock().instant().plus(every), every);
    }

    /** One sweep: the differences resolved. A database failure is thrown. */
    int sweep() {
        int resolved = diffs.resolveLanded(clock.instant());
        if (resolved > 0) {
            log.info("diff sweep: {} payments only the channel had landed in the ledger, their differences resolved",
                    resolved);
        }
        return resolved;
    }

    void sweepQuietly() {
        try {
            sweep();
        }
        catch (RuntimeException e) {
            log.error("diff sweep failed, next one in {} ms: {}", every.toMillis(),
                    e instanceof NestedRuntimeException nested
                            ? e.getClass().getSimpleName() + " <- " + nested.getMostSpecificCause() : e.toString());
        }
    }

    @Override
    public void destroy() {
        scheduler.shutdown();
    }

}
