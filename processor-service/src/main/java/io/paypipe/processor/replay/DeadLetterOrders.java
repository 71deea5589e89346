package io.paypipe.processor.replay;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * What became of the dead letters' raw rows and orders, for the console's dead-letter
 * page: one statement for all the listed raw ids.
 */
@Repository
class DeadLetterOrders {

    /** A raw row now: handled, outcome, and its order's status (null: no such order). */
    record Now(long rawId, int handled, String outcome, String orderStatus) {
    }

    private final JdbcClient jdbc;

    DeadLetterOrders(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Map<Long, Now> of(Collection<Long> rawIds) {
        if (rawIds.isEmpty()) {
            return Map.of();
        }
        List<Now> rows = jdbc.sql("""
                SELECT r.id AS raw_id, r.handled, r.outcome, o.status AS order_status
                  FROM pay_notify_raw r
                  LEFT JOIN orders o ON o.merchant_id = r.merchant_id AND o.out_trade_no = r.out_trade_no
                 WHERE r.id IN (:ids)""").param("ids", List.copyOf(rawIds)).query(Now.class).list();
        return rows.stream().collect(Collectors.toMap(Now::rawId, Function.identity()));
    }

}
