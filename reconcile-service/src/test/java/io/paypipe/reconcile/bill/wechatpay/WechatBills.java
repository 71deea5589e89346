package io.paypipe.reconcile.bill.wechatpay;

import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Fixtures: the sample bills under src/test/resources, their variants, and a parse run.
 * Public for the runner's tests ({@code recon}), which write these bills to files.
 */
public final class WechatBills {

    public static final String ALL_HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,"
            + "货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费," + "费率,订单金额,申请退款金额,费率备注";

    public static final String ALL_SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";

    private WechatBills() {
    }

    /** A sample bill: all.csv, success.csv, refund.csv, empty-day.csv. */
    public static String sample(String name) {
        try (InputStream in = WechatBills.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.toByteArray();
    }

    /** The all.csv sample without its summary header and row. */
    public static String withoutSummary(String bill) {
        return bill.substring(0, bill.indexOf(ALL_SUMMARY_HEADER));
    }

    static Parsed parse(byte[] bill) throws IOException {
        List<BillLine> lines = new ArrayList<>();
        ParsedBill parsed = new WechatBillParser().parse(new ByteArrayInputStream(bill), lines::add);
        return new Parsed(parsed, lines);
    }

    static Parsed parse(String bill) throws IOException {
        return parse(utf8(bill));
    }

    record Parsed(ParsedBill bill, List<BillLine> lines) {

        BillLine line(int index) {
            return lines.get(index);
        }

    }

}
