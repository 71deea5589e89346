package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The PaymentIntents the sandbox's Stripe holds: created for an order
 * ({@code requires_payment_method}), moved by their events ({@link StripePayments}
 * records each), succeeded or canceled; with their refunds and the scenarios set for
 * their next refunds. A PaymentIntent belongs to one account: another account's key does
 * not see it. One {@link Payment} is changed under its own lock.
 */
public final class StripePaymentBook {

    /** The statuses a PaymentIntent can be canceled in (Stripe's cancel page). */
    public static final Set<String> CANCELABLE = Set.of("requires_payment_method", "requires_capture",
            "requires_confirmation", "requires_action", "processing");

    private final Map<String, Payment> byPaymentIntent = new ConcurrentHashMap<>();

    private final Map<String, Payment> byRefundId = new ConcurrentHashMap<>();

    /** Records a succeeded PaymentIntent; the same id again keeps the first. */
    public Payment record(PaymentIntentSpec spec) {
        return byPaymentIntent.computeIfAbsent(spec.paymentIntentId(), id -> new Payment(spec, "succeeded", 0));
    }

    /**
     * What {@link #apply} did: the PaymentIntent, and whether this event made it succeed
     * (false for a success event of one that had already succeeded).
     */
    public record Applied(Payment payment, boolean succeededNow) {
    }

    /**
     * Records what {@code event} says of {@code spec}'s PaymentIntent, created at
     * {@code created} (epoch seconds) when new: its status moves (a succeeded one stays
     * succeeded), a success takes the spec's amounts.
     * @throws OrderClosedException when a canceled PaymentIntent would move on
     */
    public Applied apply(PaymentIntentSpec spec, PaymentIntentEvent event, long created) {
        boolean[] fresh = { false };
        Payment payment = byPaymentIntent.computeIfAbsent(spec.paymentIntentId(), id -> {
            fresh[0] = true;
            return new Payment(spec, event.status(), created);
        });
        synchronized (payment) {
            if (payment.status.equals("canceled") && event != PaymentIntentEvent.CANCELED) {
                throw new OrderClosedException(OrderRef.of(Channel.STRIPE, spec.merchant().account(),
                        spec.outTradeNo() == null ? spec.paymentIntentId() : spec.outTradeNo()));
            }
            if (!fresh[0] && payment.status.equals("succeeded")) {
                return new Applied(payment, false);
            }
            payment.status = event.status();
            if (event == PaymentIntentEvent.SUCCEEDED) {
                payment.spec = spec;
            }
            if (event == PaymentIntentEvent.CANCELED) {
                payment.canceledAt = created;
                payment.cancellationReason = "abandoned";
            }
            return new Applied(payment, event == PaymentIntentEvent.SUCCEEDED);
        }
    }

    /**
     * The PaymentIntent {@code paymentIntentId} of {@code account}, whatever its status.
     */
    public Optional<Payment> find(String account, String paymentIntentId) {
        return Optional.ofNullable(paymentIntentId == null ? null : byPaymentIntent.get(paymentIntentId))
            .filter(p -> p.spec().merchant().account().equals(account));
    }

    /** Like {@link #find}; {@link NoSuchElementException} when unknown. */
    public Payment get(String account, String paymentIntentId) {
        return find(account, paymentIntentId)
            .orElseThrow(() -> new NoSuchElementException("unknown PaymentIntent " + paymentIntentId));
    }

    /**
     * The PaymentIntents of {@code account} whose {@code metadata.out_trade_no} is
     * {@code outTradeNo}, newest first.
     */
    public List<Payment> ofOrder(String account, String outTradeNo) {
        return matching(p -> p.spec().merchant().account().equals(account) && outTradeNo.equals(p.spec().outTradeNo()));
    }

    /** The PaymentIntents of {@code account} that pass {@code filter}, newest first. */
    public List<Payment> matching(Predicate<Payment> filter) {
        return byPaymentIntent.values()
            .stream()
            .filter(filter)
            .sorted(Comparator.comparingLong(Payment::created).reversed())
            .toList();
    }

    /**
     * The oldest PaymentIntent of the order that can still be paid (not succeeded, not
     * canceled).
     */
    public Optional<Payment> open(String account, String outTradeNo) {
        List<Payment> all = ofOrder(account, outTradeNo);
        for (int i = all.size() - 1; i >= 0; i--) {
            if (CANCELABLE.contains(all.get(i).status())) {
                return Optional.of(all.get(i));
            }
        }
        return Optional.empty();
    }

