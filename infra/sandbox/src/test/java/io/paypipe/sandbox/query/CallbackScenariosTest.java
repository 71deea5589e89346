package io.paypipe.sandbox.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.push.NotificationPusher.Delivery;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class CallbackScenariosTest {

    private static final OrderRef ORDER = OrderRef.of(Channel.WECHATPAY, "1900000100", "ORDER-1");

    private final CallbackScenarios scenarios = new CallbackScenarios();

    private final AtomicInteger pushes = new AtomicInteger();

    private final Supplier<List<CompletableFuture<Delivery>>> push = () -> {
        pushes.incrementAndGet();
        return List.of(CompletableFuture.completedFuture(null));
    };

    @Test
    void anOrderWithoutAScenarioIsPushedAtOnce() {
        assertThat(scenarios.gate(ORDER, 1, push)).hasSize(1);
        assertThat(pushes).hasValue(1);
    }

    @Test
    void aDroppedOrderIsNeverPushedEvenAfterAQuery() {
        scenarios.choose(ORDER, CallbackScenario.DROP);

        assertThat(scenarios.gate(ORDER, 2, push)).isEmpty();
        scenarios.queried(ORDER);
        scenarios.gate(ORDER, 1, push);

        assertThat(pushes).hasValue(0);
        assertThat(scenarios.status(ORDER).orElseThrow().dropped()).isEqualTo(3);
    }

    @Test
    void aHeldOrderIsPushedOnceQueriedAndItsFuturesThenComplete() {
        // Given a held order and one held push
        scenarios.choose(ORDER, CallbackScenario.HOLD_UNTIL_QUERIED);
        List<CompletableFuture<Delivery>> held = scenarios.gate(ORDER, 1, push);
        assertThat(pushes).hasValue(0);
        assertThat(held.getFirst()).isNotDone();

        // When a query finds the payment
        scenarios.queried(ORDER);

        // Then it was pushed, its future completed, and later pushes go at once
        assertThat(pushes).hasValue(1);
        assertThat(held.getFirst()).isDone();
        scenarios.gate(ORDER, 1, push);
        assertThat(pushes).hasValue(2);
        assertThat(scenarios.status(ORDER).orElseThrow().released()).isEqualTo(1);
    }

    @Test
    void aQueryOfAnotherOrderReleasesNothing() {
        scenarios.choose(ORDER, CallbackScenario.HOLD_UNTIL_QUERIED);
        scenarios.gate(ORDER, 1, push);

        scenarios.queried(OrderRef.of(Channel.WECHATPAY, "1900000101", "ORDER-1"));

        assertThat(pushes).hasValue(0);
        assertThat(scenarios.release(ORDER)).isEqualTo(1);
        assertThat(pushes).hasValue(1);
    }

}
