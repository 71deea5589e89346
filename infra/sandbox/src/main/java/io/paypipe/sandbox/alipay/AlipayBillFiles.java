package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.BillZones;
import io.paypipe.sandbox.bill.SettlementBook;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * What Alipay's {@code bill_download_url} serves for one app's day, as the day's armed
 * {@link BillScenario} says (the scenarios' meaning: {@link BillScenario}):
 * <ul>
 * <li>the zip ({@link AlipayBillZip}, {@code application/zip}, a {@code Content-Length}
 * measured by writing it once into nothing) of the settlements the {@link SettlementBook}
 * holds for the day in Beijing: COMPLETE; SUMMARY_NO_ROWS (the footer of the complete
 * day, no row); SUMMARY_DISAGREES (footer one trade and 1.00 more); DROP_95 (rows 0, 20,
 * 40, …); NO_SUMMARY (the rows and the end marker only, no 汇总 file); OTHER_DAY (the
 * previous day's bill, its dates and file names); GENERATED (generated rows, never
 * held);</li>
 * <li>TRUNCATED: the first half of the complete zip's bytes, announced as such;</li>
 * <li>ERROR_PAGE / ERROR_JSON: a busy page, 200 {@code text/html}, or a JSON error, 200
 * {@code application/json}.</li>
 * </ul>
 * A token unknown or expired is {@link #expired()}: 404 with Alipay's HTML page "下载链接已过期"
 * (whether Alipay answers 404 or 200 there is not known; 404 lets a client tell an
 * expired link from a bill).
 */
public final class AlipayBillFiles {

    static final String ZIP = "application/zip";

    static final String HTML = "text/html;charset=utf-8";

    static final String JSON = "application/json;charset=utf-8";

    static final String BUSY_PAGE = "<html><head><title>系统繁忙</title></head><body>系统繁忙，请稍后再试</body></html>";

    static final String ERROR_JSON = "{\"code\":\"SYSTEM_ERROR\",\"message\":\"系统繁忙，请稍后再试\"}";

    static final String EXPIRED_PAGE = "<!DOCTYPE html>\n<html><head><title>Error</title></head>"
            + "<body>下载链接已过期</body></html>";

    /** Writes a served body. */
    @FunctionalInterface
    public interface Body {

        void writeTo(OutputStream out) throws IOException;

    }

    /**
     * One answer of the download URL: its status, content type, exact length, the file
     * name of an attachment, and the body.
     */
    public record Served(int status, String contentType, long length, Optional<String> fileName, Body body) {
    }

    private final SettlementBook book;

    private final BillScenarios scenarios;

    private final Clock clock;

    AlipayBillFiles(SettlementBook book, BillScenarios scenarios, Clock clock) {
        this.book = book;
        this.scenarios = scenarios;
        this.clock = clock;
    }

    static Served expired() {
        return page(404, HTML, EXPIRED_PAGE);
    }

    /** What the bill of app {@code appId}'s {@code day} is now. */
    Served serve(String appId, LocalDate day) {
        BillScenarios.Armed armed = scenarios.of(Channel.ALIPAY, appId, day);
        Instant exportedAt = clock.instant();
        return switch (armed.scenario()) {
            case COMPLETE -> zip(content(appId, day, exportedAt, rows(appId, day), true, true, 0, 0));
            case SUMMARY_NO_ROWS -> zip(content(appId, day, exportedAt, rows(appId, day), false, true, 0, 0));
            case SUMMARY_DISAGREES -> zip(content(appId, day, exportedAt, rows(appId, day), true, true, 1, 100));
            case DROP_95 -> zip(content(appId, day, exportedAt, everyTwentieth(rows(appId, day)), true, true, 0, 0));
            case NO_SUMMARY -> zip(content(appId, day, exportedAt, rows(appId, day), true, false, 0, 0));
            case OTHER_DAY ->
                zip(content(appId, day.minusDays(1), exportedAt, rows(appId, day.minusDays(1)), true, true, 0, 0));
            case GENERATED ->
                zip(content(appId, day, exportedAt, generated(day, armed.generatedLines()), true, true, 0, 0));
            case TRUNCATED -> truncated(content(appId, day, exportedAt, rows(appId, day), true, true, 0, 0));
            case ERROR_PAGE -> page(200, HTML, BUSY_PAGE);
            case ERROR_JSON -> page(200, JSON, ERROR_JSON);
        };
    }

    private static AlipayBillZip.Content content(String appId, LocalDate day, Instant exportedAt,
            Iterable<AlipayBillRow> rows, boolean listRows, boolean summary, long extraTrades, long extraPaidFen) {
        return new AlipayBillZip.Content(appId, day, exportedAt, rows, listRows, summary, extraTrades, extraPaidFen);
    }

    /** The rows of the settlements of {@code appId}'s day in Beijing, in time order. */
    private List<AlipayBillRow> rows(String appId, LocalDate day) {
        List<AlipayBillRow> rows = new ArrayList<>();
        book.of(Channel.ALIPAY, appId, BillZones.start(Channel.ALIPAY, day), BillZones.end(Channel.ALIPAY, day))
            .forEach(settlement -> AlipayBillRow.of(settlement).ifPresent(rows::add));
        return rows;
    }

    private static List<AlipayBillRow> everyTwentieth(List<AlipayBillRow> rows) {
        List<AlipayBillRow> kept = new ArrayList<>();
        for (int i = 0; i < rows.size(); i += 20) {
            kept.add(rows.get(i));
        }
        return kept;
    }

    /** {@code lines} generated rows of {@code day}, made one by one as they are read. */
    private static Iterable<AlipayBillRow> generated(LocalDate day, long lines) {
        Instant start = BillZones.start(Channel.ALIPAY, day);
        return () -> new Iterator<>() {

            private long next;

            @Override
            public boolean hasNext() {
                return next < lines;
            }

            @Override
            public AlipayBillRow next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return AlipayBillRow.generated(day, start, next++, lines);
            }

        };
    }

    private static Served zip(AlipayBillZip.Content content) {
        return new Served(200, ZIP, measured(content), Optional.of(fileName(content)),
                out -> AlipayBillZip.write(content, out));
    }

    private static Served truncated(AlipayBillZip.Content content) {
        long half = measured(content) / 2;
        return new Served(200, ZIP, half, Optional.of(fileName(content)),
                out -> AlipayBillZip.writeCut(content, out, half));
    }

    private static String fileName(AlipayBillZip.Content content) {
        return AlipayBillCsv.stem(content.appId(), content.day()) + ".csv.zip";
    }

    private static long measured(AlipayBillZip.Content content) {
        try {
            return AlipayBillZip.length(content);
        }
        catch (IOException e) {
            throw new UncheckedIOException("writing into nothing cannot fail", e);
        }
    }

    private static Served page(int status, String contentType, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new Served(status, contentType, bytes.length, Optional.empty(), out -> out.write(bytes));
    }

}
