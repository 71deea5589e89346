package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.APP_B;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.paid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Alipay refund notices: {@code refund_fee} is the trade's cumulative refunded amount, so
 * it is stored and published as the refunded total, never as a refund's amount; a notice
 * without {@code out_biz_no} (a refund made in the merchant console) is stored by its
 * trade and that total and published without a refund number; two apps' refunds with the
 * same number are two rows.
 */
class AlipayRefundIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final String KEY_A = "ali-shop|2021000100000000|";

    @Test
    void partialRefundsOf20Then30Carry20Then50AsTheRefundedTotalAndNoRefundAmount() throws Exception {
        // Given a paid trade of 100.00
        String out = newOutTradeNo();
        AlipayTrade trade = paid(out, 10_000);

        // When our refunds R1 (20.00) and R2 (30.00) are reported: refund_fee 20.00, then
        // 50.00
        assertIsSuccessAck(post(NOTIFICATIONS.refund(trade, "R1" + out, 2_000).body()));
        assertIsSuccessAck(post(NOTIFICATIONS.refund(trade, "R2" + out, 5_000).body()));

        // Then two rows, each with the refunded total and no refund amount
        assertThat(refundAmounts(out)).containsExactly(tuple("R1" + out, "R1" + out, null, 2_000L, "CNY"),
                tuple("R2" + out, "R2" + out, null, 5_000L, "CNY"));
        List<ConsumerRecord<String, RefundNotified>> records = refunds.recordsFor(KEY_A + out);
        assertThat(records)
            .extracting(r -> r.value().refundNo(), r -> r.value().refundAmount(), r -> r.value().refundedTotal())
            .containsExactly(tuple("R1" + out, null, Money.of(2_000, "CNY")),
                    tuple("R2" + out, null, Money.of(5_000, "CNY")));
    }

    @Test
    void refundsMadeOutsideTheProductAreStoredByTradeAndRefundedTotalAndPublishedWithoutARefundNumber()
            throws Exception {
        // Given two refunds of a 100.00 trade made in the merchant console: no out_biz_no
        String out = newOutTradeNo();
        AlipayTrade trade = paid(out, 10_000);
        AlipayNotification first = withoutOutBizNo(NOTIFICATIONS.refund(trade, "unused", 2_000));
        AlipayNotification second = withoutOutBizNo(NOTIFICATIONS.refund(trade, "unused", 5_000));

        // When they are reported, the second one twice
        assertIsSuccessAck(post(first.body()));
        assertIsSuccessAck(post(second.body()));
        assertIsSuccessAck(post(second.body()));

        // Then each is a row of its own, known by the trade and its refunded total
        String tradeNo = first.param("trade_no");
        assertThat(refundAmounts(out)).containsExactly(tuple(null, "trade:" + tradeNo + ":2000", null, 2_000L, "CNY"),
                tuple(null, "trade:" + tradeNo + ":5000", null, 5_000L, "CNY"));
        // And published for the refund service to match by trade number, the repeat under
        // the same raw id
        List<Long> ids = rawIds(out);
        List<ConsumerRecord<String, RefundNotified>> records = refunds.recordsFor(KEY_A + out);
        assertThat(records).extracting(r -> r.value().rawId()).containsExactly(ids.get(0), ids.get(1), ids.get(1));
        assertThat(records).allSatisfy(r -> {
            assertCarriesRawId(r, r.value().rawId());
            assertThat(r.value().eventId()).isEqualTo(RefundNotified.idFor(r.value().rawId()));
            assertThat(r.value().refundNo()).isNull();
            assertThat(r.value().refundAmount()).isNull();
            assertThat(r.value().channelTradeNo().value()).isEqualTo(tradeNo);
        });
        assertThat(records).extracting(r -> r.value().refundedTotal())
            .containsExactly(Money.of(2_000, "CNY"), Money.of(5_000, "CNY"), Money.of(5_000, "CNY"));
    }

    @Test
    void twoAppsWithTheSameRefundNumberEachGetTheirOwnRow() throws Exception {
        // Given app A's refund RX, stored and settled
        String outA = newOutTradeNo();
        String outB = newOutTradeNo();
        String refundNo = "RX" + outA;
        assertIsSuccessAck(post(NOTIFICATIONS.refund(paid(outA, 1_000), refundNo, 1_000).body()));
        settle(RawTable.REFUNDS, rawIds(outA).getFirst(), 1);

        // When app B reports its own refund RX
        AlipayTrade tradeB = AlipayTrade.paid(APP_B, outB, NOTIFICATIONS.newTradeNo(), 3_000);
        assertIsSuccessAck(post(NOTIFICATIONS.refund(tradeB, refundNo, 3_000).body()));

        // Then B's refund is a row and a record of B, not A's "already handled"
        assertThat(rawIds(outB)).singleElement().isNotEqualTo(rawIds(outA).getFirst());
        assertThat(refunds.recordsFor("ali-shop|2021000100000001|" + outB)).singleElement()
            .satisfies(r -> assertThat(r.value().refundedTotal()).isEqualTo(Money.of(3_000, "CNY")));
    }

    /** The same notice as Alipay sends it for a refund nobody gave a request number. */
    private static AlipayNotification withoutOutBizNo(AlipayNotification n) {
        Map<String, String> params = new LinkedHashMap<>(n.params());
        params.remove("out_biz_no");
        return NOTIFICATIONS.sign(params, APP_A);
    }

    private List<org.assertj.core.groups.Tuple> refundAmounts(String out) {
        return jdbc.sql("""
                SELECT refund_no, refund_key, refund_amount_minor, refunded_total_minor, currency
                FROM pay_refund_raw WHERE out_trade_no = :out ORDER BY id
                """)
            .param("out", out)
            .query((rs, i) -> tuple(rs.getString(1), rs.getString(2), rs.getObject(3, Long.class),
                    rs.getObject(4, Long.class), rs.getString(5)))
            .list();
    }

    private List<Long> rawIds(String out) {
        return jdbc.sql("SELECT id FROM pay_refund_raw WHERE out_trade_no = :out ORDER BY id")
            .param("out", out)
            .query(Long.class)
            .list();
    }

}
