package io.paypipe.processor.order;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Stores orders from the merchant's order system, idempotently: the unique key decides,
 * not a lookup. The same order again is a silent no-op; the same (merchant, out_trade_no)
 * with another amount, currency, channel, tenant or service provider keeps the stored
 * order and raises an ORDER_CONFLICT alert.
 */
@Service
class OrderRegistry {

    private static final Logger log = LoggerFactory.getLogger(OrderRegistry.class);

    private final OrderRepository orders;

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final Clock clock;

    OrderRegistry(OrderRepository orders, AlertRepository alerts, AlertPublisher publisher, Clock clock) {
        this.orders = orders;
        this.alerts = alerts;
        this.publisher = publisher;
        this.clock = clock;
    }

    void register(OrderCreated created) {
        try {
            orders.insert(created, clock.instant());
            log.debug("order {} created, amount {}", created.orderKey(), created.amount());
        }
        catch (DuplicateKeyException e) {
            OrderRow existing = orders.find(created.orderKey().merchantId(), created.orderKey().outTradeNo())
                .orElseThrow(() -> e);
            List<String> differences = differences(existing, created);
            if (differences.isEmpty()) {
                log.debug("order {} already known, duplicate OrderCreated {} ignored", created.orderKey(),
                        created.eventId());
                return;
            }
            conflict(existing, created, differences);
        }
    }

    private void conflict(OrderRow existing, OrderCreated created, List<String> differences) {
        String what = String.join(", ", differences);
        OpsAlertRaised alert = Alerts.of(
                Kind.ORDER_CONFLICT.name() + ":order:" + existing.id() + ":" + created.eventId(), Kind.ORDER_CONFLICT,
                Severity.ERROR, About.of(existing.key(), existing.channel().code(), null, null),
                "order " + existing.key() + " (id " + existing.id() + ") created again by event " + created.eventId()
                        + " with " + what + "; the stored order is kept",
                clock.instant());
        alerts.raise(alert);
        log.warn("order {} (id {}) created again by event {} with {}; kept the stored one, alert {}", existing.key(),
                existing.id(), created.eventId(), what, alert.alertKey());
        publisher.publish(alert);
    }

    /** What the second OrderCreated says differently from the stored order. */
    static List<String> differences(OrderRow existing, OrderCreated created) {
        List<String> out = new ArrayList<>();
        if (!existing.key().tenantId().equals(created.orderKey().tenantId())) {
            out.add("tenant " + created.orderKey().tenantId() + " instead of " + existing.key().tenantId());
        }
        if (!Objects.equals(existing.spMerchantId().orElse(null), created.spMerchantId())) {
            out.add("service provider " + created.spMerchantId() + " instead of "
                    + existing.spMerchantId().orElse(null));
        }
        if (existing.channel() != created.channel()) {
            out.add("channel " + created.channel() + " instead of " + existing.channel());
        }
        if (!existing.amount().sameCurrency(created.amount())) {
            out.add("currency " + created.amount().currency() + " instead of " + existing.amount().currency());
        }
        else if (existing.amount().minor() != created.amount().minor()) {
            out.add("amount " + created.amount() + " instead of " + existing.amount());
        }
        return out;
    }

}
