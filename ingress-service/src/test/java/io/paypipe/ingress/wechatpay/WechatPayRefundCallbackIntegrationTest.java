package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.callback.CallbackIntegrationBase.RawTable.REFUNDS;
import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newRefundNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Json;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * REFUND.* notifications on {@code POST /notify/wechatpay}: pay_refund_raw (one row per
 * merchant, refund number and status) and refund.notify (one event id per row).
 */
class WechatPayRefundCallbackIntegrationTest extends CallbackIntegrationSupport {

    @Test
    void aRefundNotificationIsStoredByItsRefundNumberWithThisRefundsAmountAndPublishedBeforeTheSuccessAck()
            throws Exception {
        // Given REFUND.SUCCESS for 25.00 of a 100.10 CNY payment
        String out = newOutTradeNo();
        String tx = newTransactionId();
        String refundNo = newRefundNo();
        SignedNotification n = SignedNotification.refund(SHOP_A,
                RefundJson.success("1900000100", out, tx, refundNo, 10010, 2500), Instant.now());

        // When
        HttpResponse<String> response = post(n);

        // Then
        assertThat(response.statusCode()).isEqualTo(204);
        RefundRow row = refundRows(out).getFirst();
        assertThat(refundRows(out)).containsExactly(new RefundRow(row.id(), "shop-a", "1900000100", null, "wechatpay",
                refundNo, refundNo, "50200207182018070300011301001", tx, out, envelopeId(n), "SUCCESS", 2500L, null,
                "CNY", 0, n.bodyText()));
        assertThat(rawRows(out)).isEmpty();
        assertThat(refunds.recordsFor("shop-a|1900000100|" + out)).singleElement().satisfies(r -> {
            assertCarriesRawId(r, row.id());
            RefundNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(RefundNotified.idFor(row.id()));
            assertThat(e.rawId()).isEqualTo(row.id());
            assertThat(e.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(e.refundNo()).isEqualTo(refundNo);
            assertThat(e.channelRefundId()).isEqualTo("50200207182018070300011301001");
            assertThat(e.channelTradeNo().value()).isEqualTo(tx);
            assertThat(e.state()).isEqualTo(RefundState.SUCCEEDED);
            assertThat(e.refundAmount()).isEqualTo(Money.of(2500, "CNY"));
            assertThat(e.refundedTotal()).isNull();
            assertThat(e.succeededAt()).isEqualTo(OffsetDateTime.parse(RefundJson.SUCCESS_TIME).toInstant());
        });
    }

    @ParameterizedTest
    @CsvSource({ "CLOSED,CLOSED", "ABNORMAL,ABNORMAL" })
    void closedAndAbnormalRefundsAreStoredWithTheirState(String refundStatus, RefundState state) throws Exception {
        String out = newOutTradeNo();
        RefundJson refund = RefundJson.success("1900000100", out, newTransactionId(), newRefundNo(), 999, 999)
            .status(refundStatus);

        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(refundRows(out)).singleElement().satisfies(r -> assertThat(r.refundState()).isEqualTo(refundStatus));
        assertThat(refunds.recordsFor("shop-a|1900000100|" + out)).singleElement().satisfies(r -> {
            assertThat(r.value().state()).isEqualTo(state);
            assertThat(r.value().succeededAt()).isNull();
        });
    }

    @Test
    void aDuplicateOfASettledRefundIsAckedWithoutPublishing() throws Exception {
        String out = newOutTradeNo();
        RefundJson refund = RefundJson.success("1900000100", out, newTransactionId(), newRefundNo(), 700, 700);
        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);
        long rawId = refundRows(out).getFirst().id();
        jdbc.sql("UPDATE pay_refund_raw SET handled = 1 WHERE id = :id").param("id", rawId).update();

        // WeChat pushes again: same refund, fresh signature
        assertThat(post(SignedNotification.refund(SHOP_A, refund, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(refundRows(out)).singleElement().satisfies(r -> assertThat(r.handled()).isEqualTo(1));
        assertThat(refunds.recordsFor("shop-a|1900000100|" + out)).hasSize(1);
    }

    @Test
    void aServiceProvidersRefundIsStoredUnderTheSubMerchant() throws Exception {
        String out = newOutTradeNo();
        RefundJson refund = RefundJson.partnerSuccess("1900000300", "1900000302", out, newTransactionId(),
                newRefundNo(), 900, 300);

        assertThat(post(SignedNotification.refund(PROVIDER, refund, Instant.now())).statusCode()).isEqualTo(204);

        assertThat(refundRows(out)).singleElement().satisfies(r -> {
            assertThat(r.tenantId()).isEqualTo("mall");
            assertThat(r.merchantId()).isEqualTo("1900000302");
            assertThat(r.spMerchantId()).isEqualTo("1900000300");
        });
        assertThat(refunds.recordsFor("mall|1900000302|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().spMerchantId()).isEqualTo(MerchantId.of("1900000300")));
    }

    @Test
    void anAbnormalRefundThatLaterSucceedsIsTwoRowsAndTwoEventsAndARepeatOfEitherIsADuplicate() throws Exception {
        // Given refund R of merchant A reported ABNORMAL, stored, published and settled
        String out = newOutTradeNo();
        String refundNo = newRefundNo();
        String tx = newTransactionId();
        RefundJson abnormal = RefundJson.success("1900000100", out, tx, refundNo, 900, 300).status("ABNORMAL");
        RefundJson succeeded = RefundJson.success("1900000100", out, tx, refundNo, 900, 300);
        assertThat(post(SignedNotification.refund(SHOP_A, abnormal, Instant.now())).statusCode()).isEqualTo(204);
        long abnormalId = refundRows(out).getFirst().id();
        settle(REFUNDS, abnormalId, 1);

        // When WeChat reports R as SUCCESS, then pushes both notices again
        assertThat(post(SignedNotification.refund(SHOP_A, succeeded, Instant.now())).statusCode()).isEqualTo(204);
        long successId = refundRows(out).getLast().id();
        settle(REFUNDS, successId, 1);
        assertThat(post(SignedNotification.refund(SHOP_A, succeeded, Instant.now())).statusCode()).isEqualTo(204);
        assertThat(post(SignedNotification.refund(SHOP_A, abnormal, Instant.now())).statusCode()).isEqualTo(204);

        // Then each status is a row of its own under the same refund key, settled as it
        // was
        assertThat(refundRows(out)).extracting(RefundRow::refundKey, RefundRow::refundState, RefundRow::handled)
            .containsExactly(tuple(refundNo, "ABNORMAL", 1), tuple(refundNo, "SUCCESS", 1));
        assertThat(successId).isNotEqualTo(abnormalId);
        // And each was published once, under its own raw id and event id
        var records = refunds.recordsFor("shop-a|1900000100|" + out);
        assertThat(records).hasSize(2);
        assertCarriesRawId(records.get(0), abnormalId);
        assertCarriesRawId(records.get(1), successId);
        assertThat(records).extracting(r -> r.value().eventId())
            .containsExactly(RefundNotified.idFor(abnormalId), RefundNotified.idFor(successId))
            .doesNotHaveDuplicates();
        assertThat(records).extracting(r -> r.value().state())
            .containsExactly(RefundState.ABNORMAL, RefundState.SUCCEEDED);
    }

    @Test
    void twoMerchantsWithTheSameRefundNumberEachGetTheirOwnRowAndEvent() throws Exception {
        // Given merchant A's refund RF-x, stored and settled
        String refundNo = newRefundNo();
        String outA = newOutTradeNo();
        String outB = newOutTradeNo();
        RefundJson refundA = RefundJson.success("1900000100", outA, newTransactionId(), refundNo, 1000, 400);
        assertThat(post(SignedNotification.refund(SHOP_A, refundA, Instant.now())).statusCode()).isEqualTo(204);
        long rowA = refundRows(outA).getFirst().id();
        settle(REFUNDS, rowA, 1);

        // When merchant B reports a refund of its own under the same number and state
        RefundJson refundB = RefundJson.success("1900000200", outB, newTransactionId(), refundNo, 2000, 700);
        assertThat(post(SignedNotification.refund(SHOP_B, refundB, Instant.now())).statusCode()).isEqualTo(204);

        // Then B's refund is stored and published as B's, not answered as A's "already
        // handled"
        assertThat(refundRows(outB)).singleElement().satisfies(row -> {
            assertThat(row.id()).isNotEqualTo(rowA);
            assertThat(row.tenantId()).isEqualTo("shop-b");
            assertThat(row.merchantId()).isEqualTo("1900000200");
            assertThat(row.refundKey()).isEqualTo(refundNo);
            assertThat(row.refundAmount()).isEqualTo(700L);
            assertThat(row.handled()).isZero();
        });
        long rowB = refundRows(outB).getFirst().id();
        assertThat(refunds.recordsFor("shop-b|1900000200|" + outB)).singleElement().satisfies(r -> {
            assertCarriesRawId(r, rowB);
            assertThat(r.value().eventId()).isEqualTo(RefundNotified.idFor(rowB));
            assertThat(r.value().refundAmount()).isEqualTo(Money.of(700, "CNY"));
        });
        // And A's row is untouched, and A's repeat is still A's duplicate
        assertThat(post(SignedNotification.refund(SHOP_A, refundA, Instant.now())).statusCode()).isEqualTo(204);
        assertThat(refundRows(outA)).singleElement().satisfies(row -> {
            assertThat(row.id()).isEqualTo(rowA);
            assertThat(row.handled()).isEqualTo(1);
        });
        assertThat(refunds.recordsFor("shop-a|1900000100|" + outA)).hasSize(1);
    }

    private static String envelopeId(SignedNotification n) {
        return Json.MAPPER.readTree(n.body()).path("id").asString();
    }

}
