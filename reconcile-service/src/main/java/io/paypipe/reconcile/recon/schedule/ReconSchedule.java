package io.paypipe.reconcile.recon.schedule;

import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.recon.batch.BillRun;
import io.paypipe.reconcile.recon.intake.BillMerchants;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Runs {@link DailyRuns} every {@value #TICK_SECONDS} s on its own thread
 * ({@code recon-schedule}) when {@code reconcile.bill.schedule.enabled} (false by
 * default; the launcher turns it on): a day's runs start at most a tick after
 * {@code reconcile.bill.schedule.run-at}. A tick that fails is logged; the next one tries
 * again.
 */
@Configuration(proxyBeanMethods = false)
class ReconSchedule implements DisposableBean {

    static final long TICK_SECONDS = 60;

    private static final Logger log = LoggerFactory.getLogger(ReconSchedule.class);

    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    ReconSchedule(ReconcileProperties props, BillMerchants merchants, BillRun run, Clock clock) {
        ReconcileProperties.Schedule schedule = props.bill().schedule();
        if (!schedule.enabled()) {
            log.info("recon schedule: off (reconcile.bill.schedule.enabled=false)");
            return;
        }
        DailyRuns daily = new DailyRuns(merchants, run::start, schedule.runAt(), clock);
        scheduler.setPoolSize(1);
        scheduler.setThreadNamePrefix("recon-schedule-");
        scheduler.initialize();
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                daily.tick();
            }
            catch (RuntimeException ex) {
                log.error("recon schedule: the tick failed: {}", ex.toString());
            }
        }, clock.instant().plusSeconds(5), Duration.ofSeconds(TICK_SECONDS));
        log.info("recon schedule: daily at {} in each channel's zone", schedule.runAt());
    }

    @Override
    public void destroy() {
        scheduler.shutdown();
    }

}
