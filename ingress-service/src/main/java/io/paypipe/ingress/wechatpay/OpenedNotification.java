package io.paypipe.ingress.wechatpay;

import java.util.Optional;

/**
 * A notification whose signature was verified by {@code merchant}'s key and whose resource was decrypted
 * with its APIv3 key. {@code body} is the body exactly as received; {@code notifyId} and {@code eventType}
 * come from the envelope.
 */
record OpenedNotification(WechatPayMerchant merchant, DecryptedPayment payment, Optional<String> notifyId,
                          String eventType, String body) {

    @Override
    public String toString() {
        return "OpenedNotification[" + merchant + " " + payment + " " + notifyId.orElse("-") + "]";
    }
}
