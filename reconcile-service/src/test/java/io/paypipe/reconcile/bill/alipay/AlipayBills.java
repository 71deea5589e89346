package io.paypipe.reconcile.bill.alipay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Fixture factory: Alipay bills as the channel serves them (CHANNELS.md §2.3), from the
 * sample files under src/test/resources or built line by line. Public for the runner's
 * tests ({@code recon}).
 */
public final class AlipayBills {

    static final Charset GBK = Charset.forName("GBK");

    static final String ACCOUNT = "20880211096256330156";

    static final String DAY = ACCOUNT + "_20261129";

    static final String DETAIL = DAY + "_业务明细.csv";

    static final String SUMMARY = DAY + "_业务明细(汇总).csv";

    static final String EMPTY_DAY_DETAIL = ACCOUNT + "_20261128_业务明细.csv";

    static final List<String> PREAMBLE = List.of("#支付宝业务明细查询", "#账号：[" + ACCOUNT + "]",
            "#起始日期：[2026年11月29日 00:00:00]   终止日期：[2026年11月30日 00:00:00]",
            "#-----------------------------------------业务明细列表----------------------------------------");

    static final String HEADER = String.join(",", AlipayDetailReader.HEADER);

    static final String END = "#-----------------------------------------业务明细列表结束------------------------------------";

    private AlipayBills() {
    }

    public static byte[] resource(String name) {
        try (InputStream in = AlipayBills.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + name);
            }
            return in.readAllBytes();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The sample day's zip: the detail and the summary file, entry names in GBK. */
    public static byte[] sampleDayZip() {
        return zip(DETAIL, resource(DETAIL), SUMMARY, resource(SUMMARY));
    }

    /** A zip of (name, content) pairs, names in GBK as Alipay writes them. */
    static byte[] zip(Object... nameContentPairs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out, GBK)) {
            for (int i = 0; i < nameContentPairs.length; i += 2) {
                zip.putNextEntry(new ZipEntry((String) nameContentPairs[i]));
                zip.write((byte[]) nameContentPairs[i + 1]);
                zip.closeEntry();
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.toByteArray();
    }

    /**
     * A detail file in GBK, CRLF line ends: the preamble, the given header, rows, footer.
     */
    static byte[] detail(String header, List<String> rows, String... footer) {
        List<String> lines = new ArrayList<>(PREAMBLE);
        lines.add(header);
        lines.addAll(rows);
        lines.addAll(Arrays.asList(footer));
        return (String.join("\r\n", lines) + "\r\n").getBytes(GBK);
    }

    static String[] footer(int trades, String paid, int refunds, String refunded) {
        return new String[] { END, "#交易合计：" + trades + "笔，商家实收共" + paid + "元，商家优惠共0.00元",
                "#退款合计：" + refunds + "笔，商家实收退款共" + refunded + "元，商家优惠退款共0.00元", "#导出时间：[2026年11月30日 10:05:31]" };
    }

    /** A payment row (trade no padded with a tab as Alipay does). */
    static String payment(String tradeNo, String outTradeNo, String amount) {
        return row(tradeNo, outTradeNo, "交易", amount, "", "-0.01");
    }

    static String refund(String tradeNo, String outTradeNo, String amount, String refundNo) {
        return row(tradeNo, outTradeNo, "退款", amount, refundNo, "0.01");
    }

    static String row(String tradeNo, String outTradeNo, String type, String amount, String refundNo, String fee) {
        return String.join(",", tradeNo + "\t", outTradeNo + "\t", type + "\t", "paypipe order", "2026-11-29 10:15:00",
                "2026-11-29 10:15:02", "\t", "\t", "\t", "\t", "*三(138****0000)\t", amount, amount, "0.00", "0.00",
                "0.00", "0.00", "0.00", "", "0.00\t", "0.00", refundNo + "\t", fee, "0.00", "");
    }

    /**
     * Writes a zip with one detail file of {@code rows} payments of 0.01 to {@code out}.
     */
    static void writeLargeBill(OutputStream out, int rows, AtomicLong written) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(out, GBK)) {
            zip.putNextEntry(new ZipEntry(DETAIL));
            StringBuilder head = new StringBuilder();
            PREAMBLE.forEach(l -> head.append(l).append("\r\n"));
            zip.write(head.append(HEADER).append("\r\n").toString().getBytes(GBK));
            for (int i = 0; i < rows; i++) {
                String tradeNo = "2026112922001400%012d".formatted(i);
                zip.write((payment(tradeNo, "PP-BIG-" + i, "0.01") + "\r\n").getBytes(GBK));
                written.incrementAndGet();
            }
            String total = "%d.%02d".formatted(rows / 100, rows % 100);
            zip.write((String.join("\r\n", footer(rows, total, 0, "0.00")) + "\r\n").getBytes(GBK));
            zip.closeEntry();
        }
    }

}
