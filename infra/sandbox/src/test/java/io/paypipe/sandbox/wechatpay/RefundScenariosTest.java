package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a refund's scenario is chosen: once, by its number before its order's. */
class RefundScenariosTest {

    private final RefundScenarios scenarios = new RefundScenarios(RefundScenario.SUCCESS_LATER);

    @Test
    void aChoiceForARefundNumberAppliesToOneCallOfThatMerchantOnly() {
        // Given
        scenarios.choose("1900000100", "RF-1", null, RefundScenario.NOT_ENOUGH);

        // When, Then
        assertThat(scenarios.take("1900000101", "RF-1", "ORDER-1")).isEqualTo(RefundScenario.SUCCESS_LATER);
        assertThat(scenarios.take("1900000100", "RF-1", "ORDER-1")).isEqualTo(RefundScenario.NOT_ENOUGH);
        assertThat(scenarios.take("1900000100", "RF-1", "ORDER-1")).isEqualTo(RefundScenario.SUCCESS_LATER);
    }

    @Test
    void aChoiceForAnOrderAppliesToItsNextRefundUnlessTheRefundNumberHasOne() {
        // Given
        scenarios.choose("1900000100", null, "ORDER-1", RefundScenario.CLOSED_LATER);
        scenarios.choose("1900000100", "RF-2", null, RefundScenario.ANSWER_LOST);

        // When, Then
        assertThat(scenarios.take("1900000100", "RF-2", "ORDER-1")).isEqualTo(RefundScenario.ANSWER_LOST);
        assertThat(scenarios.take("1900000100", "RF-3", "ORDER-1")).isEqualTo(RefundScenario.CLOSED_LATER);
        assertThat(scenarios.take("1900000100", "RF-4", "ORDER-1")).isEqualTo(RefundScenario.SUCCESS_LATER);
    }

}
