package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import org.junit.jupiter.api.Test;

class CallbackAdmissionTest {

    @Test
    void admitsUpToItsLimitAndRefusesTheNextOne() {
        // Given an admission of 3
        CallbackAdmission admission = new CallbackAdmission(properties(2, 3));

        // When four callbacks arrive together
        boolean first = admission.tryEnter();
        boolean second = admission.tryEnter();
        boolean third = admission.tryEnter();
        boolean fourth = admission.tryEnter();

        // Then three are in progress and the fourth was refused without taking a place
        assertThat(new boolean[] { first, second, third, fourth }).containsExactly(true, true, true, false);
        assertThat(admission.inProgress()).isEqualTo(3);
    }

    @Test
    void aCallbackThatLeftMakesRoomForTheNext() {
        // Given a full admission of 2
        CallbackAdmission admission = new CallbackAdmission(properties(1, 2));
        admission.tryEnter();
        admission.tryEnter();
        assertThat(admission.tryEnter()).isFalse();

        // When one of them is answered
        admission.leave();

        // Then the next one is admitted, and the one after it is refused again
        assertThat(admission.tryEnter()).isTrue();
        assertThat(admission.tryEnter()).isFalse();
        assertThat(admission.inProgress()).isEqualTo(2);
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
