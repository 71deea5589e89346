package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderRef;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The business behind WeChat Pay's order query and close: an order is found only under
 * the merchant that owns it (a query under another merchant, or of a number never placed,
 * is ORDER_NOT_EXIST alike); a paid order answers {@code SUCCESS}, or {@code REFUND} once
 * a refund not closed was made; a query that finds the payment releases the order's held
 * callbacks. A close closes an unpaid order (its later payments fail) and again answers
 * 204 for a closed one; a paid order is ORDERPAID. A close armed with
 * {@link CloseScenario#PAID_DURING_CLOSE} first pays the order, then finds it paid.
 */
public final class WechatPayOrderDesk {

    private static final Logger log = LoggerFactory.getLogger(WechatPayOrderDesk.class);

    /** What a query gets. */
    public sealed interface QueryAnswer {

        /** The order, in {@code state}. */
        record Found(WechatPayOrder order, TradeState state) implements QueryAnswer {
        }

        /** No such order of the merchant: 404 ORDER_NOT_EXIST. */
        record NotFound() implements QueryAnswer {
        }

    }

    /** What a close gets. */
    public sealed interface CloseAnswer {

        /** Closed, now or before: 204. */
        record Closed(WechatPayOrder order) implements CloseAnswer {
        }

        /** The order is paid: 400 ORDERPAID. */
        record Paid(WechatPayOrder order) implements CloseAnswer {
        }

        /** No such order of the merchant: 404 ORDER_NOT_EXIST. */
        record NotFound() implements CloseAnswer {
        }

    }

    private final WechatPayPayments payments;

    private final WechatPayTrades trades;

    private final WechatPayRefundDesk refunds;

    private final CallbackScenarios callbacks;

    private final CloseScenarios closes;

    private final Clock clock;

    public WechatPayOrderDesk(WechatPayPayments payments, WechatPayRefundDesk refunds, CallbackScenarios callbacks,
            CloseScenarios closes, Clock clock) {
        this.payments = payments;
        this.trades = payments.trades();
        this.refunds = refunds;
        this.callbacks = callbacks;
        this.closes = closes;
        this.clock = clock;
    }

    /** The order {@code outTradeNo} of {@code owner} (a mchid, or a sub_mchid). */
    public QueryAnswer query(String owner, String outTradeNo) {
        return found(trades.order(owner, outTradeNo));
    }

    /** The paid order of {@code owner} whose trade is {@code transactionId}. */
    public QueryAnswer queryTransaction(String owner, String transactionId) {
        return found(trades.orderOfTransaction(owner, transactionId));
    }

    /** Closes the order {@code outTradeNo} of {@code owner}. */
    public CloseAnswer close(String owner, String outTradeNo) {
        Optional<WechatPayOrder> order = trades.order(owner, outTradeNo);
        if (order.isEmpty()) {
            return new CloseAnswer.NotFound();
        }
        OrderRef ref = OrderRef.of(Channel.WECHATPAY, owner, outTradeNo);
        if (!order.get().paid() && !order.get().closed() && closes.take(ref).isPresent()) {
            log.info("order {} of {} paid just before its close", outTradeNo, owner);
            payments.pay(owner, outTradeNo, order.get().totalFen(), null, 1);
        }
        WechatPayOrder now = trades.update(owner, outTradeNo,
                o -> o.paid() || o.closed() ? o : o.closedAt(clock.instant()));
        if (now.paid()) {
            return new CloseAnswer.Paid(now);
        }
        log.info("order {} of {} closed", outTradeNo, owner);
        return new CloseAnswer.Closed(now);
    }

    private QueryAnswer found(Optional<WechatPayOrder> order) {
        if (order.isEmpty()) {
            return new QueryAnswer.NotFound();
        }
        WechatPayOrder o = order.get();
        if (!o.paid()) {
            return new QueryAnswer.Found(o, o.state());
        }
        callbacks.queried(OrderRef.of(Channel.WECHATPAY, o.owner(), o.outTradeNo()));
        boolean refunded = refunds.refundsOf(o.payment().transactionId())
            .stream()
            .anyMatch(r -> r.status() != RefundApiStatus.CLOSED);
        return new QueryAnswer.Found(o, refunded ? TradeState.REFUND : TradeState.SUCCESS);
    }

}
