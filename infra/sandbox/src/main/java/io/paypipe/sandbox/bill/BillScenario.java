package io.paypipe.sandbox.bill;

/**
 * How the sandbox serves one merchant's bill of one day at one channel (armed through
 * {@code POST /sandbox/bills/scenarios}); {@link #COMPLETE} when nothing is armed.
 */
public enum BillScenario {

    /** The day's settlements, each once, with a summary that agrees. */
    COMPLETE,
    /** The summary of the complete day, and no detail line. */
    SUMMARY_NO_ROWS,
    /**
     * The detail lines of the complete day, with a summary that says one line more and
     * 1.00 more paid than they hold.
     */
    SUMMARY_DISAGREES,
    /**
     * A day after a 95 % drop: only every twentieth settlement of the day (at least one
     * when the day has any), with a summary that agrees with what is listed.
     */
    DROP_95,
    /**
     * No summary at all (WeChat's summary block, Alipay's footer, Stripe's summary
     * report).
     */
    NO_SUMMARY,
    /**
     * The download is the channel's error page instead of the file: an HTML page with
     * status 200 (a proxy's or the channel's maintenance page).
     */
    ERROR_PAGE,
    /** The download is a JSON error body with status 200. */
    ERROR_JSON,
    /** The compressed file (gzip for WeChat's GZIP, the zip for Alipay) cut in half. */
    TRUNCATED,
    /** The bill of the day before, served for this day (dates and all). */
    OTHER_DAY,
    /**
     * {@code generatedLines} synthetic payment lines of the day (not recorded anywhere,
     * generated while streaming: the million-row day for the speed figure), each
     * {@code GEN-<n>} paid 1.00 plus its index in fen/cents modulo 1000.
     */
    GENERATED

}
