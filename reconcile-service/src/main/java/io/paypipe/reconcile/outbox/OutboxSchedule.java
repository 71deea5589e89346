package io.paypipe.reconcile.outbox;

import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs {@link OutboxSweeper} every {@code reconcile.outbox.interval} (default 1m), the
 * first time one interval after the start; a sweep starts only after the previous one
 * ended. A sweep that fails is logged and the next one tries again. It has its own thread
 * ({@code reconcile-outbox}): the only TaskScheduler bean is service-support's, which
 * wakes the retry topics' consumers and must not wait for a sweep.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class OutboxSchedule implements SchedulingConfigurer, DisposableBean {

    private final OutboxSweeper sweeper;

    private final Duration every;

    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    OutboxSchedule(OutboxSweeper sweeper, ReconcileProperties props) {
        this.sweeper = sweeper;
        this.every = props.outbox().interval();
        scheduler.setPoolSize(1);
        scheduler.setThreadNamePrefix("reconcile-outbox-");
        scheduler.initialize();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.setTaskScheduler(scheduler);
        registrar.addFixedDelayTask(new FixedDelayTask(sweeper::sweepQuietly, every, every));
    }

    @Override
    public void destroy() {
        scheduler.shutdown();
    }

}
