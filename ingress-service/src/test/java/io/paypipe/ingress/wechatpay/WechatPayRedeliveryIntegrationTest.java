package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.PAYMENTS;
import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.REFUNDS;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newRefundNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Later deliveries of a stored WeChat notification: {@code last_delivered_at} moves when
 * a delivery is published again (an unsettled row, or a settled payment now reported in
 * another state), and a settled row reported in the same state is acknowledged without
 * touching anything. A refund's later state is a row of its own. Every record names its
 * raw row in the {@code paypipe-raw-id} header.
 */
@ExtendWith(OutputCaptureExtension.class)
class WechatPayRedeliveryIntegrationTest extends CallbackIntegrationSupport {

    /**
     * Whole seconds: Connector/J stores no fraction of a second on MariaDB (it reads the
     * server as 5.5.5).
     */
    private static final Instant LONG_AGO = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void theFirstDeliveryIsLastDeliveredWhenItWasCreated() throws Exception {
        // Given a payment never seen before
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 100, 100).json(), Instant.now());

        // When it is delivered
        assertThat(post(n).statusCode()).isEqualTo(204);

        // Then its row's last delivery is its creation
        Deliveries d = deliveries(PAYMENTS, singleRawRow(out).id());
        assertThat(d.lastDeliveredAt()).isEqualTo(d.createdAt());
        assertThat(d.createdAt()).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));
    }

    @Test
    void aRepushOfAnUnsettledPaymentMovesLastDeliveredAtAndKeepsCreatedAt() throws Exception {
        // Given a payment stored long ago, still unsettled
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 200, 200).json();
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);

        // When WeChat pushes it again
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        Instant after = Instant.now().plusMillis(1);

        // Then it is published again and its processing starts over from this delivery
        Deliveries d = deliveries(PAYMENTS, rawId);
        assertThat(d.createdAt()).isEqualTo(LONG_AGO);
        assertThat(d.lastDeliveredAt()).isBetween(before, after);
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).hasSize(2)
            .allSatisfy(r -> assertCarriesRawId(r, rawId));
    }

    @Test
    void aRepushOfASettledPaymentInTheSameStateTouchesNothingAndIsNotPublished() throws Exception {
        // Given a payment stored long ago and settled by the processor
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 300, 300).json();
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 1);

        // When WeChat pushes the same payment again
        assertThat(post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode()).isEqualTo(204);

        // Then neither time moved and nothing more was published
        assertThat(deliveries(PAYMENTS, rawId)).isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "SUCCESS", 1));
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).hasSize(1);
    }

    @Test
    void aSuccessAfterASettledCloseIsPublishedAgainUnderItsRawId(CapturedOutput output) throws Exception {
        // Given transaction T reported CLOSED, stored long ago and settled (the order was
        // closed)
        String out = newOutTradeNo();
        String tx = newTransactionId();
        String closed = PaymentJson.success("1900000100", out, tx, 400, 400).state("CLOSED").json();
        String paid = PaymentJson.success("1900000100", out, tx, 400, 400).json();
        assertThat(post(SignedNotification.of(SHOP_A, closed, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 1);

        // When WeChat reports T as SUCCESS: the money arrived after all
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(SignedNotification.of(SHOP_A, paid, Instant.now())).statusCode()).isEqualTo(204);
        Instant after = Instant.now().plusMillis(1);

        // Then the success reaches payment.notify under the same raw row, which keeps its
        // first state
        var records = payments.recordsFor("shop-a|1900000100|" + out);
        assertThat(records).hasSize(2).allSatisfy(r -> assertCarriesRawId(r, rawId));
        assertThat(records.getFirst().value().state()).isEqualTo(PaymentState.CLOSED);
        PaymentNotified success = records.get(1).value();
        assertThat(success.rawId()).isEqualTo(rawId);
        assertThat(success.eventId()).isEqualTo(PaymentNotified.idFor(rawId));
        assertThat(success.state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(success.channelState()).isEqualTo("SUCCESS");
        assertThat(success.paidAmount()).isEqualTo(Money.of(400, "CNY"));
        Deliveries d = deliveries(PAYMENTS, rawId);
        assertThat(d.createdAt()).isEqualTo(LONG_AGO);
        assertThat(d.lastDeliveredAt()).isBetween(before, after);
        assertThat(d.state()).isEqualTo("CLOSED");
        assertThat(d.handled()).isEqualTo(1);
        assertThat(output.getAll().lines().filter(l -> l.contains("settled notification rawId=" + rawId + " ")))
            .singleElement()
            .satisfies(line -> assertThat(line).contains(" WARN ")
                .contains(" wechatpay tradeNo=" + tx + " (handled=1) now reports SUCCESS but CLOSED is stored"));
    }

    @Test
    void aRefundSuccessAfterASettledCloseIsARowAndAnEventOfItsOwn(CapturedOutput output) throws Exception {
        // Given refund R reported CLOSED, stored long ago and settled
        String out = newOutTradeNo();
        String refundNo = newRefundNo();
        String tx = newTransactionId();
        RefundJson closed = RefundJson.success("1900000100", out, tx, refundNo, 900, 300).status("CLOSED");
        RefundJson succeeded = RefundJson.success("1900000100", out, tx, refundNo, 900, 300);
        assertThat(post(SignedNotification.refund(SHOP_A, closed, Instant.now())).statusCode()).isEqualTo(204);
        long closedId = refundRows(out).getFirst().id();
        backdate(REFUNDS, closedId, LONG_AGO);
        settle(REFUNDS, closedId, 1);

        // When WeChat reports R as SUCCESS
        assertThat(post(SignedNotification.refund(SHOP_A, succeeded, Instant.now())).statusCode()).isEqualTo(204);

        // Then the success is a new row, first delivered now, published under its own raw
        // id and event id; the settled CLOSED row is untouched
        assertThat(refundRows(out)).hasSize(2);
        long successId = refundRows(out).getLast().id();
        assertThat(successId).isNotEqualTo(closedId);
        var records = refunds.recordsFor("shop-a|1900000100|" + out);
        assertThat(records).hasSize(2);
        assertCarriesRawId(records.get(1), successId);
        RefundNotified success = records.get(1).value();
        assertThat(success.eventId()).isEqualTo(RefundNotified.idFor(successId))
            .isNotEqualTo(records.getFirst().value().eventId());
        assertThat(success.rawId()).isEqualTo(successId);
        assertThat(success.refundNo()).isEqualTo(refundNo);
        assertThat(success.state()).isEqualTo(RefundState.SUCCEEDED);
        assertThat(success.refundAmount()).isEqualTo(Money.of(300, "CNY"));
        assertThat(deliveries(REFUNDS, closedId)).isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "CLOSED", 1));
        Deliveries d = deliveries(REFUNDS, successId);
        assertThat(d.state()).isEqualTo("SUCCESS");
        assertThat(d.handled()).isZero();
        assertThat(d.lastDeliveredAt()).isEqualTo(d.createdAt());
        assertThat(output.getAll()).doesNotContain("settled refund notification rawId=" + closedId + " ");
    }

    @Test
    void aRepushOfAnUnsettledRefundMovesLastDeliveredAtAndASettledOneTouchesNothing() throws Exception {
        // Given a refund stored long ago, still unsettled
        String out = newOutTradeNo();
        RefundJson refund = RefundJson.success("1900000100", out, newTransactionId(), newRefundNo(), 500, 500);
        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = refundRows(out).getFirst().id();
        backdate(REFUNDS, rawId, LONG_AGO);

        // When WeChat pushes it again
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);
        Instant after = Instant.now().plusMillis(1);

        // Then its last delivery moved, its creation did not
        Deliveries again = deliveries(REFUNDS, rawId);
        assertThat(again.createdAt()).isEqualTo(LONG_AGO);
        assertThat(again.lastDeliveredAt()).isBetween(before, after);

        // And once settled (its last delivery long ago again), another push of the same
        // state moves nothing and
        // publishes nothing
        backdate(REFUNDS, rawId, LONG_AGO);
        settle(REFUNDS, rawId, 1);
        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);
        assertThat(deliveries(REFUNDS, rawId)).isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "SUCCESS", 1));
        assertThat(refunds.recordsFor("shop-a|1900000100|" + out)).hasSize(2)
            .allSatisfy(r -> assertCarriesRawId(r, rawId));
    }

}
