package io.paypipe.sandbox.stripe;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.DeliveryRules;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
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

    private final CallbackScenarios callbacks;

    private final StripePaymentBook book = new StripePaymentBook();

    private final StripeSettlements settlements;

    /**
     * Payments whose events always go out (no callback scenarios), their settlements kept
     * in a book of their own.
     */
    public StripePayments(StripeMerchants merchants, StripeEvents events, SandboxOrders orders,
            NotificationPusher pusher) {
        this(merchants, events, orders, pusher, new CallbackScenarios(), new SettlementBook());
    }

    /**
     * Payments whose PaymentIntent events go out as the orders' {@code callbacks}
     * scenarios say (dropped, held until queried); every payment and refund that succeeds
     * is recorded in {@code settlements}, what Stripe's reports list.
     */
    public StripePayments(StripeMerchants merchants, StripeEvents events, SandboxOrders orders,
            NotificationPusher pusher, CallbackScenarios callbacks, SettlementBook settlements) {
        this.merchants = merchants;
        this.events = events;
        this.orders = orders;
        this.pusher = pusher;
        this.callbacks = callbacks;
        this.settlements = new StripeSettlements(settlements);
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
     * {@code currency}'s minor units (the order system also creates its PaymentIntent,
     * see {@link #place}).
     */
    public OrderCreated createOrder(String account, String outTradeNo, long amount, String currency) {
        StripeMerchant merchant = merchants.get(account);
        return orders.publish(orders.orderCreated(merchant.tenant(), Channel.STRIPE, account, outTradeNo,
                Money.of(amount, currency.toUpperCase(Locale.ROOT))));
    }

    /**
     * {@code payment_intent.succeeded} for {@code outTradeNo}, fully received, pushed
     * {@code copies} times (as the order's callback scenario says): the order's open
     * PaymentIntent succeeds, else a new one.
     * @throws OrderClosedException when the order's PaymentIntent was canceled
     */
    public Payment pay(String account, String outTradeNo, long amount, String currency, int copies) {
        List<StripePaymentBook.Payment> intents = outTradeNo == null ? List.of() : book.ofOrder(account, outTradeNo);
        if (!intents.isEmpty() && intents.stream().allMatch(p -> p.status().equals("canceled"))) {
            throw new OrderClosedException(OrderRef.of(Channel.STRIPE, account, outTradeNo));
        }
        return push(specFor(account, outTradeNo, amount, currency), PaymentIntentEvent.SUCCEEDED, copies);
    }

    /**
     * A PaymentIntent of {@code amount} for {@code outTradeNo}: the order's open one (its
     * id, charge and payment method) when there is one, else a new one.
     */
    public PaymentIntentSpec specFor(String account, String outTradeNo, long amount, String currency) {
        PaymentIntentSpec fresh = PaymentIntentSpec.of(merchants.get(account), outTradeNo, amount, currency);
        if (outTradeNo == null) {
            return fresh;
        }
        return book.open(account, outTradeNo)
            .map(StripePaymentBook.Payment::spec)
            .map(open -> new PaymentIntentSpec(fresh.merchant(), outTradeNo, amount, amount, fresh.currency(),
                    open.paymentIntentId(), open.chargeId(), open.paymentMethodId(), fresh.connect()))
            .orElse(fresh);
    }

    /**
     * Creates the order's PaymentIntent ({@code requires_payment_method},
     * {@code metadata.out_trade_no}), as the merchant's order system does; nothing when
     * the order has one that can still be paid.
     */
    public void place(String account, String outTradeNo, long amount, String currency) {
        if (book.open(account, outTradeNo).isEmpty()) {
            book.apply(PaymentIntentSpec.of(merchants.get(account), outTradeNo, amount, currency),
                    PaymentIntentEvent.CREATED, events.clock().instant().getEpochSecond());
        }
    }

    /**
     * Pushes the PaymentIntent's event (as its order's callback scenario says) and
     * records what it says in the {@link #book()}, where the PaymentIntents and Refunds
     * APIs find it; a PaymentIntent that succeeds by it is a settlement at the event's
     * {@code created}, whether its callback goes out or not.
     * @throws OrderClosedException when the PaymentIntent was canceled
     */
    public Payment push(PaymentIntentSpec spec, PaymentIntentEvent event, int copies) {
        long created = events.clock().instant().getEpochSecond();
        if (book.apply(spec, event, created).succeededNow()) {
            settlements.paid(spec, created);
        }
        SignedNotification n = events.paymentIntent(spec, event, created);
        if (spec.outTradeNo() == null) {
            return new Payment(spec, push(n, spec.merchant(), copies));
        }
        OrderRef order = OrderRef.of(Channel.STRIPE, spec.merchant().account(), spec.outTradeNo());
        return new Payment(spec,
                new Delivered(n, callbacks.gate(order, copies, () -> push(n, spec.merchant(), copies).deliveries())));
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

    /** Where refunds that succeed are recorded, as payments are. */
    StripeSettlements settlements() {
        return settlements;
    }

    public NotificationPusher pusher() {
        return pusher;
    }

    @Override
    public void close() {
        pusher.close();
    }

}
