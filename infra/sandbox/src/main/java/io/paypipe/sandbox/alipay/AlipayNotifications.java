package io.paypipe.sandbox.alipay;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Builds Alipay {@code trade_status_sync} notifications byte for byte as Alipay sends
 * them: the common parameters
 * ({@code notify_time, notify_type, notify_id, app_id, auth_app_id, charset=utf-8, version=1.0,
 * sign_type=RSA2, sign}), the trade's parameters (yuan amounts with two decimals,
 * Beijing-time dates), refund parameters for a refund, RSA2 over the sorted parameters
 * (see {@link AlipayCrypto}) with Alipay's key for the app in {@code app_id}, and the
 * UTF-8 form-encoded body.
 * <p>
 * Besides honest notifications it builds what a receiver must reject: any parameter
 * changed or removed (validly signed, for the receiver's content checks), a body that is
 * not the one signed, a signature by another key.
 */
public final class AlipayNotifications {

    public static final String CHARSET = "utf-8";

    public static final String VERSION = "1.0";

    /** Alipay's clock: every date parameter is Beijing time without an offset. */
    public static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    public static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
        .withZone(BEIJING);

    /** {@code gmt_refund} carries milliseconds, e.g. {@code 2025-06-08 10:34:56.320}. */
    public static final DateTimeFormatter REFUND_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
        .withZone(BEIJING);

    private final Clock clock;

    private volatile KeyPair strangerKeyPair;

    public AlipayNotifications(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Clock clock() {
        return clock;
    }

    /**
     * A fresh 28-digit trade_no dated by the clock ({@code yyyyMMdd22001} + 15 digits).
     */
    public String newTradeNo() {
        return DateTimeFormatter.ofPattern("yyyyMMdd").withZone(BEIJING).format(clock.instant()) + "22001"
                + AlipayCrypto.randomDigits(15);
    }

    /** The notification of {@code trade}'s current status. */
    public AlipayNotification tradeStatusSync(AlipayTrade trade) {
        return sign(tradeParams(trade), trade.merchant());
    }

    /**
     * The notification of {@code trade} with parameters replaced or added ({@code null}
     * value: removed), then validly signed: only the receiver's content checks can refuse
     * it.
     */
    public AlipayNotification tradeStatusSync(AlipayTrade trade, Map<String, String> overrides) {
        Map<String, String> params = tradeParams(trade);
        overrides.forEach((key, value) -> {
            if (value == null) {
                params.remove(key);
            }
            else {
                params.put(key, value);
            }
        });
        return sign(params, trade.merchant());
    }

    /**
     * A refund notification, sent to the payment's notify URL: the trade's parameters
     * with {@code refund_fee} (the CUMULATIVE refunded amount of the trade),
     * {@code gmt_refund} and {@code out_biz_no} (the merchant's refund request number;
     * null: a refund made in Alipay's merchant console, which names none). A partial
     * refund leaves the trade at TRADE_SUCCESS, a full one closes it.
     */
    public AlipayNotification refund(AlipayTrade trade, String outBizNo, long refundedFenSoFar) {
        Instant now = clock.instant();
        boolean full = refundedFenSoFar >= trade.totalFen();
        Map<String, String> params = tradeParams(
                trade.withStatus(full ? AlipayTrade.TRADE_CLOSED : AlipayTrade.TRADE_SUCCESS));
        params.put("gmt_payment", DATE_TIME.format(now.minusSeconds(60)));
        if (full) {
            params.put("gmt_close", DATE_TIME.format(now));
        }
        params.put("refund_fee", AlipayTrade.yuan(refundedFenSoFar));
        params.put("gmt_refund", REFUND_TIME.format(now));
        if (outBizNo != null) {
            params.put("out_biz_no", outBizNo);
        }
        return sign(params, trade.merchant());
    }

    /**
     * Any parameters, signed with Alipay's key for {@code signer}; {@code sign} goes
     * right after {@code sign_type}.
     */
    public AlipayNotification sign(Map<String, String> params, AlipayMerchant signer) {
        return signWith(params, signer.alipayKeyPair());
    }

    /** Honest in every way except that an unrelated RSA key signed it. */
    public AlipayNotification signedByAnotherKey(AlipayTrade trade) {
        return signWith(tradeParams(trade), strangerKeyPair());
    }

    /**
     * Signed over the honest parameters, sent with {@code total_amount} (and the paid
     * amounts) times 100.
     */
    public AlipayNotification tamperedBody(AlipayTrade trade) {
        AlipayNotification honest = tradeStatusSync(trade);
        Map<String, String> inflated = new LinkedHashMap<>(honest.params());
        inflated.put("total_amount", AlipayTrade.yuan(trade.totalFen() * 100));
        inflated.put("receipt_amount", AlipayTrade.yuan(trade.receiptFen() * 100));
        inflated.put("buyer_pay_amount", AlipayTrade.yuan(trade.buyerPayFen() * 100));
        return honest.withBody(AlipayCrypto.formBody(inflated, StandardCharsets.UTF_8));
    }

    private Map<String, String> tradeParams(AlipayTrade trade) {
        Instant now = clock.instant();
        String status = trade.tradeStatus();
        boolean paid = status.equals(AlipayTrade.TRADE_SUCCESS) || status.equals(AlipayTrade.TRADE_FINISHED);
        Map<String, String> p = new LinkedHashMap<>();
        p.put("notify_time", DATE_TIME.format(now));
        p.put("notify_type", AlipayNotification.NOTIFY_TYPE);
        p.put("notify_id", AlipayCrypto.randomLowerAlphanumeric(34));
        p.put("app_id", trade.merchant().appId());
        p.put("auth_app_id", trade.authAppId());
        p.put("charset", CHARSET);
        p.put("version", VERSION);
        p.put("sign_type", AlipayCrypto.SIGN_TYPE);
        p.put("trade_no", trade.tradeNo());
        p.put("out_trade_no", trade.outTradeNo());
        p.put("buyer_id", buyerId(trade));
        p.put("buyer_logon_id", "138****" + buyerId(trade).substring(12));
        p.put("seller_id", AlipayMerchant.sellerIdFor(trade.authAppId()));
        p.put("trade_status", status);
        p.put("total_amount", AlipayTrade.yuan(trade.totalFen()));
        if (paid) {
            p.put("receipt_amount", AlipayTrade.yuan(trade.receiptFen()));
            p.put("buyer_pay_amount", AlipayTrade.yuan(trade.buyerPayFen()));
            p.put("invoice_amount", AlipayTrade.yuan(trade.receiptFen()));
            p.put("point_amount", "0.00");
        }
        p.put("gmt_create", DATE_TIME.format(now.minusSeconds(5)));
        if (paid) {
            p.put("gmt_payment", DATE_TIME.format(now));
        }
        if (!paid && !status.equals(AlipayTrade.WAIT_BUYER_PAY) || status.equals(AlipayTrade.TRADE_FINISHED)) {
            p.put("gmt_close", DATE_TIME.format(now));
        }
        p.put("subject", trade.subject());
        p.put("body", "大乐透2.1 " + trade.outTradeNo());
        if (paid) {
            p.put("fund_bill_list", "[{\"amount\":\"" + AlipayTrade.yuan(trade.buyerPayFen())
                    + "\",\"fundChannel\":\"ALIPAYACCOUNT\"}]");
        }
        return p;
    }

    private static AlipayNotification signWith(Map<String, String> params, KeyPair keys) {
        Map<String, String> unsigned = new LinkedHashMap<>(params);
        unsigned.remove("sign");
        String sign = AlipayCrypto.sign(keys.getPrivate(), AlipayCrypto.signContent(unsigned), StandardCharsets.UTF_8);
        Map<String, String> wire = new LinkedHashMap<>();
        unsigned.forEach((key, value) -> {
            wire.put(key, value);
            if (key.equals("sign_type")) {
                wire.put("sign", sign);
            }
        });
        wire.putIfAbsent("sign", sign);
        String notifyId = wire.getOrDefault("notify_id", "");
        return new AlipayNotification(
                notifyId.isBlank() ? "unnamed-" + AlipayCrypto.randomLowerAlphanumeric(12) : notifyId, wire,
                AlipayCrypto.formBody(wire, StandardCharsets.UTF_8));
    }

    /** A stable buyer id ({@code 2088} + 12 digits) per order. */
    static String buyerId(AlipayTrade trade) {
        return AlipayMerchant.sellerIdFor("buyer|" + trade.authAppId() + "|" + trade.outTradeNo());
    }

    private KeyPair strangerKeyPair() {
        KeyPair pair = strangerKeyPair;
        if (pair == null) {
            synchronized (this) {
                if (strangerKeyPair == null) {
                    strangerKeyPair = AlipayCrypto.generateRsaKeyPair();
                }
                pair = strangerKeyPair;
            }
        }
        return pair;
    }

}
