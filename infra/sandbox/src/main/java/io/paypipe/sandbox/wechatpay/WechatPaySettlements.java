package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What WeChat Pay writes into the {@link SettlementBook} (its trade bills are built from
 * it): a payment once it took the money, a refund once it paid it back. The time is the
 * one WeChat reports, as its notification says it: {@code success_time}, whole seconds.
 * The merchant is the order's (the sub_mchid in service-provider mode). A payment settles
 * what the payer paid ({@code payer_total}, the 应结订单金额 of the bill): the sandbox's
 * coupons are the merchant's own (WeChat's 免充值券), so a coupon is money the merchant never
 * receives, and the ledger books {@code payer_total} too. Its fee is
 * {@link FeeRates#feeMinor} of that amount, a refund's zero. A refund is written once per
 * {@code refund_id}, however often its success is pushed.
 */
final class WechatPaySettlements {

    /**
     * WeChat's refunds carry no currency (its notifications have none); the sandbox's
     * WeChat refunds are in CNY.
     */
    private static final String REFUND_CURRENCY = "CNY";

    private final SettlementBook book;

    private final Set<String> refunded = ConcurrentHashMap.newKeySet();

    WechatPaySettlements(SettlementBook book) {
        this.book = Objects.requireNonNull(book, "book");
    }

    /**
     * The payment {@code spec} paid its order; a spec that is not SUCCESS took nothing.
     */
    void paid(PaymentSpec spec) {
        if (spec.tradeState() != TradeState.SUCCESS || spec.successTime() == null) {
            return;
        }
        book.record(Settlement.payment(Channel.WECHATPAY, spec.orderMerchantId(), spec.outTradeNo(),
                spec.transactionId(), spec.payerTotalFen(), FeeRates.feeMinor(Channel.WECHATPAY, spec.payerTotalFen()),
                spec.currency(), seconds(spec.successTime())));
    }

    /**
     * The refund {@code spec} is reported; only a SUCCESS with its time paid money back.
     */
    void reported(RefundSpec spec) {
        if (spec.status() != RefundStatus.SUCCESS || spec.successTime() == null || !refunded.add(spec.refundId())) {
            return;
        }
        String owner = spec.subMchid() != null ? spec.subMchid() : spec.merchant().merchantId();
        book.record(Settlement.refund(Channel.WECHATPAY, owner, spec.outTradeNo(), spec.transactionId(),
                Optional.of(spec.outRefundNo()), spec.refundId(), spec.refundFen(), REFUND_CURRENCY,
                seconds(spec.successTime())));
    }

    /** What WeChat's RFC 3339 times say: whole seconds. */
    private static Instant seconds(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS);
    }

}
