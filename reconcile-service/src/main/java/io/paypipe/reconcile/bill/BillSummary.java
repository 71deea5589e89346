package io.paypipe.reconcile.bill;

import io.paypipe.core.money.Money;
import java.util.Optional;

/**
 * What a bill says about itself (WeChat's summary row, Alipay's footer, Stripe's report
 * totals): the number of detail lines it holds and their totals, each in minor units. A
 * total the format does not state is empty, never zero.
 */
public record BillSummary(long lines, Optional<Money> paid, Optional<Money> refunded, Optional<Money> fees) {
}
