package io.paypipe.refund.query;

import io.paypipe.refund.config.RefundProperties;
import java.time.Duration;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs {@link StuckRefundSweeper} every {@code refund.stuck-sweep-interval} (default 1m),
 * the first time one interval after the start. A sweep that fails (database down) is
 * logged and the next one tries again.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class SweepSchedule implements SchedulingConfigurer {

    private final StuckRefundSweeper sweeper;

    private final RefundProperties props;

    SweepSchedule(StuckRefundSweeper sweeper, RefundProperties props) {
        this.sweeper = sweeper;
        this.props = props;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        Duration every = props.stuckSweepInterval();
        registrar.addFixedDelayTask(new FixedDelayTask(sweeper::sweep, every, every));
    }

}
