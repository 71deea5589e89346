package io.paypipe.reconcile.recon;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a batch's bill comes from: downloaded from the channel the channel's way, or a
 * file on this service's machine given by a person. {@link #code()} is what
 * {@code recon_batch.source} stores.
 */
public sealed interface Source {

    String code();

    /** Downloaded from the channel (channel-clients' bill downloads). */
    record Fetch() implements Source {

        @Override
        public String code() {
            return "FETCH";
        }

        @Override
        public String toString() {
            return "FETCH";
        }

    }

    /**
     * A bill file as the channel serves it (WeChat CSV plain or gzip, Alipay zip or its
     * detail CSV, Stripe's itemized report CSV).
     *
     * @param bill the file, absolute
     * @param summary Stripe only: the balance summary report of the same day (without it
     * a Stripe bill has no summary, and a guard blocks it)
     */
    record Import(Path bill, Optional<Path> summary) implements Source {

        public Import {
            Objects.requireNonNull(bill, "bill");
            Objects.requireNonNull(summary, "summary");
            if (!bill.isAbsolute() || summary.filter((p) -> !p.isAbsolute()).isPresent()) {
                throw new IllegalArgumentException("an imported bill's path must be absolute");
            }
        }

        @Override
        public String code() {
            return "IMPORT";
        }

        @Override
        public String toString() {
            return "IMPORT " + bill + summary.map((p) -> " (summary " + p + ")").orElse("");
        }

    }

}
