package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_A;
import static io.paypipe.ingress.stripe.StripeFixtures.SHOP_B;

import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.RefundSpec;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.stripe.StripeIds;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every bad input of the issue that applies to Stripe, as a delivery for order
 * {@code outTradeNo} of shop A.
 */
enum StripeBadDelivery {

    EMPTY_BODY(400) {
        @Override
        Delivery build(String out) {
            return signed(new byte[0], now(), SHOP_A.endpointSecret());
        }
    },
    INVALID_JSON(400) {
        @Override
        Delivery build(String out) {
            return signed(text(out).substring(0, 120).getBytes(StandardCharsets.UTF_8), now(), SHOP_A.endpointSecret());
        }
    },
    MISSING_FIELD(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"amount_received\": 1000,\n", "");
        }
    },
    WRONG_TYPED_AMOUNT(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"amount\": 1000,", "\"amount\": \"1000\",");
        }
    },
    NEGATIVE_AMOUNT(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"amount_received\": 1000,", "\"amount_received\": -1000,");
        }
    },
    NON_INTEGER_AMOUNT(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"amount\": 1000,", "\"amount\": 10.5,");
        }
    },
    EXPONENT_AMOUNT(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"amount\": 1000,", "\"amount\": 1e3,");
        }
    },
    UNKNOWN_CURRENCY(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"currency\": \"usd\",", "\"currency\": \"zzz\",");
        }
    },
    WRONG_TYPED_ORDER_NUMBER(400) {
        @Override
        Delivery build(String out) {
            return replaced(out, "\"out_trade_no\": \"" + out + "\"", "\"out_trade_no\": 42");
        }
    },
    WRONG_TYPED_CREATED(400) {
        @Override
        Delivery build(String out) {
            String body = text(out).replaceFirst("\"created\": \\d+,\n  \"data\"",
                    "\"created\": \"yesterday\",\n  \"data\"");
            return signed(body.getBytes(StandardCharsets.UTF_8), now(), SHOP_A.endpointSecret());
        }
    },
    WRONG_CONTENT_TYPE(415) {
        @Override
        Delivery build(String out) {
            return delivery(valid(out)).withContentType("text/plain");
        }
    },
    FORM_CONTENT_TYPE(415) {
        @Override
        Delivery build(String out) {
            return delivery(valid(out)).withContentType("application/x-www-form-urlencoded");
        }
    },
    BODY_TOO_LARGE(413) {
        @Override
        Delivery build(String out) {
            String padded = text(out).replace("\"description\": null,",
                    "\"description\": \"" + "x".repeat(70_000) + "\",");
            return signed(padded.getBytes(StandardCharsets.UTF_8), now(), SHOP_A.endpointSecret());
        }
    },
    INVALID_UTF8(400) {
        @Override
        Delivery build(String out) {
            byte[] body = text(out).replace("\"description\": null,", "\"description\": \"XX\",")
                .getBytes(StandardCharsets.UTF_8);
            String s = new String(body, StandardCharsets.ISO_8859_1);
            int at = s.indexOf("\"XX\"") + 1;
            body[at] = (byte) 0xC3;
            body[at + 1] = (byte) 0x28;
            return signed(body, now(), SHOP_A.endpointSecret());
        }
    },
    MISSING_SIGNATURE(400) {
        @Override
        Delivery build(String out) {
            return delivery(valid(out)).withoutSignature();
        }
    },
    GARBLED_SIGNATURE(400) {
        @Override
        Delivery build(String out) {
            return delivery(valid(out)).withSignature("t=abc,v1=zz%%");
        }
    },
    SIGNATURE_WITHOUT_V1(401) {
        @Override
        Delivery build(String out) {
            return delivery(valid(out)).withSignature("t=" + now() + ",v0=" + "ab".repeat(32));
        }
    },
    SIGNATURE_OVER_OTHER_BYTES(401) {
        @Override
        Delivery build(String out) {
            SignedNotification n = valid(out);
            return delivery(n.withBody(text(n).replace("\"amount_received\": 1000", "\"amount_received\": 1001")
                .getBytes(StandardCharsets.UTF_8)));
        }
    },
    UNKNOWN_SECRET(401) {
        @Override
        Delivery build(String out) {
            return signed(valid(out).body(), now(), StripeIds.endpointSecret());
        }
    },
    TIMESTAMP_TOO_OLD(401) {
        @Override
        Delivery build(String out) {
            return signed(valid(out).body(), now() - 301, SHOP_A.endpointSecret());
        }
    },
    TIMESTAMP_IN_THE_FUTURE(401) {
        @Override
        Delivery build(String out) {
            return signed(valid(out).body(), now() + 301, SHOP_A.endpointSecret());
        }
    },
    SIGNED_WITH_ANOTHER_MERCHANTS_SECRET(401) {
        @Override
        Delivery build(String out) {
            // A's event (it names account A) with B's signature
            SignedNotification n = EVENTS.paymentIntent(
                    PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd").withConnect(true), PaymentIntentEvent.SUCCEEDED);
            return delivery(withEmail(n, SHOP_B.endpointSecret()));
        }
    },
    ACCOUNT_MISMATCH(401) {
        @Override
        Delivery build(String out) {
            // signed with B's secret but naming an account that is not B
            String body = text(out).replace("\"object\": \"event\",",
                    "\"object\": \"event\",\n  \"account\": \"acct_1Stranger000000\",");
            return signed(body.getBytes(StandardCharsets.UTF_8), now(), SHOP_B.endpointSecret());
        }
    };

    static final StripeEvents EVENTS = new StripeEvents(Clock.systemUTC());

    private final int status;

    StripeBadDelivery(int status) {
        this.status = status;
    }

    int status() {
        return status;
    }

    abstract Delivery build(String outTradeNo);

    /** A request as it goes on the wire; {@code contentType} null sends none. */
    record Delivery(byte[] body, Map<String, String> headers, String contentType) {

        Delivery withContentType(String type) {
            return new Delivery(body, headers, type);
        }

        Delivery withoutSignature() {
            Map<String, String> copy = new LinkedHashMap<>(headers);
            copy.remove("Stripe-Signature");
            return new Delivery(body, copy, contentType);
        }

        Delivery withSignature(String value) {
            Map<String, String> copy = new LinkedHashMap<>(headers);
            copy.put("Stripe-Signature", value);
            return new Delivery(body, copy, contentType);
        }

        String signature() {
            return headers.get("Stripe-Signature");
        }
    }

    /**
     * A payer's e-mail address in every body built here: no log line may ever show it.
     */
    static final String EMAIL = "payer.private@example.com";

    /**
     * A valid succeeded payment of 10.00 USD for shop A's order {@code out}, with the
     * payer's e-mail.
     */
    static SignedNotification valid(String out) {
        return withEmail(
                EVENTS.paymentIntent(PaymentIntentSpec.of(SHOP_A, out, 1_000, "usd"), PaymentIntentEvent.SUCCEEDED),
                SHOP_A.endpointSecret());
    }

    static SignedNotification withEmail(SignedNotification n, String secret) {
        byte[] body = text(n).replace("\"receipt_email\": null", "\"receipt_email\": \"" + EMAIL + "\"")
            .getBytes(StandardCharsets.UTF_8);
        return StripeEvents.sign(n.id(), n.eventType(), body, now(), List.of(secret));
    }

    static Delivery delivery(SignedNotification n) {
        return new Delivery(n.body(), n.headers(), "application/json; charset=utf-8");
    }

    static Delivery signed(byte[] body, long t, String secret) {
        return delivery(StripeEvents.sign("evt_bad", "payment_intent.succeeded", body, t, List.of(secret)));
    }

    private static Delivery replaced(String out, String from, String to) {
        String body = text(out);
        if (!body.contains(from)) {
            throw new IllegalStateException("the fixture no longer contains " + from);
        }
        return signed(body.replace(from, to).getBytes(StandardCharsets.UTF_8), now(), SHOP_A.endpointSecret());
    }

    private static String text(String out) {
        return text(valid(out));
    }

    private static String text(SignedNotification n) {
        return new String(n.body(), StandardCharsets.UTF_8);
    }

    private static long now() {
        return Instant.now().getEpochSecond();
    }

}
