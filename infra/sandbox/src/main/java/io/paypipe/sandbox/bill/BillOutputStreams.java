package io.paypipe.sandbox.bill;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The two streams every channel's bill download is written through: one that counts what
 * passes (a download's Content-Length is measured by writing the bill once to nowhere),
 * and one that passes on only the first bytes (scenario TRUNCATED: a compressed file cut
 * short).
 */
public final class BillOutputStreams {

    private BillOutputStreams() {
    }

    /** Passes bytes on and counts them. */
    public static class Counting extends FilterOutputStream {

        private long count;

        public Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        public long count() {
            return count;
        }

    }

    /** Passes on the first {@code limit} bytes written to it and drops the rest. */
    public static OutputStream cut(OutputStream out, long limit) {
        return new Cut(out, limit);
    }

    private static final class Cut extends FilterOutputStream {

        private long left;

        Cut(OutputStream out, long limit) {
            super(out);
            this.left = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] { (byte) b }, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int passed = (int) Math.min(len, Math.max(0, left));
            if (passed > 0) {
                out.write(b, off, passed);
                left -= passed;
            }
        }

    }

}