    /** The refund {@code refundId} of {@code account}. */
    public Optional<StripeRefund> refund(String account, String refundId) {
        Payment payment = refundId == null ? null : byRefundId.get(refundId);
        return payment == null ? Optional.empty() : payment.refund(refundId).filter(r -> r.account().equals(account));
    }

    /** Every refund of {@code account}, newest first (Stripe's list order). */
    public List<StripeRefund> refunds(String account) {
        List<StripeRefund> all = new ArrayList<>();
        byPaymentIntent.values()
            .stream()
            .filter(p -> p.spec().merchant().account().equals(account))
            .forEach(p -> all.addAll(p.refunds()));
        all.sort((a, b) -> Long.compare(b.created(), a.created()));
        return all;
    }

    /**
     * The next refunds of {@code paymentIntentId} take these scenarios, in order (then
     * the default again).
     */
    public void nextRefunds(String account, String paymentIntentId, List<StripeRefundScenario> scenarios) {
        Payment payment = get(account, paymentIntentId);
        synchronized (payment) {
            payment.scenarios.addAll(scenarios);
        }
    }

    void index(StripeRefund refund, Payment payment) {
        byRefundId.put(refund.id(), payment);
    }

    /**
     * One PaymentIntent, its status and its refunds, in creation order. Read and change
     * it only while holding its lock.
     */
    public static final class Payment {

        private PaymentIntentSpec spec;

        private String status;

        private final long created;

        private Long canceledAt;

        private String cancellationReason;

        private final Map<String, StripeRefund> refunds = new LinkedHashMap<>();

        private final Deque<StripeRefundScenario> scenarios = new ArrayDeque<>();

        private Payment(PaymentIntentSpec spec, String status, long created) {
            this.spec = spec;
            this.status = status;
            this.created = created;
        }

        public synchronized PaymentIntentSpec spec() {
            return spec;
        }

        /**
         * Stripe's {@code status}: {@code requires_payment_method}, ...,
         * {@code succeeded}, {@code canceled}.
         */
        public synchronized String status() {
            return status;
        }

        public boolean succeeded() {
            return status().equals("succeeded");
        }

        /** When it was created, epoch seconds (0: a payment recorded without a time). */
        public long created() {
            return created;
        }

        public synchronized Long canceledAt() {
            return canceledAt;
        }

        public synchronized String cancellationReason() {
            return cancellationReason;
        }

        /**
         * Cancels it unless it is past canceling; whether it is canceled by this call.
         */
        synchronized boolean cancel(long at, String reason) {
            if (!CANCELABLE.contains(status)) {
                return false;
            }
            status = "canceled";
            canceledAt = at;
            cancellationReason = reason;
            return true;
        }

        synchronized void moveTo(String nextStatus) {
            status = nextStatus;
        }

        synchronized void fileUnder(StripeMerchant other) {
            spec = new PaymentIntentSpec(other, spec.outTradeNo(), spec.amount(), spec.amountReceived(),
                    spec.currency(), spec.paymentIntentId(), spec.chargeId(), spec.paymentMethodId(), spec.connect());
        }

        public synchronized Optional<StripeRefund> refund(String refundId) {
            return Optional.ofNullable(refunds.get(refundId));
        }

        /** Newest first. */
        public synchronized List<StripeRefund> refunds() {
            List<StripeRefund> list = new ArrayList<>(refunds.values());
            Collections.reverse(list);
            return list;
        }

        /**
         * What the charge can still give back: captured minus pending and succeeded
         * refunds.
         */
        public synchronized long refundable() {
            return spec.amountReceived() - refunds.values()
                .stream()
                .filter(StripeRefund::takesFromCharge)
                .mapToLong(StripeRefund::amount)
                .sum();
        }

        /** The charge's {@code amount_refunded}: succeeded refunds. */
        public synchronized long amountRefunded() {
            return refunds.values()
                .stream()
                .filter(r -> r.status().equals("succeeded"))
                .mapToLong(StripeRefund::amount)
                .sum();
        }

        synchronized StripeRefundScenario nextScenario() {
            StripeRefundScenario next = scenarios.poll();
            return next == null ? StripeRefundScenario.PENDING_THEN_SUCCEEDED : next;
        }

        synchronized void put(StripeRefund refund) {
            refunds.put(refund.id(), refund);
        }

    }

}
