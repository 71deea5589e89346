package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.Status;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What the sandbox's WeChat Pay writes into the settlement book its bills are built from:
 * every payment that paid its order, at its success_time with the WeChat fee, and every
 * refund once it succeeded, at its success time, under the order's merchant.
 */
class WechatPaySettlementsTest extends WechatPayRefundApiSupport {

    @Autowired
    SettlementBook book;

    @Autowired
    WechatPayRefunds refunds;

    @Test
    void givenAPayment_whenItPaysItsOrder_thenItIsSettledOnceAtItsSuccessTimeWithTheFee() {
        // Given an order paid, then paid again under the same number
        String no = "SETTLE-PAY-" + unique();
        PaymentSpec paid = payments.pay(DIRECT, no, 12_345, null, 1).spec();
        payments.pay(DIRECT, no, 12_345, null, 1);

        // When the book is read
        List<Settlement> settled = settlementsOf(DIRECT, no);

        // Then one payment is there, as its notification reports it
        assertThat(settled).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(Settlement.Kind.PAYMENT);
            assertThat(s.channelTradeNo()).isEqualTo(paid.transactionId());
            assertThat(s.amountMinor()).isEqualTo(12_345);
            assertThat(s.feeMinor()).as("0.6 % of 123.45, HALF_UP").isEqualTo(74);
            assertThat(s.currency()).isEqualTo("CNY");
            assertThat(s.at()).isEqualTo(paid.successTime().truncatedTo(ChronoUnit.SECONDS));
        });
    }

    @Test
    void givenAPaymentWithACoupon_whenItPaysItsOrder_thenWhatThePayerPaidIsSettledWithItsFee() {
        // Given an order of 100.00 paid 99.50 by the payer, 0.50 by the merchant's coupon
        String no = "SETTLE-COUPON-" + unique();

        // When paid
        payments.pay(DIRECT, no, 10_000, 9_950L, 1);

        // Then what settles is what the payer paid, as the ledger books it (payer_total)
        assertThat(settlementsOf(DIRECT, no)).singleElement().satisfies(s -> {
            assertThat(s.amountMinor()).isEqualTo(9_950);
            assertThat(s.feeMinor()).as("0.6 % of 99.50, HALF_UP").isEqualTo(60);
        });
    }

    @Test
    void givenAServiceProvidersPayment_whenPaid_thenItIsTheSubMerchantsSettlement() {
        String no = "SETTLE-SUB-" + unique();

        payments.pay(SUB_MERCHANT, no, 500, null, 1);

        assertThat(settlementsOf(SUB_MERCHANT, no)).singleElement()
            .satisfies(s -> assertThat(s.merchantId()).isEqualTo(SUB_MERCHANT));
        assertThat(settlementsOf(PROVIDER, no)).isEmpty();
    }

    @Test
    void givenARefundThroughTheRefundApi_whenItSucceeds_thenItIsSettledAtItsSuccessTimeWithItsNumbers() {
        // Given a paid trade and a refund the API makes at once
        PaymentSpec trade = pay(DIRECT, 10_000);
        String outRefundNo = "RF-SETTLE-" + unique();
        choose(DIRECT, outRefundNo, RefundScenario.SUCCESS_AT_ONCE);

        // When the merchant refunds 30.00 through the SDK
        Refund created = sdk(DIRECT).create(refund(trade, outRefundNo, 3_000));

        // Then the refund is settled as the refund query reports it
        assertThat(created.getStatus()).isEqualTo(Status.SUCCESS);
        Instant successTime = OffsetDateTime.parse(query(DIRECT, outRefundNo).getSuccessTime()).toInstant();
        assertThat(settlementsOf(DIRECT, trade.outTradeNo())).filteredOn(s -> s.kind() == Settlement.Kind.REFUND)
            .singleElement()
            .satisfies(s -> {
                assertThat(s.refundNo()).contains(outRefundNo);
                assertThat(s.channelRefundId()).contains(created.getRefundId());
                assertThat(s.channelTradeNo()).isEqualTo(trade.transactionId());
                assertThat(s.amountMinor()).isEqualTo(3_000);
                assertThat(s.feeMinor()).isZero();
                assertThat(s.at()).isEqualTo(successTime);
            });
    }

    @Test
    void givenARefundThatSettlesLater_whenItIsProcessing_thenNothingIsSettledUntilItSucceeds() {
        PaymentSpec trade = pay(DIRECT, 10_000);
        String outRefundNo = "RF-LATER-" + unique();

        sdk(DIRECT).create(refund(trade, outRefundNo, 1_000));

        assertThat(refundsOf(trade)).isEmpty();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(refundsOf(trade)).hasSize(1));
    }

    @Test
    void givenARefundNotifiedTwiceOrClosed_whenReported_thenOnlyOneSuccessIsSettled() {
        // Given a paid trade
        PaymentSpec trade = pay(DIRECT, 10_000);
        RefundSpec success = RefundSpec.success(merchantOf(DIRECT), null, trade.outTradeNo(), trade.transactionId(),
                "RF-TWICE-" + unique(), 10_000, 4_000);
        RefundSpec closed = RefundSpec
            .success(merchantOf(DIRECT), null, trade.outTradeNo(), trade.transactionId(), "RF-CLOSED-" + unique(),
                    10_000, 4_000)
            .withStatus(RefundStatus.CLOSED);

        // When WeChat reports the success twice and a closed refund
        refunds.push(success, 1);
        refunds.push(success, 1);
        refunds.push(closed, 1);

        // Then the success is settled once
        assertThat(refundsOf(trade)).singleElement()
            .satisfies(s -> assertThat(s.channelRefundId()).contains(success.refundId()));
    }

    private List<Settlement> refundsOf(PaymentSpec trade) {
        return settlementsOf(DIRECT, trade.outTradeNo()).stream()
            .filter(s -> s.kind() == Settlement.Kind.REFUND)
            .toList();
    }

    private List<Settlement> settlementsOf(String merchantId, String outTradeNo) {
        Instant now = Instant.now();
        return book.of(Channel.WECHATPAY, merchantId, now.minus(Duration.ofDays(2)), now.plus(Duration.ofDays(2)))
            .stream()
            .filter(s -> s.outTradeNo().equals(Optional.of(outTradeNo)))
            .toList();
    }

}
