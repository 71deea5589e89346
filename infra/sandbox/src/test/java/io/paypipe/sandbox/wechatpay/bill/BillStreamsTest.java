package io.paypipe.sandbox.wechatpay.bill;

import static io.paypipe.sandbox.SandboxFixtures.directMerchant;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.DIRECT;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.payment;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.plainBytes;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.refund;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.paypipe.sandbox.wechatpay.bill.BillStreams.Measured;
import io.paypipe.sandbox.wechatpay.bill.TradeBill.Delivery;
import io.paypipe.sandbox.wechatpay.bill.TradeBillFormat.BillAccount;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * What step 1 measures of a bill is what the download sends: the SHA-1 and length of the
 * uncompressed file, the length of its gzip; a cut file is exactly the first half of the
 * gzip; a generated million-row day is written as a stream.
 */
class BillStreamsTest {

    private static final BillAccount ACCOUNT = new BillAccount(directMerchant().appId(), DIRECT, false);

    private static final TradeBill RECORDED = new TradeBill(ACCOUNT, new BillRows.Recorded(List
        .of(payment(DIRECT, "01", 10_010, "2025-06-07T09:00:00"), refund(DIRECT, "01", 2_000, "2025-06-07T12:30:00"))),
            true, true, false, Delivery.FILE);

    @Test
    void givenABill_whenMeasuredAndWritten_thenTheHashAndLengthsAreThoseOfTheBytesSent() throws Exception {
        // Given the plain file
        byte[] plain = plainBytes(RECORDED);

        // When it is measured, and written plain and gzipped
        Measured measured = BillStreams.measure(RECORDED);
        byte[] sentPlain = written(RECORDED, false, -1);
        byte[] sentGzip = written(RECORDED, true, -1);

        // Then the SHA-1 is the plain file's, and each length the length sent
        assertThat(measured.sha1Hex())
            .isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(plain)));
        assertThat(sentPlain).isEqualTo(plain);
        assertThat(measured.length(false)).isEqualTo(plain.length);
        assertThat(measured.length(true)).isEqualTo(sentGzip.length);
        assertThat(Arrays.copyOf(sentGzip, 2)).containsExactly(0x1f, 0x8b);
        assertThat(new GZIPInputStream(new ByteArrayInputStream(sentGzip)).readAllBytes()).isEqualTo(plain);
    }

    @Test
    void givenALimit_whenWritten_thenExactlyTheFirstBytesOfTheGzipAreSentAndTheyDoNotUnzip() throws Exception {
        byte[] whole = written(RECORDED, true, -1);
        long half = BillStreams.measure(RECORDED).length(true) / 2;

        byte[] cut = written(RECORDED, true, half);

        assertThat(cut).isEqualTo(Arrays.copyOf(whole, (int) half));
        assertThat(catchThrowable(() -> new GZIPInputStream(new ByteArrayInputStream(cut)).readAllBytes()))
            .isInstanceOf(EOFException.class);
    }

    @Test
    void givenAGeneratedMillionRowDay_whenMeasuredAndWritten_thenBothAgreeAndEveryRowAndTheSummaryAreThere()
            throws Exception {
        // Given a million generated rows
        TradeBill generated = new TradeBill(ACCOUNT,
                new BillRows.Generated(DIRECT, LocalDate.of(2025, 6, 7), 1_000_000), true, true, false, Delivery.FILE);

        // When it is measured, then written gzipped into a counter that keeps nothing
        Measured measured = BillStreams.measure(generated);
        LineCounter plain = new LineCounter();
        generated.writePlain(plain);

        // Then the header, a million rows and the summary are written, and agree
        assertThat(plain.lines).isEqualTo(1 + 1_000_000 + 2);
        assertThat(plain.bytes).isEqualTo(measured.length(false));
        assertThat(plain.lastLine()).isEqualTo("`1000000,`5995000.00,`0.00,`0.00,`35980.00000,`5995000.00,`0.00");
    }

    private static byte[] written(TradeBill bill, boolean gzip, long limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BillStreams.write(bill, gzip, limit, out);
        return out.toByteArray();
    }

    /** Counts bytes and lines, keeping only the last line. */
    private static final class LineCounter extends OutputStream {

        long bytes;

        long lines;

        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        private byte[] last = new byte[0];

        @Override
        public void write(int b) {
            bytes++;
            if (b == '\n') {
                lines++;
                last = current.toByteArray();
                current.reset();
            }
            else {
                current.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        String lastLine() {
            String line = new String(last, StandardCharsets.UTF_8);
            return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        }

    }

}
