package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.query.ChannelOrder;
import io.paypipe.sandbox.query.ChannelOrderBook;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * WeChat Pay's orders for the order system and the sandbox's control endpoints: placed
 * {@code NOTPAY}, movable to {@code USERPAYING} or {@code PAYERROR} while unpaid, and
 * misfiled under another merchant (a direct mchid, or a sub_mchid).
 */
public final class WechatPayOrderBook implements ChannelOrderBook {

    private static final Set<TradeState> UNPAID = EnumSet.of(TradeState.NOTPAY, TradeState.USERPAYING,
            TradeState.PAYERROR);

    private final WechatPayPayments payments;

    public WechatPayOrderBook(WechatPayPayments payments) {
        this.payments = payments;
    }

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public void place(String merchantId, String outTradeNo, Money amount) {
        payments.place(merchantId, outTradeNo, amount.minor());
    }

    @Override
    public Optional<ChannelOrder> find(String merchantId, String outTradeNo) {
        return payments.trades().order(merchantId, outTradeNo).map(WechatPayOrderBook::view);
    }

    @Override
    public ChannelOrder setState(String merchantId, String outTradeNo, String state) {
        TradeState next;
        try {
            next = TradeState.valueOf(state.toUpperCase(Locale.ROOT));
        }
        catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a WeChat Pay trade_state: " + state);
        }
        if (!UNPAID.contains(next)) {
            throw new IllegalArgumentException(
                    "an unpaid order can move to " + UNPAID + " only; pay or close it instead");
        }
        return view(payments.trades().update(merchantId, outTradeNo, order -> {
            if (order.paid() || order.closed()) {
                throw new IllegalArgumentException("order " + outTradeNo + " is " + order.state() + " already");
            }
            return order.withState(next);
        }));
    }

    @Override
    public ChannelOrder misfile(String merchantId, String outTradeNo, String otherMerchantId) {
        WechatPaySandboxMerchant other = payments.merchants().wechatPay(otherMerchantId);
        return view(payments.trades().misfile(merchantId, outTradeNo, other, other.subMchidFor(otherMerchantId)));
    }

    static ChannelOrder view(WechatPayOrder order) {
        return new ChannelOrder(Channel.WECHATPAY, order.owner(), order.outTradeNo(), order.state().name(),
                order.paid() ? order.payment().transactionId() : null, order.totalFen(), "CNY", order.paid(),
                order.closed());
    }

}
