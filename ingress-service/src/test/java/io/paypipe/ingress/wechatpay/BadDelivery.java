package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deliveries that must get WeChat's fail ack, each about order {@code outTradeNo} of
 * merchant A (or of a sub-merchant), with the HTTP status the fail ack carries. Where the
 * defect is inside the body, the body is signed validly by A's platform key, so only the
 * later checks can catch it.
 */
enum BadDelivery {

    // ------------------------------------------------------------ signature, serial,
    // headers
    TAMPERED_BODY(401) {
        @Override
        SignedNotification build(String out, String tx) {
            SignedNotification n = paymentOfA(out, tx);
            return n
                .withBody(n.bodyText().replace("\"summary\":\"", "\"summary\":\"x").getBytes(StandardCharsets.UTF_8));
        }
    },
    SIGNED_BY_ANOTHER_KEY(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A.apiV3Key(), SHOP_B.platformKeys().getPrivate(), SHOP_A.keyId(),
                    payment(out, tx), Instant.now());
        }
    },
    UNKNOWN_SERIAL(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return paymentOfA(out, tx).withSerial("PUB_KEY_ID_0117000800002025045698789599999999");
        }
    },
    /**
     * A's notification with the headers (serial, timestamp, nonce, signature) of one of
     * B's.
     */
    A_NOTIFICATION_WITH_B_HEADERS(401) {
        @Override
        SignedNotification build(String out, String tx) {
            SignedNotification ofB = SignedNotification.of(SHOP_B,
                    PaymentJson.success("1900000200", out, tx, 100, 100).json(), Instant.now());
            return ofB.withBody(paymentOfA(out, tx).body());
        }
    },
    SIGNTEST_PROBE(401) {
        @Override
        SignedNotification build(String out, String tx) {
            byte[] noise = new byte[256];
            return paymentOfA(out, tx)
                .withSignature("WECHATPAY/SIGNTEST/" + Base64.getEncoder().encodeToString(noise).substring(19));
        }
    },
    UNKNOWN_SIGNATURE_TYPE(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return paymentOfA(out, tx).withSignType("WECHATPAY2-SM2-WITH-SM3");
        }
    },
    TIMESTAMP_OUTSIDE_THE_WINDOW(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A, payment(out, tx), Instant.now().minus(Duration.ofMinutes(10)));
        }
    },
    TIMESTAMP_NOT_UNIX_SECONDS(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return paymentOfA(out, tx).withTimestamp("2026-11-30T10:34:56+08:00");
        }
    },
    MISSING_SIGNATURE_HEADERS(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return paymentOfA(out, tx).withSignature("");
        }
    },
    // ------------------------------------------------------------ body
    EMPTY_BODY(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedByA(new byte[0]);
        }
    },
    BODY_TOO_LARGE(413) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedByA(("{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8));
        }
    },
    WRONG_CONTENT_TYPE(415) {
        @Override
        SignedNotification build(String out, String tx) {
            return paymentOfA(out, tx);
        }

        @Override
        String contentType() {
            return "text/plain";
        }
    },
    INVALID_UTF8(400) {
        @Override
        SignedNotification build(String out, String tx) {
            byte[] body = envelopeOfA(payment(out, tx)).getBytes(StandardCharsets.UTF_8);
            body[10] = (byte) 0xC3;
            body[11] = (byte) 0x28;
            return signedByA(body);
        }
    },
    INVALID_JSON(400) {
        @Override
        SignedNotification build(String out, String tx) {
            String envelope = envelopeOfA(payment(out, tx));
            return signedByA(envelope.substring(0, envelope.length() - 2).getBytes(StandardCharsets.UTF_8));
        }
    },
    ENVELOPE_WITHOUT_RESOURCE(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> e.replaceFirst(",\"resource\":\\{.*}}$", "}"));
        }
    },
    ENVELOPE_ID_NOT_A_STRING(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> e.replaceFirst("\"id\":\"[^\"]+\"", "\"id\":20180225112233"));
        }
    },
    DUPLICATE_ENVELOPE_KEY(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> e.replaceFirst("\\{", "{\"event_type\":\"REFUND.SUCCESS\","));
        }
    },
    // ------------------------------------------------------------ resource
    WRONG_APIV3_KEY(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_B.apiV3Key(), SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(),
                    payment(out, tx), Instant.now());
        }
    },
    TRUNCATED_CIPHERTEXT(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> replaceCiphertext(e, bytes -> java.util.Arrays.copyOf(bytes, 10)));
        }
    },
    BAD_GCM_TAG(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> replaceCiphertext(e, bytes -> {
                bytes[bytes.length - 1] ^= 0x01;
                return bytes;
            }));
        }
    },
    CIPHERTEXT_NOT_BASE64(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return signedEnvelope(out, tx, e -> e.replace("\"ciphertext\":\"", "\"ciphertext\":\"%%"));
        }
    },
    AMOUNT_AS_STRING(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A, payment(out, tx).replace("\"total\":100", "\"total\":\"100\""),
                    Instant.now());
        }
    },
    NEGATIVE_AMOUNT(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A, PaymentJson.success("1900000100", out, tx, -100, -100).json(),
                    Instant.now());
        }
    },
    MISSING_TRANSACTION_ID(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 100).without("transaction_id").json(),
                    Instant.now());
        }
    },
    TRADE_STATE_NOT_A_STRING(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 100).set("trade_state", 1).json(), Instant.now());
        }
    },
    INTERMEDIATE_STATE_WITH_A_NUMERIC_TRANSACTION_ID(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 0)
                        .state("NOTPAY")
                        .set("transaction_id", 4200)
                        .json(),
                    Instant.now());
        }
    },
    UNKNOWN_MERCHANT(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A, PaymentJson.success("1900000999", out, tx, 100, 100).json(),
                    Instant.now());
        }
    },
    /**
     * Valid for A, delivered with B's key and B's APIv3 key: B's keys verify it, but the
     * payment is A's.
     */
    ANOTHER_MERCHANTS_PAYMENT(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_B, payment(out, tx), Instant.now());
        }
    },
    SUB_MERCHANT_THE_PROVIDER_DOES_NOT_LIST(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(PROVIDER,
                    PaymentJson.partnerSuccess("1900000300", "1900000401", out, tx, 100, 100).json(), Instant.now());
        }
    },
    // ------------------------------------------------------------ app ids (the merchants
    // file's wechatpay.appIds / subAppIds)
    APPID_OF_ANOTHER_MERCHANT(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 100)
                        .set("appid", TestMerchant.appIdFor("1900000200"))
                        .json(),
                    Instant.now());
        }
    },
    APPID_MISSING(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 100).without("appid").json(), Instant.now());
        }
    },
    /**
     * No money moved, so it would go to pay_notify_event: the app is checked before that
     * too.
     */
    INTERMEDIATE_STATE_WITH_AN_UNLISTED_APPID(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(SHOP_A,
                    PaymentJson.success("1900000100", out, tx, 100, 0)
                        .state("NOTPAY")
                        .set("appid", "wx0000000000000000")
                        .json(),
                    Instant.now());
        }
    },
    SP_APPID_OF_ANOTHER_PROVIDER(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(PROVIDER,
                    PaymentJson.partnerSuccess("1900000300", "1900000301", out, tx, 100, 100)
                        .set("sp_appid", TestMerchant.appIdFor("1900000400"))
                        .json(),
                    Instant.now());
        }
    },
    SUB_APPID_OF_ANOTHER_SUB_MERCHANT(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.of(PROVIDER,
                    PaymentJson.partnerSuccess("1900000300", "1900000301", out, tx, 100, 100)
                        .set("sub_appid", TestMerchant.appIdFor("1900000302"))
                        .json(),
                    Instant.now());
        }
    },
    // ------------------------------------------------------------ refunds
    REFUND_WITHOUT_OUT_REFUND_NO(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.refund(SHOP_A, refund(out, tx).without("out_refund_no"), Instant.now());
        }
    },
    REFUND_AMOUNT_AS_STRING(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.refund(SHOP_A, refund(out, tx).amount("refund", "100"), Instant.now());
        }
    },
    REFUND_NEGATIVE_AMOUNT(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.refund(SHOP_A, refund(out, tx).amount("refund", -1), Instant.now());
        }
    },
    REFUND_WITHOUT_TRANSACTION_ID(400) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.refund(SHOP_A, refund(out, tx).without("transaction_id"), Instant.now());
        }
    },
    REFUND_OF_ANOTHER_MERCHANT(401) {
        @Override
        SignedNotification build(String out, String tx) {
            return SignedNotification.refund(SHOP_B, refund(out, tx), Instant.now());
        }
    };

    private static final Pattern CIPHERTEXT = Pattern.compile("\"ciphertext\":\"([^\"]+)\"");

    private final int status;

    BadDelivery(int status) {
        this.status = status;
    }

    /**
     * The bad delivery for order {@code outTradeNo} (payments of merchant A unless said
     * otherwise).
     */
    abstract SignedNotification build(String outTradeNo, String transactionId);

    int status() {
        return status;
    }

    String contentType() {
        return "application/json";
    }

    static String payment(String outTradeNo, String transactionId) {
        return PaymentJson.success("1900000100", outTradeNo, transactionId, 100, 100).json();
    }

    static RefundJson refund(String outTradeNo, String transactionId) {
        return RefundJson.success("1900000100", outTradeNo, transactionId, Fixtures.newRefundNo(), 100, 100);
    }

    private static SignedNotification paymentOfA(String out, String tx) {
        return SignedNotification.of(SHOP_A, payment(out, tx), Instant.now());
    }

    private static String envelopeOfA(String plaintext) {
        return SignedNotification.envelope(SHOP_A.apiV3Key(), plaintext);
    }

    private static SignedNotification signedByA(byte[] body) {
        return SignedNotification.signed(body, SHOP_A.platformKeys().getPrivate(), SHOP_A.keyId(), Instant.now());
    }

    /**
     * A's valid envelope, changed by {@code edit}, then signed validly: only the checks
     * after the signature can tell.
     */
    private static SignedNotification signedEnvelope(String out, String tx, UnaryOperator<String> edit) {
        String envelope = envelopeOfA(payment(out, tx));
        String edited = edit.apply(envelope);
        if (edited.equals(envelope)) {
            throw new IllegalStateException("the edit changed nothing");
        }
        return signedByA(edited.getBytes(StandardCharsets.UTF_8));
    }

    private static String replaceCiphertext(String envelope, UnaryOperator<byte[]> change) {
        Matcher m = CIPHERTEXT.matcher(envelope);
        if (!m.find()) {
            throw new IllegalStateException("no ciphertext");
        }
        byte[] changed = change.apply(Base64.getDecoder().decode(m.group(1)));
        return envelope.substring(0, m.start(1)) + Base64.getEncoder().encodeToString(changed)
                + envelope.substring(m.end(1));
    }

}
