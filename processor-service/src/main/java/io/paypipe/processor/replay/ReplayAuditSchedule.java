package io.paypipe.processor.replay;

import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Runs {@link ReplayAuditPurge} every {@code processor.replay-audit.interval} (1d), the
 * first time one interval after the start, on its own thread
 * ({@code processor-replay-audit}); {@code processor.replay-audit.enabled=false}: never.
 */
@Component
@ConditionalOnBooleanProperty(name = "processor.replay-audit.enabled", matchIfMissing = true)
class ReplayAuditSchedule implements InitializingBean, DisposableBean {

    private final ReplayAuditPurge purge;

    private final Duration every;

    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    ReplayAuditSchedule(ReplayAuditRows rows, ProcessorProperties props, Clock clock, AlertRepository alerts,
            AlertPublisher publisher) {
        this.purge = new ReplayAuditPurge(rows, props.replayAudit(), clock, alerts, publisher);
        this.every = props.replayAudit().interval();
        scheduler.setPoolSize(1);
        scheduler.setThreadNamePrefix("processor-replay-audit-");
    }

    @Override
    public void afterPropertiesSet() {
        scheduler.initialize();
        scheduler.scheduleWithFixedDelay(purge::purgeQuietly, scheduler.getClock().instant().plus(every), every);
    }

    @Override
    public void destroy() {
        scheduler.shutdown();
    }

}
