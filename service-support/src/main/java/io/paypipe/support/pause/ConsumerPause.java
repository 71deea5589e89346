package io.paypipe.support.pause;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Pauses and resumes a service's listener containers for an operator (or the benchmark,
 * which measures each stage on its own): the containers whose topics {@code selected}
 * accepts. A pause is never silent: a WARN line with who and why, the gauge
 * {@code paypipe.consumers.paused{service=...}} at 1 until the resume, and
 * {@link Overdue#overdue} once when it has lasted {@code alertAfter} (the service raises
 * its alert there). A container that does not run (e.g. one the service keeps stopped) is
 * paused and resumed too, so that it would start as it was left, but it is not shown nor
 * waited for: it reads nothing.
 */
public class ConsumerPause implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ConsumerPause.class);

    private static final Duration POLL = Duration.ofMillis(50);

    /** What the service does when a pause has lasted too long. */
    @FunctionalInterface
    public interface Overdue {

        void overdue(Paused pause, Duration after);

    }

    /** A pause in force: since when, by whom, why. */
    public record Paused(String service, Instant since, String by, String reason) {

    }

    private final String service;

    private final KafkaListenerEndpointRegistry registry;

    private final Predicate<List<String>> selected;

    private final Duration alertAfter;

    private final Overdue overdue;

    private final Clock clock;

    private final ScheduledExecutorService timer;

    private Paused paused;

    private ScheduledFuture<?> alarm;

    public ConsumerPause(String service, KafkaListenerEndpointRegistry registry, Predicate<List<String>> selected,
            Duration alertAfter, Overdue overdue, MeterRegistry meters, Clock clock) {
        if (alertAfter.isNegative() || alertAfter.isZero()) {
            throw new IllegalArgumentException(service + ".pause-alert-after must be positive");
        }
        this.service = service;
        this.registry = registry;
        this.selected = selected;
        this.alertAfter = alertAfter;
        this.overdue = overdue;
        this.clock = clock;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, service + "-pause-alarm");
            t.setDaemon(true);
            return t;
        });
        Gauge.builder("paypipe.consumers.paused", this, p -> p.current() == null ? 0 : 1)
            .tag("service", service)
            .description("1 while an operator has paused the service's consumers")
            .register(meters);
    }

    /**
     * Requests the pause (idempotent: a second pause keeps the first one's time, so the
     * alarm is not pushed back) and waits up to {@code wait} until every container
     * reports paused.
     */
    public ConsumersView pause(String by, String reason, Duration wait) {
        synchronized (this) {
            if (paused == null) {
                paused = new Paused(service, clock.instant(), by, reason);
                alarm = timer.schedule(this::alarm, alertAfter.toMillis(), TimeUnit.MILLISECONDS);
                log.warn("{} consumers paused by {}: {}; resume with POST /ops/consumers/resume", service, by, reason);
            }
            else {
                log.info("{} consumers already paused since {} by {}; pause again by {}: {}", service, paused.since(),
                        paused.by(), by, reason);
            }
            containers().forEach(MessageListenerContainer::pause);
        }
        return await(wait, ConsumersView::paused);
    }

    /**
     * Resumes (idempotent) and waits up to {@code wait} until no container reports
     * paused.
     */
    public ConsumersView resume(String by, String reason, Duration wait) {
        synchronized (this) {
            if (paused != null) {
                log.warn("{} consumers resumed by {} after {} s: {}", service, by,
                        Duration.between(paused.since(), clock.instant()).toSeconds(), reason);
                alarm.cancel(false);
                paused = null;
            }
            containers().forEach(MessageListenerContainer::resume);
        }
        return await(wait, ConsumersView::noneReportsPaused);
    }

    public ConsumersView view() {
        List<ConsumersView.Container> shown = containers().stream()
            .filter(MessageListenerContainer::isRunning)
            .map(c -> new ConsumersView.Container(c.getListenerId(), topics(c), isPaused(c)))
            .toList();
        return new ConsumersView(!shown.isEmpty() && shown.stream().allMatch(ConsumersView.Container::paused), shown);
    }

    /** The pause in force, or null. */
    public synchronized Paused current() {
        return paused;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    private ConsumersView await(Duration wait, Predicate<ConsumersView> done) {
        long deadline = System.nanoTime() + wait.toNanos();
        ConsumersView view = view();
        while (!done.test(view) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return view();
            }
            view = view();
        }
        return view;
    }

    private void alarm() {
        Paused pause = current();
        if (pause == null) {
            return;
        }
        log.error("{} consumers paused by {} since {} ({}), longer than {}: resume with POST /ops/consumers/resume",
                service, pause.by(), pause.since(), pause.reason(), alertAfter);
        try {
            overdue.overdue(pause, alertAfter);
        }
        catch (RuntimeException e) {
            log.error("{} consumers paused too long, and the alert about it failed: {}", service, e.toString());
        }
    }

    private List<MessageListenerContainer> containers() {
        return registry.getListenerContainers()
            .stream()
            .filter(c -> selected.test(topics(c)))
            .sorted(Comparator.comparing(MessageListenerContainer::getListenerId))
            .toList();
    }

    static List<String> topics(MessageListenerContainer c) {
        String[] topics = c.getContainerProperties().getTopics();
        return topics == null ? List.of() : Arrays.asList(topics);
    }

    /**
     * A pause was requested and the container's consumers have all stopped fetching (for
     * a concurrent container: every running child). A consumer that has no partitions
     * reads nothing and never reports paused (spring-kafka pauses assigned partitions
     * only): it counts as paused once the pause was requested.
     */
    static boolean isPaused(MessageListenerContainer c) {
        if (!c.isPauseRequested()) {
            return false;
        }
        if (c instanceof ConcurrentMessageListenerContainer<?, ?> concurrent) {
            return concurrent.getContainers()
                .stream()
                .filter(MessageListenerContainer::isRunning)
                .allMatch(ConsumerPause::consumerPaused);
        }
        return consumerPaused(c);
    }

    private static boolean consumerPaused(MessageListenerContainer c) {
        return c.isPauseRequested()
                && (c.isContainerPaused() || c.getAssignedPartitions() == null || c.getAssignedPartitions().isEmpty());
    }

}
