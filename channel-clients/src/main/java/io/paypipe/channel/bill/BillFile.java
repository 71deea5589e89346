package io.paypipe.channel.bill;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Optional;

/**
 * A downloaded bill, open for streaming: {@code body} is the file as the channel sends it
 * (WeChat: CSV, gzip when asked for GZIP; Alipay: the zip; Stripe: the itemized report's
 * CSV), read once by the caller, never held in memory whole here.
 *
 * @param length the body's length in bytes as the channel announced it, -1 when unknown
 * (for a progress estimate only)
 * @param sha1Hex WeChat's {@code hash_value} (SHA-1 of the uncompressed file) to verify
 * after reading; empty for the other channels
 * @param summary Stripe's summary report ({@code balance_change_from_activity.summary.1}
 * of the same interval) as downloaded, read before {@code body}; empty for the other
 * channels (their summary is inside the file)
 */
public record BillFile(InputStream body, long length, Optional<String> sha1Hex,
        Optional<InputStream> summary) implements Closeable {

    public BillFile {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(sha1Hex, "sha1Hex");
        Objects.requireNonNull(summary, "summary");
    }

    @Override
    public void close() throws IOException {
        try (InputStream b = body) {
            if (summary.isPresent()) {
                summary.get().close();
            }
        }
    }

}
