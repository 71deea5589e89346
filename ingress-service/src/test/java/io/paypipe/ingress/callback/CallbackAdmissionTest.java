package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.ingress.callback.CallbackAdmission.Place;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CallbackAdmissionTest {

    @Test
    void admitsUpToItsLimitAndRefusesTheNextOne() {
        // Given an admission of 3
        CallbackAdmission admission = new CallbackAdmission(properties(2, 3));

        // When four callbacks arrive together
        Optional<Place> first = admission.tryEnter();
        Optional<Place> second = admission.tryEnter();
        Optional<Place> third = admission.tryEnter();
        Optional<Place> fourth = admission.tryEnter();

        // Then three are in progress and the fourth was refused without taking a place
        assertThat(List.of(first, second, third, fourth)).extracting(Optional::isPresent)
            .containsExactly(true, true, true, false);
        assertThat(admission.inProgress()).isEqualTo(3);
    }

    @Test
    void aCallbackThatLeftMakesRoomForTheNext() {
        // Given a full admission of 2
        CallbackAdmission admission = new CallbackAdmission(properties(1, 2));
        Place first = admission.tryEnter().orElseThrow();
        admission.tryEnter().orElseThrow();
        assertThat(admission.tryEnter()).isEmpty();

        // When one of them is answered
        first.close();

        // Then the next one is admitted, and the one after it is refused again
        assertThat(admission.tryEnter()).isPresent();
        assertThat(admission.tryEnter()).isEmpty();
        assertThat(admission.inProgress()).isEqualTo(2);
    }

    @Test
    void leavingAPlaceTwiceFreesItOnce() {
        // Given two callbacks in progress
        CallbackAdmission admission = new CallbackAdmission(properties(1, 2));
        Place early = admission.tryEnter().orElseThrow();
        admission.tryEnter().orElseThrow();

        // When one leaves early (it waits for an identical body) and again when answered
        early.close();
        early.close();

        // Then one place is free, not two
        assertThat(admission.inProgress()).isEqualTo(1);
        assertThat(admission.tryEnter()).isPresent();
        assertThat(admission.tryEnter()).isEmpty();
    }

    @Test
    void ridesThroughAStallShorterThanTheAdmissionLatencyWithMoreInProgressThanACountOf256() {
        // Given 64 permits, a cap of 1,024 and an admission latency of 500 ms
        AtomicLong clock = new AtomicLong();
        CallbackAdmission admission = new CallbackAdmission(properties(64, 1024, 500), clock::get);
        List<Place> stalled = enter(admission, 300);

        // When a stall of 300 ms ends and the first 100 are answered
        clock.addAndGet(Duration.ofMillis(300).toNanos());
        stalled.subList(0, 100).forEach(Place::close);

        // Then the answers are slow but in time, and 200 more are admitted
        assertThat(admission.averageLatency()).isBetween(Duration.ofMillis(250), Duration.ofMillis(300));
        assertThat(enter(admission, 200)).hasSize(200);
        assertThat(admission.inProgress()).isEqualTo(400);
    }

    @Test
    void refusesBeyondTheBulkheadsPermitsOnceAnswersTakeLongerThanTheAdmissionLatency() {
        // Given 40 callbacks in progress with 2 permits, well below the cap of 100
        // When ten of them are answered after 2 s
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();

        // Then the answers' average is past the admission latency and the next is refused
        assertThat(slow.admission().averageLatency()).isGreaterThan(Duration.ofMillis(500));
        assertThat(slow.admission().tryEnter()).isEmpty();
        assertThat(slow.admission().inProgress()).isEqualTo(30);
    }

    @Test
    void admitsUpToTheBulkheadsPermitsWhateverTheLatencySoItNeverLatches() {
        // Given answers slower than the admission latency and 30 in progress
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();
        assertThat(admission.tryEnter()).isEmpty();

        // When the backlog is answered down to one in progress
        slow.backlog().subList(10, 39).forEach(Place::close);

        // Then one more is admitted (two in progress, the bulkhead's permits) though the
        // average is still slow, and once fast answers bring it down, more than the
        // permits
        assertThat(admission.averageLatency()).isGreaterThan(Duration.ofMillis(500));
        Place next = admission.tryEnter().orElseThrow();
        assertThat(admission.tryEnter()).isEmpty();
        next.close();
        for (int i = 0; i < 100 && admission.averageLatency().compareTo(Duration.ofMillis(500)) > 0; i++) {
            admission.tryEnter().orElseThrow().close();
        }
        assertThat(enter(admission, 10)).hasSize(10);
    }

    @Test
    void rejectsALimitBelowTheBulkheadsPermits() {
        assertThatThrownBy(() -> properties(64, 63)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("ingress.max-callbacks-in-progress");
    }

    private static IngressProperties properties(int bulkhead, int inProgress) {
        return IngressPropertiesFixtures.with(bulkhead, inProgress, 64);
    }

    private static IngressProperties properties(int bulkhead, int inProgress, long admissionLatencyMillis) {
        return IngressPropertiesFixtures.with(bulkhead, inProgress, Duration.ofMillis(admissionLatencyMillis), 64);
    }

    /**
     * An admission of 2 permits, a cap of 100 and a latency of 500 ms, with 40 callbacks
     * admitted at once of which the first ten were answered 2 s later.
     */
    private record SlowAnswers(CallbackAdmission admission, List<Place> backlog) {

        static SlowAnswers afterTwoSeconds() {
            AtomicLong clock = new AtomicLong();
            CallbackAdmission admission = new CallbackAdmission(properties(2, 100, 500), clock::get);
            List<Place> backlog = enter(admission, 40);
            clock.addAndGet(Duration.ofSeconds(2).toNanos());
            backlog.subList(0, 10).forEach(Place::close);
            return new SlowAnswers(admission, backlog);
        }

    }

    /** Up to {@code n} places, as many as the admission gives. */
    private static List<Place> enter(CallbackAdmission admission, int n) {
        List<Place> places = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            admission.tryEnter().ifPresent(places::add);
        }
        return places;
    }

}
