package io.paypipe.ingress.callback;

import org.springframework.http.HttpStatus;

/**
 * Every reason a callback gets the channel's fail ack. The message goes to the channel as
 * is, so it is short and says nothing about internals; the status tells the channel
 * whether the request was bad (4xx) or we were (5xx). Either way the channel pushes
 * again.
 */
public enum Rejection {

    EMPTY_BODY(HttpStatus.BAD_REQUEST, "empty body"), BODY_TOO_LARGE(HttpStatus.CONTENT_TOO_LARGE, "body too large"),
    /**
     * The body was not complete within {@code ingress.body-read-timeout}; Tomcat closes
     * the connection on a 408.
     */
    BODY_TIMEOUT(HttpStatus.REQUEST_TIMEOUT, "body not received in time"),
    NOT_UTF8(HttpStatus.BAD_REQUEST, "body is not UTF-8"),
    MISSING_HEADERS(HttpStatus.BAD_REQUEST, "missing signature headers"),
    BAD_TIMESTAMP(HttpStatus.BAD_REQUEST, "bad timestamp"),
    STALE_TIMESTAMP(HttpStatus.UNAUTHORIZED, "timestamp outside the allowed window"),
    UNKNOWN_SERIAL(HttpStatus.UNAUTHORIZED, "unknown serial"),
    UNKNOWN_MERCHANT(HttpStatus.UNAUTHORIZED, "unknown merchant"),
    BAD_SIGNATURE(HttpStatus.UNAUTHORIZED, "signature verification failed"),
    DECRYPT_FAILED(HttpStatus.BAD_REQUEST, "cannot decrypt resource"),
    MERCHANT_MISMATCH(HttpStatus.UNAUTHORIZED, "merchant mismatch"),
    /**
     * WeChat: the payment's appid (sp_appid / sub_appid) is not one the merchants file
     * lists for its merchant.
     */
    APP_MISMATCH(HttpStatus.UNAUTHORIZED, "app mismatch"),
    /**
     * Alipay: seller_id is not the seller the merchants file lists for the app that owns
     * the order.
     */
    SELLER_MISMATCH(HttpStatus.UNAUTHORIZED, "seller mismatch"),
    MALFORMED(HttpStatus.BAD_REQUEST, "malformed notification"),
    /**
     * Refused by the admission or after the bulkhead's wait, before anything was stored:
     * 429, not 503. Tomcat closes the connection after a 503 (and a 400, 408, 411, 413,
     * 414, 500, 501: {@code Http11Processor.statusDropsConnection}), so under overload
     * every refused push would cost the channel a new connection (a TLS handshake in
     * production) and us its accept, just when there is no CPU to spare. After a 429 the
     * connection stays open for the next push. Each channel reads it as the fail ack it
     * is: WeChat any 4xx/5xx, Alipay any body but {@code success}, Stripe any non-2xx.
     */
    BUSY(HttpStatus.TOO_MANY_REQUESTS, "busy, retry later"),
    STORAGE_FAILED(HttpStatus.INTERNAL_SERVER_ERROR, "storage unavailable"),
    PUBLISH_FAILED(HttpStatus.SERVICE_UNAVAILABLE, "publish failed");

    private final HttpStatus status;

    private final String message;

    Rejection(HttpStatus status, String message) {
        this.status = status;
        this.message = message;
    }

    public HttpStatus status() {
        return status;
    }

    public String message() {
        return message;
    }

}
