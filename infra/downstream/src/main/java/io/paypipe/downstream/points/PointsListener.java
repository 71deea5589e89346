package io.paypipe.downstream.points;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Grants loyalty points once per paid order (one point per whole major unit paid, one
 * grant per event id) and takes them back once per refund: the whole major units of that
 * refund's amount, one take-back per {@code order.refunded} event id (which the refund
 * service derives from the merchant and the refund number). The refunds of one payment
 * never exceed what it paid, and the whole units of parts never exceed those of their
 * sum, so an order never loses more points than it was granted.
 */
@Component
class PointsListener {

    private static final Logger log = LoggerFactory.getLogger(PointsListener.class);

    private final PointsRepository grants;

    private final Clock clock;

    PointsListener(PointsRepository grants, Clock clock) {
        this.grants = grants;
        this.clock = clock;
    }

    @KafkaListener(id = "points", topics = Topics.Names.ORDER_PAID, containerFactory = "orderPaidContainerFactory")
    void onOrderPaid(OrderPaid paid) {
        long points = wholeMajorUnits(paid.paidAmount());
        try {
            grants.insert(paid, points, clock.instant());
            log.info("points: granted {} for order {} (event {})", points, paid.orderId(), paid.eventId());
        }
        catch (DuplicateKeyException e) {
            log.info("points: event {} for order {} already granted, skipped", paid.eventId(), paid.orderId());
        }
    }

    @KafkaListener(id = "points-refunds", topics = Topics.Names.ORDER_REFUNDED,
            containerFactory = "orderRefundedContainerFactory")
    void onOrderRefunded(OrderRefunded refunded) {
        long points = wholeMajorUnits(refunded.refundAmount());
        try {
            grants.insertTakeBack(refunded, points, clock.instant());
            log.info("points: took back {} for order {} refund {} (event {})", points, refunded.orderId(),
                    refunded.refundNo(), refunded.eventId());
        }
        catch (DuplicateKeyException e) {
            log.info("points: event {} for order {} refund {} already taken back, skipped", refunded.eventId(),
                    refunded.orderId(), refunded.refundNo());
        }
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
