package io.paypipe.ingress.callback;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;

class CallbackGateTest {

    private static final byte[] BODY = "{\"id\":\"one notification\"}".getBytes(UTF_8);

    private final IngressProperties properties = IngressPropertiesFixtures.with(2, 2, 64);

    private final CallbackAdmission admission = new CallbackAdmission(properties);

    private final CallbackGate gate = new CallbackGate(new CallbackBulkhead(properties), properties,
            new CallbackTally(new SimpleMeterRegistry()));

    @Test
    void aDeliveryWaitingForAnIdenticalBodyLeavesItsAdmissionPlaceAndGetsThatOnesAck() throws Exception {
        // Given a delivery whose store is under way (it holds its place until answered)
        CountDownLatch storing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger stores = new AtomicInteger();
        CallbackAdmission.Place firstPlace = admission.tryEnter().orElseThrow();
        CallbackAdmission.Place copyPlace;
        try (ExecutorService deliveries = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ResponseEntity<Object>> first = deliveries.submit(() -> deliver(firstPlace, () -> {
                stores.incrementAndGet();
                storing.countDown();
                waitFor(release);
                return ChannelAck.WECHATPAY.success();
            }));
            assertThat(storing.await(5, TimeUnit.SECONDS)).isTrue();

            // When a copy of the same body is admitted (the admission of 2 is full), is
            // verified and meets it in the gate
            copyPlace = admission.tryEnter().orElseThrow();
            assertThat(admission.tryEnter()).isEmpty();
            Future<ResponseEntity<Object>> copy = deliveries.submit(() -> deliver(copyPlace, () -> {
                stores.incrementAndGet();
                return ChannelAck.WECHATPAY.success();
            }));

            // Then the copy leaves its place while it waits: only the storing delivery is
            // in progress, and another callback is admitted
            await().atMost(Duration.ofSeconds(5)).until(() -> admission.inProgress() == 1);
            assertThat(copy).isNotDone();
            try (CallbackAdmission.Place other = admission.tryEnter().orElseThrow()) {
                assertThat(admission.inProgress()).isEqualTo(2);
            }
            // and once the first is stored, both get its ack from the one store
            release.countDown();
            assertThat(first.get(5, TimeUnit.SECONDS).getStatusCode().value()).isEqualTo(204);
            assertThat(copy.get(5, TimeUnit.SECONDS).getStatusCode().value()).isEqualTo(204);
        }
        assertThat(stores).hasValue(1);
        assertThat(admission.inProgress()).isZero();
        // and only the stored one's answer was timed for the admission: the copy's wait
        // says nothing of the queue
        assertThat(firstPlace.isTimed()).isTrue();
        assertThat(copyPlace.isTimed()).isFalse();
    }

    /**
     * As the flow does: the gate with the callback's place, which it leaves when
     * answered.
     */
    private ResponseEntity<Object> deliver(CallbackAdmission.Place admitted, Supplier<ResponseEntity<Object>> store) {
        try (CallbackAdmission.Place place = admitted) {
            return gate.store(ChannelAck.WECHATPAY, "shop-a", BODY, System.nanoTime(), place, store);
        }
    }

    private static void waitFor(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
