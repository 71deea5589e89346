package io.paypipe.reconcile.recon.intake;

/**
 * Told how long the bill is and how many of its bytes were read, as they are read (for
 * the progress of a running batch).
 */
public interface ByteCounter {

    /** The bill's length in bytes, -1 when the channel did not say. */
    void length(long length);

    /** {@code n} more bytes read. */
    void bytes(long n);

    /** All bytes read so far. */
    long bytesRead();

}
