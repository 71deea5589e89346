package io.paypipe.sandbox.query;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The close scenarios armed for orders ({@link CloseScenario}): each is used up by the
 * first close call of its order that reaches the channel's business (a call refused
 * before, by a fault or a bad signature, leaves it armed).
 */
public final class CloseScenarios {

    private final Map<OrderRef, CloseScenario> armed = new ConcurrentHashMap<>();

    public void choose(OrderRef order, CloseScenario scenario) {
        armed.put(order, Objects.requireNonNull(scenario, "scenario"));
    }

    /** The scenario of this close call of {@code order}, using it up. */
    public Optional<CloseScenario> take(OrderRef order) {
        return Optional.ofNullable(armed.remove(order));
    }

    /** The scenario armed for {@code order}, left armed. */
    public Optional<CloseScenario> armed(OrderRef order) {
        return Optional.ofNullable(armed.get(order));
    }

}
