package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every movement of money the sandbox's channels made ({@link Settlement}), recorded by
 * each channel's payments and refunds as they succeed (and by the bill scenarios' control
 * endpoint for what the product never heard of): the bills are built from it, so a bill
 * lists what the sandbox actually paid and refunded.
 */
public final class SettlementBook {

    private final ConcurrentLinkedQueue<Settlement> settlements = new ConcurrentLinkedQueue<>();

    public void record(Settlement settlement) {
        settlements.add(Objects.requireNonNull(settlement, "settlement"));
    }

    /**
     * The settlements of {@code merchantId} at {@code channel} in {@code [from, to)}, in
     * the order they happened.
     */
    public List<Settlement> of(Channel channel, String merchantId, Instant from, Instant to) {
        List<Settlement> found = new ArrayList<>();
        for (Settlement settlement : settlements) {
            if (settlement.channel() == channel && settlement.merchantId().equals(merchantId)
                    && !settlement.at().isBefore(from) && settlement.at().isBefore(to)) {
                found.add(settlement);
            }
        }
        found.sort(Comparator.comparing(Settlement::at));
        return found;
    }

}
