package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/** Deliveries that must get WeChat's fail ack, each for a payment of merchant A. */
enum BadDelivery {
    TAMPERED_BODY(401) {
        @Override
        SignedNotification build(String plaintext) {
            SignedNotification n = SignedNotification.of(SHOP_A, plaintext, Instant.now());
            return n.withBody(n.bodyText().replace("\"summary\":\"", "\"summary\":\"x").getBytes(StandardCharsets.UTF_8));
        }
    },
    SIGNED_BY_ANOTHER_KEY(401) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_A.apiV3Key(), SHOP_B.platformKeys().getPrivate(), SHOP_A.keyId(), plaintext,
                    Instant.now());
        }
    },
    UNKNOWN_SERIAL(401) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_A, plaintext, Instant.now()).withSerial("PUB_KEY_ID_0117000800002025045698789599999999");
        }
    },
    TIMESTAMP_OUTSIDE_THE_WINDOW(401) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_A, plaintext, Instant.now().minus(Duration.ofMinutes(10)));
        }
    },
    WRONG_APIV3_KEY(400) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_B.apiV3Key(), SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), plaintext,
                    Instant.now());
        }
    },
    /** Valid for A, delivered with B's key and B's APIv3 key: B's keys verify it, but the payment is A's. */
    ANOTHER_MERCHANTS_PAYMENT(401) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_B, plaintext, Instant.now());
        }
    },
    MISSING_SIGNATURE_HEADERS(400) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_A, plaintext, Instant.now()).withSignature("");
        }
    },
    EMPTY_BODY(400) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.signed(new byte[0], SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), Instant.now());
        }
    },
    BODY_TOO_LARGE(413) {
        @Override
        SignedNotification build(String plaintext) {
            byte[] body = ("{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
            return SignedNotification.signed(body, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), Instant.now());
        }
    },
    WRONG_CONTENT_TYPE(415) {
        @Override
        SignedNotification build(String plaintext) {
            return SignedNotification.of(SHOP_A, plaintext, Instant.now());
        }

        @Override
        String contentType() {
            return "text/plain";
        }
    };

    private final int status;

    BadDelivery(int status) {
        this.status = status;
    }

    abstract SignedNotification build(String plaintext);

    SignedNotification build(String outTradeNo, String transactionId) {
        return build(PaymentJson.success("1900000100", outTradeNo, transactionId, 100, 100).json());
    }

    int status() {
        return status;
    }

    String contentType() {
        return "application/json";
    }
}
