package io.paypipe.sandbox.query;

import io.paypipe.sandbox.push.NotificationPusher.Delivery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The callback scenarios of orders ({@link CallbackScenario}): the channels ask it before
 * pushing an order's payment notification ({@link #gate}), and their order APIs tell it
 * when a query found the payment ({@link #queried}). A {@code DROP} lasts for every later
 * payment notification of the order; a {@code HOLD_UNTIL_QUERIED} ends when its held
 * pushes are released, after which the order's notifications go out as usual.
 */
public final class CallbackScenarios {

    private static final Logger log = LoggerFactory.getLogger(CallbackScenarios.class);

    private final Map<OrderRef, Entry> entries = new ConcurrentHashMap<>();

    /** What became of an order's payment notifications so far. */
    public record Status(CallbackScenario scenario, int dropped, int held, int released) {
    }

    /**
     * From now on the payment notifications of {@code order} go as {@code scenario} says.
     */
    public void choose(OrderRef order, CallbackScenario scenario) {
        Objects.requireNonNull(scenario, "scenario");
        entries.compute(order, (k, existing) -> {
            Entry entry = existing == null ? new Entry() : existing;
            synchronized (entry) {
                entry.scenario = scenario;
            }
            return entry;
        });
        log.info("callbacks of {} {}: {}", order.channel(), order.outTradeNo(), scenario);
    }

    /**
     * Pushes {@code copies} deliveries of an order's payment notification through
     * {@code push}, or drops or holds them as the order's scenario says. The answer has
     * one future per copy: the pushed deliveries, none when dropped, or held ones that
     * complete once released and delivered.
     */
    public List<CompletableFuture<Delivery>> gate(OrderRef order, int copies,
            Supplier<List<CompletableFuture<Delivery>>> push) {
        Entry entry = entries.get(order);
        if (entry == null) {
            return push.get();
        }
        synchronized (entry) {
            if (entry.scenario == CallbackScenario.DROP) {
                entry.dropped += copies;
                log.info("payment notification of {} {} dropped ({} copies)", order.channel(), order.outTradeNo(),
                        copies);
                return List.of();
            }
            if (entry.scenario == CallbackScenario.HOLD_UNTIL_QUERIED) {
                List<CompletableFuture<Delivery>> placeholders = new ArrayList<>();
                for (int i = 0; i < copies; i++) {
                    placeholders.add(new CompletableFuture<>());
                }
                entry.held.add(new Held(push, placeholders));
                log.info("payment notification of {} {} held until queried", order.channel(), order.outTradeNo());
                return List.copyOf(placeholders);
            }
        }
        return push.get();
    }

    /**
     * The order API answered a query of {@code order} that found it paid: held
     * notifications go out now.
     */
    public void queried(OrderRef order) {
        release(order);
    }

    /** Pushes the held notifications of {@code order} now and ends its hold; how many. */
    public int release(OrderRef order) {
        Entry entry = entries.get(order);
        if (entry == null) {
            return 0;
        }
        List<Held> released;
        synchronized (entry) {
            if (entry.scenario != CallbackScenario.HOLD_UNTIL_QUERIED) {
                return 0;
            }
            released = List.copyOf(entry.held);
            entry.held.clear();
            entry.released += released.size();
            entry.scenario = null;
        }
        released.forEach(Held::push);
        if (!released.isEmpty()) {
            log.info("{} held payment notification(s) of {} {} released", released.size(), order.channel(),
                    order.outTradeNo());
        }
        return released.size();
    }

    /** Ends the order's scenario (held notifications stay held until released). */
    public void cancel(OrderRef order) {
        Entry entry = entries.get(order);
        if (entry != null) {
            synchronized (entry) {
                if (entry.held.isEmpty()) {
                    entry.scenario = null;
                }
            }
        }
    }

    /** What became of the order's notifications; empty when it never had a scenario. */
    public Optional<Status> status(OrderRef order) {
        Entry entry = entries.get(order);
        if (entry == null) {
            return Optional.empty();
        }
        synchronized (entry) {
            return Optional.of(new Status(entry.scenario, entry.dropped, entry.held.size(), entry.released));
        }
    }

    private static final class Entry {

        private CallbackScenario scenario;

        private int dropped;

        private int released;

        private final List<Held> held = new ArrayList<>();

    }

    /** A held push and the futures its caller holds. */
    private record Held(Supplier<List<CompletableFuture<Delivery>>> pusher,
            List<CompletableFuture<Delivery>> placeholders) {

        void push() {
            List<CompletableFuture<Delivery>> pushed = pusher.get();
            for (int i = 0; i < placeholders.size(); i++) {
                CompletableFuture<Delivery> placeholder = placeholders.get(i);
                if (i < pushed.size()) {
                    pushed.get(i).whenComplete((delivery, error) -> {
                        if (error != null) {
                            placeholder.completeExceptionally(error);
                        }
                        else {
                            placeholder.complete(delivery);
                        }
                    });
                }
            }
        }

    }

}
