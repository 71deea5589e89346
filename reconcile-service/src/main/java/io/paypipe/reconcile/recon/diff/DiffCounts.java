package io.paypipe.reconcile.recon.diff;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one comparison found: {@code compared} bill lines; {@code open} differences this
 * batch found that are OPEN (new, still holding, or found again after a rerun had
 * resolved them; an IGNORED one found again is not open); {@code resolved} OPEN
 * differences of the day this batch no longer found (closed by it); the open ones by
 * category, every category present (zero when none).
 */
public record DiffCounts(long compared, long open, long resolved, Map<Category, Long> openByCategory) {

    public DiffCounts {
        EnumMap<Category, Long> all = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            all.put(c, openByCategory.getOrDefault(c, 0L));
        }
        openByCategory = Collections.unmodifiableMap(all);
    }

    /** True when the batch left no difference open. */
    public boolean clean() {
        return open == 0;
    }

}
