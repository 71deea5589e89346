package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newRefundNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

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
 * REFUND.* notifications on {@code POST /notify/wechatpay}: pay_refund_raw and
 * refund.notify.
 */
class WechatPayRefundCallbackIntegrationTest extends CallbackIntegrationSupport {

    @Test
    void aRefundNotificationIsStoredOnceByOurRefundNumberAndPublishedBeforeTheSuccessAck() throws Exception {
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
        assertThat(refundRows(out))
            .containsExactly(new RefundRow(row.id(), "shop-a", "1900000100", null, "wechatpay", refundNo,
                    "50200207182018070300011301001", tx, out, envelopeId(n), "SUCCESS", 2500, "CNY", 0, n.bodyText()));
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

    private static String envelopeId(SignedNotification n) {
        return Json.MAPPER.readTree(n.body()).path("id").asString();
    }

}
