package io.paypipe.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Fixture factory of the Alipay bill tests: settlements of an app's day, a clock that
 * moves, and the served zip read back as lines per file (GBK, CRLF).
 */
final class AlipayBillFixtures {

    static final Charset GBK = Charset.forName("GBK");

    static final String APP = "2021000100000000";

    /** The sandbox's clock: 2026-11-30 10:05:31 in Beijing, the day after the bill's. */
    static final Instant NOW = Instant.parse("2026-11-30T02:05:31Z");

    private AlipayBillFixtures() {
    }

    /**
     * A payment of {@code fen} to {@link #APP} at {@code beijing} (yyyy-MM-ddTHH:mm:ss).
     */
    static Settlement payment(String tradeNo, String outTradeNo, long fen, long feeFen, String beijing) {
        return Settlement.payment(Channel.ALIPAY, APP, outTradeNo, tradeNo, fen, feeFen, "CNY", at(beijing));
    }

    /** A refund of {@code fen} of trade {@code tradeNo} by {@code outRequestNo}. */
    static Settlement refund(String tradeNo, String outTradeNo, String outRequestNo, long fen, String beijing) {
        return new Settlement(Channel.ALIPAY, APP, Settlement.Kind.REFUND, Optional.of(outTradeNo), tradeNo,
                Optional.of(outRequestNo), Optional.empty(), fen, 0, "CNY", at(beijing));
    }

    static Instant at(String beijing) {
        return LocalDateTime.parse(beijing).atZone(ZoneId.of("Asia/Shanghai")).toInstant();
    }

    /** The files of a zip, each as its GBK lines. */
    static Map<String, List<String>> files(byte[] zip) {
        Map<String, List<String>> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), GBK)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                String text = new String(in.readAllBytes(), GBK);
                assertThat(text).endsWith("\r\n");
                files.put(entry.getName(), Arrays.asList(text.substring(0, text.length() - 2).split("\r\n", -1)));
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** Writes the served body into memory (small bills only). */
    static byte[] bytes(AlipayBillFiles.Served served) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            served.body().writeTo(out);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat((long) out.size()).as("Content-Length").isEqualTo(served.length());
        return out.toByteArray();
    }

    /** A clock the test moves. */
    static final class MovingClock extends Clock {

        private Instant now;

        MovingClock(Instant now) {
            this.now = now;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

    }

}
