package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.SandboxFixtures.NOW;
import static io.paypipe.sandbox.SandboxFixtures.alipayNotifications;
import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.merchants;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.query.CallbackScenarios;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the sandbox's Alipay records for its bills: each payment it takes and each refund
 * that succeeds, under the order's app, at the time its notification and answers say.
 */
class AlipaySettlementsTest {

    private static final String APP = "2021000100000000";

    /** An app that authorised the service provider 2021000200000000. */
    private static final String AUTH_APP = "2021000300000000";

    private final SettlementBook book = new SettlementBook();

    /** Notifications go nowhere (refused): the records do not depend on deliveries. */
    private final AlipayPayments payments = new AlipayPayments(merchants(), alipayNotifications(), AlipayPayments
        .pusher(URI.create("http://127.0.0.1:9/notify/alipay"), 1_000_000, Duration.ofSeconds(1), fixedClock()),
            new CallbackScenarios(), book);

    private final AlipayRefundDesk desk = new AlipayRefundDesk(payments, fixedClock(), Duration.ZERO,
            Duration.ofMillis(200));

    @AfterEach
    void close() {
        desk.close();
        payments.close();
    }

    private List<Settlement> recorded(String appId) {
        return book.of(Channel.ALIPAY, appId, NOW.minusSeconds(3_600), NOW.plusSeconds(3_600));
    }

    /** A time as Alipay writes it ({@code yyyy-MM-dd HH:mm:ss}, Beijing). */
    private static Instant beijing(String alipayTime) {
        return LocalDateTime.parse(alipayTime.replace(' ', 'T')).atZone(AlipayNotifications.BEIJING).toInstant();
    }

    private static Map<String, Object> refund(AlipayTrade trade, String outRequestNo, String yuan) {
        return Map.of("trade_no", trade.tradeNo(), "refund_amount", yuan, "out_request_no", outRequestNo);
    }

    @Test
    void givenAPayment_whenAlipayTakesIt_thenTheReceivedAmountAndItsFeeAreRecordedAtGmtPayment() {
        // When Alipay takes 128.00 of which the merchant receives 120.00
        AlipayPayments.Payment payment = payments.pay(APP, "PP-S1", 12_800, 12_000L, 1);

        // Then one payment settlement: the received amount, 0.6 % fee, paid at
        // gmt_payment
        Instant gmtPayment = beijing(payment.notification().param("gmt_payment"));
        assertThat(gmtPayment).isEqualTo(NOW);
        assertThat(recorded(APP)).containsExactly(Settlement.payment(Channel.ALIPAY, APP, "PP-S1",
                payment.trade().tradeNo(), 12_000, 72, "CNY", gmtPayment));
    }

    @Test
    void givenAServiceProvidersPayment_whenTaken_thenItIsFiledUnderTheAuthorisingApp() {
        AlipayPayments.Payment payment = payments.pay(AUTH_APP, "PP-S2", 1_000, null, 1);

        assertThat(recorded(AUTH_APP)).singleElement().satisfies(s -> {
            assertThat(s.merchantId()).isEqualTo(AUTH_APP);
            assertThat(s.channelTradeNo()).isEqualTo(payment.trade().tradeNo());
        });
        assertThat(recorded("2021000200000000")).isEmpty();
    }

    @Test
    void givenARefundThatSucceeds_whenRefunded_thenItIsRecordedWithItsRequestNoAndNoRefundId() {
        // Given a paid trade of 100.00
        AlipayTrade trade = payments.pay(APP, "PP-S3", 10_000, null, 1).trade();

        // When 20.00 is refunded, the same request comes again, and 90.00 more is refused
        Map<String, String> first = desk.refund(APP, refund(trade, "RF-S3", "20.00")).node();
        desk.refund(APP, refund(trade, "RF-S3", "20.00"));
        Map<String, String> refused = desk.refund(APP, refund(trade, "RF-S3b", "90.00")).node();

        // Then one refund settlement, at gmt_refund_pay, with no fee and no refund id
        assertThat(first).containsEntry("fund_change", "Y");
        assertThat(refused).containsEntry("sub_code", "ACQ.REASON_TRADE_REFUND_FEE_ERR");
        assertThat(recorded(APP)).filteredOn(s -> s.kind() == Settlement.Kind.REFUND)
            .containsExactly(new Settlement(Channel.ALIPAY, APP, Settlement.Kind.REFUND, Optional.of("PP-S3"),
                    trade.tradeNo(), Optional.of("RF-S3"), Optional.empty(), 2_000, 0, "CNY",
                    beijing(first.get("gmt_refund_pay"))));
    }

    @Test
    void givenARefundAcceptedThenSucceeding_whenRefunded_thenItIsRecordedOnlyOnceItSucceeds() {
        // Given a paid trade whose next refund is accepted, then succeeds
        AlipayTrade trade = payments.pay(APP, "PP-S4", 10_000, null, 1).trade();
        payments.trades().nextRefunds(trade.tradeNo(), List.of(AlipayRefundScenario.ACCEPTED_THEN_SUCCESS));

        // When it is refunded
        Map<String, String> accepted = desk.refund(APP, refund(trade, "RF-S4", "30.00")).node();

        // Then nothing is recorded while it is processing, the refund once it succeeded
        assertThat(accepted).containsEntry("fund_change", "N");
        assertThat(recorded(APP)).noneMatch(s -> s.kind() == Settlement.Kind.REFUND);
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(recorded(APP)).filteredOn(s -> s.kind() == Settlement.Kind.REFUND)
                .singleElement()
                .satisfies(s -> assertThat(s.refundNo()).contains("RF-S4")));
    }

    @Test
    void givenARefundInAlipaysConsole_whenMade_thenItIsRecordedWithoutARequestNo() {
        AlipayTrade trade = payments.pay(APP, "PP-S5", 6_000, null, 1).trade();

        desk.consoleRefund(trade.tradeNo(), 1_000);

        assertThat(recorded(APP)).filteredOn(s -> s.kind() == Settlement.Kind.REFUND).singleElement().satisfies(s -> {
            assertThat(s.refundNo()).isEmpty();
            assertThat(s.amountMinor()).isEqualTo(1_000);
            assertThat(s.channelTradeNo()).isEqualTo(trade.tradeNo());
        });
    }

}
