package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The armed {@link BillScenario} of each (channel, merchant, day); the bill of a day with
 * none armed is {@link BillScenario#COMPLETE}.
 */
public final class BillScenarios {

    /** What is armed for one bill. */
    public record Armed(BillScenario scenario, long generatedLines) {

        public Armed {
            Objects.requireNonNull(scenario, "scenario");
            if (generatedLines < 0) {
                throw new IllegalArgumentException("generatedLines must not be negative");
            }
        }

    }

    private record Key(Channel channel, String merchantId, LocalDate day) {
    }

    private final Map<Key, Armed> armed = new ConcurrentHashMap<>();

    private volatile boolean currentDayBilled;

    /**
     * Whether the channels serve the bill of the day not over yet (today in the channel's
     * zone) as they would serve it tomorrow: never at a real channel (WeChat
     * {@code NO_STATEMENT_EXIST}, Alipay {@code isp.bill_not_exist}, Stripe
     * {@code data_not_available}); the demo turns it on
     * ({@code sandbox.bills.current-day-billed}) to reconcile the day it paid.
     */
    public boolean currentDayBilled() {
        return currentDayBilled;
    }

    public void billCurrentDay(boolean billed) {
        this.currentDayBilled = billed;
    }

    /**
     * Whether the channel has a bill of {@code day} when today (in the channel's zone) is
     * {@code today}: a day over, or today when {@link #currentDayBilled()}.
     */
    public boolean billed(LocalDate day, LocalDate today) {
        return day.isBefore(today) || (currentDayBilled && day.equals(today));
    }

    public void arm(Channel channel, String merchantId, LocalDate day, BillScenario scenario, long generatedLines) {
        armed.put(new Key(channel, merchantId, day), new Armed(scenario, generatedLines));
    }

    public void disarm(Channel channel, String merchantId, LocalDate day) {
        armed.remove(new Key(channel, merchantId, day));
    }

    public Armed of(Channel channel, String merchantId, LocalDate day) {
        return armed.getOrDefault(new Key(channel, merchantId, day), new Armed(BillScenario.COMPLETE, 0));
    }

}
