package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;

/**
 * Records what the sandbox's Alipay settled in the {@link SettlementBook}, which its
 * bills list: a payment when it is taken, a refund when it succeeds. Both are filed under
 * the order's app ({@code auth_app_id}: the app that authorised a service provider, else
 * the app itself). A payment is the amount the merchant received ({@code receipt_amount},
 * the bill's 商家实收) with the fee at {@link FeeRates}, at the notification's
 * {@code gmt_payment}; a refund is its amount, no fee, at its success time
 * ({@code gmt_refund_pay}), numbered by its {@code out_request_no} (none for a refund
 * made in Alipay's console). Alipay has no refund id of its own: {@code channelRefundId}
 * is empty, as its bill has none.
 */
final class AlipaySettlements {

    static final String CURRENCY = "CNY";

    private static final DateTimeFormatter GMT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final SettlementBook book;

    AlipaySettlements(SettlementBook book) {
        this.book = Objects.requireNonNull(book, "book");
    }

    /** The payment of {@code trade}, announced by {@code notification}. */
    void paid(AlipayTrade trade, AlipayNotification notification) {
        Instant paidAt = LocalDateTime.parse(notification.param("gmt_payment"), GMT)
            .atZone(AlipayNotifications.BEIJING)
            .toInstant();
        book.record(Settlement.payment(Channel.ALIPAY, trade.authAppId(), trade.outTradeNo(), trade.tradeNo(),
                trade.receiptFen(), FeeRates.feeMinor(Channel.ALIPAY, trade.receiptFen()), CURRENCY, paidAt));
    }

    /** The refund {@code refund} of {@code trade}, which has just succeeded. */
    void refunded(AlipayTrade trade, AlipayRefund refund) {
        book.record(new Settlement(Channel.ALIPAY, trade.authAppId(), Settlement.Kind.REFUND,
                Optional.of(trade.outTradeNo()), trade.tradeNo(), Optional.ofNullable(refund.outRequestNo()),
                Optional.empty(), refund.amountFen(), 0, CURRENCY, refund.succeededAt()));
    }

}
