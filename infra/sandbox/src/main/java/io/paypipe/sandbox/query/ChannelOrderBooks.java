package io.paypipe.sandbox.query;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import java.util.EnumMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Every channel's {@link ChannelOrderBook}, registered by the channel's configuration:
 * where the order system places a new order at its channel.
 */
public final class ChannelOrderBooks {

    private final Map<Channel, ChannelOrderBook> books = new EnumMap<>(Channel.class);

    public synchronized void register(ChannelOrderBook book) {
        books.put(book.channel(), book);
    }

    /** The book of {@code channel}. */
    public synchronized ChannelOrderBook of(Channel channel) {
        ChannelOrderBook book = books.get(channel);
        if (book == null) {
            throw new NoSuchElementException("the sandbox keeps no " + channel.code() + " orders");
        }
        return book;
    }

    /** Places the order {@code order} at its channel, as the merchant's prepay does. */
    public void place(OrderCreated order) {
        ChannelOrderBook book;
        synchronized (this) {
            book = books.get(order.channel());
        }
        if (book != null) {
            book.place(order.orderKey().merchantId().value(), order.orderKey().outTradeNo().value(), order.amount());
        }
    }

}
