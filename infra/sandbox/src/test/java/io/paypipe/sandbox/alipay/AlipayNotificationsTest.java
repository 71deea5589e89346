package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.SandboxFixtures.alipayDirect;
import static io.paypipe.sandbox.SandboxFixtures.alipayNotifications;
import static io.paypipe.sandbox.SandboxFixtures.alipayServiceProvider;
import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.AlipayApiException;
import com.alipay.api.internal.util.AlipaySignature;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the sandbox sends as Alipay is what Alipay's own SDK accepts:
 * {@code AlipaySignature.rsaCheckV1} with the public key from the merchants file, charset
 * UTF-8 and sign type RSA2, over the parameters decoded from the body.
 */
class AlipayNotificationsTest {

    private final AlipayNotifications notifications = alipayNotifications();

    @Test
    void officialSdkAcceptsAPaymentNotification() throws AlipayApiException {
        // Given a paid trade of 100.10 CNY
        AlipayTrade trade = AlipayTrade.paid(alipayDirect(), "ORDER-7001", notifications.newTradeNo(), 10_010);

        // When the sandbox builds its notification
        AlipayNotification n = notifications.tradeStatusSync(trade);

        // Then the SDK verifies the parameters decoded from the body with the merchant's
        // public key
        Map<String, String> received = decodeForm(n.body());
        assertThat(sdkAccepts(received, alipayDirect().publicKeyBase64())).isTrue();
        assertThat(received).isEqualTo(n.params());
    }

    @Test
    void paymentNotificationCarriesAlipaysParameters() {
        AlipayTrade trade = AlipayTrade.paid(alipayDirect(), "ORDER-7002", notifications.newTradeNo(), 10_010)
            .withReceiptFen(10_000);

        Map<String, String> p = decodeForm(notifications.tradeStatusSync(trade).body());

        assertThat(p).containsKeys("notify_time", "notify_id", "buyer_id", "buyer_logon_id", "seller_id", "gmt_create",
                "gmt_payment", "subject", "body", "fund_bill_list", "invoice_amount", "point_amount", "sign");
        assertThat(p).containsEntry("notify_type", "trade_status_sync")
            .containsEntry("app_id", "2021000100000000")
            .containsEntry("auth_app_id", "2021000100000000")
            .containsEntry("charset", "utf-8")
            .containsEntry("version", "1.0")
            .containsEntry("sign_type", "RSA2")
            .containsEntry("trade_status", "TRADE_SUCCESS")
            .containsEntry("out_trade_no", "ORDER-7002")
            .containsEntry("total_amount", "100.10")
            .containsEntry("receipt_amount", "100.00")
            .containsEntry("buyer_pay_amount", "100.00");
        // 2025-06-08T02:34:56Z is 10:34:56 in Beijing
        assertThat(p.get("gmt_payment")).isEqualTo("2025-06-08 10:34:56");
        assertThat(p.get("trade_no")).matches("2025060822001\\d{15}");
        assertThat(p.get("buyer_id")).matches("2088\\d{12}");
        assertThat(p.get("notify_id")).hasSize(34);
    }

    @Test
    void officialSdkAcceptsARefundNotificationWithCumulativeRefundFee() throws AlipayApiException {
        // Given a trade of 50.00 CNY of which 20.00 were refunded so far
        AlipayTrade trade = AlipayTrade.paid(alipayDirect(), "ORDER-7003", notifications.newTradeNo(), 5_000);

        // When
        AlipayNotification partial = notifications.refund(trade, "REFUND-7003-1", 2_000);
        AlipayNotification full = notifications.refund(trade, "REFUND-7003-2", 5_000);

        // Then both are verifiable; a partial refund leaves the trade open, a full one
        // closes it
        assertThat(sdkAccepts(decodeForm(partial.body()), alipayDirect().publicKeyBase64())).isTrue();
        assertThat(partial.params()).containsEntry("refund_fee", "20.00")
            .containsEntry("out_biz_no", "REFUND-7003-1")
            .containsEntry("trade_status", "TRADE_SUCCESS")
            .containsEntry("gmt_refund", "2025-06-08 10:34:56.000");
        assertThat(full.params()).containsEntry("refund_fee", "50.00")
            .containsEntry("trade_status", "TRADE_CLOSED")
            .containsKey("gmt_close");
        assertThat(partial.notifyId()).isNotEqualTo(full.notifyId());
    }

