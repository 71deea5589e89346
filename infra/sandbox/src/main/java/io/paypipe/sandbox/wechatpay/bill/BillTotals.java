package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.bill.Settlement;
import java.util.Optional;

/**
 * What a bill's summary row states, summed row by row as the rows are written (nothing
 * kept but the sums): the rows, the paid and refunded amounts, the fees, in minor units
 * of the rows' currency.
 */
final class BillTotals {

    private long lines;

    private long paidMinor;

    private long refundedMinor;

    private long feeMinor;

    private Optional<String> currency = Optional.empty();

    void add(Settlement s) {
        lines++;
        if (s.kind() == Settlement.Kind.REFUND) {
            refundedMinor = Math.addExact(refundedMinor, s.amountMinor());
        }
        else {
            paidMinor = Math.addExact(paidMinor, s.amountMinor());
        }
        feeMinor = Math.addExact(feeMinor, s.feeMinor());
        if (currency.isEmpty()) {
            currency = Optional.of(s.currency());
        }
    }

    /**
     * The totals of a summary that disagrees with its rows: one line more and 1.00 more
     * paid ({@code BillScenario.SUMMARY_DISAGREES}).
     */
    void disagree() {
        lines++;
        paidMinor = Math.addExact(paidMinor, 100);
    }

    long lines() {
        return lines;
    }

    long paidMinor() {
        return paidMinor;
    }

    long refundedMinor() {
        return refundedMinor;
    }

    long feeMinor() {
        return feeMinor;
    }

    Optional<String> currency() {
        return currency;
    }

}
