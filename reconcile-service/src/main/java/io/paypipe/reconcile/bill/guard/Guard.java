package io.paypipe.reconcile.bill.guard;

/**
 * Why a reconciliation batch can be blocked; each is a reason's kind. The first ones are
 * {@link BillGuards}' judgement of a bill read to its end; {@link #OTHER_MERCHANT} is the
 * runner's own guard on the lines it stores, and {@link #NOT_READY},
 * {@link #FETCH_FAILED} and {@link #FAILED} are bills that could not be read at all (the
 * batch is not clean either).
 */
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
    WRONG_DAY,

    /**
     * Lines of another merchant than the batch's: the bill is not (only) the merchant's
     * own.
     */
    OTHER_MERCHANT,

    /** The channel has no bill for the day yet. */
    NOT_READY,

    /**
     * The bill could not be fetched or read to its end: no credentials, a network error,
     * a download that broke off, a file that cannot be opened.
     */
    FETCH_FAILED,

    /**
     * The run itself failed (the database during the run, the comparison) or died while
     * RUNNING: the day is not reconciled.
     */
    FAILED

}
