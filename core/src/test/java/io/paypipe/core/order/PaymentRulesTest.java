package io.paypipe.core.order;

import static io.paypipe.core.order.OrderStatus.*;
import static io.paypipe.core.order.PaymentRules.CloseMeaning.ATTEMPT_ENDED;
import static io.paypipe.core.order.PaymentRules.CloseMeaning.ORDER_CLOSED;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.order.PaymentRules.CloseMeaning;
import io.paypipe.core.order.PaymentRules.OnClose;
import io.paypipe.core.order.PaymentRules.OnSuccess;
import io.paypipe.core.order.PaymentRules.TradeRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payment rules written out by hand, every combination, independently of the implementation. */
class PaymentRulesTest {

    @Test
    void wechatAndAlipayClosesCloseTheOrderAStripeCancelEndsOnlyTheAttempt() {
        assertThat(PaymentRules.closeMeaning(Channel.WECHATPAY)).isEqualTo(ORDER_CLOSED);
        assertThat(PaymentRules.closeMeaning(Channel.ALIPAY)).isEqualTo(ORDER_CLOSED);
        assertThat(PaymentRules.closeMeaning(Channel.STRIPE)).isEqualTo(ATTEMPT_ENDED);
    }

    @Test
    void everySuccessHasItsDecision() {
        // status / closed by / relation -> decision ("-" = not closed)
        Map<String, OnSuccess> expected = Map.ofEntries(
                Map.entry("PENDING/-/NONE", OnSuccess.APPLY),
                Map.entry("CLOSED/PAYMENT_CLOSED/NONE", OnSuccess.REOPEN),
                Map.entry("CLOSED/ORDER_CANCELLED/NONE", OnSuccess.PAID_AFTER_CLOSE),
                Map.entry("CLOSED/-/NONE", OnSuccess.PAID_AFTER_CLOSE),
                Map.entry("PAID/-/SAME", OnSuccess.DUPLICATE),
                Map.entry("PAID/-/OTHER", OnSuccess.DOUBLE_PAYMENT),
                Map.entry("REFUNDING/-/SAME", OnSuccess.DUPLICATE),
                Map.entry("REFUNDING/-/OTHER", OnSuccess.DOUBLE_PAYMENT),
                Map.entry("REFUNDED/-/SAME", OnSuccess.DUPLICATE),
                Map.entry("REFUNDED/-/OTHER", OnSuccess.DOUBLE_PAYMENT));
        List<String> checked = new ArrayList<>();
        for (OrderStatus status : OrderStatus.values()) {
            List<Optional<OrderEvent>> closers = status == CLOSED
                    ? List.of(Optional.of(OrderEvent.PAYMENT_CLOSED), Optional.of(OrderEvent.ORDER_CANCELLED), Optional.empty())
                    : List.of(Optional.empty());
            TradeRelation[] relations = status == PENDING || status == CLOSED ? new TradeRelation[] {TradeRelation.NONE}
                    : new TradeRelation[] {TradeRelation.SAME, TradeRelation.OTHER};
            for (Optional<OrderEvent> closedBy : closers) {
                for (TradeRelation relation : relations) {
                    String row = status + "/" + closedBy.map(Enum::name).orElse("-") + "/" + relation;
                    assertThat(PaymentRules.onSuccess(status, closedBy, relation)).as(row).isEqualTo(expected.get(row));
                    checked.add(row);
                }
            }
        }
        assertThat(checked).containsExactlyInAnyOrderElementsOf(expected.keySet());
    }

    @Test
    void onlyAReopenIsAConflictAndOnlyApplyAndReopenBookThePayment() {
        assertThat(List.of(OnSuccess.values())).filteredOn(OnSuccess::conflict).containsExactly(OnSuccess.REOPEN);
        assertThat(List.of(OnSuccess.values())).filteredOn(OnSuccess::books)
                .containsExactly(OnSuccess.APPLY, OnSuccess.REOPEN);
    }

    @Test
    void everyCloseHasItsDecision() {
        Map<String, OnClose> expected = Map.of(
                "ORDER_CLOSED/PENDING", OnClose.CLOSE,
                "ORDER_CLOSED/CLOSED", OnClose.ALREADY_CLOSED,
                "ORDER_CLOSED/PAID", OnClose.OVERRULED,
                "ORDER_CLOSED/REFUNDING", OnClose.OVERRULED,
                "ORDER_CLOSED/REFUNDED", OnClose.OVERRULED);
        for (CloseMeaning meaning : CloseMeaning.values()) {
            for (OrderStatus status : OrderStatus.values()) {
                OnClose want = meaning == ATTEMPT_ENDED ? OnClose.ATTEMPT_ENDED : expected.get(meaning + "/" + status);
                assertThat(PaymentRules.onClose(meaning, status)).as(meaning + "/" + status).isEqualTo(want);
            }
        }
        assertThat(List.of(OnClose.values())).filteredOn(OnClose::conflict).containsExactly(OnClose.OVERRULED);
    }

    @Test
    void everyBookedSuccessIsAWhitelistedTransition() {
        assertThat(OrderTransitions.next(PENDING, OrderEvent.PAYMENT_SUCCEEDED)).contains(PAID);
        assertThat(OrderTransitions.next(CLOSED, OrderEvent.PAYMENT_SUCCEEDED)).contains(PAID);
        assertThat(OrderTransitions.next(PENDING, OrderEvent.PAYMENT_CLOSED)).contains(CLOSED);
    }
}
