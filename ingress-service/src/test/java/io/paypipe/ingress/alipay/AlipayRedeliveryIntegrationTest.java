package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.PAYMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Later Alipay deliveries of a settled trade: another trade_status is published again
 * under the same raw row (money that arrived after a close is never dropped silently);
 * the same status is only acknowledged.
 */
@ExtendWith(OutputCaptureExtension.class)
class AlipayRedeliveryIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final String KEY_A = "ali-shop|2021000100000000|";

    private static final Instant LONG_AGO = Instant.parse("2026-01-02T03:04:05Z");

    @Test
    void aTradeSuccessAfterASettledTradeClosedIsPublishedAgainUnderItsRawId(CapturedOutput output) throws Exception {
        // Given trade T reported TRADE_CLOSED, stored long ago and settled
        String out = newOutTradeNo();
        AlipayTrade trade = AlipayTrade.paid(APP_A, out, NOTIFICATIONS.newTradeNo(), 1_234);
        assertIsSuccessAck(post(NOTIFICATIONS.tradeStatusSync(trade.withStatus(AlipayTrade.TRADE_CLOSED)).body()));
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 1);

        // When Alipay reports T as TRADE_SUCCESS
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertIsSuccessAck(post(NOTIFICATIONS.tradeStatusSync(trade).body()));
        Instant after = Instant.now().plusMillis(1);

        // Then the payment reaches payment.notify under the same raw row, which keeps its
        // first state
        var records = payments.recordsFor(KEY_A + out);
        assertThat(records).hasSize(2).allSatisfy(r -> assertCarriesRawId(r, rawId));
        assertThat(records.getFirst().value().state()).isEqualTo(PaymentState.CLOSED);
        PaymentNotified paid = records.get(1).value();
        assertThat(paid.rawId()).isEqualTo(rawId);
        assertThat(paid.state()).isEqualTo(PaymentState.SUCCEEDED);
        assertThat(paid.channelState()).isEqualTo("TRADE_SUCCESS");
        assertThat(paid.paidAmount()).isEqualTo(Money.of(1_234, "CNY"));
        Deliveries d = deliveries(PAYMENTS, rawId);
        assertThat(d.createdAt()).isEqualTo(LONG_AGO);
        assertThat(d.lastDeliveredAt()).isBetween(before, after);
        assertThat(d.state()).isEqualTo("TRADE_CLOSED");
        assertThat(output.getAll().lines().filter(l -> l.contains("settled notification rawId=" + rawId + " ")))
            .singleElement()
            .satisfies(line -> assertThat(line).contains(" WARN ")
                .contains("(handled=1) now reports TRADE_SUCCESS but TRADE_CLOSED is stored"));
    }

    @Test
    void anIdenticalDeliveryOfASettledTradeClosedIsAcknowledgedWithoutPublishing() throws Exception {
        // Given trade T reported TRADE_CLOSED, stored long ago and settled
        String out = newOutTradeNo();
        AlipayTrade closed = AlipayTrade.paid(APP_A, out, NOTIFICATIONS.newTradeNo(), 99)
            .withStatus(AlipayTrade.TRADE_CLOSED);
        byte[] body = NOTIFICATIONS.tradeStatusSync(closed).body();
        assertIsSuccessAck(post(body));
        long rawId = singleRawRow(out).id();
        backdate(PAYMENTS, rawId, LONG_AGO);
        settle(PAYMENTS, rawId, 2);

        // When Alipay sends it again
        assertIsSuccessAck(post(body));

        // Then nothing was published again and nothing moved
        assertThat(payments.recordsFor(KEY_A + out)).hasSize(1);
        assertThat(deliveries(PAYMENTS, rawId)).isEqualTo(new Deliveries(LONG_AGO, LONG_AGO, "TRADE_CLOSED", 2));
    }

}
