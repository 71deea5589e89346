package io.paypipe.reconcile.recon.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.diff.ReconRows.Line;
import io.paypipe.reconcile.recon.diff.ReconRows.Payment;
import io.paypipe.reconcile.support.Rows;
import org.junit.jupiter.api.Test;

/**
 * The refund side of the comparison, one category per test: refund lines of a batch
 * against {@code refund} (by our refund number, else the channel's refund id), and our
 * successful refunds of the day against the lines.
 */
class RefundDiffsIntegrationTest extends DiffIntegrationBase {

    @Test
    void givenARefundLineWeDoNotHave_whenCompared_thenStatusWithTheOrdersStatus() {
        // Given: a payment of an earlier day, refunded at the channel only (its
        // dashboard)
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY.minusDays(5), "10:00:00"));
        String channelRefundId = ReconRows.newNo("50300");
        long batch = batch(m, Line.refund(p.tradeNo(), null, channelRefundId, 500, beijing(DAY, "10:00:00")));

        // When
        DiffCounts counts = compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement()
            .satisfies(d -> assertThat(d).containsEntry("category", "STATUS")
                .containsEntry("field", "refund")
                .containsEntry("channel_trade_no", p.tradeNo())
                .containsEntry("refund_no", "")
                .containsEntry("channel_refund_id", channelRefundId)
                .containsEntry("channel_value", "REFUNDED 500 CNY")
                .containsEntry("local_value", "PAID"));
        assertThat(counts.openByCategory()).containsEntry(Category.STATUS, 1L);
    }

    @Test
    void givenARefundLineOfARefundNotSucceededHere_whenCompared_thenStatusOfTheRefund() {
        // Given: found by the channel's refund id (the bill gives no refund number)
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY.minusDays(1), "10:00:00"));
        String refundNo = ReconRows.newNo("R");
        String channelRefundId = ReconRows.newNo("50300");
        recon.refund(m, Channel.WECHATPAY, p, refundNo, channelRefundId, 500, "ACCEPTED", beijing(DAY, "10:00:00"));
        long batch = batch(m, Line.refund(p.tradeNo(), null, channelRefundId, 500, beijing(DAY, "10:00:00")));

        // When
        compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement()
            .satisfies(d -> assertThat(d).containsEntry("category", "STATUS")
                .containsEntry("field", "refund_status")
                .containsEntry("refund_no", refundNo)
                .containsEntry("channel_value", "SUCCESS")
                .containsEntry("local_value", "ACCEPTED"));
    }

    @Test
    void givenARefundAmountOtherThanTheBills_whenCompared_thenAmountOfTheRefund() {
        // Given: found by our refund number
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY.minusDays(1), "10:00:00"));
        String refundNo = ReconRows.newNo("R");
        recon.refund(m, Channel.WECHATPAY, p, refundNo, ReconRows.newNo("50300"), 500, "SUCCESS",
                beijing(DAY, "10:00:00"));
        long batch = batch(m, Line.refund(p.tradeNo(), refundNo, null, 400, beijing(DAY, "10:00:00")));

        // When
        compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement()
            .satisfies(d -> assertThat(d).containsEntry("category", "AMOUNT")
                .containsEntry("field", "refund_amount")
                .containsEntry("refund_no", refundNo)
                .containsEntry("channel_value", "400 CNY")
                .containsEntry("local_value", "500 CNY"));
    }

    @Test
    void givenASuccessfulRefundOfTheDayNoLineNames_whenCompared_thenLocalOnly() {
        // Given: two refunds finished in the day, the bill lists one of them
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY.minusDays(1), "10:00:00"));
        String listed = ReconRows.newNo("R");
        String missing = ReconRows.newNo("R");
        String missingId = ReconRows.newNo("50300");
        recon.refund(m, Channel.WECHATPAY, p, listed, ReconRows.newNo("50300"), 300, "SUCCESS",
                beijing(DAY, "10:00:00"));
        recon.refund(m, Channel.WECHATPAY, p, missing, missingId, 200, "SUCCESS", beijing(DAY, "23:00:00"));
        long batch = batch(m, Line.refund(p.tradeNo(), listed, null, 300, beijing(DAY, "10:00:00")));

        // When
        DiffCounts counts = compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement().satisfies(d -> {
            assertThat(d).containsEntry("category", "LOCAL_ONLY")
                .containsEntry("field", "refund")
                .containsEntry("refund_no", missing)
                .containsEntry("channel_refund_id", missingId)
                .containsEntry("local_value", "SUCCESS 200 CNY");
            assertThat(d.get("channel_value")).isNull();
        });
        assertThat(counts.openByCategory()).containsEntry(Category.LOCAL_ONLY, 1L);
    }

}
