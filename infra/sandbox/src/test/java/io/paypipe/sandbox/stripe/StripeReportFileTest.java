package io.paypipe.sandbox.stripe;

import static io.paypipe.sandbox.stripe.StripeReports.BILL_COLUMNS;
import static io.paypipe.sandbox.stripe.StripeReports.BILL_HEADER;
import static io.paypipe.sandbox.stripe.StripeReports.DAY_END;
import static io.paypipe.sandbox.stripe.StripeReports.DAY_START;
import static io.paypipe.sandbox.stripe.StripeReports.body;
import static io.paypipe.sandbox.stripe.StripeReports.payment;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.Settlement;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A report run's file: its size, and its download as each bill scenario makes it (the
 * CSV, an error page, a cut file).
 */
class StripeReportFileTest {

    @Test
    void givenNoFaultThenTheDownloadIsTheCsvWithItsSizeAsLength() {
        StripeReportFile file = file(payments(3), BillScenario.COMPLETE);

        StripeReportFile.Download download = file.download();

        String csv = body(download);
        assertThat(download.contentType()).isEqualTo("text/csv");
        assertThat(download.length()).isEqualTo(file.size()).isEqualTo(csv.getBytes(StandardCharsets.UTF_8).length);
        assertThat(csv).startsWith(BILL_HEADER + "\n").endsWith("\n");
        assertThat(csv.lines()).hasSize(4);
    }

    @Test
    void givenTruncatedThenTheDownloadStopsInsideALineNearTheMiddleWithTheCutLength() {
        // Given a day of ten payments
        StripeReportFile file = file(payments(10), BillScenario.TRUNCATED);

        // When
        StripeReportFile.Download download = file.download();

        // Then the length announced is what comes, about half, ending in a line of two
        // fields that has no line feed
        String cut = body(download);
        assertThat(download.length()).isEqualTo(cut.getBytes(StandardCharsets.UTF_8).length);
        assertThat(download.length()).isBetween(file.size() / 2 - 250, file.size() / 2 + 20);
        assertThat(cut).startsWith(BILL_HEADER + "\n").doesNotEndWith("\n");
        String last = cut.substring(cut.lastIndexOf('\n') + 1);
        assertThat(last.split(",", -1)).hasSize(2);
    }

    @Test
    void givenTruncatedEmptyDayThenTheHeaderIsCut() {
        StripeReportFile file = file(List.of(), BillScenario.TRUNCATED);

        String cut = body(file.download());

        assertThat(cut).isEqualTo(BILL_HEADER.substring(0, (BILL_HEADER.length() + 1) / 2));
    }

    @Test
    void givenErrorPageOrErrorJsonThenTheDownloadIsThatPageInsteadOfTheFile() {
        StripeReportFile.Download page = file(payments(2), BillScenario.ERROR_PAGE).download();
        StripeReportFile.Download json = file(payments(2), BillScenario.ERROR_JSON).download();

        assertThat(page.contentType()).startsWith("text/html");
        assertThat(body(page)).startsWith("<!DOCTYPE html>").contains("</html>");
        assertThat(page.length()).isEqualTo(StripeReportFile.ERROR_PAGE.length);
        assertThat(json.contentType()).isEqualTo("application/json");
        assertThat(body(json)).startsWith("{").contains("\"api_error\"");
    }

    @Test
    void givenAGeneratedDayOfAHundredThousandLinesThenItIsCountedAndWrittenWithoutBeingKept() throws IOException {
        // Given
        StripeGeneratedDay day = new StripeGeneratedDay(StripeReports.ACCOUNT, DAY_START, DAY_END, 100_000);
        StripeReportFile file = new StripeReportFile("file_gen", StripeReports.ACCOUNT, "frr_gen", 0,
                () -> StripeReportCsv.itemized(BILL_COLUMNS, day, StripeReports::chargeOf), BillScenario.GENERATED);

        // When it is written to a stream that only counts
        CountingLines out = new CountingLines();
        file.download().body().writeTo(out);

        // Then every line came, as many bytes as announced
        assertThat(out.lines).isEqualTo(100_001);
        assertThat(out.bytes).isEqualTo(file.size()).isEqualTo(file.download().length());
    }

    private static StripeReportFile file(List<Settlement> settlements, BillScenario scenario) {
        return new StripeReportFile("file_1", StripeReports.ACCOUNT, "frr_1", 0,
                () -> StripeReportCsv.itemized(BILL_COLUMNS, settlements, StripeReports::chargeOf), scenario);
    }

    private static List<Settlement> payments(int n) {
        List<Settlement> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(payment("pi_" + i, "ORD-" + i, 1_000 + i, "2026-11-29T10:00:00Z"));
        }
        return all;
    }

    private static final class CountingLines extends OutputStream {

        long bytes;

        long lines;

        @Override
        public void write(int b) {
            bytes++;
            if (b == '\n') {
                lines++;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines++;
                }
            }
        }

    }

}
