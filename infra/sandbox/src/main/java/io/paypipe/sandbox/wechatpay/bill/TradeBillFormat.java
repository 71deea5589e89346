package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.core.money.Money;
import io.paypipe.sandbox.bill.Settlement;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * The text of WeChat Pay's ALL trade bill (CHANNELS.md §1.6,
 * pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html): the detail
 * header, one back-ticked row per settlement, the summary header and the back-ticked
 * summary row. Amounts in yuan with the currency's decimals, fees with five decimals,
 * times in Beijing time; {@code 特约商户号} {@code 0} for a direct merchant. A payment row has
 * {@code 交易状态} SUCCESS and the refund columns {@code 0}; a refund row has {@code 交易状态}
 * REFUND, the refund's ids and amounts, its success time as {@code 交易时间}, and no settled
 * amount. Lines end with {@code \r\n} (WeChat's line ending is not confirmed;
 * reconcile-service's parser reads either).
 */
final class TradeBillFormat {

    static final String DETAIL_HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
            + "应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";

    static final String SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

    static final String EOL = "\r\n";

    /** The product name of every sandbox order. */
    static final String PRODUCT = "paypipe sandbox order";

    /** The rate FeeRates charges at WeChat Pay, as the bill writes it. */
    static final String RATE = "0.60%";

    /** The summary's currency when the day has no row. */
    static final String DEFAULT_CURRENCY = "CNY";

    private static final int FEE_DECIMALS = 5;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
        .withZone(ZoneId.of("Asia/Shanghai"));

    private TradeBillFormat() {
    }

    /** Appends the detail row of {@code s} (payment or refund) and its line end. */
    static void row(StringBuilder out, BillAccount account, Settlement s, String payer) {
        boolean refund = s.kind() == Settlement.Kind.REFUND;
        String zero = yuan(0, s.currency());
        String amount = yuan(s.amountMinor(), s.currency());
        field(out, TIME.format(s.at()));
        field(out, account.appId());
        field(out, account.mchid());
        field(out, account.subMchidOf(s));
        field(out, "");
        field(out, s.channelTradeNo());
        field(out, s.outTradeNo().orElse(""));
        field(out, payer);
        field(out, "JSAPI");
        field(out, refund ? "REFUND" : "SUCCESS");
        field(out, "OTHERS");
        field(out, s.currency());
        field(out, refund ? zero : amount);
        field(out, zero);
        field(out, refund ? s.channelRefundId().orElseThrow() : "0");
        field(out, refund ? s.refundNo().orElse("") : "0");
        field(out, refund ? amount : zero);
        field(out, zero);
        field(out, refund ? "ORIGINAL" : "");
        field(out, refund ? "SUCCESS" : "");
        field(out, PRODUCT);
        field(out, "");
        field(out, fee(s.feeMinor(), s.currency()));
        field(out, RATE);
        field(out, refund ? zero : amount);
        field(out, refund ? amount : zero);
        out.append('`').append(EOL);
    }

    /**
     * Appends the summary header, the summary row of {@code totals} and their line ends.
     */
    static void summary(StringBuilder out, BillTotals totals) {
        String currency = totals.currency().orElse(DEFAULT_CURRENCY);
        String paid = yuan(totals.paidMinor(), currency);
        String refunded = yuan(totals.refundedMinor(), currency);
        out.append(SUMMARY_HEADER).append(EOL);
        field(out, Long.toString(totals.lines()));
        field(out, paid);
        field(out, refunded);
        field(out, yuan(0, currency));
        field(out, fee(totals.feeMinor(), currency));
        field(out, paid);
        out.append('`').append(refunded).append(EOL);
    }

    /** A payer's openid as WeChat's notifications of the sandbox name it. */
    static String payer(BillAccount account, Settlement s) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest((account.mchid() + "|" + s.outTradeNo().orElse(s.channelTradeNo()))
                    .getBytes(StandardCharsets.UTF_8));
            return "o" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27);
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code minor} in major units with the currency's decimals: 1234 CNY is 12.34. */
    static String yuan(long minor, String currency) {
        return decimal(minor, Money.fractionDigits(currency), Money.fractionDigits(currency));
    }

    /** A fee of {@code minor} with WeChat's five decimals: 61 CNY is 0.61000. */
    static String fee(long minor, String currency) {
        int digits = Money.fractionDigits(currency);
        return decimal(Math.multiplyExact(minor, pow10(FEE_DECIMALS - digits)), FEE_DECIMALS, FEE_DECIMALS);
    }

    private static String decimal(long scaled, int scale, int decimals) {
        if (decimals == 0) {
            return Long.toString(scaled);
        }
        long unit = pow10(scale);
        long abs = Math.abs(scaled);
        String fraction = Long.toString(abs % unit);
        return (scaled < 0 ? "-" : "") + abs / unit + "." + "0".repeat(decimals - fraction.length()) + fraction;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private static void field(StringBuilder out, String value) {
        out.append('`').append(value).append(',');
    }

    /**
     * Who the bill is for: its app id, its mchid, and whether it is a service provider.
     */
    record BillAccount(String appId, String mchid, boolean provider) {

        /** {@code 特约商户号}: the order's sub-merchant in partner mode, else 0. */
        String subMchidOf(Settlement s) {
            return provider ? s.merchantId() : "0";
        }

    }

}
