package io.paypipe.reconcile.bill.stripe;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Fixtures: the sample reports under src/test/resources and small variations of them.
 * Public for the runner's tests ({@code recon}).
 */
public final class StripeBills {

    static final String HEADER = String.join(",", StripeBillParser.COLUMNS);

    static final String CHARGE = "txn_1,2026-11-29 10:00:00,2026-12-01 00:00:00,usd,100.10,3.20,96.90,charge,ch_1,"
            + "Order,pi_1,ch_1,ORD-1,";

    private StripeBills() {
    }

    public static InputStream resource(String name) {
        InputStream in = StripeBills.class.getResourceAsStream(name);
        if (in == null) {
            throw new UncheckedIOException(new IOException("no test resource " + name));
        }
        return in;
    }

    static InputStream text(String... lines) {
        return new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An itemized report of {@code rows} charge lines, generated while it is read (never
     * held whole); {@link #produced()} tells how many rows were handed out so far.
     */
    static final class Generated extends InputStream {

        private final int rows;

        private int produced;

        private byte[] current = (HEADER + "\n").getBytes(StandardCharsets.UTF_8);

        private int pos;

        Generated(int rows) {
            this.rows = rows;
        }

        int produced() {
            return produced;
        }

        @Override
        public int read() {
            if (pos == current.length) {
                if (produced == rows) {
                    return -1;
                }
                produced++;
                current = ("txn_" + produced + ",2026-11-29 10:00:00,2026-12-01 00:00:00,usd,1.00,0.30,0.70,charge,ch_"
                        + produced + ",,pi_" + produced + ",ch_" + produced + ",ORD-" + produced + ",\n")
                    .getBytes(StandardCharsets.UTF_8);
                pos = 0;
            }
            return current[pos++] & 0xff;
        }

    }

}
