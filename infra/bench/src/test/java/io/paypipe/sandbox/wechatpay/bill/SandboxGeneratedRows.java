package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.bill.Settlement;
import java.time.LocalDate;

/**
 * Test bridge into the sandbox: its own generator of the GENERATED WeChat bill's rows
 * (package-private there), so the benchmark's tests compare the ledger it seeds with the
 * very rows the sandbox writes into the bill, not with a second copy of the formula.
 */
public final class SandboxGeneratedRows {

    private SandboxGeneratedRows() {
    }

    public static Iterable<Settlement> of(String merchantId, LocalDate day, long count) {
        return new BillRows.Generated(merchantId, day, count);
    }

}
