package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.APP_B;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.apps;
import static io.paypipe.ingress.alipay.AlipayFixtures.form;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.paid;
import static io.paypipe.ingress.alipay.AlipayFixtures.payment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.sandbox.alipay.AlipayNotification;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Signature checks with the official SDK on notifications signed by the sandbox with each
 * app's Alipay key.
 */
class AlipayVerifierTest {

    private final AlipayVerifier verifier = new AlipayVerifier(apps());

    @Test
    void acceptsWhatAlipaySignedForTheAppInAppId() {
        AlipayNotification n = payment(newOutTradeNo(), 100);

        Check<AlipayVerifier.Verified> checked = verifier.verify(form(n.body()));

        assertThat(checked).isInstanceOfSatisfying(Check.Ok.class,
                ok -> assertThat(((AlipayVerifier.Verified) ok.value()).app().appId()).isEqualTo("2021000100000000"));
    }

    @Test
    void rejectsASignatureOverOtherBytes() {
        assertRejected(NOTIFICATIONS.tamperedBody(paid(newOutTradeNo(), 100)), Rejection.BAD_SIGNATURE);
    }

    @Test
    void rejectsASignatureByAnotherKey() {
        assertRejected(NOTIFICATIONS.signedByAnotherKey(paid(newOutTradeNo(), 100)), Rejection.BAD_SIGNATURE);
    }

    @Test
    void rejectsAppANotificationSentAsAppB() {
        // Given A's notification with app_id (and auth_app_id) rewritten to B, A's
        // signature kept
        Map<String, String> params = new LinkedHashMap<>(payment(newOutTradeNo(), 100).params());
        params.put("app_id", APP_B.appId());
        params.put("auth_app_id", APP_B.appId());

        // Then B's key does not verify it
        assertRejected(rewritten(params), Rejection.BAD_SIGNATURE);
    }

    @Test
    void rejectsANotificationSignedWithAnotherAppsKey() {
        // Given a notification for app A signed with Alipay's key of app B
        Map<String, String> params = new LinkedHashMap<>(payment(newOutTradeNo(), 100).params());

        assertRejected(NOTIFICATIONS.sign(params, APP_B), Rejection.BAD_SIGNATURE);
    }

    @Test
    void rejectsAnUnknownApp() {
        Map<String, String> params = new LinkedHashMap<>(payment(newOutTradeNo(), 100).params());
        params.put("app_id", "2021009999999999");

        assertRejected(NOTIFICATIONS.sign(params, APP_A), Rejection.UNKNOWN_MERCHANT);
    }

    @Test
    void rejectsAMissingSignOrASignTypeOtherThanRsa2() {
        Map<String, String> params = new LinkedHashMap<>(payment(newOutTradeNo(), 100).params());
        Map<String, String> sha1 = new LinkedHashMap<>(params);
        sha1.put("sign_type", "RSA");
        Map<String, String> unsigned = new LinkedHashMap<>(params);
        unsigned.remove("sign");
        Map<String, String> garbage = new LinkedHashMap<>(params);
        garbage.put("sign", "%%%not base64");

        assertRejected(rewritten(sha1), Rejection.BAD_SIGNATURE);
        assertRejected(rewritten(unsigned), Rejection.BAD_SIGNATURE);
        assertRejected(rewritten(garbage), Rejection.BAD_SIGNATURE);
    }

    @Test
    void rejectsAGenuineSignWrittenOtherwiseThanAlipaysEncoderWritesIt() {
        // Given an honest notification whose sign got a comma, a CR, a bracket or a space
        // inserted (the SDK's Base64
        // skips them), or whose last character before the padding differs in the bits
        // Base64 decoders ignore
        Map<String, String> params = new LinkedHashMap<>(payment(newOutTradeNo(), 100).params());
        String sign = params.get("sign");
        List<String> variants = new java.util.ArrayList<>();
        for (String junk : List.of(",", "\r", "[", " ")) {
            variants.add(sign.substring(0, 10) + junk + sign.substring(10));
        }
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        int last = sign.indexOf("==") - 1; // a 2048-bit signature is 256 bytes: "…X=="
        String trailingBits = sign.substring(0, last) + alphabet.charAt(alphabet.indexOf(sign.charAt(last)) ^ 1) + "==";
        assertThat(Base64.getDecoder().decode(trailingBits)).isEqualTo(Base64.getDecoder().decode(sign));
        variants.add(trailingBits);

        for (String variant : variants) {
            Map<String, String> mutated = new LinkedHashMap<>(params);
            mutated.put("sign", variant);

            // Then it is refused although its parameters and the signature bytes are
            // Alipay's
            assertRejected(rewritten(mutated), Rejection.BAD_SIGNATURE);
        }
        assertThat(verifier.verify(form(rewritten(params).body()))).isInstanceOf(Check.Ok.class);
    }

    @Test
    void acceptsThePublicKeyAsPemToo() {
        String pem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(APP_A.publicKey().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
        Merchant asPem = new Merchant("ali-shop", Channel.ALIPAY, APP_A.appId(), List.of(), null,
                new Merchant.AlipayCredentials(APP_A.appId(), APP_A.merchant().alipay().sellerId(), null, pem), null);

        Check<AlipayVerifier.Verified> checked = new AlipayVerifier(AlipayApps.of(List.of(asPem)))
            .verify(form(payment(newOutTradeNo(), 100).body()));

        assertThat(checked).isInstanceOf(Check.Ok.class);
    }

    @Test
    void refusesAMerchantsFileWithABrokenKeyOrAnotherAppId() {
        Merchant brokenKey = new Merchant("ali-shop", Channel.ALIPAY, "2021000100000000", List.of(), null,
                new Merchant.AlipayCredentials("2021000100000000", "2088000000000000", null, "bm90IGEga2V5"), null);
        Merchant otherAppId = new Merchant("ali-shop", Channel.ALIPAY, "2021000100000000", List.of(), null,
                new Merchant.AlipayCredentials("2021000100000001", "2088000000000000", null, APP_A.publicKeyBase64()),
                null);

        assertThatThrownBy(() -> AlipayApps.of(List.of(brokenKey))).isInstanceOf(IllegalArgumentException.class)
            .hasMessageNotContaining("bm90IGEga2V5");
        assertThatThrownBy(() -> AlipayApps.of(List.of(otherAppId))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AlipayApps.of(List.of(APP_A.merchant(), APP_A.merchant())))
            .isInstanceOf(IllegalArgumentException.class);
    }

    private void assertRejected(AlipayNotification n, Rejection expected) {
        assertThat(AlipayForm.decode(n.body()).then(verifier::verify)).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(expected));
    }

    /** The parameters on the wire as given, no new signature. */
    private static AlipayNotification rewritten(Map<String, String> params) {
        return new AlipayNotification("rewritten", params,
                io.paypipe.sandbox.alipay.AlipayCrypto.formBody(params, StandardCharsets.UTF_8));
    }

}
