package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.alipay.AlipayRefundDesk.Delivery;
import io.paypipe.sandbox.alipay.AlipayRefundDesk.Reply;
import io.paypipe.sandbox.alipay.AlipayTradeBook.Account;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Alipay's {@code alipay.trade.query} and {@code alipay.trade.close} on the
 * {@link AlipayTradeBook}, answering the response node the {@link AlipayGateway} signs. A
 * trade is found only under the app that owns it ({@code out_trade_no} or
 * {@code trade_no}): another app's trade, or one never created, is
 * {@code ACQ.TRADE_NOT_EXIST} alike. A query that finds the trade paid releases the
 * order's held callbacks. Only a trade waiting for the buyer can be closed: a paid one,
 * or one closed already, is {@code ACQ.TRADE_STATUS_ERROR} (Alipay's close page: close a
 * trade only in {@code WAIT_BUYER_PAY}). Every call is recorded in {@link ChannelCalls};
 * a fault armed in {@link QueryFaults} answers before the business runs.
 */
public final class AlipayOrderDesk {

    private static final Logger log = LoggerFactory.getLogger(AlipayOrderDesk.class);

    private final AlipayPayments payments;

    private final AlipayTradeBook book;

    private final ChannelCalls calls;

    private final QueryFaults faults;

    private final CallbackScenarios callbacks;

    private final CloseScenarios closes;

    private final Clock clock;

    public AlipayOrderDesk(AlipayPayments payments, ChannelCalls calls, QueryFaults faults, CallbackScenarios callbacks,
            CloseScenarios closes, Clock clock) {
        this.payments = payments;
        this.book = payments.trades();
        this.calls = calls;
        this.faults = faults;
        this.callbacks = callbacks;
        this.closes = closes;
        this.clock = clock;
    }

    /** One call as the recorder names it. */
    private record Call(Operation operation, String appId, String merchantId, String outTradeNo, String tradeNo) {
    }

    /** {@code alipay.trade.query} from app {@code appId}. */
    public Reply query(String appId, Map<String, Object> biz) {
        Optional<Account> found = book.find(appId, text(biz, "trade_no"), text(biz, "out_trade_no"));
        Call call = call(Operation.QUERY, appId, found, biz);
        Optional<Reply> fault = fault(call);
        if (fault.isPresent()) {
            return fault.get();
        }
        if (found.isEmpty()) {
            return answer(call, AlipayReplies.failed("ACQ.TRADE_NOT_EXIST", "交易不存在"));
        }
        Account account = found.get();
        if (account.paid()) {
            callbacks.queried(OrderRef.of(Channel.ALIPAY, call.merchantId(), call.outTradeNo()));
        }
        return answer(call, AlipayReplies.tradeQueried(account));
    }

    /** {@code alipay.trade.close} from app {@code appId}. */
    public Reply close(String appId, Map<String, Object> biz) {
        Optional<Account> found = book.find(appId, text(biz, "trade_no"), text(biz, "out_trade_no"));
        Call call = call(Operation.CLOSE, appId, found, biz);
        Optional<Reply> fault = fault(call);
        if (fault.isPresent()) {
            return fault.get();
        }
        if (found.isEmpty()) {
            return answer(call, AlipayReplies.failed("ACQ.TRADE_NOT_EXIST", "交易不存在"));
        }
        Account account = found.get();
        OrderRef order = OrderRef.of(Channel.ALIPAY, call.merchantId(), call.outTradeNo());
        if (!account.paid() && !account.closed() && closes.take(order).isPresent()) {
            log.info("trade {} paid just before its close", account.trade().tradeNo());
            payments.pay(account.trade().authAppId(), account.trade().outTradeNo(), account.trade().totalFen(), null,
                    1);
        }
        boolean wasClosed = account.closed();
        if (wasClosed || !account.close(clock.instant())) {
            return answer(call, AlipayReplies.failed("ACQ.TRADE_STATUS_ERROR", "交易状态不合法"));
        }
        log.info("trade {} closed", account.trade().tradeNo());
        return answer(call, AlipayReplies.closed(account.trade()));
    }

    private Call call(Operation operation, String appId, Optional<Account> found, Map<String, Object> biz) {
        return found
            .map(a -> new Call(operation, appId, a.trade().authAppId(), a.trade().outTradeNo(), text(biz, "trade_no")))
            .orElseGet(() -> new Call(operation, appId, appId, text(biz, "out_trade_no"), text(biz, "trade_no")));
    }

    private Optional<Reply> fault(Call call) {
        Optional<QueryFault> fault = faults.take(Channel.ALIPAY, call.operation(), call.appId(), call.merchantId());
        if (fault.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(switch (fault.get()) {
            case RATE_LIMITED -> {
                Map<String, String> node = AlipayReplies.unavailable();
                record(call, 200, node.get("sub_code"));
                yield new Reply(node, Delivery.ANSWER);
            }
            case SERVER_ERROR -> {
                record(call, 503, QueryFault.SERVER_ERROR.name());
                yield new Reply(Map.of(), Delivery.UNAVAILABLE);
            }
            case TIMEOUT -> {
                record(call, 0, QueryFault.TIMEOUT.name());
                yield new Reply(Map.of(), Delivery.TIMEOUT);
            }
        });
    }

    private Reply answer(Call call, Map<String, String> node) {
        record(call, 200, node.containsKey("sub_code") ? node.get("sub_code")
                : node.getOrDefault("trade_status", AlipayTrade.TRADE_CLOSED));
        return new Reply(node, Delivery.ANSWER);
    }

    private void record(Call call, int status, String answer) {
        calls.record(Channel.ALIPAY, call.operation(), call.appId(), call.merchantId(), call.outTradeNo(),
                call.tradeNo(), status, answer);
    }

    private static String text(Map<String, Object> biz, String key) {
        Object value = biz.get(key);
        return value == null || value.toString().isBlank() ? null : value.toString();
    }

}
