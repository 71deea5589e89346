package io.paypipe.ingress.unverified;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.order.OrderStatus;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads {@code orders} (ingress never writes it): the orders a callback names, to know
 * whether one is there and still waiting for its payment.
 */
@Repository
class KnownOrders {

    /**
     * A stored order: its key, service provider (null outside service-provider mode) and
     * status.
     */
    record KnownOrder(OrderKey key, MerchantId spMerchantId, String status) {

        boolean pending() {
            return OrderStatus.PENDING.name().equals(status);
        }

    }

    private final JdbcClient jdbc;

    KnownOrders(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The orders of {@code channel} numbered {@code outTradeNo} by any of
     * {@code merchants}.
     */
    List<KnownOrder> find(Channel channel, List<MerchantId> merchants, OutTradeNo outTradeNo) {
        return jdbc.sql("""
                SELECT tenant_id, merchant_id, sp_merchant_id, out_trade_no, status FROM orders
                 WHERE merchant_id IN (:merchants) AND out_trade_no = :no AND channel = :channel""")
            .param("merchants", merchants.stream().map(MerchantId::value).toList())
            .param("no", outTradeNo.value())
            .param("channel", channel.code())
            .query((rs, i) -> new KnownOrder(
                    new OrderKey(TenantId.of(rs.getString("tenant_id")), MerchantId.of(rs.getString("merchant_id")),
                            OutTradeNo.of(rs.getString("out_trade_no"))),
                    rs.getString("sp_merchant_id") == null ? null : MerchantId.of(rs.getString("sp_merchant_id")),
                    rs.getString("status")))
            .list();
    }

}
