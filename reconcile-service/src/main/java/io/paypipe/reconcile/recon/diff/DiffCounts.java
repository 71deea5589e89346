package io.paypipe.reconcile.recon.diff;

import java.util.Map;

/**
 * What one comparison found: the bill lines compared, the differences open after it (new
 * or still holding), the open differences of the day it no longer found (resolved), and
 * the open ones by category.
 */
public record DiffCounts(long compared, long open, long resolved, Map<Category, Long> openByCategory) {
}
