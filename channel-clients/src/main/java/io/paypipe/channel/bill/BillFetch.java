package io.paypipe.channel.bill;

/**
 * What a channel answered to a bill request.
 */
public sealed interface BillFetch {

    /**
     * The bill can be read: its file is open, the caller reads and closes it.
     */
    record Ready(BillFile file) implements BillFetch {
    }

    /**
     * The channel has no bill for the day yet (WeChat {@code NO_STATEMENT_EXIST} for a
     * day not over or before 09:00 the next day, Alipay {@code isp.bill_not_exist}, a
     * Stripe report run that failed for an interval not yet available): try later.
     */
    record NotReady(String code, String message) implements BillFetch {
    }

    /**
     * The call failed: no credentials for the merchant, a network error, a signature that
     * does not verify, an error status, a report run that never finished.
     */
    record Failed(String reason) implements BillFetch {
    }

}
