package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.bill.BillOutputStreams;
import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes Alipay's trade bill zip as {@code bill_download_url} serves it, straight into an
 * {@link OutputStream}: the {@code <account>_<yyyyMMdd>_业务明细.csv} detail file and the
 * {@code …_业务明细(汇总).csv} summary file, both GBK with CRLF line ends, entry names in GBK
 * (no UTF-8 flag, as Alipay's zips). Rows are written as the {@link Content}'s rows hand
 * them over and only their totals are kept: a generated day of a million rows is never
 * held in memory. The same content always gives the same bytes (the entries are dated by
 * the export time), so {@link #length} can measure what {@link #write} then sends.
 */
final class AlipayBillZip {

    static final Charset GBK = Charset.forName("GBK");

    private static final String CRLF = "\r\n";

    private static final int BUFFER = 64 * 1024;

    private AlipayBillZip() {
    }

    /**
     * What one bill holds.
     *
     * @param appId the app whose bill it is (its account names the files)
     * @param day the day in the file names and the date range
     * @param exportedAt the footer's 导出时间 and the entries' time
     * @param rows the rows of the day, read once per {@link #write}
     * @param listRows false: the rows are summed into the footer but not listed
     * @param summary false: no footer totals and no 汇总 file
     * @param extraTrades added to the footer's trade count (a footer that disagrees)
     * @param extraPaidFen added to the footer's 商家实收 total
     */
    record Content(String appId, LocalDate day, Instant exportedAt, Iterable<AlipayBillRow> rows, boolean listRows,
            boolean summary, long extraTrades, long extraPaidFen) {

        Content {
            Objects.requireNonNull(appId, "appId");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(exportedAt, "exportedAt");
            Objects.requireNonNull(rows, "rows");
        }

    }

    /** Writes the zip to {@code out} (left open). */
    static void write(Content content, OutputStream out) throws IOException {
        BufferedOutputStream buffered = new BufferedOutputStream(new Unclosable(out), BUFFER);
        ZipOutputStream zip = new ZipOutputStream(buffered, GBK);
        String stem = AlipayBillCsv.stem(content.appId(), content.day());
        Writer text = new BufferedWriter(new OutputStreamWriter(new Unclosable(zip), GBK), BUFFER);
        zip.putNextEntry(entry(stem + "_业务明细.csv", content));
        lines(text, AlipayBillCsv.preamble(content.appId(), content.day()));
        long[] totals = new long[4];
        for (AlipayBillRow row : content.rows()) {
            int at = row.refund() ? 2 : 0;
            totals[at]++;
            totals[at + 1] = Math.addExact(totals[at + 1], row.amountFen());
            if (content.listRows()) {
                text.write(AlipayBillCsv.row(row));
                text.write(CRLF);
            }
        }
        lines(text, List.of(AlipayBillCsv.LIST_END));
        long trades = totals[0] + content.extraTrades();
        long paid = totals[1] + content.extraPaidFen();
        if (content.summary()) {
            lines(text, AlipayBillCsv.footer(trades, paid, totals[2], totals[3], content.exportedAt()));
        }
        text.flush();
        zip.closeEntry();
        if (content.summary()) {
            zip.putNextEntry(entry(stem + "_业务明细(汇总).csv", content));
            lines(text, AlipayBillCsv.summary(content.appId(), trades, paid, totals[2], totals[3]));
            text.flush();
            zip.closeEntry();
        }
        zip.finish();
        buffered.flush();
    }

    /** How many bytes {@link #write} writes for {@code content}. */
    static long length(Content content) throws IOException {
        BillOutputStreams.Counting counting = new BillOutputStreams.Counting(OutputStream.nullOutputStream());
        write(content, counting);
        return counting.count();
    }

    /**
     * Writes the first {@code limit} bytes of the zip to {@code out}, the rest nowhere (a
     * zip cut short).
     */
    static void writeCut(Content content, OutputStream out, long limit) throws IOException {
        write(content, BillOutputStreams.cut(out, limit));
    }

    private static ZipEntry entry(String name, Content content) {
        ZipEntry entry = new ZipEntry(name);
        entry.setTime(content.exportedAt().toEpochMilli());
        return entry;
    }

    private static void lines(Writer text, List<String> lines) throws IOException {
        for (String line : lines) {
            text.write(line);
            text.write(CRLF);
        }
    }

    /** Passes writes on and ignores close: the caller owns the stream. */
    private static final class Unclosable extends FilterOutputStream {

        Unclosable(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }

    }

}
