package io.paypipe.refund.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.OrderMoves;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.store.NewRefund;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundSource;
import io.paypipe.refund.store.RefundTransitionRepository;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The stuck-refund sweeper (every 500 ms here, {@code refund.stuck-after} 10m): a refund
 * stored PENDING an hour ago whose {@code RefundQueryDue} was never published (the
 * process died right after the commit) is put on the query ladder again and ends SUCCESS
 * at the sandbox's WeChat Pay, once; one whose chain is alive is left alone.
 */
class StuckRefundSweeperIntegrationTest extends RefundIntegrationBase {

    private static final Duration AN_HOUR = Duration.ofHours(1);

    @Autowired
    private OrderRepository orderRows;

    @Autowired
    private RefundRepository refunds;

    @Autowired
    private RefundTransitionRepository transitions;

    @Autowired
    private OrderMoves moves;

    @Autowired
    private TransactionTemplate tx;

    @Autowired
    private MeterRegistry meters;

    @Test
    void givenARefundStoredPendingWhoseQueryWasNeverPublished_whenTheSweeperRuns_thenItIsSentOnceAndSucceeds() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String refundNo = "TS-" + UUID.randomUUID();
        long sweptBefore = swept();

        long id = storedPendingAsTheProcessDied(order, refundNo, 2_000, Optional.empty());

        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo));
        assertThat(db.refunds(order.id())).singleElement().satisfies(r -> assertThat(r.get("id")).isEqualTo(id));
        assertThat(db.refundTransitions(order.key().merchantId(), refundNo)).startsWith("PENDING")
            .endsWith("SUCCESS")
            .doesNotHaveDuplicates();
        assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDED");
        assertThat(lastQueryAt(id)).isNotNull();
        assertThat(swept()).isGreaterThan(sweptBefore);
    }

    @Test
    void givenAStalePendingRefundWhoseQueryChainIsAlive_whenTheSweeperRuns_thenItIsLeftAlone() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String refundNo = "TA-" + UUID.randomUUID();
        Timestamp queried = Timestamp.from(Instant.now().truncatedTo(ChronoUnit.SECONDS));
        long id = storedPendingAsTheProcessDied(order, refundNo, 700, Optional.of(queried));

        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(3))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("PENDING"));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).isEmpty();
        assertThat(lastQueryAt(id)).isEqualTo(queried);
    }

    /**
     * Step 1 of a refund as the refund API commits it (refund PENDING, order REFUNDING,
     * the PENDING transition), an hour ago, and nothing after: no RefundQueryDue, no
     * call; with {@code lastQueryAt} as if a chain had just queried it (same transaction,
     * so the sweeper never sees it without).
     */
    private long storedPendingAsTheProcessDied(Paid order, String refundNo, long minor,
            Optional<Timestamp> lastQueryAt) {
        Instant anHourAgo = Instant.now().minus(AN_HOUR);
        Long id = tx.execute(status -> {
            OrderRow row = orderRows.lock(order.id()).orElseThrow();
            long refundId = refunds.insert(new NewRefund(refundNo, row.key(), row.spMerchantId(), row.payment(),
                    Money.of(minor, row.amount().currency()), RefundSource.API, "stuck", "test"), anHourAgo);
            moves.start(row, refundNo);
            transitions.insert(refundId, RefundTransitionRepository.NEW, RefundStatus.PENDING.name(), RefundCause.API,
                    null, "requested by test", anHourAgo);
            lastQueryAt.ifPresent(at -> jdbc.sql("UPDATE refund SET last_query_at = :at WHERE id = :id")
                .param("at", at)
                .param("id", refundId)
                .update());
            return refundId;
        });
        return id;
    }

    private Timestamp lastQueryAt(long id) {
        return jdbc.sql("SELECT last_query_at FROM refund WHERE id = :id")
            .param("id", id)
            .query(Timestamp.class)
            .single();
    }

    private long swept() {
        var counter = meters.find("refund.stuck.swept").counter();
        return counter == null ? 0 : (long) counter.count();
    }

}
