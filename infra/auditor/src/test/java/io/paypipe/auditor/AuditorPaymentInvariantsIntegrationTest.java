package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.History.Order;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * One test per payment invariant: a correct history plus exactly one kind of damage, and
 * exactly its violations.
 */
class AuditorPaymentInvariantsIntegrationTest extends CorrectHistoryBase {

    @Test
    void aTradeThatMovedASecondOrderIsReportedWithTheOrderItLeftWithoutLedgerRow() {
        // Given the paid order's trade number also moved another order to PAID (the
        // ledger's unique key on the trade
        // lets only one of them have the ledger row)
        Order second = history.order("PAID", 1_000);
        long transition = history.transition(second.id(), baseline.paid().trade());

        // When it is audited
        AuditReport report = world.audit();

        // Then the trade is reported, and so are the transition and the paid order that
        // have no ledger row
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.TRADE_MOVED_ONCE, "channel_trade_no", baseline.paid().trade()),
                    line(Invariant.LEDGER_MATCHES_TRANSITION, "transition_id", transition),
                    line(Invariant.PAID_ORDER_HAS_LEDGER, "order_id", second.id()));
        assertThat(report.violations().getFirst().rows().getFirst()).containsEntry("order_ids",
                baseline.paid().order().id() + "," + second.id());
    }

    @Test
    void anOrderPaidByTwoLedgerRowsIsReported() {
        // Given the paid order got a second ledger row, with its transition and its
        // order.paid record
        Order order = baseline.paid().order();
        String second = history.trade();
        history.transition(order.id(), second);
        history.ledger(order.id(), second, 1_000, Instant.now());
        history.publish(order, second, 1_000);

        // When it is audited
        AuditReport report = world.audit();

        // Then the order is reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.ORDER_PAID_ONCE, "order_id", order.id()));
    }

    @Test
    void aLedgerRowWithoutTransitionAndATransitionWithoutLedgerRowAreReported() {
        // Given a ledger row (with its record) whose transition is missing, and a
        // transition of a pending order
        // that no ledger row matches
        Order paid = history.order("PAID", 800);
        String trade = history.trade();
        long ledger = history.ledger(paid.id(), trade, 800, Instant.now());
        history.publish(paid, trade, 800);
        long transition = history.transition(history.order("PENDING", 600).id(), history.trade());

        // When it is audited
        AuditReport report = world.audit();

        // Then both are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.LEDGER_MATCHES_TRANSITION, "ledger_id", ledger),
                    line(Invariant.LEDGER_MATCHES_TRANSITION, "transition_id", transition));
    }

    @Test
    void aPaidOrRefundedOrderWithoutLedgerRowIsReported() {
        // Given an order PAID and one REFUNDED, neither with a ledger row (nor a
        // transition)
        Order paid = history.order("PAID", 100);
        Order refunded = history.order("REFUNDED", 200);

        // When it is audited
        AuditReport report = world.audit();

        // Then both orders are reported (the refunded one also has no refund behind it)
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.PAID_ORDER_HAS_LEDGER, "order_id", paid.id()),
                    line(Invariant.PAID_ORDER_HAS_LEDGER, "order_id", refunded.id()),
                    line(Invariant.ORDER_REFUND_STATE_HAS_REFUNDS, "order_id", refunded.id()));
    }

}
