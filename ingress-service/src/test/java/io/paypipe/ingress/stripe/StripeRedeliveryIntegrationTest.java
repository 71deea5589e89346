package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.PAYMENTS;
import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.REFUNDS;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Later Stripe events of a settled PaymentIntent or refund: another state is published
 * again under the same raw row (a success after a cancel, a refund that succeeds after it
 * failed); the same state is only acknowledged.
 */
@ExtendWith(OutputCaptureExtension.class)
class StripeRedeliveryIntegrationTest extends StripeCallbackIntegrationSupport {

    private static final Instant LONG_AGO = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void aSucceededPaymentIntentAfterASettledCancelIsPublishedAgainUnderItsRawId(CapturedOutput output)
            throws Exception {
        // Given PaymentIntent P canceled, stored long ago and settled
        String out = newOutTradeNo();
        PaymentIntentSpec spec = PaymentIntentSpec.of(SHOP_A, out, 2_500, "usd");
        assertThat(post(EVENTS.paymentIntent(spec, PaymentIntentEvent.CANCELED)).statusCode()).isEqualTo(200);
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 1);

        // When Stripe reports P succeeded
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(EVENTS.paymentIntent(spec, PaymentIntentEvent.SUCCEEDED)).statusCode()).isEqualTo(200);
        Instant after = Instant.now().plusMillis(1);

        // Then the success reaches payment.notify under the same raw row, which keeps its
        // first state
        var records = payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out);
        assertThat(records).hasSize(2).allSatisfy(r -> assertCarriesRawId(r, rawId));
        assertThat(records.getFirst().value().state()).isEqualTo(PaymentState.CLOSED);
        PaymentNotified paid = records.get(1).value();
        assertThat(paid.rawId()).isEqualTo(rawId);
        assertThat(paid.state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(paid.channelState()).isEqualTo("payment_intent.succeeded");
        assertThat(paid.paidAmount()).isEqualTo(Money.of(2_500, "USD"));
        Deliveries d = deliveries(PAYMENTS, rawId);
        assertThat(d.createdAt()).isEqualTo(LONG_AGO);
        assertThat(d.lastDeliveredAt()).isBetween(before, after);
        assertThat(d.state()).isEqualTo("payment_intent.canceled");
        assertThat(output.getAll().lines().filter(l -> l.contains("settled notification rawId=" + rawId + " ")))
            .singleElement()
            .satisfies(line -> assertThat(line).contains(" WARN ")
                .contains(" stripe tradeNo=" + spec.paymentIntentId()
                        + " (handled=1) now reports payment_intent.succeeded but payment_intent.canceled is stored"));
    }

    @Test
    void anIdenticalDeliveryOfASettledCancelIsAcknowledgedWithoutPublishing() throws Exception {
        // Given PaymentIntent P canceled, stored long ago and settled
        String out = newOutTradeNo();
        SignedNotification canceled = EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 700, "usd"),
                PaymentIntentEvent.CANCELED);
        assertThat(post(canceled).statusCode()).isEqualTo(200);
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 1);

        // When Stripe retries the same event (fresh t and signature)
        assertThat(post(EVENTS.resign(canceled, SHOP_A)).statusCode()).isEqualTo(200);

        // Then nothing was published again and nothing moved
        assertThat(payments.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(1);
        assertThat(deliveries(PAYMENTS, rawId))
            .isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "payment_intent.canceled", 1));
    }

    @Test
    void aRefundThatSucceedsAfterASettledFailureReachesRefundNotify(CapturedOutput output) throws Exception {
        // Given refund RF of P reported failed, stored long ago and settled
        String out = newOutTradeNo();
        RefundSpec refund = RefundSpec.of(PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd"), "RF-" + out, 400);
        assertThat(post(EVENTS.refund(refund.withStatus("failed"), "refund.failed")).statusCode()).isEqualTo(200);
        long rawId = jdbc.sql("SELECT id FROM pay_refund_raw WHERE out_trade_no = :out")
            .param("out", out)
            .query(Long.class)
            .single();
        backdate(REFUNDS, rawId, LONG_AGO);
        settle(REFUNDS, rawId, 1);

        // When Stripe reports RF succeeded
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(EVENTS.refund(refund, "refund.updated")).statusCode()).isEqualTo(200);
        Instant after = Instant.now().plusMillis(1);

        // Then the success reaches refund.notify under the same raw row
        var records = refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out);
        assertThat(records).hasSize(2).allSatisfy(r -> assertCarriesRawId(r, rawId));
        assertThat(records.getFirst().value().state()).isEqualTo(RefundState.CLOSED);
        RefundNotified succeeded = records.get(1).value();
        assertThat(succeeded.rawId()).isEqualTo(rawId);
        assertThat(succeeded.refundNo()).isEqualTo("RF-" + out);
        assertThat(succeeded.state()).isEqualTo(RefundState.SUCCEEDED);
        assertThat(succeeded.refundAmount()).isEqualTo(Money.of(400, "USD"));
        Deliveries d = deliveries(REFUNDS, rawId);
        assertThat(d.createdAt()).isEqualTo(LONG_AGO);
        assertThat(d.lastDeliveredAt()).isBetween(before, after);
        assertThat(d.state()).isEqualTo("failed");
        assertThat(output.getAll().lines().filter(l -> l.contains("settled refund notification rawId=" + rawId + " ")))
            .singleElement()
            .satisfies(line -> assertThat(line).contains(" WARN ")
                .contains(" stripe refundNo=RF-" + out + " (handled=1) now reports succeeded but failed is stored"));
    }

}
