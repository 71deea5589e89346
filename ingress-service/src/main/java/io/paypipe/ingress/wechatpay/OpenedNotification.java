package io.paypipe.ingress.wechatpay;

/**
 * A notification whose signature was verified by {@code merchant}'s key and whose
 * resource was decrypted with its APIv3 key. {@code body} is the body exactly as
 * received; {@code envelope} its strictly read envelope, {@code resource} the decrypted
 * transaction or refund.
 */
record OpenedNotification(WechatPayMerchant merchant, Envelope envelope, ResourceFields resource, String body) {

    @Override
    public String toString() {
        return "OpenedNotification[" + merchant + " " + envelope.eventType() + " " + envelope.id() + "]";
    }
}
