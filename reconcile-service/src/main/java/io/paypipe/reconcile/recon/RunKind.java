package io.paypipe.reconcile.recon;

import java.util.Locale;
import java.util.Optional;

/**
 * Why a merchant's day is reconciled: the scheduled first run a day after (T+1), the
 * scheduled second run three days after (T+3, which absorbs settlements late across
 * midnight), or a person's rerun. T+1 and T+3 run once per day unless their run was
 * blocked or died; every RERUN is a new run. {@link #code()} is what
 * {@code recon_batch.run_kind} stores.
 */
public enum RunKind {

    T_PLUS_1("T+1"), T_PLUS_3("T+3"), RERUN("RERUN");

    private final String code;

    RunKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** The stored code; {@code IllegalArgumentException} for any other text. */
    public static RunKind fromCode(String code) {
        return parse(code).orElseThrow(() -> new IllegalArgumentException("unknown run kind: " + code));
    }

    /**
     * A kind as a person writes it: {@code T+1}, {@code T_PLUS_1}, {@code t+3},
     * {@code rerun}.
     */
    public static Optional<RunKind> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String upper = text.strip().toUpperCase(Locale.ROOT);
        for (RunKind kind : values()) {
            if (kind.code.equals(upper) || kind.name().equals(upper)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

}
