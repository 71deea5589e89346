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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Later Stripe events of a settled PaymentIntent or refund: a PaymentIntent's other state
 * is published again under the same raw row (a success after a cancel), a refund's other
 * state is a raw row and an event of its own (a refund that succeeds after it failed);
 * the same state is only acknowledged.
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
    void aRefundThatSucceedsAfterASettledFailureIsARowAndAnEventOfItsOwn(CapturedOutput output) throws Exception {
        // Given refund RF of P reported failed, stored long ago and settled
        String out = newOutTradeNo();
        RefundSpec refund = RefundSpec.of(PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd"), "RF-" + out, 400);
        assertThat(post(EVENTS.refund(refund.withStatus("failed"), "refund.failed")).statusCode()).isEqualTo(200);
        long failedId = refundRawIds(out).getFirst();
        backdate(REFUNDS, failedId, LONG_AGO);
        settle(REFUNDS, failedId, 1);

        // When Stripe reports RF succeeded, and retries that event
        SignedNotification succeeded = EVENTS.refund(refund, "refund.updated");
        assertThat(post(succeeded).statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.resign(succeeded, SHOP_A)).statusCode()).isEqualTo(200);

        // Then the success is a row of its own, published under its own raw id and event
        // id (twice while unsettled: the same id); the failed row is untouched
        assertThat(refundRawIds(out)).hasSize(2);
        long succeededId = refundRawIds(out).getLast();
        var records = refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out);
        assertThat(records).hasSize(3);
        assertCarriesRawId(records.getFirst(), failedId);
        assertThat(records.getFirst().value().state()).isEqualTo(RefundState.CLOSED);
        assertThat(records.subList(1, 3)).allSatisfy(r -> {
            assertCarriesRawId(r, succeededId);
            RefundNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(RefundNotified.idFor(succeededId));
            assertThat(e.refundNo()).isEqualTo("RF-" + out);
            assertThat(e.state()).isEqualTo(RefundState.SUCCEEDED);
            assertThat(e.refundAmount()).isEqualTo(Money.of(400, "USD"));
        });
        assertThat(RefundNotified.idFor(succeededId)).isNotEqualTo(RefundNotified.idFor(failedId));
        assertThat(deliveries(REFUNDS, failedId)).isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "failed", 1));
        assertThat(deliveries(REFUNDS, succeededId).state()).isEqualTo("succeeded");
        assertThat(output.getAll()).doesNotContain("settled refund notification rawId=" + failedId + " ");
    }

    private List<Long> refundRawIds(String out) {
        return jdbc.sql("SELECT id FROM pay_refund_raw WHERE out_trade_no = :out ORDER BY id")
            .param("out", out)
            .query(Long.class)
            .list();
    }

}
