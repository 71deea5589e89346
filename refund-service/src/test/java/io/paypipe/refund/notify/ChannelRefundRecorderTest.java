package io.paypipe.refund.notify;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.RefundProgress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChannelRefundRecorderTest {

    @Test
    void givenAnAlipayNoticeWithoutItsOwnAmount_whenMeasured_thenItIsWhatTheCumulativeAmountAddsToTheSucceeded() {
        var notice = notice(Channel.ALIPAY, null, null, null, 6_000L);

        assertThat(ChannelRefundRecorder.amount(notice, new RefundProgress(10_000, 5_000, 0)))
            .contains(Money.of(1_000, "CNY"));
        assertThat(ChannelRefundRecorder.amount(notice, new RefundProgress(10_000, 6_000, 0))).isEmpty();
    }

    @Test
    void givenANoticeWithItsOwnAmount_whenMeasured_thenItIsThatAmount() {
        assertThat(ChannelRefundRecorder.amount(notice(Channel.WECHATPAY, null, "503", 300L, null),
                new RefundProgress(10_000, 5_000, 0)))
            .contains(Money.of(300, "CNY"));
    }

    @Test
    void givenTheSameRefundReportedTwice_whenNumbered_thenBothGetTheSameNumberInTheChannelsFormat() {
        var byId = notice(Channel.WECHATPAY, null, "50300000000000000000000000001", 300L, null);
        var byTotal = notice(Channel.ALIPAY, null, null, null, 6_000L);
        var theirOwn = notice(Channel.WECHATPAY, "DASH-1", "503", 300L, null);

        assertThat(ChannelRefundRecorder.refundNo(byId)).isEqualTo("CH_50300000000000000000000000001");
        assertThat(ChannelRefundRecorder.refundNo(byTotal)).isEqualTo(ChannelRefundRecorder.refundNo(byTotal))
            .matches("CH_[0-9a-f]{32}");
        assertThat(ChannelRefundRecorder.refundNo(notice(Channel.ALIPAY, null, null, null, 7_000L)))
            .isNotEqualTo(ChannelRefundRecorder.refundNo(byTotal));
        assertThat(ChannelRefundRecorder.refundNo(theirOwn)).isEqualTo("DASH-1");
    }

    private static RefundNotified notice(Channel channel, String refundNo, String refundId, Long amount, Long total) {
        return new RefundNotified(EventId.random(), 1, channel,
                new OrderKey(TenantId.of("t"), MerchantId.of("m"), OutTradeNo.of("o")), null, refundNo, refundId,
                ChannelTradeNo.of("T1"), RefundState.SUCCEEDED, "SUCCESS",
                amount == null ? null : Money.of(amount, "CNY"), total == null ? null : Money.of(total, "CNY"),
                Instant.now(), Instant.now());
    }

}
