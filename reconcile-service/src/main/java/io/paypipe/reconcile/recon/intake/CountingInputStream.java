package io.paypipe.reconcile.recon.intake;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Tells a {@link ByteCounter} of every byte read through it (the download's or file's
 * bytes as they come, before any decompression).
 */
final class CountingInputStream extends FilterInputStream {

    private final ByteCounter counter;

    CountingInputStream(InputStream in, ByteCounter counter) {
        super(in);
        this.counter = counter;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counter.bytes(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            counter.bytes(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) {
            counter.bytes(skipped);
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

}
