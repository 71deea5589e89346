package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * One channel's orders as the sandbox's control endpoints and the order system see them:
 * placed when the merchant's order system creates them (WeChat's prepay, Alipay's trade
 * create, a Stripe PaymentIntent), paid by the channel's payments, closed by its order
 * API.
 */
public interface ChannelOrderBook {

    Channel channel();

    /**
     * Places an unpaid order of {@code merchantId} (the order's merchant) unless the
     * channel has one under that number already.
     */
    void place(String merchantId, String outTradeNo, Money amount);

    /** The order {@code outTradeNo} of {@code merchantId}. */
    Optional<ChannelOrder> find(String merchantId, String outTradeNo);

    /**
     * Moves an unpaid order to another unpaid state of the channel (WeChat
     * {@code NOTPAY}, {@code USERPAYING}, {@code PAYERROR}; Alipay
     * {@code WAIT_BUYER_PAY}; Stripe {@code requires_payment_method},
     * {@code requires_action}, {@code processing}).
     * @throws NoSuchElementException for an unknown order
     * @throws IllegalArgumentException for a state the channel cannot move it to
     */
    ChannelOrder setState(String merchantId, String outTradeNo, String state);

    /**
     * Files the order under {@code otherMerchantId} (another merchant of the same kind on
     * the channel): the channel then knows it only under that merchant, so a query under
     * its own answers "not found" (scenario "a query under the wrong merchant").
     * @throws NoSuchElementException for an unknown order or merchant
     * @throws IllegalArgumentException when the other merchant cannot hold it
     */
    ChannelOrder misfile(String merchantId, String outTradeNo, String otherMerchantId);

}
