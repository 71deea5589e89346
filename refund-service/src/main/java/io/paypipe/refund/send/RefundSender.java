package io.paypipe.refund.send;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.ChannelRegistry;
import io.paypipe.channel.Merchants;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.order.Payment;
import io.paypipe.refund.order.Payments;
import io.paypipe.refund.result.Answer;
import io.paypipe.refund.result.RefundChange;
import io.paypipe.refund.result.RefundResults;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRow;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Calls a refund's channel, outside any transaction, and applies the answer through
 * {@link RefundResults}: send (the refund API; the same refund number twice refunds once)
 * or query. Only a definite answer moves the refund; NotFound and Unknown leave it as it
 * is.
 */
@Service
public class RefundSender {

    private static final Logger log = LoggerFactory.getLogger(RefundSender.class);

    private final ChannelRegistry channels;

    private final Merchants merchants;

    private final Payments payments;

    private final ChannelCalls calls;

    private final RefundResults results;

    RefundSender(ChannelRegistry channels, Merchants merchants, Payments payments, ChannelCalls calls,
            RefundResults results) {
        this.channels = channels;
        this.merchants = merchants;
        this.payments = payments;
        this.calls = calls;
        this.results = results;
    }

    /** What a call answered and what it changed (empty for NotFound and Unknown). */
    public record Sent(RefundCall call, Optional<RefundChange> change) {
    }

    /**
     * True when refunds of {@code merchant}'s orders through {@code channel} can be sent
     * at all.
     */
    public boolean canSend(Channel channel, MerchantId merchant, Optional<MerchantId> sp) {
        return channels.of(channel).isPresent() && merchants.of(channel, merchant, sp).isPresent();
    }

    /** Asks the channel to refund, with the refund's own number. */
    public Sent send(RefundRow refund, RefundCause cause) {
        return call(refund, cause, "refund", client -> client::refund);
    }

    /** Asks the channel where the refund stands. */
    public Sent query(RefundRow refund) {
        return call(refund, RefundCause.QUERY, "query", client -> client::query);
    }

    private Sent call(RefundRow refund, RefundCause cause, String what,
            Function<ChannelRefunds, Function<RefundOrder, RefundCall>> operation) {
        Optional<ChannelRefunds> client = channels.of(refund.channel());
        Optional<Merchant> merchant = merchant(refund);
        RefundCall call;
        if (client.isEmpty() || merchant.isEmpty()) {
            call = new RefundCall.Unknown(client.isEmpty() ? "no refund client for " + refund.channel()
                    : "no credentials for merchant " + refund.orderKey().merchantId() + " in the merchants file");
        }
        else {
            RefundOrder order = new RefundOrder(merchant.get(), refund.orderKey(), refund.channelTradeNo(),
                    refund.refundNo(), refund.amount(), tradeTotal(refund), refund.reason(),
                    refund.channelRefundId().orElse(null));
            call = calls.call(() -> operation.apply(client.get()).apply(order));
        }
        log.info("{} {} of order {} at {}: {}", what, refund.refundNo(), refund.orderKey(), refund.channel().code(),
                describe(call));
        Optional<RefundChange> change = Answer.of(call).map(answer -> results.apply(refund.id(), answer, cause, null));
        return new Sent(call, change);
    }

    private Optional<Merchant> merchant(RefundRow refund) {
        return merchants.of(refund.channel(), refund.orderKey().merchantId(), refund.spMerchantId());
    }

    /**
     * The total of the refund's trade as its channel knows it (WeChat's
     * {@code amount.total}: the order amount, a coupon included, not what the payer
     * paid). A stored refund always has its payment; were it not found, the refund's own
     * amount, which a channel checking the total refuses rather than refunding wrongly.
     */
    private Money tradeTotal(RefundRow refund) {
        return payments.ofTrade(refund.orderKey().merchantId(), refund.channel(), refund.channelTradeNo())
            .map(Payment::tradeTotal)
            .orElse(refund.amount());
    }

    private static String describe(RefundCall call) {
        return switch (call) {
            case RefundCall.Accepted a -> "accepted as " + a.channelRefundId();
            case RefundCall.Succeeded s -> "succeeded as " + s.channelRefundId();
            case RefundCall.Refused r -> "refused (" + r.code() + ")";
            case RefundCall.NotFound n -> "not found";
            case RefundCall.Unknown u -> "no usable answer (" + u.why() + ")";
        };
    }

}
