package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.CallbackBody;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Opens a WeChat Pay notification: picks the merchant by {@code Wechatpay-Serial}, checks
 * the platform signature over the exact bytes and decrypts the {@code resource} with that
 * merchant's parser, and reads the envelope. Nothing of the body is trusted before the
 * signature checked out.
 */
@Component
class SignedResourceOpener {

    private final WechatPayMerchants merchants;

    SignedResourceOpener(WechatPayMerchants merchants) {
        this.merchants = merchants;
    }

    Check<OpenedNotification> open(WechatPayHeaders headers, byte[] rawBody) {
        Optional<WechatPayMerchant> merchant = merchants.bySerial(headers.serial());
        if (merchant.isEmpty()) {
            return Check.reject(Rejection.UNKNOWN_SERIAL, "no merchant has the platform key named by Wechatpay-Serial");
        }
        return CallbackBody.utf8(rawBody)
            .then(body -> merchant.get()
                .open(headers, body)
                .then(plaintext -> Envelope.read(body)
                    .then(envelope -> Check
                        .ok(new OpenedNotification(merchant.get(), envelope, new ResourceFields(plaintext), body)))));
    }

}
