package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.paid;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** {@code POST /notify/alipay} on a real broker and a real MySQL-compatible database. */
@ExtendWith(OutputCaptureExtension.class)
class AlipayCallbackIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final String KEY_A = "ali-shop|2021000100000000|";

    @Test
    void aValidNotificationIsStoredOnceAndPublishedBeforeTheSuccessAck() throws Exception {
        // Given a payment of 100.10 of which the merchant received 100.00
        String out = newOutTradeNo();
        AlipayNotification n = NOTIFICATIONS.tradeStatusSync(paid(out, 10_010).withReceiptFen(10_000));

        // When
        HttpResponse<String> response = post(n.body());

        // Then
        assertIsSuccessAck(response);
        RawRow row = rawRows(out).getFirst();
        assertThat(rawRows(out)).containsExactly(new RawRow(row.id(), "ali-shop", "2021000100000000", null, "alipay",
                n.param("trade_no"), out, n.notifyId(), "TRADE_SUCCESS", "SUCCEEDED", 10_010, 10_000, row.paidAt(),
                "CNY", 0, n.bodyAsString()));
        List<ConsumerRecord<String, PaymentNotified>> records = payments.recordsFor(KEY_A + out);
        assertThat(records).singleElement().satisfies(r -> {
            assertCarriesRawId(r, row.id());
            PaymentNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(PaymentNotified.idFor(row.id()));
            assertThat(e.channel()).isEqualTo(Channel.ALIPAY);
            assertThat(e.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(e.orderAmount()).isEqualTo(Money.of(10_010, "CNY"));
            assertThat(e.paidAmount()).isEqualTo(Money.of(10_000, "CNY"));
            assertThat(e.paidAt()).isNotNull().isEqualTo(row.paidAt());
            assertThat(e.spMerchantId()).isNull();
        });
    }

    @Test
    void theSameNotificationAgainIsStoredOnce() throws Exception {
        String out = newOutTradeNo();
        AlipayNotification n = NOTIFICATIONS.tradeStatusSync(paid(out, 500));

        assertIsSuccessAck(post(n.body()));
        assertIsSuccessAck(post(n.body()));

        assertThat(rawRows(out)).hasSize(1);
        assertThat(payments.recordsFor(KEY_A + out)).hasSize(2)
            .extracting(r -> r.value().eventId())
            .containsOnly(PaymentNotified.idFor(rawRows(out).getFirst().id()));
    }

    @Test
    void aDuplicateOfASettledNotificationIsAckedWithoutPublishing(CapturedOutput output) throws Exception {
        // Given a stored notification the processor has settled
        String out = newOutTradeNo();
        AlipayNotification n = NOTIFICATIONS.tradeStatusSync(paid(out, 500));
        assertIsSuccessAck(post(n.body()));
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE out_trade_no = :out").param("out", out).update();

        // When Alipay sends it again
        assertIsSuccessAck(post(n.body()));

        // Then nothing more was published
        assertThat(rawRows(out)).hasSize(1);
        assertThat(payments.recordsFor(KEY_A + out)).hasSize(1);
        assertThat(output.getAll()).contains("already handled (handled=1)");
    }

    @Test
    void waitBuyerPayIsLoggedAsAnEventAndAckedButNeverStoredAsRaw() throws Exception {
        String out = newOutTradeNo();
        AlipayNotification n = NOTIFICATIONS.tradeStatusSync(paid(out, 500).withStatus(AlipayTrade.WAIT_BUYER_PAY));

        assertIsSuccessAck(post(n.body()));

        assertThat(rawRows(out)).isEmpty();
        assertThat(jdbc.sql("SELECT state FROM pay_notify_event WHERE out_trade_no = :out")
            .param("out", out)
            .query(String.class)
            .list()).containsExactly("WAIT_BUYER_PAY");
        assertThat(payments.recordsFor(KEY_A + out)).isEmpty();
    }

    @Test
    void aRefundNotificationGoesToTheRefundTableAndRefundNotify() throws Exception {
        // Given a paid trade of 50.00, refunded 20.00 by our refund request
        String out = newOutTradeNo();
        String refundNo = "R" + out;
        AlipayNotification n = NOTIFICATIONS.refund(paid(out, 5_000), refundNo, 2_000);

        // When (twice: Alipay's duplicate)
        assertIsSuccessAck(post(n.body()));
        assertIsSuccessAck(post(n.body()));

        // Then one refund row under our refund number, nothing in the payment table
        assertThat(refundRows(out)).isEqualTo(1);
        assertThat(rawRows(out)).isEmpty();
        assertThat(jdbc.sql("SELECT refund_no FROM pay_refund_raw WHERE out_trade_no = :out")
            .param("out", out)
            .query(String.class)
            .single()).isEqualTo(refundNo);
        long rawId = jdbc.sql("SELECT id FROM pay_refund_raw WHERE out_trade_no = :out")
            .param("out", out)
            .query(Long.class)
            .single();
        List<ConsumerRecord<String, RefundNotified>> records = refunds.recordsFor(KEY_A + out);
        assertThat(records).hasSize(2).allSatisfy(r -> {
            assertCarriesRawId(r, rawId);
            assertThat(r.value().refundNo()).isEqualTo(refundNo);
            assertThat(r.value().state()).isEqualTo(RefundState.SUCCEEDED);
            assertThat(r.value().refundAmount()).as("Alipay does not say this refund's amount").isNull();
            assertThat(r.value().refundedTotal()).isEqualTo(Money.of(2_000, "CNY"));
            assertThat(r.value().channelTradeNo().value()).isEqualTo(n.param("trade_no"));
        });
    }

    @Test
    void twoAppsOfOneServiceProviderWithTheSameOrderNumberGetTwoRows() throws Exception {
        // Given the same out_trade_no at two apps that authorised the ISV
        String out = newOutTradeNo();
        AlipayNotification first = NOTIFICATIONS
            .tradeStatusSync(AlipayTrade.paid(ISV, "2021000300000000", out, NOTIFICATIONS.newTradeNo(), 100));
        AlipayNotification second = NOTIFICATIONS
            .tradeStatusSync(AlipayTrade.paid(ISV, "2021000300000001", out, NOTIFICATIONS.newTradeNo(), 200));

        assertIsSuccessAck(post(first.body()));
        assertIsSuccessAck(post(second.body()));

        // Then each is stored under its own app, with the ISV as service provider
        assertThat(rawRows(out)).extracting(RawRow::merchantId, RawRow::spMerchantId, RawRow::orderAmount)
            .containsExactlyInAnyOrder(
                    org.assertj.core.groups.Tuple.tuple("2021000300000000", "2021000200000000", 100L),
                    org.assertj.core.groups.Tuple.tuple("2021000300000001", "2021000200000000", 200L));
        assertThat(payments.recordsFor("ali-shop|2021000300000001|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().spMerchantId()).isEqualTo(MerchantId.of("2021000200000000")));
    }

    @ParameterizedTest
    @EnumSource(AlipayBadDelivery.class)
    void badDeliveriesGetTheFailAckOneLogLineAndNothingIsStored(AlipayBadDelivery bad, CapturedOutput output)
            throws Exception {
        // Given
        String out = newOutTradeNo();
        byte[] body = bad.body(out);
        int logOffset = output.getAll().length();

        // When
        HttpResponse<String> response = post(body, bad.contentType());

        // Then
        assertThat(response.statusCode()).isEqualTo(bad.status());
        assertIsFailAck(response);
        assertThat(logLinesSince(output.getAll(), logOffset)).as("log lines").hasSize(1);
        assertNothingStored(out);
        assertThat(payments.recordsFor(KEY_A + out)).isEmpty();
        assertThat(payments.recordsFor("ali-shop|2021000300000000|" + out)).isEmpty();
    }

    @Test
    void logsNeverCarryTheBuyerTheSignatureOrTheBody(CapturedOutput output) throws Exception {
        // Given deliveries accepted and rejected
        for (AlipayBadDelivery bad : EnumSet.of(AlipayBadDelivery.SIGNATURE_OVER_OTHER_BYTES,
                AlipayBadDelivery.SIGNED_BY_ANOTHER_MERCHANTS_KEY, AlipayBadDelivery.AMOUNT_WITH_EXPONENT,
                AlipayBadDelivery.WRONG_TYPED_PAYMENT_TIME, AlipayBadDelivery.DUPLICATE_PARAMETER)) {
            post(bad.body(newOutTradeNo()), bad.contentType());
        }
        String out = newOutTradeNo();
        AlipayNotification n = NOTIFICATIONS.tradeStatusSync(paid(out, 100));
        AlipayNotification waiting = NOTIFICATIONS
            .tradeStatusSync(paid(newOutTradeNo(), 100).withStatus(AlipayTrade.WAIT_BUYER_PAY));
        AlipayNotification refund = NOTIFICATIONS.refund(paid(newOutTradeNo(), 100), "R" + out, 100);
        for (AlipayNotification accepted : List.of(n, waiting, refund)) {
            assertIsSuccessAck(post(accepted.body()));
        }

        // Then the log has the rejections and the publications, but none of the payer's
        // ids, no signature, no body
        assertThat(output.getAll()).contains("alipay notification rejected").contains("notification published");
        for (AlipayNotification sent : List.of(n, waiting, refund)) {
            assertThat(output.getAll()).doesNotContain(sent.param("buyer_id"))
                .doesNotContain(sent.param("buyer_logon_id"))
                .doesNotContain(sent.sign().substring(0, 24))
                .doesNotContain(sent.param("body"))
                .doesNotContain(sent.bodyAsString().substring(0, 40));
        }
    }

}
