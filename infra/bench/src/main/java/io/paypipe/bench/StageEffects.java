package io.paypipe.bench;

import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.product.ExactnessCheck;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The effects of one stage cycle, gathered stage by stage, and the verdict: the cycle is
 * exact only when every delivery was acknowledged without an error, each acknowledged
 * order has one raw row, nothing was paid while the processor was paused and nothing
 * shipped while downstream was, both drains finished, and every order is paid once
 * (ledger, one {@code OrderPaid} event id) with one shipment and one points grant. A
 * stage that ran while it should have been paused is not that stage's figure, so it fails
 * the cycle too.
 */
final class StageEffects {

    private final Map<String, Long> counts = new LinkedHashMap<>();

    private boolean exact = true;

    StageEffects(int orders, int deliveries) {
        counts.put("orders", (long) orders);
        counts.put("deliveries", (long) deliveries);
    }

    void ingress(AckStats ack, long ackedOrders, long rawRows, long ordersWithExtraRawRows,
            long paidWhileProcessorPaused) {
        counts.put("ackedOrders", ackedOrders);
        counts.put("ingressErrors", ack.errorCount());
        counts.put("rawRows", rawRows);
        counts.put("ordersWithExtraRawRows", ordersWithExtraRawRows);
        counts.put("paidWhileProcessorPaused", paidWhileProcessorPaused);
        require(ack.errorCount() == 0 && ack.sent() == counts.get("deliveries") && ackedOrders == counts.get("orders")
                && rawRows == ackedOrders && ordersWithExtraRawRows == 0 && paidWhileProcessorPaused == 0);
    }

    /**
     * What the product's consumers of {@code topic} still had to read when the stage
     * began (informative: their catching up shares the machine with the stage; never a
     * verdict).
     */
    void behind(String topic, Map<String, Long> lagByGroup) {
        lagByGroup.forEach((group, lag) -> counts.put(topic + " behind, " + group, lag));
    }

    void processorDrain(boolean finished, long shippedWhileDownstreamPaused) {
        counts.put("processorDrainFinished", finished ? 1L : 0L);
        counts.put("shipmentsWhileDownstreamPaused", shippedWhileDownstreamPaused);
        require(finished && shippedWhileDownstreamPaused == 0);
    }

    void downstreamDrain(boolean finished, long grants, long ordersWithExtraGrants) {
        counts.put("downstreamDrainFinished", finished ? 1L : 0L);
        counts.put("pointsGrants", grants);
        counts.put("ordersWithExtraPointsGrants", ordersWithExtraGrants);
        require(finished && grants == counts.get("ackedOrders") && ordersWithExtraGrants == 0);
    }

    void exactness(ExactnessCheck.Verdict v) {
        counts.put("paidOrders", v.paidOrders());
        counts.put("ledgerRows", v.ledgerRows());
        counts.put("ordersWithExtraLedgerRows", v.ordersWithExtraLedgerRows());
        counts.put("shipments", v.shipments());
        counts.put("ordersWithExtraShipments", v.ordersWithExtraShipments());
        counts.put("ordersWithSeveralOrderPaidEventIds", v.ordersWithSeveralEventIds());
        counts.put("orderPaidRecords", v.orderPaidRecords());
        require(v.exact() && v.ackedOrders() == counts.get("ackedOrders"));
    }

    private void require(boolean holds) {
        exact &= holds;
    }

    boolean exact() {
        return exact;
    }

    Map<String, Long> counts() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

}
