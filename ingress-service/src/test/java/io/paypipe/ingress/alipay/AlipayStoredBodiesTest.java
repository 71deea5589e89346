package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.apps;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.payment;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentState;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.sandbox.alipay.AlipayNotification;
import org.junit.jupiter.api.Test;

/**
 * A stored Alipay body checked again: its signature travels in the form, so it is
 * verified in full, as a callback is.
 */
class AlipayStoredBodiesTest {

    private final AlipayStoredBodies stored = new AlipayStoredBodies(new AlipayVerifier(apps()),
            new AlipayClassifier());

    @Test
    void givenAGenuineStoredForm_whenCheckedAgain_thenTheCurrentClassifierDerivesThePayment() {
        AlipayNotification n = payment(newOutTradeNo(), 12_800);

        Check<Classified> checked = stored.recheck(n.param("app_id"), null, n.bodyAsString());

        assertThat(checked).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            var p = ((Classified.Payment) ok.value()).payment();
            assertThat(p.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(p.orderAmount().minor()).isEqualTo(12_800);
        });
    }

    @Test
    void givenAStoredFormWhoseAmountWasChanged_whenCheckedAgain_thenItsSignatureFails() {
        AlipayNotification n = payment(newOutTradeNo(), 12_800);
        String tampered = n.bodyAsString().replace("total_amount=128.00", "total_amount=1.28");
        assertThat(tampered).isNotEqualTo(n.bodyAsString());

        Check<Classified> checked = stored.recheck(n.param("app_id"), null, tampered);

        assertThat(checked).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(Rejection.BAD_SIGNATURE));
    }

}
