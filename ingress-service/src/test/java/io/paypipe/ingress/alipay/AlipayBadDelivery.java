package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_B;
import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.paid;

import io.paypipe.sandbox.alipay.AlipayCrypto;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Deliveries that must get Alipay's fail ack, each about a payment of app A (for order
 * {@code out}).
 */
enum AlipayBadDelivery {

    EMPTY_BODY(400) {
        @Override
        byte[] body(String out) {
            return new byte[0];
        }
    },
    NOT_A_FORM(400) {
        @Override
        byte[] body(String out) {
            return ("{\"app_id\":\"2021000100000000\",\"out_trade_no\":\"" + out + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        }
    },
    BAD_PERCENT_ENCODING(400) {
        @Override
        byte[] body(String out) {
            return (honest(out).bodyAsString() + "&passback_params=%G1").getBytes(StandardCharsets.US_ASCII);
        }
    },
    DUPLICATE_PARAMETER(400) {
        @Override
        byte[] body(String out) {
            return (honest(out).bodyAsString() + "&trade_status=TRADE_CLOSED").getBytes(StandardCharsets.US_ASCII);
        }
    },
    MISSING_TRADE_NO(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "trade_no", null);
        }
    },
    WRONG_TYPED_PAYMENT_TIME(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "gmt_payment", "yesterday");
        }
    },
    WRONG_CONTENT_TYPE(415) {
        @Override
        byte[] body(String out) {
            return honest(out).body();
        }

        @Override
        String contentType() {
            return "application/json";
        }
    },
    TOO_LARGE(413) {
        @Override
        byte[] body(String out) {
            byte[] padding = new byte[70 * 1024];
            Arrays.fill(padding, (byte) 'x');
            return (honest(out).bodyAsString() + "&passback_params=" + new String(padding, StandardCharsets.US_ASCII))
                .getBytes(StandardCharsets.US_ASCII);
        }
    },
    INVALID_UTF8_ENCODED(400) {
        @Override
        byte[] body(String out) {
            return honest(out).bodyAsString()
                .replace("&subject=", "&subject=%C3%28")
                .getBytes(StandardCharsets.US_ASCII);
        }
    },
    INVALID_UTF8_RAW(400) {
        @Override
        byte[] body(String out) {
            byte[] honest = honest(out).body();
            byte[] tail = { '&', 'm', 'e', 'm', 'o', '=', (byte) 0xFF };
            byte[] body = Arrays.copyOf(honest, honest.length + tail.length);
            System.arraycopy(tail, 0, body, honest.length, tail.length);
            return body;
        }
    },
    UNKNOWN_APP(401) {
        @Override
        byte[] body(String out) {
            return signed(out, "app_id", "2021009999999999");
        }
    },
    SIGNATURE_OVER_OTHER_BYTES(401) {
        @Override
        byte[] body(String out) {
            return NOTIFICATIONS.tamperedBody(paid(out, 100)).body();
        }
    },
    SIGNED_BY_A_STRANGERS_KEY(401) {
        @Override
        byte[] body(String out) {
            return NOTIFICATIONS.signedByAnotherKey(paid(out, 100)).body();
        }
    },
    SIGNED_BY_ANOTHER_MERCHANTS_KEY(401) {
        @Override
        byte[] body(String out) {
            return NOTIFICATIONS.sign(new LinkedHashMap<>(honest(out).params()), APP_B).body();
        }
    },
    SENT_AS_ANOTHER_APP(401) {
        @Override
        byte[] body(String out) {
            Map<String, String> params = new LinkedHashMap<>(honest(out).params());
            params.put("app_id", APP_B.appId());
            params.put("auth_app_id", APP_B.appId());
            return AlipayCrypto.formBody(params, StandardCharsets.UTF_8);
        }
    },
    SIGN_TYPE_RSA(401) {
        @Override
        byte[] body(String out) {
            return signed(out, "sign_type", "RSA");
        }
    },
    NOT_ACTING_FOR_THE_AUTH_APP(401) {
        @Override
        byte[] body(String out) {
            return signed(out, "auth_app_id", "2021000300000000");
        }
    },
    /**
     * Signed by Alipay, but naming the seller of another app: not a payment to this
     * merchant.
     */
    SELLER_OF_ANOTHER_APP(401) {
        @Override
        byte[] body(String out) {
            return signed(out, "seller_id", AlipayMerchant.sellerIdFor(APP_B.appId()));
        }
    },
    SELLER_ID_MISSING(401) {
        @Override
        byte[] body(String out) {
            return signed(out, "seller_id", null);
        }
    },
    /**
     * The ISV's notification for one authorising app, naming the seller of the other one.
     */
    SELLER_OF_ANOTHER_AUTHORISING_APP(401) {
        @Override
        byte[] body(String out) {
            return NOTIFICATIONS
                .tradeStatusSync(AlipayTrade.paid(ISV, "2021000300000000", out, NOTIFICATIONS.newTradeNo(), 100),
                        Map.of("seller_id", AlipayMerchant.sellerIdFor("2021000300000001")))
                .body();
        }
    },
    AMOUNT_WITH_EXPONENT(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "total_amount", "1e2");
        }
    },
    NEGATIVE_AMOUNT(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "total_amount", "-1");
        }
    },
    AMOUNT_WITH_THREE_DECIMALS(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "receipt_amount", "0.001");
        }
    },
    BLANK_AMOUNT(400) {
        @Override
        byte[] body(String out) {
            return signed(out, "total_amount", " ");
        }
    };

    private final int status;

    AlipayBadDelivery(int status) {
        this.status = status;
    }

    abstract byte[] body(String out);

    String contentType() {
        return AlipayCallbackIntegrationSupport.FORM;
    }

    int status() {
        return status;
    }

    static AlipayNotification honest(String out) {
        return NOTIFICATIONS.tradeStatusSync(paid(out, 100));
    }

    /**
     * Validly signed by Alipay's key for app A, with one parameter replaced (null:
     * removed).
     */
    static byte[] signed(String out, String name, String value) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(name, value);
        return NOTIFICATIONS.tradeStatusSync(paid(out, 100), overrides).body();
    }

}
