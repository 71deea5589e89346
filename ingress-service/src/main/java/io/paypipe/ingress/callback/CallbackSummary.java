package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The one INFO line about callbacks that a person reads, now that each callback's own
 * line is at DEBUG: every {@code ingress.summary-interval} (1 min), how many callbacks of
 * each channel ended in each outcome since the last line ({@link CallbackTally}'s
 * outcomes); no line when nothing happened. For example
 * {@code callbacks in the last 60 s (since 2026-12-01T06:40:00Z): wechatpay published=1203 already_settled=3 bad_signature=2; alipay published=12}.
 * A last line is written when ingress stops. Failures keep their own WARN / ERROR lines
 * per callback.
 */
@Component
class CallbackSummary implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(CallbackSummary.class);

    private final CallbackTally tally;

    private final Clock clock;

    private final Duration interval;

    private Map<CallbackTally.Key, Long> last = Map.of();

    private Instant since;

    private ScheduledExecutorService timer;

    CallbackSummary(CallbackTally tally, Clock clock, IngressProperties properties) {
        this.tally = tally;
        this.clock = clock;
        this.interval = properties.summaryInterval();
        this.since = clock.instant();
    }

    /**
     * The summary of the callbacks since the last call (or the start), or empty if there
     * were none; the next call counts from now.
     */
    synchronized Optional<String> next() {
        Instant now = clock.instant();
        Map<CallbackTally.Key, Long> totals = tally.totals();
        Map<ChannelAck, StringJoiner> lines = new LinkedHashMap<>();
        totals.forEach((key, total) -> {
            long count = total - last.getOrDefault(key, 0L);
            if (count > 0) {
                lines.computeIfAbsent(key.channel(), c -> new StringJoiner(" ", key.channelTag() + " ", ""))
                    .add(key.outcome() + "=" + count);
            }
        });
        Instant from = since;
        last = new HashMap<>(totals);
        since = now;
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        StringJoiner channels = new StringJoiner("; ");
        lines.values().forEach(line -> channels.add(line.toString()));
        return Optional.of("callbacks in the last " + Duration.between(from, now).toSeconds() + " s (since " + from
                + "): " + channels);
    }

    /** Logs {@link #next()}, if there is anything to say. */
    void logNext() {
        try {
            next().ifPresent(line -> log.info("{}", line));
        }
        catch (RuntimeException e) {
            // a summary is never worth the timer's thread: the next one counts on
            log.warn("callback summary failed: {}", e.toString());
        }
    }

    @Override
    public synchronized void start() {
        if (timer != null) {
            return;
        }
        timer = Executors
            .newSingleThreadScheduledExecutor(Thread.ofPlatform().name("callback-summary").daemon(true).factory());
        long millis = interval.toMillis();
        timer.scheduleAtFixedRate(this::logNext, millis, millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() {
        ScheduledExecutorService running;
        synchronized (this) {
            running = timer;
            timer = null;
        }
        if (running != null) {
            running.shutdownNow();
            logNext();
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }

}
