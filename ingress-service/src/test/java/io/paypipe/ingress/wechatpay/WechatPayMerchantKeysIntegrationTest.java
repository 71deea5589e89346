package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.OTHER_PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Several merchants, each with its own APIv3 key and platform keys; one merchant with
 * both serial forms (public-key id and platform certificate serial); service providers
 * and their sub-merchants.
 */
class WechatPayMerchantKeysIntegrationTest extends CallbackIntegrationSupport {

    @Test
    void oneMerchantIsAcceptedUnderItsPublicKeyIdAndUnderItsCertificateSerial() throws Exception {
        // Given two payments of merchant A, one signed with each of A's platform keys
        String byPublicKey = newOutTradeNo();
        String byCertificate = newOutTradeNo();
        SignedNotification n1 = SignedNotification.of(SHOP_A, payment(byPublicKey), Instant.now());
        SignedNotification n2 = SignedNotification.ofCertificate(SHOP_A, payment(byCertificate), Instant.now());

        // Then the serials have the two forms, and both are accepted for A
        assertThat(n1.serial()).startsWith("PUB_KEY_ID_");
        assertThat(n2.serial()).matches("[0-9A-F]{40}");
        assertThat(post(n1).statusCode()).isEqualTo(204);
        assertThat(post(n2).statusCode()).isEqualTo(204);
        assertThat(singleRawRow(byPublicKey).merchantId()).isEqualTo("1900000100");
        assertThat(singleRawRow(byCertificate).merchantId()).isEqualTo("1900000100");
    }

    @Test
    void aSerialOfAnotherMerchantIsRejected() throws Exception {
        // Given A's payment signed with A's certificate key, naming B's certificate
        // serial
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.ofCertificate(SHOP_A, payment(out), Instant.now())
            .withSerial(SHOP_B.keyId());

        HttpResponse<String> response = post(n);

        assertThat(response.statusCode()).isEqualTo(401);
        assertIsFailAck(response);
        assertThat(rawRows(out)).isEmpty();
    }

    @Test
    void eachMerchantDecryptsWithItsOwnApiV3Key() throws Exception {
        String ofA = newOutTradeNo();
        String ofB = newOutTradeNo();

        assertThat(post(SignedNotification.of(SHOP_A, payment(ofA), Instant.now())).statusCode()).isEqualTo(204);
        assertThat(post(SignedNotification.of(SHOP_B,
                PaymentJson.success("1900000200", ofB, newTransactionId(), 100, 100).json(), Instant.now()))
            .statusCode()).isEqualTo(204);

        assertThat(singleRawRow(ofA).tenantId()).isEqualTo("shop-a");
        assertThat(singleRawRow(ofB).tenantId()).isEqualTo("shop-b");
    }

    @Test
    void twoSubMerchantsWithTheSameOutTradeNoAreTwoSeparateRows() throws Exception {
        // Given one out_trade_no paid at both sub-merchants of one service provider
        String out = newOutTradeNo();
        String tx1 = newTransactionId();
        String tx2 = newTransactionId();

        // When
        assertThat(post(SignedNotification.of(PROVIDER,
                PaymentJson.partnerSuccess("1900000300", "1900000301", out, tx1, 100, 100).json(), Instant.now()))
            .statusCode()).isEqualTo(204);
        assertThat(post(SignedNotification.of(PROVIDER,
                PaymentJson.partnerSuccess("1900000300", "1900000302", out, tx2, 200, 200).json(), Instant.now()))
            .statusCode()).isEqualTo(204);

        // Then each is keyed by its own sub-merchant
        assertThat(rawRows(out)).extracting(RawRow::merchantId, RawRow::channelTradeNo, RawRow::orderAmount)
            .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("1900000301", tx1, 100L),
                    org.assertj.core.groups.Tuple.tuple("1900000302", tx2, 200L));
        assertThat(payments.recordsFor("mall|1900000301|" + out)).hasSize(1);
        assertThat(payments.recordsFor("mall|1900000302|" + out)).hasSize(1);
    }

    @Test
    void aProviderCannotNotifyForASubMerchantItDoesNotList() throws Exception {
        // Given a payment of sub-merchant 1900000401 (listed by another provider) and of
        // 1900000399 (listed by none),
        // both signed and encrypted by PROVIDER
        String out = newOutTradeNo();
        for (String sub : new String[] { OTHER_PROVIDER.subMchids().getFirst(), "1900000399" }) {
            SignedNotification n = SignedNotification.of(PROVIDER,
                    PaymentJson.partnerSuccess("1900000300", sub, out, newTransactionId(), 100, 100).json(),
                    Instant.now());

            HttpResponse<String> response = post(n);

            assertThat(response.statusCode()).isEqualTo(401);
            assertIsFailAck(response);
        }
        assertThat(rawRows(out)).isEmpty();
        assertThat(payments.recordsFor("plaza|1900000401|" + out)).isEmpty();
    }

    private static String payment(String outTradeNo) {
        return PaymentJson.success("1900000100", outTradeNo, newTransactionId(), 100, 100).json();
    }

}
