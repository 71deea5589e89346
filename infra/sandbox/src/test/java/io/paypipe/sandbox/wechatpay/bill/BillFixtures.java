package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;

/** Settlements of the bills' tests, and a bill's text. */
final class BillFixtures {

    static final String DIRECT = "1900000100";

    static final String PROVIDER = "1230000109";

    static final String SUB = "1900009100";

    static final String OTHER_SUB = "1900009101";

    private BillFixtures() {
    }

    /** {@code yyyy-MM-ddTHH:mm:ss} in Beijing. */
    static Instant beijing(String localDateTime) {
        return LocalDateTime.parse(localDateTime).atZone(ZoneId.of("Asia/Shanghai")).toInstant();
    }

    static Settlement payment(String merchantId, String no, long fen, String beijingTime) {
        return Settlement.payment(Channel.WECHATPAY, merchantId, "ORD-" + no, "4200000001" + no, fen, fen * 6 / 1000,
                "CNY", beijing(beijingTime));
    }

    static Settlement refund(String merchantId, String no, long fen, String beijingTime) {
        return Settlement.refund(Channel.WECHATPAY, merchantId, "ORD-" + no, "4200000001" + no, Optional.of("RF-" + no),
                "5030000001" + no, fen, "CNY", beijing(beijingTime));
    }

    static byte[] plainBytes(TradeBill bill) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            bill.writePlain(out);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The bill's lines, without their {@code \r\n}. */
    static String[] lines(TradeBill bill) {
        String text = new String(plainBytes(bill), StandardCharsets.UTF_8);
        if (!text.endsWith("\r\n")) {
            throw new AssertionError("the bill does not end with a line end");
        }
        return text.substring(0, text.length() - 2).split("\r\n", -1);
    }

}
