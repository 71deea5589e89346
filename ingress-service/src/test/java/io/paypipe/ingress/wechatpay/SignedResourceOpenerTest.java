package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.MERCHANTS;
import static io.paypipe.ingress.wechatpay.Fixtures.NOW;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The official SDK's parser, offline, behind our merchant selection by serial. */
class SignedResourceOpenerTest {

    private final SignedResourceOpener opener = new SignedResourceOpener(MERCHANTS);

    private final String plaintext = PaymentJson.success("1900000100", "OT-1", "4200001", 10010, 10000).json();

    @Test
    void opensANotificationSignedWithTheMerchantsPlatformKey() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);

        Check<OpenedNotification> opened = open(n);

        assertThat(opened).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            OpenedNotification o = (OpenedNotification) ok.value();
            assertThat(o.merchant().merchantId()).isEqualTo("1900000100");
            assertThat(o.resource().text("out_trade_no", 64)).isEqualTo("OT-1");
            assertThat(o.resource().text("trade_state", 32)).isEqualTo("SUCCESS");
            assertThat(o.body()).isEqualTo(n.bodyText());
            assertThat(o.envelope().id()).hasSize(36);
            assertThat(o.envelope().kind()).isEqualTo(Envelope.Kind.PAYMENT);
        });
    }

    @Test
    void opensANotificationSignedWithTheMerchantsCertificateKeyUnderItsSerial() {
        SignedNotification n = SignedNotification.ofCertificate(SHOP_A, plaintext, NOW);

        assertThat(n.serial()).matches("[0-9A-F]{40}");
        assertThat(open(n)).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(((OpenedNotification) ok.value()).merchant().merchantId()).isEqualTo("1900000100"));
    }

    @Test
    void anotherMerchantsSerialDoesNotVerifyTheMerchantsSignature() {
        // Given A's notification, signed by A, but naming B's certificate serial
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW).withSerial(SHOP_B.keyId());

        // Then B's key is tried, and fails
        assertThat(rejection(open(n))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void opensARefundNotification() {
        SignedNotification n = SignedNotification.refund(SHOP_A,
                RefundJson.success("1900000100", "OT-1", "4200001", "RF-1", 10010, 10), NOW);

        assertThat(open(n)).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            OpenedNotification o = (OpenedNotification) ok.value();
            assertThat(o.envelope().kind()).isEqualTo(Envelope.Kind.REFUND);
            assertThat(o.envelope().eventType()).isEqualTo("REFUND.SUCCESS");
            assertThat(o.resource().text("out_refund_no", 64)).isEqualTo("RF-1");
        });
    }

    @Test
    void aTamperedBodyFailsVerification() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);
        byte[] tampered = n.bodyText()
            .replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs")
            .getBytes(StandardCharsets.UTF_8);

        assertThat(rejection(open(n.withBody(tampered)))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void aSignatureByAnotherKeyUnderTheMerchantsSerialFailsVerification() {
        SignedNotification n = SignedNotification.of(SHOP_A.apiV3Key(), SHOP_B.platformKeys().getPrivate(),
                SHOP_A.keyId(), plaintext, NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @ParameterizedTest
    @ValueSource(ints = { 0, 1, 2, 3 })
    void wechatsSignatureProbesFailVerificationWhateverTheirPadding(int padding) {
        // Given probes that are Base64 (of some length) and ones that are not
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);
        String probe = "WECHATPAY/SIGNTEST/" + "A".repeat(padding) + Base64.getEncoder().encodeToString(new byte[255]);

        // Then each is a failed signature
        assertThat(rejection(open(n.withSignature(probe)))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void anUnknownSerialIsRefusedBeforeAnyCrypto() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW).withSerial("PUB_KEY_ID_UNKNOWN");

        assertThat(rejection(open(n))).isEqualTo(Rejection.UNKNOWN_SERIAL);
    }

    @Test
    void aResourceEncryptedWithAnotherApiV3KeyCannotBeDecrypted() {
        SignedNotification n = SignedNotification.of(SHOP_B.apiV3Key(), SHOP_A.platformKeys().getPrivate(),
                SHOP_A.keyId(), plaintext, NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.DECRYPT_FAILED);
    }

    @Test
    void aBodyThatIsNotUtf8IsRefused() {
        byte[] latin1 = "{\"id\":\"é\"}".getBytes(StandardCharsets.ISO_8859_1);
        SignedNotification n = SignedNotification.signed(latin1, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(),
                NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.NOT_UTF8);
    }

    @Test
    void aSignedBodyThatIsNoEnvelopeIsMalformed() {
        byte[] body = "[1,2,3]".getBytes(StandardCharsets.UTF_8);
        SignedNotification n = SignedNotification.signed(body, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.MALFORMED);
    }

    private Check<OpenedNotification> open(SignedNotification n) {
        return WechatPayHeaders.from(n.headers()).then(headers -> opener.open(headers, n.body()));
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
