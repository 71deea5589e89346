package io.paypipe.sandbox.query;

/**
 * A payment of an order the merchant closed at the channel: the channel refuses it (the
 * buyer's cashier says the order is closed). The sandbox's endpoints answer it 409.
 */
public final class OrderClosedException extends RuntimeException {

    private final OrderRef order;

    public OrderClosedException(OrderRef order) {
        super(order.channel().code() + " order " + order.outTradeNo() + " of " + order.merchantId()
                + " is closed: it cannot be paid");
        this.order = order;
    }

    public OrderRef order() {
        return order;
    }

}
