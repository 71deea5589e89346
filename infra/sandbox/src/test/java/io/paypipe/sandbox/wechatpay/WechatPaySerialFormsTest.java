package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.SandboxFixtures.notifications;
import static io.paypipe.sandbox.SandboxFixtures.switchingMerchant;
import static io.paypipe.sandbox.wechatpay.WechatPayRefundNotificationsTest.officialParserFor;
import static io.paypipe.sandbox.wechatpay.WechatPayRefundNotificationsTest.requestOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.paypipe.core.merchant.Merchant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A merchant switching from platform certificates to a public key: two platform keys, two
 * serial forms.
 */
class WechatPaySerialFormsTest {

    private final WechatPayNotifications notifications = notifications();

    private final WechatPaySandboxMerchant merchant = switchingMerchant();

    @Test
    void theMerchantsFileListsThePublicKeyIdAndTheCertificateSerial() {
        List<Merchant.PlatformKey> keys = merchant.merchant().wechatpay().platformKeys();

        assertThat(keys).extracting(Merchant.PlatformKey::id)
            .satisfiesExactly(id -> assertThat(id).matches("PUB_KEY_ID_\\d{32}"),
                    id -> assertThat(id).matches("[0-9A-F]{40}"));
        assertThat(keys.get(0).publicKeyPem()).isNotEqualTo(keys.get(1).publicKeyPem());
    }

    @Test
    void aNotificationUnderTheCertificateSerialIsAcceptedByTheOfficialSdkWithTheCertificateKey() {
        PaymentSpec spec = PaymentSpec.success(merchant, "ORDER-6001", 100);

        SignedNotification n = notifications.transactionSuccess(spec, SerialForm.CERTIFICATE_SERIAL);

        assertThat(n.serial()).isEqualTo(merchant.wechatPayKeys().certificateSerial().orElseThrow());
        assertThat(officialParserFor(merchant, 1).parse(requestOf(n), Transaction.class).getOutTradeNo())
            .isEqualTo("ORDER-6001");
        assertThatThrownBy(() -> officialParserFor(merchant, 0).parse(requestOf(n), Transaction.class))
            .isInstanceOf(ValidationException.class);
    }

    @Test
    void notificationsAlternateBetweenTheTwoFormsAndEachVerifiesWithItsOwnKey() {
        // When four notifications are built for the switching merchant
        List<SignedNotification> sent = List.of(
                notifications.transactionSuccess(PaymentSpec.success(merchant, "ORDER-6002", 100)),
                notifications.transactionSuccess(PaymentSpec.success(merchant, "ORDER-6003", 100)),
                notifications
                    .refund(RefundSpec.success(merchant, null, "ORDER-6002", "4200000006", "RF-6002", 100, 100)),
                notifications
                    .refund(RefundSpec.success(merchant, null, "ORDER-6003", "4200000007", "RF-6003", 100, 100)));

        // Then both forms are used, and each notification verifies with the key its
        // serial names
        assertThat(sent).extracting(SignedNotification::serial)
            .anyMatch(s -> s.startsWith("PUB_KEY_ID_"))
            .anyMatch(s -> s.matches("[0-9A-F]{40}"));
        for (SignedNotification n : sent) {
            int index = n.serial().startsWith("PUB_KEY_ID_") ? 0 : 1;
            assertThat(officialParserFor(merchant, index).parse(requestOf(n), java.util.Map.class)).isNotEmpty();
        }
    }

    @Test
    void aRepushKeepsTheSerialFormOfTheFirstPush() {
        SignedNotification first = notifications.transactionSuccess(PaymentSpec.success(merchant, "ORDER-6004", 100),
                SerialForm.CERTIFICATE_SERIAL);

        SignedNotification again = notifications.resign(first, merchant);

        assertThat(again.serial()).isEqualTo(first.serial());
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(officialParserFor(merchant, 1).parse(requestOf(again), Transaction.class).getOutTradeNo())
            .isEqualTo("ORDER-6004");
    }

    @Test
    void aMerchantWithoutACertificateKeyAlwaysSignsUnderItsPublicKeyId() {
        WechatPaySandboxMerchant plain = io.paypipe.sandbox.SandboxFixtures.directMerchant();

        SignedNotification n = notifications.transactionSuccess(PaymentSpec.success(plain, "ORDER-6005", 100),
                SerialForm.CERTIFICATE_SERIAL);

        assertThat(n.serial()).isEqualTo(plain.wechatPayKeys().publicKeyId());
    }

}
