package io.paypipe.sandbox.stripe;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.DeliveryRules;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Stripe paying (and refunding) orders: signed events pushed to the merchant's webhook
 * endpoint with Stripe's success rule (any 2xx) and a live-mode retry schedule, each
 * retry signed afresh (Stripe signs every delivery attempt with its own {@code t}). Used
 * by the HTTP API, the launcher and the tests. It owns its pusher (not a bean, so the
 * WeChat pusher stays the only {@link NotificationPusher} bean).
 */
public final class StripePayments implements AutoCloseable {

    /**
     * Stripe retries a failed live-mode delivery "for up to three days with an
     * exponential back off"; the exact intervals are not published, so this is our
     * schedule: 1m, 5m, 30m, 2h, 5h, 10h, 10h, 10h, 10h, 12h, 12h (12 deliveries counting
     * the first, the last about 71.6 h after it).
     */
    public static final List<Duration> STRIPE_RETRY_SCHEDULE = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10),
            Duration.ofHours(10), Duration.ofHours(10), Duration.ofHours(10), Duration.ofHours(12),
            Duration.ofHours(12));

    /**
     * Stripe's delivery rules: {@link #STRIPE_RETRY_SCHEDULE}, any 2xx ends a delivery.
     */
    public static final DeliveryRules DELIVERY_RULES = new DeliveryRules("stripe", STRIPE_RETRY_SCHEDULE,
            DeliveryRules.ANY_2XX);

    private final StripeMerchants merchants;

    private final StripeEvents events;

    private final SandboxOrders orders;

    private final NotificationPusher pusher;

    private final StripePaymentBook book = new StripePaymentBook();

    public StripePayments(StripeMerchants merchants, StripeEvents events, SandboxOrders orders,
            NotificationPusher pusher) {
        this.merchants = merchants;
        this.events = events;
        this.orders = orders;
        this.pusher = pusher;
    }

    /**
     * A pusher to {@code notifyUrl} with Stripe's {@link #DELIVERY_RULES};
     * {@code timeout} per attempt.
     */
    public static NotificationPusher pusher(URI notifyUrl, long timeCompression, Duration timeout, Clock clock) {
        return new NotificationPusher(notifyUrl, DELIVERY_RULES, timeCompression, timeout, clock);
    }

    /**
     * What was sent and its deliveries, each completing when acknowledged or given up.
     */
    public record Delivered(SignedNotification notification,
            List<CompletableFuture<NotificationPusher.Delivery>> deliveries) {
        public Delivered {
            deliveries = List.copyOf(deliveries);
        }
    }

    /** A payment: the PaymentIntent and its event. */
    public record Payment(PaymentIntentSpec spec, Delivered delivered) {
        public SignedNotification notification() {
            return delivered.notification();
        }

        public List<CompletableFuture<NotificationPusher.Delivery>> deliveries() {
            return delivered.deliveries();
        }
    }

    /**
     * Publishes {@code OrderCreated} for an order of {@code account}: channel STRIPE, in
     * {@code currency}'s minor units.
     */
    public OrderCreated createOrder(String account, String outTradeNo, long amount, String currency) {
        StripeMerchant merchant = merchants.get(account);
        return orders.publish(orders.orderCreated(merchant.tenant(), Channel.STRIPE, account, outTradeNo,
                Money.of(amount, currency.toUpperCase(Locale.ROOT))));
    }

    /**
     * {@code payment_intent.succeeded} for {@code outTradeNo}, fully received, pushed
     * {@code copies} times.
     */
    public Payment pay(String account, String outTradeNo, long amount, String currency, int copies) {
        return push(PaymentIntentSpec.of(merchants.get(account), outTradeNo, amount, currency),
                PaymentIntentEvent.SUCCEEDED, copies);
    }

    /**
     * Pushes the PaymentIntent's event; a {@code payment_intent.succeeded} also records
     * the PaymentIntent in the {@link #book()}, where the refunds API finds it.
     */
    public Payment push(PaymentIntentSpec spec, PaymentIntentEvent event, int copies) {
        if (event == PaymentIntentEvent.SUCCEEDED) {
            book.record(spec);
        }
        return new Payment(spec, push(events.paymentIntent(spec, event), spec.merchant(), copies));
    }

    /**
     * A refund event ({@code refund.created}, {@code refund.updated},
     * {@code refund.failed}) pushed {@code copies} times.
     */
    public Delivered refund(RefundSpec spec, String type, int copies) {
        return push(events.refund(spec, type), spec.merchant(), copies);
    }

    /**
     * Pushes {@code n} {@code copies} times, each its own delivery; every retry re-signed
     * with a fresh {@code t}.
     */
    public Delivered push(SignedNotification n, StripeMerchant merchant, int copies) {
        List<CompletableFuture<NotificationPusher.Delivery>> deliveries = new ArrayList<>(copies);
        for (int i = 0; i < copies; i++) {
            deliveries.add(pusher.push(n, again -> events.resign(again, merchant)));
        }
        return new Delivered(n, deliveries);
    }

    public StripeMerchants merchants() {
        return merchants;
    }

    /** The PaymentIntents that succeeded here, with their refunds. */
    public StripePaymentBook book() {
        return book;
    }

    public StripeEvents events() {
        return events;
    }

    public NotificationPusher pusher() {
        return pusher;
    }

    @Override
    public void close() {
        pusher.close();
    }

}
