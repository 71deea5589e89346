package io.paypipe.reconcile.bill.guard;

/** The guards that can block a reconciliation batch; each is a reason's kind. */
public enum Guard {

    /**
     * The bill has no summary (WeChat summary rows, Alipay footer, Stripe summary
     * report).
     */
    NO_SUMMARY,

    /** Zero detail lines were read while the summary says there are some. */
    ROWS_MISSING,

    /** The summary's line count is not the number of lines read. */
    COUNT_MISMATCH,

    /** A paid, refunded or fee total of the summary is not the sum of the lines read. */
    TOTAL_MISMATCH,

    /**
     * Fewer lines than the configured share of the comparable day, not confirmed by a
     * person.
     */
    DROP,

    /**
     * The file cannot be read as the channel's bill: error page, truncated, unknown
     * header.
     */
    UNREADABLE,

    /** More than half of the lines are outside the bill's day: another day's bill. */
    WRONG_DAY

}
