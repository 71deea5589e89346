package io.paypipe.reconcile.query;

import static io.paypipe.reconcile.support.QuerySandbox.WECHAT_D;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.support.QueryIntegrationBase;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A channel outage for the query (5xx, then rate-limited) over many paid orders of one
 * merchant, limited to {@value QueryIntegrationBase#OUTAGE_RATE} calls a second: the
 * calls the sandbox received never exceed the rate in any second, during the outage or
 * after it, and every order is found paid afterwards.
 */
class QueryOutageIntegrationTest extends QueryIntegrationBase {

    private static final int ORDERS = 8;

    @Test
    void givenAnOutageOverManyOrders_whenItEnds_thenEveryOrderIsFoundPaidAndTheRateNeverExceeded() {
        // Given the channel failing every query of the merchant for a while, then
        // rate-limiting it, and orders paid at the channel whose callbacks are dropped
        Instant start = Instant.now();
        SANDBOX.faults()
            .failFor(Channel.WECHATPAY, QueryFault.SERVER_ERROR, Duration.ofSeconds(4), EnumSet.of(Operation.QUERY),
                    WECHAT_D);
        SANDBOX.faults()
            .failFor(Channel.WECHATPAY, QueryFault.RATE_LIMITED, Duration.ofSeconds(6), EnumSet.of(Operation.QUERY),
                    WECHAT_D);
        List<Long> orderIds = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            String no = outTradeNo("OUTAGE" + i);
            SANDBOX.callbacks().choose(OrderRef.of(Channel.WECHATPAY, WECHAT_D, no), CallbackScenario.DROP);
            orderIds.add(createOrder(WECHAT_D, no, 100 + i));
            SANDBOX.wechatpay().pay(WECHAT_D, no, 100 + i, null, 1);
        }

        // When the outage ends, every order is found paid
        await().atMost(Duration.ofSeconds(60))
            .until(() -> orderIds.stream().allMatch(id -> "DONE".equals(chainState(id))));

        // Then the merchant's calls never exceeded its rate in any second
        List<ChannelCall> calls = SANDBOX.calls()
            .matching(c -> WECHAT_D.equals(c.merchantId()) && !c.at().isBefore(start));
        Map<Long, Long> perSecond = calls.stream()
            .collect(Collectors.groupingBy(c -> c.at().getEpochSecond(), TreeMap::new, Collectors.counting()));
        assertThat(perSecond.values()).as("calls per second %s", perSecond).allMatch(n -> n <= OUTAGE_RATE);
        assertThat(calls).as("failed during the outage: 5xx, then rate-limited")
            .anyMatch(c -> c.httpStatus() == 500)
            .anyMatch(c -> c.httpStatus() == 429);
        assertThat(calls.stream().filter(c -> "SUCCESS".equals(c.answer())).count())
            .as("each order queried again after the outage and found paid")
            .isGreaterThanOrEqualTo(ORDERS);
        for (long id : orderIds) {
            assertThat(jdbc
                .sql("SELECT COUNT(*) FROM pay_notify_raw r JOIN orders o ON o.merchant_id = r.merchant_id"
                        + " AND o.out_trade_no = r.out_trade_no WHERE o.id = :id AND r.source = 'QUERY'")
                .param("id", id)
                .query(Long.class)
                .single()).isOne();
        }
    }

}
