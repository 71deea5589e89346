package io.paypipe.launcher;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What the chaos test does to one order, and the outcomes it must end with. Generated
 * from a seed, so a failing run can be replayed exactly.
 */
enum ChaosScenario {

    /** Paid once, delivered 1 to 4 times. */
    PAID(Map.of("APPLIED", 1), Map.of()),
    /**
     * Paid twice by two different trades: one applies, the other is a double payment with
     * a refund task.
     */
    DOUBLE_PAYMENT(Map.of("APPLIED", 1, "ILLEGAL_DOUBLE_PAYMENT", 1), Map.of("DOUBLE_PAYMENT", 1)),
    /**
     * WeChat closes the order, then the payer pays with another trade: the payment
     * overrules the channel's close (kept, no refund) and a person is alerted, whichever
     * of the two the processor happens to handle first.
     */
    CLOSED_THEN_PAID(Map.of("CLOSE_OVERRULED", 1, "APPLIED", 1), Map.of("CLOSE_CONFLICT", 1)),
    /** The channel closes the trade. */
    CLOSED(Map.of("CLOSED", 1), Map.of()),
    /** The channel reports another order amount. */
    MISMATCH(Map.of("MISMATCH", 1), Map.of("MISMATCH", 1)),
    /** Paid before the order reached the processor: retried until it did. */
    REORDERED(Map.of("APPLIED", 1), Map.of()),
    /** Paid for an order that never comes: given up after the last attempt. */
    UNKNOWN_ORDER(Map.of("UNKNOWN_ORDER", 1), Map.of("UNKNOWN_ORDER", 1)),
    /**
     * Paid at the channel, every notification of it dropped: only reconcile-service's
     * active query learns of it (its raw row's source QUERY), and it is paid once.
     */
    LOST_CALLBACK(Map.of("APPLIED", 1), Map.of());

    private final Map<String, Integer> outcomes;

    private final Map<String, Integer> alerts;

    ChaosScenario(Map<String, Integer> outcomes, Map<String, Integer> alerts) {
        this.outcomes = outcomes;
        this.alerts = alerts;
    }

    Map<String, Integer> outcomes() {
        return outcomes;
    }

    boolean endsPaid() {
        return this == PAID || this == DOUBLE_PAYMENT || this == REORDERED || this == CLOSED_THEN_PAID
                || this == LOST_CALLBACK;
    }

    boolean endsClosed() {
        return this == CLOSED;
    }

    boolean refundTask() {
        return this == DOUBLE_PAYMENT;
    }

    /** One planned order. */
    record Planned(int index, ChaosScenario scenario, long amountFen, int copies) {
    }

    /** About one order in {@value} has its callbacks lost. */
    static final int ONE_LOST_CALLBACK_IN = 20;

    /**
     * {@code count} orders from {@code seed}: mostly plain payments, every scenario well
     * represented. The lost callbacks (about 5 %, at least one) are drawn from the seed
     * apart from the rest and replace the scenario drawn for their order, so a seed's
     * other orders stay what they were before lost callbacks were added.
     */
    static List<Planned> plan(long seed, int count) {
        Random random = new Random(seed);
        Random lost = new Random(seed ^ 0x10577CA11L);
        ChaosScenario[] weighted = { PAID, PAID, PAID, PAID, DOUBLE_PAYMENT, CLOSED_THEN_PAID, CLOSED, MISMATCH,
                REORDERED, UNKNOWN_ORDER };
        int forcedLost = lost.nextInt(count);
        List<Planned> plan = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ChaosScenario drawn = weighted[random.nextInt(weighted.length)];
            long amount = 1 + random.nextInt(500_000);
            int copies = 1 + random.nextInt(4);
            boolean lostCallback = lost.nextInt(ONE_LOST_CALLBACK_IN) == 0 || i == forcedLost;
            plan.add(new Planned(i, lostCallback ? LOST_CALLBACK : drawn, amount, copies));
        }
        return plan;
    }

    /**
     * What the refund phase does to a paid order (issue 12). Drawn from the seed apart
     * from the payments, so a seed's payments stay what they were.
     */
    enum Refunds {

        /**
         * Four concurrent partial refunds of a third of what was paid plus one each: at
         * most two fit, the others are answered 409.
         */
        CONCURRENT,
        /**
         * One refund of half of it whose answer WeChat loses (the refund is made):
         * PENDING after the call's timeout, final by the query or the notice.
         */
        ANSWER_LOST,
        /**
         * A full refund whose {@code REFUND.SUCCESS} WeChat pushes three more times once
         * it is final: one state change.
         */
        DUPLICATED_NOTICE

    }

    /**
     * The refunds of the plan's plain payments (about one in four of them), by order
     * index.
     */
    static Map<Integer, Refunds> refunds(long seed, List<Planned> plan) {
        Random random = new Random(seed ^ 0x12EF0D5L);
        Map<Integer, Refunds> refunds = new java.util.TreeMap<>();
        for (Planned p : plan) {
            if (p.scenario() == PAID && random.nextInt(4) == 0) {
                refunds.put(p.index(), Refunds.values()[random.nextInt(Refunds.values().length)]);
            }
        }
        return refunds;
    }

    static Map<String, Integer> expectedOutcomes(List<Planned> plan) {
        Map<String, Integer> expected = new java.util.TreeMap<>();
        plan.forEach(p -> p.scenario().outcomes().forEach((outcome, n) -> expected.merge(outcome, n, Integer::sum)));
        return expected;
    }

    /** The alerts (by kind) the plan must raise, exactly. */
    static Map<String, Integer> expectedAlerts(List<Planned> plan) {
        Map<String, Integer> expected = new java.util.TreeMap<>();
        plan.forEach(p -> p.scenario().alerts.forEach((kind, n) -> expected.merge(kind, n, Integer::sum)));
        return expected;
    }

    static Map<ChaosScenario, Integer> histogram(List<Planned> plan) {
        Map<ChaosScenario, Integer> histogram = new EnumMap<>(ChaosScenario.class);
        plan.forEach(p -> histogram.merge(p.scenario(), 1, Integer::sum));
        return histogram;
    }

}
