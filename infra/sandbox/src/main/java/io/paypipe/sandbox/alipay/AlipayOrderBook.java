package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayTradeBook.Account;
import io.paypipe.sandbox.query.ChannelOrder;
import io.paypipe.sandbox.query.ChannelOrderBook;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Alipay's orders for the order system and the sandbox's control endpoints: created
 * {@code WAIT_BUYER_PAY} (the buyer opened the cashier; Alipay knows no trade before
 * that), a paid trade may be marked {@code TRADE_FINISHED} (no refunds any more), and a
 * trade may be misfiled under another app (a direct app, or an app that authorised an
 * ISV).
 */
public final class AlipayOrderBook implements ChannelOrderBook {

    private final AlipayPayments payments;

    public AlipayOrderBook(AlipayPayments payments) {
        this.payments = payments;
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public void place(String merchantId, String outTradeNo, Money amount) {
        payments.place(merchantId, outTradeNo, amount.minor());
    }

    @Override
    public Optional<ChannelOrder> find(String merchantId, String outTradeNo) {
        return payments.trades().order(merchantId, outTradeNo).map(AlipayOrderBook::view);
    }

    @Override
    public ChannelOrder setState(String merchantId, String outTradeNo, String state) {
        Account account = account(merchantId, outTradeNo);
        synchronized (account) {
            boolean allowed = AlipayTrade.WAIT_BUYER_PAY.equals(state) ? !account.paid() && !account.closed()
                    : AlipayTrade.TRADE_FINISHED.equals(state) && account.paid();
            if (!allowed) {
                throw new IllegalArgumentException("trade " + account.trade().tradeNo() + " cannot become " + state
                        + ": WAIT_BUYER_PAY while unpaid, TRADE_FINISHED once paid");
            }
            account.moveTo(account.trade().withStatus(state));
        }
        return view(account);
    }

    @Override
    public ChannelOrder misfile(String merchantId, String outTradeNo, String otherMerchantId) {
        Account account = account(merchantId, outTradeNo);
        AlipayMerchant other = payments.owner(otherMerchantId);
        account.moveTo(account.trade().filedUnder(other, otherMerchantId));
        return view(account);
    }

    private Account account(String merchantId, String outTradeNo) {
        return payments.trades()
            .order(merchantId, outTradeNo)
            .orElseThrow(() -> new NoSuchElementException("Alipay has no trade " + outTradeNo + " of " + merchantId));
    }

    static ChannelOrder view(Account account) {
        AlipayTrade trade = account.trade();
        return new ChannelOrder(Channel.ALIPAY, trade.authAppId(), trade.outTradeNo(), AlipayReplies.status(account),
                trade.tradeNo(), trade.totalFen(), "CNY", account.paid(), account.closed());
    }

}
