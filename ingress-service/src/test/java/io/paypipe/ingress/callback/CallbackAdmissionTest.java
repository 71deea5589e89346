package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.ingress.callback.CallbackAdmission.Place;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import java.util.List;
import java.util.Optional;
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
    void rejectsALimitBelowTheBulkheadsPermits() {
        assertThatThrownBy(() -> properties(64, 63)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("ingress.max-callbacks-in-progress");
    }

    private static IngressProperties properties(int bulkhead, int inProgress) {
        return IngressPropertiesFixtures.with(bulkhead, inProgress, 64);
    }

}
