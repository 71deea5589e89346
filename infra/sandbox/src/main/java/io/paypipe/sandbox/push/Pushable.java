package io.paypipe.sandbox.push;

import java.util.Map;

/**
 * What a {@link NotificationPusher} sends, whatever the channel: the id that names it in
 * the delivery history (WeChat's envelope id, Alipay's {@code notify_id}, Stripe's event
 * id), the HTTP headers in the order they are sent, and the body bytes.
 */
public interface Pushable {

    String id();

    Map<String, String> headers();

    byte[] body();

}
