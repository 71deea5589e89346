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
    void ridesThroughTheBacklogOfAPauseLongerThanTheAdmissionLatency() {
        // Given 64 permits, a cap of 1,024, an admission latency of 500 ms, and 60
        // callbacks in progress when a pause of 600 ms begins
        AtomicLong clock = new AtomicLong();
        CallbackAdmission admission = new CallbackAdmission(properties(64, 1024, 500), clock::get);
        List<Place> caught = timed(enter(admission, 60));

        // When the 300 callbacks that arrived during the pause are admitted as it ends,
        // and the backlog drains first come, first served: the 60 caught by the pause
        // 650 ms after their admission, the first of the 300 100 ms later, the eleventh
        // 450 ms after that
        clock.addAndGet(millis(600));
        List<Place> burst = timed(enter(admission, 300));
        clock.addAndGet(millis(50));
        caught.forEach(Place::close);
        clock.addAndGet(millis(100));
        burst.subList(0, 10).forEach(Place::close);
        clock.addAndGet(millis(450));
        burst.get(10).close();

        // Then no queue stands: the interval held an answer in time (150 ms), and with
        // 289 in progress 300 more are admitted, where an average of the interval's
        // answers (about 580 ms) would have refused them all
        assertThat(admission.fastestAnswer()).isEqualTo(Duration.ofMillis(150));
        assertThat(enter(admission, 300)).hasSize(300);
        assertThat(admission.inProgress()).isEqualTo(589);
    }

    @Test
    void halvesWhatItLetsInOnceEveryAnswerOfAnIntervalTookLongerThanTheAdmissionLatency() {
        // Given 40 callbacks in progress with 2 permits, well below the cap of 100
        // When eleven of them are answered 2 s and 2.5 s after their admission
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();

        // Then a queue stood through the interval: the admission is open to half of the
        // 29 in progress, and the next is refused
        assertThat(slow.admission().fastestAnswer()).isEqualTo(Duration.ofSeconds(2));
        assertThat(slow.admission().openTo()).isEqualTo(14);
        assertThat(slow.admission().tryEnter()).isEmpty();
        assertThat(slow.admission().inProgress()).isEqualTo(29);
    }

    @Test
    void halvesOnceForTheQueueItSawAndAgainIfItStillStandsAnIntervalLater() {
        // Given an admission that halved to 14 for a standing queue
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();

        // When the next interval's answers are still late (the queue of before), and so
        // are the ones after it
        slow.clock().addAndGet(millis(500));
        slow.backlog().get(11).close();
        int afterTheNext = admission.openTo();
        slow.clock().addAndGet(millis(500));
        slow.backlog().get(12).close();

        // Then the next interval leaves it, and the one after it halves it again
        assertThat(afterTheNext).isEqualTo(14);
        assertThat(admission.openTo()).isEqualTo(7);
    }

    @Test
    void opensByTheBulkheadsPermitsAfterEachIntervalWithoutAStandingQueueSoItNeverLatches() {
        // Given an admission that halved to 14 for a standing queue, answered down to one
        // in progress
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();
        slow.answerDownTo(1);

        // When two intervals of fast answers pass
        List<Place> fast = timed(enter(admission, 20));
        fast.subList(0, 10).forEach(Place::close);
        slow.clock().addAndGet(millis(500));
        fast.get(10).close();
        int afterOne = admission.openTo();
        slow.clock().addAndGet(millis(500));
        fast.get(11).close();

        // Then 13 of the 20 were let in (14 in progress), and it opens by the 2 permits
        // after each interval
        assertThat(fast).hasSize(13);
        assertThat(afterOne).isEqualTo(16);
        assertThat(admission.openTo()).isEqualTo(18);
    }

    @Test
    void answersThatWereNotTimedDoNotHideAStandingQueue() {
        // Given an admission that halved to 14 for a standing queue, answered down to one
        // in progress
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();
        slow.answerDownTo(1);

        // When a callback leaves at once without reaching the bulkhead (a copy that
        // joined an identical body, or one rejected by its checks), and an interval later
        // the last of the backlog is answered
        admission.tryEnter().orElseThrow().close();
        slow.clock().addAndGet(millis(500));
        slow.backlog().get(39).close();

        // Then the queue still stood through that interval: the admission does not open
        assertThat(admission.fastestAnswer()).isEqualTo(Duration.ofMillis(2500));
        assertThat(admission.openTo()).isEqualTo(14);
    }

    @Test
    void opensToItsCapAgainAfterAnIdleGapWithoutAnswers() {
        // Given an admission that halved to 14 for a standing queue, answered down to two
        // in progress
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();
        slow.answerDownTo(2);

        // When nothing is answered for two intervals and then one of them is
        slow.clock().addAndGet(millis(1000));
        slow.backlog().get(38).close();

        // Then no queue stood, and it is open to its cap of 100 again
        assertThat(admission.fastestAnswer()).isZero();
        assertThat(admission.openTo()).isEqualTo(100);
        assertThat(enter(admission, 50)).hasSize(50);
    }

    @Test
    void keepsWhatItIsOpenToThroughAStallWithCallbacksWaiting() {
        // Given an admission that halved to 14 for a standing queue, 29 in progress
        SlowAnswers slow = SlowAnswers.afterTwoSeconds();
        CallbackAdmission admission = slow.admission();

        // When nothing is answered for two intervals (the database stalled) and then one
        // of the 29 is
        slow.clock().addAndGet(millis(1000));
        slow.backlog().get(11).close();

        // Then it stays open to 14: the interval after the stall decides
        assertThat(admission.openTo()).isEqualTo(14);
        assertThat(admission.tryEnter()).isEmpty();
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
     * An admission of 2 permits, a cap of 100 and a latency of 500 ms, with 40 timed
     * callbacks admitted at once, of which the first ten were answered 2 s later and the
     * eleventh 2.5 s later, which ends the interval of the ten.
     */
    private record SlowAnswers(CallbackAdmission admission, List<Place> backlog, AtomicLong clock) {

        static SlowAnswers afterTwoSeconds() {
            AtomicLong clock = new AtomicLong();
            CallbackAdmission admission = new CallbackAdmission(properties(2, 100, 500), clock::get);
            List<Place> backlog = timed(enter(admission, 40));
            clock.addAndGet(Duration.ofSeconds(2).toNanos());
            backlog.subList(0, 10).forEach(Place::close);
            clock.addAndGet(millis(500));
            backlog.get(10).close();
            return new SlowAnswers(admission, backlog, clock);
        }

        /**
         * Answers the backlog, at the clock's time, until {@code left} are in progress.
         */
        void answerDownTo(int left) {
            backlog.subList(11, backlog.size() - left).forEach(Place::close);
        }

    }

    /** The places, each marked as going on to the bulkhead. */
    private static List<Place> timed(List<Place> places) {
        places.forEach(Place::timed);
        return places;
    }

    private static long millis(long millis) {
        return Duration.ofMillis(millis).toNanos();
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
