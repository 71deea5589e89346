package io.paypipe.sandbox.stripe;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The PaymentIntents the sandbox's Stripe saw succeed ({@link StripePayments} records
 * each), with their refunds and the scenarios set for their next refunds. A PaymentIntent
 * belongs to one account: another account's key does not see it. One {@link Payment} is
 * changed under its own lock.
 */
public final class StripePaymentBook {

    private final Map<String, Payment> byPaymentIntent = new ConcurrentHashMap<>();

    private final Map<String, Payment> byRefundId = new ConcurrentHashMap<>();

    /** Records a succeeded PaymentIntent; the same id again keeps the first. */
    public Payment record(PaymentIntentSpec spec) {
        return byPaymentIntent.computeIfAbsent(spec.paymentIntentId(), id -> new Payment(spec));
    }

    /** The PaymentIntent {@code paymentIntentId} of {@code account}. */
    public Optional<Payment> find(String account, String paymentIntentId) {
        return Optional.ofNullable(paymentIntentId == null ? null : byPaymentIntent.get(paymentIntentId))
            .filter(p -> p.spec().merchant().account().equals(account));
    }

    /** Like {@link #find}; {@link NoSuchElementException} when unknown. */
    public Payment get(String account, String paymentIntentId) {
        return find(account, paymentIntentId)
            .orElseThrow(() -> new NoSuchElementException("unknown PaymentIntent " + paymentIntentId));
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
     * One succeeded PaymentIntent and its refunds, in creation order. Read and change it
     * only while holding its lock.
     */
    public static final class Payment {

        private final PaymentIntentSpec spec;

        private final Map<String, StripeRefund> refunds = new LinkedHashMap<>();

        private final Deque<StripeRefundScenario> scenarios = new ArrayDeque<>();

        private Payment(PaymentIntentSpec spec) {
            this.spec = spec;
        }

        public PaymentIntentSpec spec() {
            return spec;
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
