package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.MERCHANTS;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentState;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.VerifiedPayment;
import org.junit.jupiter.api.Test;

/**
 * A stored WeChat body checked again without its signature headers: the resource must
 * decrypt, tag and all, under the APIv3 key of the merchant its row names.
 */
class WechatPayStoredBodiesTest {

    private final WechatPayStoredBodies stored = new WechatPayStoredBodies(MERCHANTS, new TransactionClassifier(),
            new RefundClassifier());

    private final String plaintext = PaymentJson.success("1900000100", "OT-1", "4200001", 10010, 10000).json();

    @Test
    void givenAGenuineStoredBody_whenCheckedAgain_thenTheCurrentClassifierDerivesThePayment() {
        String body = SignedNotification.envelope(SHOP_A.apiV3Key(), plaintext);

        Check<Classified> checked = stored.recheck("1900000100", null, body);

        assertThat(checked).isInstanceOfSatisfying(Check.Ok.class, ok -> {
            VerifiedPayment p = ((Classified.Payment) ok.value()).payment();
            assertThat(p.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(p.channelTradeNo().value()).isEqualTo("4200001");
            assertThat(p.orderAmount().minor()).isEqualTo(10010);
            assertThat(p.paidAmount().minor()).isEqualTo(10000);
            assertThat(p.rawBody()).isEqualTo(body);
        });
    }

    @Test
    void givenAStoredBodyWithOneCiphertextCharacterChanged_whenCheckedAgain_thenTheTagFails() {
        String body = SignedNotification.envelope(SHOP_A.apiV3Key(), plaintext);
        int at = body.indexOf("\"ciphertext\":\"") + 20;
        String tampered = body.substring(0, at) + (body.charAt(at) == 'A' ? 'B' : 'A') + body.substring(at + 1);

        assertThat(rejection(stored.recheck("1900000100", null, tampered))).isEqualTo(Rejection.DECRYPT_FAILED);
    }

    @Test
    void givenABodySealedWithAnotherMerchantsKey_whenStoredUnderThisMerchant_thenItIsRejected() {
        // Given A's payment, encrypted by someone holding B's key, not A's
        String forged = SignedNotification.envelope(SHOP_B.apiV3Key(), plaintext);

        assertThat(rejection(stored.recheck("1900000100", null, forged))).isEqualTo(Rejection.DECRYPT_FAILED);
    }

    @Test
    void givenARowOfAMerchantNotInTheFile_whenCheckedAgain_thenItIsRejected() {
        String body = SignedNotification.envelope(SHOP_A.apiV3Key(), plaintext);

        assertThat(rejection(stored.recheck("1999999999", null, body))).isEqualTo(Rejection.UNKNOWN_MERCHANT);
    }

    @Test
    void givenAStoredBodyOfMerchantAUnderBsRow_whenCheckedAgain_thenBsKeyCannotOpenIt() {
        String body = SignedNotification.envelope(SHOP_A.apiV3Key(), plaintext);

        assertThat(rejection(stored.recheck("1900000200", null, body))).isEqualTo(Rejection.DECRYPT_FAILED);
    }

    private static Rejection rejection(Check<?> check) {
        assertThat(check).isInstanceOf(Check.Rejected.class);
        return ((Check.Rejected<?>) check).rejection();
    }

}