    @Test
    void serviceProviderNotificationIsSignedForTheIsvAppAndNamesTheAuthorisingApp() throws AlipayApiException {
        AlipayMerchant isv = alipayServiceProvider();
        AlipayTrade trade = AlipayTrade.paid(isv, "2021000300000001", "ORDER-7004", notifications.newTradeNo(), 100);

        AlipayNotification n = notifications.tradeStatusSync(trade);

        assertThat(n.params()).containsEntry("app_id", "2021000200000000")
            .containsEntry("auth_app_id", "2021000300000001");
        assertThat(sdkAccepts(decodeForm(n.body()), isv.publicKeyBase64())).isTrue();
        assertThat(sdkAccepts(decodeForm(n.body()), alipayDirect().publicKeyBase64())).isFalse();
    }

    @Test
    void officialSdkRejectsTamperedBodiesAndStrangersKeys() throws AlipayApiException {
        AlipayTrade trade = AlipayTrade.paid(alipayDirect(), "ORDER-7005", notifications.newTradeNo(), 100);

        assertThat(sdkAccepts(decodeForm(notifications.tamperedBody(trade).body()), alipayDirect().publicKeyBase64()))
            .isFalse();
        assertThat(sdkAccepts(decodeForm(notifications.signedByAnotherKey(trade).body()),
                alipayDirect().publicKeyBase64()))
            .isFalse();
    }

    @Test
    void overriddenParametersAreStillValidlySigned() throws AlipayApiException {
        AlipayTrade trade = AlipayTrade.paid(alipayDirect(), "ORDER-7006", notifications.newTradeNo(), 100);
        Map<String, String> overrides = new HashMap<>();
        overrides.put("total_amount", "1e2");
        overrides.put("buyer_id", null);

        AlipayNotification n = notifications.tradeStatusSync(trade, overrides);

        assertThat(n.params()).containsEntry("total_amount", "1e2").doesNotContainKey("buyer_id");
        assertThat(sdkAccepts(decodeForm(n.body()), alipayDirect().publicKeyBase64())).isTrue();
    }

    @Test
    void threeArgumentSdkCheckIsSha1AndDoesNotAcceptRsa2() throws AlipayApiException {
        // the SDK pitfall the receiver avoids: rsaCheckV1(params, key, charset) means
        // sign type RSA (SHA1withRSA)
        AlipayNotification n = notifications
            .tradeStatusSync(AlipayTrade.paid(alipayDirect(), "ORDER-7007", notifications.newTradeNo(), 100));

        assertThat(AlipaySignature.rsaCheckV1(new HashMap<>(n.params()), alipayDirect().publicKeyBase64(), "UTF-8"))
            .isFalse();
    }

    @Test
    void signContentSkipsSignSignTypeAndBlankValuesInAsciiOrder() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("b", "2");
        params.put("sign", "x");
        params.put("a", "1");
        params.put("sign_type", "RSA2");
        params.put("c", " ");
        params.put("B", "3");

        assertThat(AlipayCrypto.signContent(params)).isEqualTo("B=3&a=1&b=2");
    }

    /** The SDK removes keys from the map it is given, so it gets a copy. */
    private static boolean sdkAccepts(Map<String, String> params, String publicKey) throws AlipayApiException {
        return AlipaySignature.rsaCheckV1(new HashMap<>(params), publicKey, "UTF-8", "RSA2");
    }

    /**
     * As a receiver decodes the body: split on {@code &} and {@code =}, URL-decode in
     * UTF-8.
     */
    static Map<String, String> decodeForm(byte[] body) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : new String(body, StandardCharsets.US_ASCII).split("&")) {
            int eq = pair.indexOf('=');
            params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

}
