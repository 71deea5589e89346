package io.paypipe.ingress.wechatpay;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.paypipe.ingress.callback.BoundedBody;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Picks the merchant by {@code Wechatpay-Serial}, verifies and decrypts with that merchant's parser, and
 * reads the envelope. Nothing of the body is trusted before the signature over its exact bytes checked out.
 */
@Component
class NotificationOpener {

    private static final int MAX_NOTIFY_ID = 64;

    private final WechatPayMerchants merchants;

    NotificationOpener(WechatPayMerchants merchants) {
        this.merchants = merchants;
    }

    Check<OpenedNotification> open(WechatPayHeaders headers, byte[] rawBody) {
        Optional<WechatPayMerchant> merchant = merchants.bySerial(headers.serial());
        if (merchant.isEmpty()) {
            return Check.reject(Rejection.UNKNOWN_SERIAL, "no merchant has platform key " + headers.serial());
        }
        return BoundedBody.utf8(rawBody)
                .then(body -> merchant.get().open(headers, body)
                        .then(plaintext -> opened(merchant.get(), plaintext, body)));
    }

    private static Check<OpenedNotification> opened(WechatPayMerchant merchant, JsonObject plaintext, String body) {
        try {
            JsonObject envelope = JsonParser.parseString(body).getAsJsonObject();
            Optional<String> notifyId = text(envelope, "id");
            if (notifyId.isPresent() && notifyId.get().length() > MAX_NOTIFY_ID) {
                return Check.reject(Rejection.MALFORMED, "envelope id longer than " + MAX_NOTIFY_ID);
            }
            return Check.ok(new OpenedNotification(merchant, DecryptedPayment.of(plaintext), notifyId,
                    text(envelope, "event_type").orElse("-"), body));
        } catch (RuntimeException e) {
            // the plaintext does not fit Transaction (e.g. a non-integer amount); messages may quote it
            return Check.reject(Rejection.MALFORMED, "unreadable payment: " + e.getClass().getSimpleName());
        }
    }

    private static Optional<String> text(JsonObject object, String field) {
        JsonElement value = object.get(field);
        return value != null && value.isJsonPrimitive() ? Optional.of(value.getAsString()) : Optional.empty();
    }
}
