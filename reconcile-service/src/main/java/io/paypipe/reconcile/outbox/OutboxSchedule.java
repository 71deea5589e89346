package io.paypipe.reconcile.outbox;

import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Duration;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs {@link OutboxSweeper} every {@code reconcile.outbox.interval} (default 1m), the
 * first time one interval after the start; a sweep starts only after the previous one
 * ended. A sweep that fails is logged and the next one tries again.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class OutboxSchedule implements SchedulingConfigurer {

    private final OutboxSweeper sweeper;

    private final Duration every;

    OutboxSchedule(OutboxSweeper sweeper, ReconcileProperties props) {
        this.sweeper = sweeper;
        this.every = props.outbox().interval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(new FixedDelayTask(sweeper::sweepQuietly, every, every));
    }

}
