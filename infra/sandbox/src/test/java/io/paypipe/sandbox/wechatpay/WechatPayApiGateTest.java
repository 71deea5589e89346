package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.SandboxFixtures.NOW;
import static io.paypipe.sandbox.SandboxFixtures.directMerchant;
import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.merchants;
import static io.paypipe.sandbox.SandboxFixtures.serviceProvider;
import static io.paypipe.sandbox.SandboxFixtures.switchingMerchant;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Which calls the sandbox's WeChat Pay API takes as the merchant's: the
 * {@code Authorization} header the official SDK's {@code WechatPay2Credential} writes,
 * checked in every part.
 */
class WechatPayApiGateTest {

    private static final String PATH = "/v3/refund/domestic/refunds/RF-1?sub_mchid=1900009100";

    private static final byte[] BODY = "{\"out_refund_no\":\"RF-1\"}".getBytes(StandardCharsets.UTF_8);

    private final WechatPayApiGate gate = new WechatPayApiGate(merchants(), fixedClock());

    @Test
    void aCallSignedByTheMerchantsApiKeyOverMethodPathTimestampNonceAndBodyIsTheMerchants() {
        // Given, When, Then
        assertThat(gate.authenticate("POST", PATH, BODY,
                authorization(directMerchant(), "1900000100", NOW, "POST", PATH, BODY)))
            .contains(directMerchant());
        assertThat(gate.authenticate("GET", PATH, new byte[0],
                authorization(serviceProvider(), "1230000109", NOW, "GET", PATH, new byte[0])))
            .contains(serviceProvider());
    }

    @Test
    void anyPartThatDiffersFromWhatWasSignedIsRefused() {
        String signed = authorization(directMerchant(), "1900000100", NOW, "POST", PATH, BODY);

        assertThat(gate.authenticate("GET", PATH, BODY, signed)).as("another method").isEmpty();
        assertThat(gate.authenticate("POST", "/v3/refund/domestic/refunds/RF-1", BODY, signed)).as("another query")
            .isEmpty();
        assertThat(gate.authenticate("POST", PATH, "{}".getBytes(StandardCharsets.UTF_8), signed)).as("another body")
            .isEmpty();
        assertThat(gate.authenticate("POST", PATH, BODY, signed.replace("1900000100", "1900000101")))
            .as("another merchant")
            .isEmpty();
        assertThat(gate.authenticate("POST", PATH, BODY, null)).as("no header").isEmpty();
    }

    @Test
    void aStaleTimestampAnotherSerialOrASubMerchantNumberIsRefused() {
        Instant stale = NOW.minus(Duration.ofMinutes(6));
        assertThat(gate.authenticate("POST", PATH, BODY,
                authorization(directMerchant(), "1900000100", stale, "POST", PATH, BODY)))
            .isEmpty();
        String otherSerial = authorization(directMerchant(), "1900000100", NOW, "POST", PATH, BODY).replace(
                directMerchant().wechatPayKeys().merchantApiKey().serialNo(),
                WechatPayMerchantKeys.newCertificateSerial());
        assertThat(gate.authenticate("POST", PATH, BODY, otherSerial)).isEmpty();
        assertThat(gate.authenticate("POST", PATH, BODY,
                authorization(serviceProvider(), "1900009100", NOW, "POST", PATH, BODY)))
            .as("a sub-merchant signs nothing: its provider does")
            .isEmpty();
    }

    @Test
    void anAnswerIsSignedWithThePlatformKeyTheCallAsksForElseWithThePublicKey() {
        // Given a merchant switching from a platform certificate to a public key
        WechatPaySandboxMerchant merchant = switchingMerchant();
        String certificateSerial = merchant.wechatPayKeys().certificateSerial().orElseThrow();
        String publicKeyId = merchant.wechatPayKeys().publicKeyId();

        // When answers are signed for calls naming the certificate, the public key, or
        // nothing
        var underCertificate = gate.signedAnswerHeaders(merchant, certificateSerial, BODY);
        var underPublicKey = gate.signedAnswerHeaders(merchant, publicKeyId, BODY);
        var unnamed = gate.signedAnswerHeaders(merchant, null, BODY);

        // Then each names and is signed by the key asked for, the public key by default
        assertThat(underCertificate.get("Wechatpay-Serial")).isEqualTo(certificateSerial);
        assertThat(verifies(merchant.wechatPayKeys().signer(SerialForm.CERTIFICATE_SERIAL), underCertificate)).isTrue();
        assertThat(verifies(merchant.wechatPayKeys(), underCertificate)).isFalse();
        assertThat(underPublicKey.get("Wechatpay-Serial")).isEqualTo(publicKeyId);
        assertThat(verifies(merchant.wechatPayKeys(), underPublicKey)).isTrue();
        assertThat(unnamed.get("Wechatpay-Serial")).isEqualTo(publicKeyId);
        assertThat(unnamed.get("Wechatpay-Timestamp")).isEqualTo(Long.toString(NOW.getEpochSecond()));
    }

    private static boolean verifies(WechatPayMerchantKeys keys, java.util.Map<String, String> headers) {
        return WechatPayCrypto.verify(keys.publicKey(),
                WechatPayCrypto.signedMessage(headers.get("Wechatpay-Timestamp"), headers.get("Wechatpay-Nonce"), BODY),
                headers.get("Wechatpay-Signature"));
    }

    /** What the SDK's {@code WechatPay2Credential} sends, signed by {@code signer}. */
    private static String authorization(WechatPaySandboxMerchant signer, String mchid, Instant at, String method,
            String path, byte[] body) {
        MerchantApiKey key = signer.wechatPayKeys().merchantApiKey();
        String timestamp = Long.toString(at.getEpochSecond());
        String nonce = "593BEC0C930BF1AFEB40B4A08C8FB242";
        String signature = key.sign(WechatPayApiGate.requestMessage(method, path, timestamp, nonce, body));
        return "WECHATPAY2-SHA256-RSA2048 mchid=\"" + mchid + "\",nonce_str=\"" + nonce + "\",timestamp=\"" + timestamp
                + "\",serial_no=\"" + key.serialNo() + "\",signature=\"" + signature + "\"";
    }

}
