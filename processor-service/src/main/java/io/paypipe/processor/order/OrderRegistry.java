package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/** Stores orders from the merchant's order system, idempotently: the unique key decides, not a lookup. */
@Service
class OrderRegistry {

    private static final Logger log = LoggerFactory.getLogger(OrderRegistry.class);

    private final OrderRepository orders;
    private final Clock clock;

    OrderRegistry(OrderRepository orders, Clock clock) {
        this.orders = orders;
        this.clock = clock;
    }

    void register(OrderCreated created) {
        try {
            orders.insert(created, clock.instant());
            log.info("order {} created, amount {}", created.orderKey(), created.amount());
        } catch (DuplicateKeyException e) {
            orders.find(created.orderKey().merchantId(), created.orderKey().outTradeNo())
                    .filter(existing -> !existing.amount().equals(created.amount()))
                    .ifPresentOrElse(
                            existing -> log.warn("order {} created again with amount {} but stored with {}; kept the stored one",
                                    created.orderKey(), created.amount(), existing.amount()),
                            () -> log.info("order {} already known, duplicate OrderCreated {} ignored",
                                    created.orderKey(), created.eventId()));
        }
    }
}
