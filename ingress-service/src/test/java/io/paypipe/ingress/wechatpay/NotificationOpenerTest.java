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

/** The official SDK's parser, offline, behind our merchant selection by serial. */
class NotificationOpenerTest {

    private final NotificationOpener opener = new NotificationOpener(MERCHANTS);
    private final String plaintext = PaymentJson.success("1900000100", "OT-1", "4200001", 10010, 10000).json();

    @Test
    void opensANotificationSignedWithTheMerchantsPlatformKey() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);

        Check<OpenedNotification> opened = open(n);

        assertThat(opened).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            OpenedNotification o = (OpenedNotification) ok.value();
            assertThat(o.merchant().merchantId()).isEqualTo("1900000100");
            assertThat(o.payment().transaction().getOutTradeNo()).isEqualTo("OT-1");
            assertThat(o.payment().tradeState()).contains("SUCCESS");
            assertThat(o.body()).isEqualTo(n.bodyText());
            assertThat(o.notifyId()).isPresent();
        });
    }

    @Test
    void aTamperedBodyFailsVerification() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);
        byte[] tampered = n.bodyText().replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs").getBytes(StandardCharsets.UTF_8);

        assertThat(rejection(open(n.withBody(tampered)))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void aSignatureByAnotherKeyUnderTheMerchantsSerialFailsVerification() {
        SignedNotification n = SignedNotification.of(SHOP_A.apiV3Key(), SHOP_B.platformKeys().getPrivate(),
                SHOP_A.keyId(), plaintext, NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.BAD_SIGNATURE);
    }

    @Test
    void wechatsSignatureProbesFailVerification() {
        SignedNotification n = SignedNotification.of(SHOP_A, plaintext, NOW);
        String probe = "WECHATPAY/SIGNTEST/" + Base64.getEncoder().encodeToString(new byte[32]);

        assertThat(rejection(open(n.withSignature(probe)))).isIn(Rejection.BAD_SIGNATURE, Rejection.MALFORMED);
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
        SignedNotification n = SignedNotification.signed(latin1, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.NOT_UTF8);
    }

    @Test
    void aSignedBodyThatIsNoEnvelopeIsMalformed() {
        byte[] body = "[1,2,3]".getBytes(StandardCharsets.UTF_8);
        SignedNotification n = SignedNotification.signed(body, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), NOW);

        assertThat(rejection(open(n))).isEqualTo(Rejection.MALFORMED);
    }

    private Check<OpenedNotification> open(SignedNotification n) {
        WechatPayHeaders headers = ((Check.Ok<WechatPayHeaders>) WechatPayHeaders.from(n.headers())).value();
        return opener.open(headers, n.body());
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }
}
