package io.paypipe.reconcile.recon;

import io.paypipe.reconcile.bill.alipay.AlipayBills;
import io.paypipe.reconcile.bill.stripe.StripeBills;
import io.paypipe.reconcile.bill.wechatpay.GeneratedBill;
import io.paypipe.reconcile.bill.wechatpay.WechatBills;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Bill files for the runner's tests, written to a directory: the parser tests' samples
 * and generated bills ({@link WechatBills}, {@link GeneratedBill}, {@link AlipayBills},
 * {@link StripeBills}), made the test's merchant's. The WeChat sample {@code all.csv} is
 * two payments (100.10 and 0.01 CNY) and a refund (20.00 CNY) of {@link #DAY} with a
 * summary that agrees; its variants break one thing each.
 */
public final class ReconBills {

    /**
     * The day of every sample bill (Beijing time for WeChat and Alipay, UTC for Stripe).
     */
    public static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    /** The sample's summary row. */
    private static final String SUMMARY_ROW = "`3,`100.11,`20.00,`0.00,`0.48999,`100.11,`20.00";

    private final Path dir;

    public ReconBills(Path dir) {
        this.dir = dir;
    }

    /** The sample ALL bill, every line the merchant's. */
    public static String wechatAll(String merchant) {
        return WechatBills.sample("all.csv").replace("1900000109", merchant).replace("1900000201", merchant);
    }

    /**
     * The sample, its lines the merchant's but for the sub-merchant's payment and refund
     * (lines 2 and 4), which stay 1900000201's.
     */
    public static String wechatAllWithAnotherMerchant(String merchant) {
        return WechatBills.sample("all.csv").replace("1900000109", merchant);
    }

    /** The sample without its summary header and row. */
    public static String wechatWithoutSummary(String merchant) {
        return WechatBills.withoutSummary(wechatAll(merchant));
    }

    /** The header and the sample's summary (3 trades), no detail row. */
    public static String wechatSummaryWithoutRows() {
        return WechatBills.ALL_HEADER + "\n" + WechatBills.ALL_SUMMARY_HEADER + "\n" + SUMMARY_ROW + "\n";
    }

    /** The sample whose summary counts one trade more than its rows. */
    public static String wechatCountDisagrees(String merchant) {
        return wechatAll(merchant).replace(SUMMARY_ROW, SUMMARY_ROW.replaceFirst("`3,", "`4,"));
    }

    /** The sample whose summary's paid total is one fen more than its rows'. */
    public static String wechatTotalDisagrees(String merchant) {
        return wechatAll(merchant).replace(SUMMARY_ROW, SUMMARY_ROW.replaceFirst("`100.11,", "`100.12,"));
    }

    /** The sample day's empty bill: header and a summary of zero trades. */
    public static String wechatEmptyDay() {
        return WechatBills.sample("empty-day.csv");
    }

    /** What a channel's download answers on a bad day instead of the bill. */
    public static String htmlErrorPage() {
        return "<html><head><title>系统繁忙</title></head><body>系统繁忙，请稍后再试</body></html>\n";
    }

    /** The sample gzipped, then cut in half. */
    public static byte[] wechatTruncatedGzip(String merchant) {
        byte[] gzip = WechatBills.gzip(WechatBills.utf8(wechatAll(merchant)));
        return Arrays.copyOf(gzip, gzip.length / 2);
    }

    public Path write(String name, String text) {
        return write(name, WechatBills.utf8(text));
    }

    public Path write(String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * A generated ALL bill of {@code rows} payments of the merchant, streamed to a file.
     */
    public Path generated(String name, long rows, String merchant) {
        return copy(name, new GeneratedBill(rows, merchant));
    }

    /**
     * Alipay's sample day: the zip of the detail and summary CSVs (3 payments, 1 refund).
     */
    public Path alipayDay() {
        return write("alipay-day.zip", AlipayBills.sampleDayZip());
    }

    /** Stripe's sample itemized report of the day (charge, refund, fee + two skipped). */
    public Path stripeItemized() {
        return copy("itemized.csv", StripeBills.resource("itemized-day.csv"));
    }

    /** Stripe's sample summary report of the day (agrees with the itemized one). */
    public Path stripeSummary() {
        return copy("summary.csv", StripeBills.resource("summary-day.csv"));
    }

    private Path copy(String name, InputStream in) {
        try (in) {
            Path file = dir.resolve(name);
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

}
