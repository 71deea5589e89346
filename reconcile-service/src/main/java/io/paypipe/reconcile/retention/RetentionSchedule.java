package io.paypipe.reconcile.retention;

import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Runs {@link RawRetention} every {@code reconcile.retention.interval} (default 1h), the
 * first time one interval after the start; a run starts only after the previous one
 * ended. Its own scheduler thread ({@code reconcile-retention}), not a
 * {@code SchedulingConfigurer} (those share one registrar, see {@code DiffSweep}): the
 * outbox sweep never waits for a run. {@code reconcile.retention.enabled=false}: no run.
 */
@Component
@ConditionalOnBooleanProperty(name = "reconcile.retention.enabled", matchIfMissing = true)
class RetentionSchedule implements InitializingBean, DisposableBean {

    private final RawRetention retention;

    private final Duration every;

    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    RetentionSchedule(RawRetention retention, ReconcileProperties props) {
        this.retention = retention;
        this.every = props.retention().interval();
        scheduler.setPoolSize(1);
        scheduler.setThreadNamePrefix("reconcile-retention-");
    }

    @Override
    public void afterPropertiesSet() {
        scheduler.initialize();
        scheduler.scheduleWithFixedDelay(retention::runQuietly, scheduler.getClock().instant().plus(every), every);
    }

    @Override
    public void destroy() {
        scheduler.shutdown();
    }

}
