package io.paypipe.bench.backlog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The records of the benchmark, numbered 1..n: records {@code 1..due} are due now, the
 * rest await retry. Each has a merchant order number, a channel trade number and a raw
 * body of about 1 KB shaped like a WeChat Pay v3 notification (an encrypted resource),
 * built the same way in Java (Kafka values) and in SQL (table rows).
 */
final class BacklogRecords {

    static final String MERCHANT = "1900000109";
    static final String CHANNEL = "wxpay";
    static final String CURRENCY = "CNY";

    /** 25 copies of a 32-hex-digit MD5 = 800 characters of "ciphertext". */
    static final int CIPHER_REPEAT = 25;

    private static final String TEMPLATE = """
            {"id":"EV-{trade}","create_time":"2025-06-18T10:15:30+08:00","resource_type":"encrypt-resource",\
            "event_type":"TRANSACTION.SUCCESS","summary":"支付成功","resource":{"original_type":"transaction",\
            "algorithm":"AEAD_AES_256_GCM","ciphertext":"{cipher}","associated_data":"transaction",\
            "nonce":"{nonce}"}}""";

    private BacklogRecords() {
    }

    static String outTradeNo(long seq) {
        return "BL" + pad(seq, 12);
    }

    static String channelTradeNo(long seq) {
        return "4200" + pad(seq, 24);
    }

    /** Amount of the order in fen (minor units of {@link #CURRENCY}). */
    static long amountMinor(long seq) {
        return 100 + seq % 10_000;
    }

    static String body(long seq) {
        String md5 = md5Hex(Long.toString(seq));
        return TEMPLATE.replace("{trade}", channelTradeNo(seq))
            .replace("{cipher}", md5.repeat(CIPHER_REPEAT))
            .replace("{nonce}", md5.substring(0, 12));
    }

    /**
     * SQL expressions of the same values for {@code INSERT ... SELECT} from a sequence;
     * {@code seq} is the column.
     */
    static final String SQL_OUT_TRADE_NO = "CONCAT('BL', LPAD(seq, 12, '0'))";
    static final String SQL_CHANNEL_TRADE_NO = "CONCAT('4200', LPAD(seq, 24, '0'))";
    static final String SQL_AMOUNT_MINOR = "(100 + seq % 10000)";

    /** The body as an SQL expression; bind the template as {@code :template}. */
    static final String SQL_BODY = "REPLACE(REPLACE(REPLACE(:template, '{trade}', " + SQL_CHANNEL_TRADE_NO
            + "), '{cipher}', REPEAT(MD5(seq), " + CIPHER_REPEAT + ")), '{nonce}', LEFT(MD5(seq), 12))";

    static String template() {
        return TEMPLATE;
    }

    private static String pad(long seq, int width) {
        String s = Long.toString(seq);
        return "0".repeat(Math.max(0, width - s.length())) + s;
    }

    private static String md5Hex(String s) {
        try {
            return HexFormat.of()
                .formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is always there", e);
        }
    }

}
