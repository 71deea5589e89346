package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paypipe.auditor.History.Order;
import io.paypipe.auditor.History.Payment;
import io.paypipe.auditor.History.Refund;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * One test per refund invariant (issue 12): a correct history (whose refunds sit on the
 * edges: refunded exactly what was paid, a status reported twice, a refund past its query
 * budget with its alert) plus exactly one kind of damage, and exactly its violations;
 * next to each damage a look-alike that is not one, which must not be reported.
 */
class AuditorRefundInvariantsIntegrationTest extends CorrectHistoryBase {

    @Test
    void aPaymentRefundedBeyondWhatItPaidCountingRefundsInFlightIsReportedEvenWhenTheOrderAsAWholeIsNot() {
        // Given an order paid 1000 by trade A and 1000 more by a double payment B (refund
        // task): A refunded 600 + 300 accepted + 200 pending (a failed 5000 does not
        // count), B 900, so the order's refunds (2000) equal all the money it got while A
        // is 100 over
        Payment payment = history.paid(1_000);
        Order order = payment.order();
        String b = history.trade();
        long raw = history.raw(order, b, 1_000, 2, "ILLEGAL_DOUBLE_PAYMENT", Instant.now(), Instant.now());
        history.alert(raw, order, b, "DOUBLE_PAYMENT");
        history.refundTask(order, b, raw, "DOUBLE_PAYMENT", 1_000);
        history.status(order, "REFUNDING");
        history.refund(order, payment.trade(), 600, "SUCCESS");
        history.refund(order, payment.trade(), 300, "ACCEPTED");
        history.refund(order, payment.trade(), 200, "PENDING");
        history.refund(order, payment.trade(), 5_000, "FAIL");
        history.refund(order, b, 900, "SUCCESS");
        // and a refund of a trade that paid nothing, and one in another currency than the
        // payment's
        String nothing = history.trade();
        history.refund(baseline.paid().order(), nothing, 1, "SUCCESS");
        world.db()
            .jdbc()
            .sql("""
                    INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel, channel_trade_no,
                        amount_minor, currency, status, source, created_at, updated_at)
                    VALUES ('R-USD', 't', 'm', :o, :orderId, 'wechatpay', :trade, 1, 'USD', 'ACCEPTED', 'API', NOW(3),
                        NOW(3))""")
            .param("o", baseline.paid().order().outTradeNo())
            .param("orderId", baseline.paid().order().id())
            .param("trade", baseline.paid().trade())
            .update();

        // When it is audited
        AuditReport report = world.audit();

        // Then exactly those three payments are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.REFUNDS_WITHIN_PAID, "payment", "wechatpay/" + payment.trade()),
                    line(Invariant.REFUNDS_WITHIN_PAID, "payment", "wechatpay/" + nothing),
                    line(Invariant.REFUNDS_WITHIN_PAID, "payment", "wechatpay/" + baseline.paid().trade()));
        assertThat(report.violations().getFirst().rows())
            .extracting(r -> r.get("channel_trade_no"), r -> r.get("paid_by"), r -> r.get("currency"),
                    r -> ((Number) r.get("refunds_minor")).longValue(), r -> ((Number) r.get("paid_minor")).longValue())
            .containsExactlyInAnyOrder(tuple(payment.trade(), "orders", "CNY", 1_100L, 1_000L),
                    tuple(nothing, "nothing", "CNY", 1L, 0L), tuple(baseline.paid().trade(), "nothing", "USD", 1L, 0L));
    }

    @Test
    void aSuccessfulRefundWithoutExactlyOneChannelRefundIdIsReported() {
        // Given a payment of 100.00 and successful refunds: one without a channel refund
        // id, two with the same one, one whose notice names another id
        Payment payment = history.paid(10_000);
        Order order = payment.order();
        Refund none = history.refund(order, payment.trade(), 100, "SUCCESS", Instant.now(), null);
        Refund shared = history.refund(order, payment.trade(), 100, "SUCCESS", Instant.now(), "5030-shared");
        Refund sharing = history.refund(order, payment.trade(), 100, "SUCCESS", Instant.now(), "5030-shared");
        Refund reportedOtherwise = history.refund(order, payment.trade(), 100, "SUCCESS");
        history.refundRaw("m", order.outTradeNo(), payment.trade(), reportedOtherwise.refundNo(),
                reportedOtherwise.refundNo(), "5030-other", "SUCCESS", 100L, null);
        // and look-alikes that are fine: an accepted refund without an id yet, a success
        // whose notice names no id (Alipay), another channel's refund with a shared id
        history.refund(order, payment.trade(), 100, "ACCEPTED");
        Refund alipayLike = history.refund(order, payment.trade(), 100, "SUCCESS");
        history.refundRaw("m", order.outTradeNo(), payment.trade(), alipayLike.refundNo(), alipayLike.refundNo(), null,
                "TRADE_SUCCESS", null, 500L);
        world.db()
            .jdbc()
            .sql("""
                    INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel, channel_trade_no,
                        amount_minor, currency, status, source, channel_refund_id, created_at, updated_at)
                    VALUES ('R-STRIPE', 't', 'acct_1', :o, :orderId, 'stripe', 'pi_1', 1, 'CNY', 'FAIL', 'API',
                        '5030-shared', NOW(3), NOW(3))""")
            .param("o", order.outTradeNo())
            .param("orderId", order.id())
            .update();

        // When it is audited
        AuditReport report = world.audit();

        // Then exactly the four refunds are reported, each with its problem
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID, "refund_id", none.id()),
                    line(Invariant.SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID, "refund_id", shared.id()),
                    line(Invariant.SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID, "refund_id", sharing.id()),
                    line(Invariant.SUCCESS_REFUND_HAS_ONE_CHANNEL_REFUND_ID, "refund_id", reportedOtherwise.id()));
        assertThat(report.violations().getFirst().rows()).extracting(r -> r.get("problem"))
            .containsExactly("none", "also the id of another refund", "also the id of another refund",
                    "the channel reported another id");
    }

    @Test
    void aRefundNumberWithTwoAmountsIsReported() {
        // Given refund R of 3.00 whose notice says 2.99, and the notices of a refund made
        // outside the product (no refund of ours yet) saying 5.00 when ABNORMAL and 4.00
        // when it succeeded
        Payment payment = history.paid(10_000);
        Order order = payment.order();
        Refund r = history.refund(order, payment.trade(), 300, "SUCCESS");
        history.refundRaw("m", order.outTradeNo(), payment.trade(), r.refundNo(), r.refundNo(), r.channelRefundId(),
                "SUCCESS", 299L, null);
        String outside = "channel:re_" + payment.trade();
        history.refundRaw("m", order.outTradeNo(), payment.trade(), null, outside, "re_x", "ABNORMAL", 500L, null);
        history.refundRaw("m", order.outTradeNo(), payment.trade(), null, outside, "re_x", "SUCCESS", 400L, null);
        // and look-alikes that are fine: Alipay notices of two refunds, only the refunded
        // total said (20.00, then 50.00); another merchant's notice of its own refund
        // with R's number and another amount
        history.refundRaw("m", order.outTradeNo(), payment.trade(), null, "trade:" + payment.trade() + ":2000", null,
                "TRADE_SUCCESS", null, 2_000L);
        history.refundRaw("m", order.outTradeNo(), payment.trade(), null, "trade:" + payment.trade() + ":5000", null,
                "TRADE_SUCCESS", null, 5_000L);
        history.refundRaw("m2", order.outTradeNo(), history.trade(), r.refundNo(), r.refundNo(), "5030-m2", "SUCCESS",
                700L, null);

        // When it is audited
        AuditReport report = world.audit();

        // Then R and the outside refund are reported, under merchant and refund number
        // (or key)
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.REFUND_NO_ONE_AMOUNT, "refund", "m/" + r.refundNo()),
                    line(Invariant.REFUND_NO_ONE_AMOUNT, "refund", "m/" + outside));
        assertThat(report.checked("pay_refund_raw")).isEqualTo(Baseline.CHECKED.get("pay_refund_raw") + 6);
    }

    @Test
    void aRefundNeitherFinalNorAlertedPastItsQueryBudgetIsReported() {
        // Given refunds made 9 h ago, past the 8 h budget: one accepted without an alert,
        // one pending whose only alert is another merchant's, one accepted whose only
        // alert is not a refund alert
        Payment payment = history.paid(10_000);
        Order order = payment.order();
        Instant old = Instant.now().minus(History.OLDER_THAN_REFUND_BUDGET);
        Refund unalerted = history.refund(order, payment.trade(), 100, "ACCEPTED", old, "5030-a");
        Refund othersAlert = history.refund(order, payment.trade(), 100, "PENDING", old, null);
        history.refundAlert("m2", othersAlert, "REFUND_UNRESOLVED");
        Refund notARefundAlert = history.refund(order, payment.trade(), 100, "ACCEPTED", old, "5030-b");
        history.refundAlert("m", notARefundAlert, "MISMATCH");
        // and look-alikes that are fine: one alerted, one final, one still within budget
        Refund alerted = history.refund(order, payment.trade(), 100, "PENDING", old, null);
        history.refundAlert("m", alerted, "REFUND_ABNORMAL");
        history.refund(order, payment.trade(), 100, "SUCCESS", old, "5030-c");
        history.refund(order, payment.trade(), 100, "FAIL", old, null);
        history.refund(order, payment.trade(), 100, "ACCEPTED", Instant.now().minus(Duration.ofHours(7)), "5030-d");

        // When it is audited with the 8 h budget, and with a 10 h one
        AuditReport report = world.audit();
        AuditReport patient = world.auditor().withRefundQueryBudget(Duration.ofHours(10)).audit(AuditWorld.BUDGET);

        // Then the three are reported, and none within 10 h
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.REFUND_FINAL_OR_ALERTED, "refund_id", unalerted.id()),
                    line(Invariant.REFUND_FINAL_OR_ALERTED, "refund_id", othersAlert.id()),
                    line(Invariant.REFUND_FINAL_OR_ALERTED, "refund_id", notARefundAlert.id()));
        assertThat(report.violations().getFirst().description()).contains("PT8H");
        assertThat(Found.of(patient)).as(patient.render()).isEmpty();
    }

    @Test
    void ordersInARefundStateWithoutTheRefundsThatPutThemThereAreReported() {
        // Given an order REFUNDED without any refund, one PARTIALLY_REFUNDED whose only
        // refund failed, one REFUNDING without any refund
        Payment refunded = history.paid(500);
        history.status(refunded.order(), "REFUNDED");
        Payment partly = history.paid(600);
        history.status(partly.order(), "PARTIALLY_REFUNDED");
        history.refund(partly.order(), partly.trade(), 100, "FAIL");
        Payment refunding = history.paid(700);
        history.status(refunding.order(), "REFUNDING");
        // and look-alikes that are fine: REFUNDING with a pending refund,
        // PARTIALLY_REFUNDED with a success
        Payment inFlight = history.paid(800);
        history.status(inFlight.order(), "REFUNDING");
        history.refund(inFlight.order(), inFlight.trade(), 100, "PENDING");
        Payment partlyDone = history.paid(900);
        history.status(partlyDone.order(), "PARTIALLY_REFUNDED");
        history.refund(partlyDone.order(), partlyDone.trade(), 100, "SUCCESS");

        // When it is audited
        AuditReport report = world.audit();

        // Then the three orders are reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(
                    line(Invariant.ORDER_REFUND_STATE_HAS_REFUNDS, "order_id", refunded.order().id()),
                    line(Invariant.ORDER_REFUND_STATE_HAS_REFUNDS, "order_id", partly.order().id()),
                    line(Invariant.ORDER_REFUND_STATE_HAS_REFUNDS, "order_id", refunding.order().id()));
    }

    @Test
    void anEmptyRefundTableNextToAnOrderInARefundStateIsAViolationNotAClean() {
        // Given the correct history with its refunds gone (a refund table that reads
        // empty: another database, a restore that lost them)
        world.db().jdbc().sql("DELETE FROM refund").update();

        // When it is audited
        AuditReport report = world.audit();

        // Then the refunding order is reported, and the report says no refund was read
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(
                    line(Invariant.ORDER_REFUND_STATE_HAS_REFUNDS, "order_id", baseline.refunded().order().id()));
        assertThat(report.checked("refund")).isZero();
        assertThat(report.clean()).isFalse();
    }

}
