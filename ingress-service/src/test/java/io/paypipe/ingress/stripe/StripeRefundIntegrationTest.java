package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.REFUNDS;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;
import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Stripe refunds that do not name our refund number or our order (made in the Dashboard),
 * refunds of two accounts with the same refund number, and the two amounts: stored in
 * {@code pay_refund_raw} and published to {@code refund.notify} for the refund service to
 * match by PaymentIntent, never refused and never only logged.
 */
class StripeRefundIntegrationTest extends StripeCallbackIntegrationSupport {

    @Test
    void aRefundOfOurOrderWithoutOurRefundNumberIsStoredByItsIdAndPublishedWithoutARefundNumber() throws Exception {
        // Given a refund of 3.00 of our order's 10.00 made in the Dashboard: metadata
        // names
        // the order only
        String out = newOutTradeNo();
        PaymentIntentSpec payment = PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd");
        RefundSpec refund = RefundSpec.of(payment, null, 300);

        // When Stripe reports it succeeded, twice
        SignedNotification succeeded = EVENTS.refund(refund, "refund.created");
        assertThat(post(succeeded).statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.resign(succeeded, SHOP_A)).statusCode()).isEqualTo(200);

        // Then one row under the channel's refund id, with this refund's amount and no
        // refund number
        List<Map<String, Object>> rows = refundRowsOfPayment(payment.paymentIntentId());
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row.get("refund_no")).isNull();
            assertThat(row.get("refund_key")).isEqualTo("channel:" + refund.refundId());
            assertThat(row.get("channel_refund_id")).isEqualTo(refund.refundId());
            assertThat(row.get("out_trade_no")).isEqualTo(out);
            assertThat(row.get("merchant_id")).isEqualTo(SHOP_A.account());
            assertThat(row.get("refund_amount_minor")).isEqualTo(300L);
            assertThat(row.get("refunded_total_minor")).isNull();
            assertThat(row.get("currency")).isEqualTo("USD");
        });
        long rawId = (Long) rows.getFirst().get("id");
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(2).allSatisfy(r -> {
            assertCarriesRawId(r, rawId);
            RefundNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(RefundNotified.idFor(rawId));
            assertThat(e.refundNo()).isNull();
            assertThat(e.channelRefundId()).isEqualTo(refund.refundId());
            assertThat(e.channelTradeNo().value()).isEqualTo(payment.paymentIntentId());
            assertThat(e.state()).isEqualTo(RefundState.SUCCEEDED);
            assertThat(e.refundAmount()).isEqualTo(Money.of(300, "USD"));
            assertThat(e.refundedTotal()).isNull();
        });

        // And once settled, another copy is only acknowledged
        settle(REFUNDS, rawId, 1);
        assertThat(post(EVENTS.resign(succeeded, SHOP_A)).statusCode()).isEqualTo(200);
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).hasSize(2);
    }

    @Test
    void aDashboardRefundNamingNoneOfOurNumbersIsStoredWithoutAnOrderAndPublishedUnderItsPayment() throws Exception {
        // Given a refund of our payment made in the Dashboard: no metadata of ours at all
        String out = newOutTradeNo();
        PaymentIntentSpec payment = PaymentIntentSpec.of(SHOP_A, out, 2_000, "usd");
        RefundSpec refund = RefundSpec.of(payment, null, 2_000).withOutTradeNo(null);

        // When Stripe reports it pending, then succeeded, and the charge refunded
        assertThat(post(EVENTS.refund(refund.withStatus("pending"), "refund.created")).statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.refund(refund, "refund.updated")).statusCode()).isEqualTo(200);
        assertThat(post(EVENTS.chargeRefunded(refund, 2_000)).statusCode()).isEqualTo(200);

        // Then the success is stored against its PaymentIntent, with no order and no
        // refund number; pending and charge.refunded are in the event log only
        assertThat(refundRowsOfPayment(payment.paymentIntentId())).singleElement().satisfies(row -> {
            assertThat(row.get("out_trade_no")).isNull();
            assertThat(row.get("refund_no")).isNull();
            assertThat(row.get("refund_key")).isEqualTo("channel:" + refund.refundId());
            assertThat(row.get("refund_state")).isEqualTo("succeeded");
            assertThat(row.get("refund_amount_minor")).isEqualTo(2_000L);
        });
        assertThat(eventRows(payment.paymentIntentId())).extracting(r -> r.get("state"))
            .containsExactly("refund.created", "charge.refunded");
        long rawId = (Long) refundRowsOfPayment(payment.paymentIntentId()).getFirst().get("id");
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + payment.paymentIntentId())).singleElement()
            .satisfies(r -> {
                assertCarriesRawId(r, rawId);
                assertThat(r.value().refundNo()).isNull();
                assertThat(r.value().channelTradeNo().value()).isEqualTo(payment.paymentIntentId());
                assertThat(r.value().orderKey().outTradeNo()).isEqualTo(OutTradeNo.of(payment.paymentIntentId()));
                assertThat(r.value().refundAmount()).isEqualTo(Money.of(2_000, "USD"));
            });
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + out)).isEmpty();
    }

    @Test
    void aRefundWithOurRefundNumberButNoOrderNumberIsStoredUnderItNotRefused() throws Exception {
        // Given a refund whose metadata names our refund number only (it used to be
        // answered 400, and Stripe would have retried it for days)
        String out = newOutTradeNo();
        PaymentIntentSpec payment = PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd");
        RefundSpec refund = RefundSpec.of(payment, "RF-" + out, 500).withOutTradeNo(null);

        // When Stripe reports it succeeded
        assertThat(post(EVENTS.refund(refund, "refund.updated")).statusCode()).isEqualTo(200);

        // Then it is stored under our refund number, without an order, and published
        // under
        // its payment
        assertThat(refundRowsOfPayment(payment.paymentIntentId())).singleElement().satisfies(row -> {
            assertThat(row.get("refund_no")).isEqualTo("RF-" + out);
            assertThat(row.get("refund_key")).isEqualTo("RF-" + out);
            assertThat(row.get("out_trade_no")).isNull();
        });
        assertThat(refunds.recordsFor("shop-a|" + SHOP_A.account() + "|" + payment.paymentIntentId())).singleElement()
            .satisfies(r -> assertThat(r.value().refundNo()).isEqualTo("RF-" + out));
    }

    @Test
    void twoAccountsWithTheSameRefundNumberEachGetTheirOwnRowAndEvent() throws Exception {
        // Given account A's refund RF-x, stored and settled
        String outA = newOutTradeNo();
        String outB = newOutTradeNo();
        String refundNo = "RF-" + outA;
        RefundSpec refundA = RefundSpec.of(PaymentIntentSpec.of(SHOP_A, outA, 1_000, "usd"), refundNo, 100);
        assertThat(post(EVENTS.refund(refundA, "refund.updated")).statusCode()).isEqualTo(200);
        long rowA = refundRawIds(SHOP_A.account(), refundNo).getFirst();
        settle(REFUNDS, rowA, 1);

        // When account B reports its own refund RF-x, succeeded as well
        RefundSpec refundB = RefundSpec.of(PaymentIntentSpec.of(SHOP_B, outB, 5_000, "usd"), refundNo, 4_000);
        assertThat(post(EVENTS.refund(refundB, "refund.updated")).statusCode()).isEqualTo(200);

        // Then B's is stored and published as B's
        assertThat(refundRawIds(SHOP_B.account(), refundNo)).singleElement().isNotEqualTo(rowA);
        long rowB = refundRawIds(SHOP_B.account(), refundNo).getFirst();
        assertThat(refunds.recordsFor("shop-b|" + SHOP_B.account() + "|" + outB)).singleElement().satisfies(r -> {
            assertCarriesRawId(r, rowB);
            assertThat(r.value().refundAmount()).isEqualTo(Money.of(4_000, "USD"));
        });
        assertThat(refundRawIds(SHOP_A.account(), refundNo)).containsExactly(rowA);
    }

    private List<Map<String, Object>> refundRowsOfPayment(String paymentIntentId) {
        return jdbc.sql("""
                SELECT id, refund_no, refund_key, channel_refund_id, out_trade_no, merchant_id, refund_state,
                       refund_amount_minor, refunded_total_minor, currency
                FROM pay_refund_raw WHERE channel = 'stripe' AND channel_trade_no = :pi ORDER BY id
                """).param("pi", paymentIntentId).query().listOfRows();
    }

    private List<Long> refundRawIds(String account, String refundNo) {
        return jdbc.sql("SELECT id FROM pay_refund_raw WHERE merchant_id = :m AND refund_no = :no ORDER BY id")
            .param("m", account)
            .param("no", refundNo)
            .query(Long.class)
            .list();
    }

}
