package io.paypipe.reconcile.query;

import io.paypipe.channel.query.ChannelQueries;
import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.support.order.OrderColumns;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Fixtures of the query steps' unit tests: a WeChat order of merchant 1900000100, the
 * default ladder, and a fake channel that answers the same for every channel.
 */
final class StepFixtures {

    static final Ladder LADDER = new Ladder(Duration.ofMinutes(3), List.of(Duration.ofSeconds(30)), Duration.ofHours(2),
            List.of(Duration.ofSeconds(30)), Duration.ofMinutes(30), 5);

    private StepFixtures() {
    }

    static OrderKey key(String outTradeNo) {
        return new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"), OutTradeNo.of(outTradeNo));
    }

    /** A PENDING WeChat order of 10.00 CNY. */
    static OrderColumns pendingOrder(long id, OrderKey key) {
        return new OrderColumns(OrderId.of(id), key, Optional.empty(), Channel.WECHATPAY, Money.of(1_000, "CNY"),
                OrderStatus.PENDING, Optional.empty(), Optional.empty());
    }

    /**
     * Every channel answers a query with {@code query} and a close with {@code close}.
     */
    static ChannelQueryRegistry channels(Function<QueriedOrder, QueryAnswer> query,
            Function<QueriedOrder, CloseAnswer> close) {
        return new ChannelQueryRegistry(Arrays.stream(Channel.values()).<ChannelQueries>map(c -> new ChannelQueries() {
            @Override
            public Channel channel() {
                return c;
            }

            @Override
            public QueryAnswer query(QueriedOrder order) {
                return query.apply(order);
            }

            @Override
            public CloseAnswer close(QueriedOrder order) {
                return close.apply(order);
            }
        }).toList());
    }

}
