package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.bill.BillOutputStreams;
import io.paypipe.sandbox.bill.BillOutputStreams.Counting;
import java.io.IOException;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@link TradeBill} as its download sends it, and measures it beforehand without
 * keeping it: the SHA-1 of the uncompressed file (WeChat's {@code hash_value}), its
 * length and its gzip's length (the download's Content-Length). Both go through the same
 * writer and the same gzip (fastest level, no time in the header), so the bytes measured
 * are the bytes sent.
 */
final class BillStreams {

    private static final int BUFFER = 64 * 1024;

    private BillStreams() {
    }

    /** What step 1 announces and the download's Content-Length. */
    record Measured(String sha1Hex, long plainLength, long gzipLength) {

        long length(boolean gzip) {
            return gzip ? gzipLength : plainLength;
        }

    }

    /** Writes {@code bill} once to nowhere, counting and digesting it. */
    static Measured measure(TradeBill bill) throws IOException {
        Counting gzipped = new Counting(OutputStream.nullOutputStream());
        MessageDigest sha1 = sha1();
        try (GZIPOutputStream gzip = gzip(gzipped)) {
            Counting plain = new Counting(gzip) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    sha1.update(b, off, len);
                    super.write(b, off, len);
                }
            };
            bill.writePlain(plain);
            gzip.finish();
            return new Measured(HexFormat.of().formatHex(sha1.digest()), plain.count(), gzipped.count());
        }
    }

    /**
     * Writes {@code bill} to {@code out}, gzipped when asked, and only its first
     * {@code limit} bytes when {@code limit} is not negative (a cut file); {@code out}
     * stays open.
     */
    static void write(TradeBill bill, boolean gzip, long limit, OutputStream out) throws IOException {
        OutputStream target = limit >= 0 ? BillOutputStreams.cut(out, limit) : out;
        if (gzip) {
            GZIPOutputStream zipped = gzip(target);
            bill.writePlain(zipped);
            zipped.finish();
        }
        else {
            bill.writePlain(target);
        }
        out.flush();
    }

    private static GZIPOutputStream gzip(OutputStream out) throws IOException {
        return new GZIPOutputStream(out, BUFFER) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        };
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-1 in this JVM", e);
        }
    }

}
