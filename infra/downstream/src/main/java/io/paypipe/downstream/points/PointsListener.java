package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.downstream.batch.BatchApplier;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Grants loyalty points once per paid order (one point per whole major unit paid, one
 * grant per event id) and takes them back once per refund: the whole major units of that
 * refund's amount, one take-back per {@code order.refunded} event id (which the refund
 * service derives from the merchant and the refund number). The refunds of one payment
 * never exceed what it paid, and the whole units of parts never exceed those of their
 * sum, so an order never loses more points than it was granted. Each poll's records are
 * applied in one transaction ({@link BatchApplier}).
 */
@Component
class PointsListener {

    private static final Logger log = LoggerFactory.getLogger(PointsListener.class);

    private final BatchApplier<OrderPaid> grants;

    private final BatchApplier<OrderRefunded> takeBacks;

    PointsListener(GrantRepository grants, TakeBackRepository takeBacks, PlatformTransactionManager transactions,
            Clock clock) {
        this.grants = new BatchApplier<>("points", grants, transactions, clock, log);
        this.takeBacks = new BatchApplier<>("points-refunds", takeBacks, transactions, clock, log);
    }

    @KafkaListener(id = "points", topics = Topics.Names.ORDER_PAID, containerFactory = "orderPaidContainerFactory")
    void onOrderPaid(List<ConsumerRecord<String, OrderPaid>> records) {
        grants.onBatch(records);
    }

    @KafkaListener(id = "points-refunds", topics = Topics.Names.ORDER_REFUNDED,
            containerFactory = "orderRefundedContainerFactory")
    void onOrderRefunded(List<ConsumerRecord<String, OrderRefunded>> records) {
        takeBacks.onBatch(records);
    }

    /**
     * 128.00 CNY is 128, 1500 JPY (no decimals) is 1500: the minor units over the
     * currency's own exponent.
     */
    static long wholeMajorUnits(Money amount) {
        long divisor = 1;
        for (int i = 0; i < Money.fractionDigits(amount.currency()); i++) {
            divisor *= 10;
        }
        return amount.minor() / divisor;
    }

}
